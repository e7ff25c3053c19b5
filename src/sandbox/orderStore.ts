/**
 * The sandbox's orders, built for 100k+ orders:
 * - per order, only a few typed-array columns are kept (orderColumns.ts); filters scan those (orderQuery.ts);
 * - the full wire object is rebuilt on demand from the order's own PRNG stream (demoData), so generating 100k
 *   orders is fast and small; orders that were changed keep their (changed) object;
 * - slots are kept in list order (listOrder.ts), and id / orderNum lookups decode the sequence number they carry.
 * This class holds the mutations (insert, touch, deliver, audit), snapshots and the saved changes.
 */
import { DemoDataGenerator } from './demoData';
import { ListOrder } from './listOrder';
import { OrderColumns } from './orderColumns';
import type { Hidden, OrderStoreChanges } from './orderChanges';
import { MAX_ORDERS, sequenceOfId, snowflakeId } from './orderIds';
import { runQuery, type QuerySources } from './orderQuery';
import type { OrderPage, OrderQuery, SandboxOrder, StoredOrder } from './orderTypes';
import type { AuditDecision } from './requestValidation';
import { AfterSalesStatus, OrderStatus, SANDBOX_AFTER_SALES_STATUSES } from './statuses';
import { TitleGroups } from './titleGroups';

export { compareIds } from './listOrder';
export type { OrderStoreChanges } from './orderChanges';

export type AuditOutcome = 'ok' | 'not-found' | 'not-awaiting-review';

export interface OrderStoreOptions {
  seed: number;
  orders: number;
  now: () => number;
  /** The clock the demo data is generated against; default now(). A restored data set passes its own. */
  generatedAtMs?: number;
}

export class OrderStore {
  private readonly cols = new OrderColumns();
  private readonly titles = new TitleGroups();
  private readonly list: ListOrder;
  /** Orders changed since generation: their live wire objects. */
  private readonly changedOrders = new Map<number, SandboxOrder>();
  private readonly hidden = new Map<number, Hidden>();
  private readonly generator: DemoDataGenerator;
  private readonly now: () => number;
  private readonly generatedCount: number;
  private readonly sources: QuerySources;
  private changeCount = 0;
  /** The clock the demo data was generated against. */
  readonly generatedAtMs: number;

  constructor(options: OrderStoreOptions) {
    if (options.orders > MAX_ORDERS) throw new RangeError(`at most ${MAX_ORDERS} orders`);
    this.now = options.now;
    this.generator = new DemoDataGenerator(options.seed, options.orders);
    this.list = new ListOrder(
      (slot) => this.cols.create[slot]!,
      (slot) => this.idOf(slot),
    );
    this.sources = {
      columns: this.cols,
      list: this.list,
      titles: this.titles,
      buyerIndexOf: (buyerId) => this.generator.buyerIndexOf(buyerId),
      slotOfId: (id) => this.slotOfId(id),
    };
    const start = options.generatedAtMs ?? this.now();
    this.generatedAtMs = start;
    this.generatedCount = options.orders;
    const times = this.generator.initialCreateTimes(options.orders, start);
    this.cols.reserve(options.orders);
    // Ascending times and ascending sequence numbers: slot order is list order.
    for (let i = 0; i < times.length; i++) this.list.push(this.add(times[i]!, start, false));
  }

  get size(): number {
    return this.cols.count;
  }

  /** Grows with every insert and change: a caller that saves the store compares it with the last saved one. */
  get revision(): number {
    return this.changeCount;
  }

  /** Everything that changed since generation (plain JSON). */
  changes(): OrderStoreChanges {
    const inserted: OrderStoreChanges['inserted'] = [];
    for (let slot = this.generatedCount; slot < this.cols.count; slot++)
      inserted.push({ createMs: this.cols.create[slot]!, generatedAtMs: this.cols.generatedAt[slot]! });
    const changed: OrderStoreChanges['changed'] = [];
    for (const [slot, order] of this.changedOrders) {
      const hidden = this.hidden.get(slot);
      changed.push({ slot, order, updateMs: this.cols.update[slot]!, ...(hidden ? { hidden } : {}) });
    }
    return { inserted, changed };
  }

  /**
   * Replays saved changes onto a freshly generated store (same seed, count and generation clock). Throws a
   * RangeError when they do not fit it (another data set's changes).
   */
  restore(changes: OrderStoreChanges): void {
    if (this.cols.count !== this.generatedCount || this.changedOrders.size > 0)
      throw new RangeError('restore() needs a freshly generated store');
    if (this.cols.count + changes.inserted.length > MAX_ORDERS) throw new RangeError(`at most ${MAX_ORDERS} orders`);
    this.cols.reserve(this.cols.count + changes.inserted.length);
    for (const { createMs, generatedAtMs } of changes.inserted)
      this.list.place(this.add(createMs, generatedAtMs, true));
    for (const { slot, order, updateMs, hidden } of changes.changed) {
      if (!Number.isInteger(slot) || slot < 0 || slot >= this.cols.count || this.idOf(slot) !== order.id)
        throw new RangeError(`saved order ${String(order.id)} does not belong to this data set`);
      this.changedOrders.set(slot, order);
      if (hidden) this.hidden.set(slot, structuredClone(hidden));
      this.changed(slot, updateMs);
    }
  }

  /** A snapshot of one order, or undefined. */
  get(id: string): StoredOrder | undefined {
    const slot = this.slotOfId(id);
    return slot === undefined ? undefined : this.snapshot(slot);
  }

  /** All IDs in list order (createTime descending, then id descending). */
  ids(): string[] {
    const out: string[] = [];
    for (let i = this.list.length - 1; i >= 0; i--) out.push(this.idOf(this.list.slots[i]!));
    return out;
  }

  /** Snapshots of the orders matching `predicate`, in list order. Builds every order: meant for small stores in tests. */
  filter(predicate: (s: StoredOrder) => boolean): StoredOrder[] {
    const out: StoredOrder[] = [];
    for (let i = this.list.length - 1; i >= 0; i--) {
      const s = this.snapshot(this.list.slots[i]!);
      if (predicate(s)) out.push(s);
    }
    return out;
  }

  /**
   * The order-list query. The list holds the orders' current objects as the store keeps them, sandbox extras
   * included (wireOrder.ts picks what is sent); serialise them right away.
   */
  query(q: OrderQuery): OrderPage {
    const { slots, total } = runQuery(q, this.sources);
    return {
      pageIndex: q.pageIndex,
      pageSize: q.pageSize,
      totalCount: total,
      pageCount: Math.ceil(total / q.pageSize),
      list: slots.map((slot) => this.orderOf(slot)),
    };
  }

  /** Adds `n` new orders (the newest created now, the others a second apart before it). Returns snapshots, oldest first. */
  insertOrders(n: number): StoredOrder[] {
    if (this.cols.count + n > MAX_ORDERS) throw new RangeError(`at most ${MAX_ORDERS} orders`);
    const now = this.now();
    this.cols.reserve(this.cols.count + n);
    const added: StoredOrder[] = [];
    for (let i = 0; i < n; i++) {
      const slot = this.add(now - (n - 1 - i) * 1000, now, true);
      this.list.place(slot);
      added.push(this.snapshot(slot));
    }
    this.changeCount++;
    return added;
  }

  /** Moves `n` distinct random orders one step along their life and bumps their hidden updateTime. Returns their IDs. */
  touchOrders(n: number): string[] {
    const count = Math.min(n, this.cols.count);
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(this.generator.pickIndex(this.cols.count));
    const now = this.now();
    for (const slot of chosen) {
      this.generator.evolve(this.mutable(slot), now);
      this.changed(slot, now);
    }
    return [...chosen].map((slot) => this.idOf(slot));
  }

  /** Applies `mutate` to the order's wire object, then bumps its updateTime. (Do not change id, orderNum, buyerId, items or createTime.) */
  update(id: string, mutate: (order: SandboxOrder) => void): StoredOrder {
    const slot = this.requireSlot(id);
    mutate(this.mutable(slot));
    this.changed(slot, this.now());
    return this.snapshot(slot);
  }

  /** Test helper: sets the after-sales status (and isExistAfterSales) and bumps updateTime. */
  setAfterSalesStatus(id: string, status: number): StoredOrder {
    if (!(status in SANDBOX_AFTER_SALES_STATUSES)) throw new RangeError(`unknown after-sales status ${status}`);
    return this.update(id, (o) => {
      o.orderAfterSalesStatus = status;
      o.isExistAfterSales = status !== AfterSalesStatus.None;
    });
  }

  /**
   * The merchant delivers what is missing of a paid order (see DemoDataGenerator.deliverAll) and its updateTime is
   * bumped. 'not-deliverable' when it is unpaid or already delivered in full (nothing changes).
   */
  deliver(id: string): { outcome: 'ok'; order: StoredOrder } | { outcome: 'not-deliverable' | 'not-found' } {
    const slot = this.slotOfId(id);
    if (slot === undefined) return { outcome: 'not-found' };
    const current = this.orderOf(slot);
    if (current.payTime === null || current.deliveringNumber >= current.orderDeliveryTotal)
      return { outcome: 'not-deliverable' };
    this.generator.deliverAll(this.mutable(slot), this.now());
    this.changed(slot, this.now());
    return { outcome: 'ok', order: this.snapshot(slot) };
  }

  /** Test helper: sets the order status and bumps updateTime. */
  setOrderStatus(id: string, status: number): StoredOrder {
    if (!Number.isInteger(status) || status < 0 || status > 255)
      throw new RangeError(`order status must be an integer 0..255, got ${status}`);
    return this.update(id, (o) => {
      o.orderStatus = status;
    });
  }

  /**
   * The seller's decision on an after-sales request. Approve: refund approved + order refunded. Reject: refund
   * rejected. Every decision received for an existing order is logged in its hidden state (`decisions`), applied
   * or not, so a test can count what reached the platform.
   */
  audit(id: string, decision: AuditDecision): AuditOutcome {
    const slot = this.slotOfId(id);
    if (slot === undefined) return 'not-found';
    const now = this.now();
    const hidden = this.hiddenOf(slot);
    hidden.decisions = [...(hidden.decisions ?? []), { isApproved: decision.isApproved, atMs: now }];
    const o = this.mutable(slot);
    if (this.cols.afterSales[slot] !== AfterSalesStatus.AwaitingReview) {
      this.changeCount++; // the log changed (saved), the order did not (no update time)
      return 'not-awaiting-review';
    }
    if (decision.isApproved) {
      o.orderAfterSalesStatus = AfterSalesStatus.RefundApproved;
      o.orderStatus = OrderStatus.Refunded;
    } else {
      o.orderAfterSalesStatus = AfterSalesStatus.RefundRejected;
      hidden.rejectDescription = decision.rejectDescription ?? '';
      hidden.rejectImageUrls = [...(decision.rejectImageUrls ?? [])];
    }
    hidden.auditedAtMs = now;
    this.changed(slot, now);
    return 'ok';
  }

  /** Plans the next order and fills its columns. Returns its slot. */
  private add(createMs: number, generatedAtMs: number, fresh: boolean): number {
    const { plan } = this.generator.plan(this.cols.count + 1, createMs, generatedAtMs, fresh);
    return this.cols.append({
      createMs,
      updateMs: plan.updateMs,
      generatedAtMs,
      orderStatus: plan.orderStatus,
      afterSales: plan.afterSales,
      fresh,
      buyer: plan.buyer,
      titleGroup: this.titles.groupOf(this.generator.titleKey(plan)),
    });
  }

  private idOf(slot: number): string {
    return snowflakeId(this.cols.create[slot]!, slot + 1);
  }

  private slotOfId(id: string): number | undefined {
    const seq = sequenceOfId(id);
    if (seq === undefined || seq < 1 || seq > this.cols.count) return undefined;
    return this.idOf(seq - 1) === id ? seq - 1 : undefined;
  }

  private requireSlot(id: string): number {
    const slot = this.slotOfId(id);
    if (slot === undefined) throw new RangeError(`no order ${id}`);
    return slot;
  }

  /** The order's current wire object (the live one if it changed, else freshly built). */
  private orderOf(slot: number): SandboxOrder {
    return this.changedOrders.get(slot) ?? this.build(slot);
  }

  private build(slot: number): SandboxOrder {
    const { create, generatedAt, fresh } = this.cols;
    const { plan, rng } = this.generator.plan(slot + 1, create[slot]!, generatedAt[slot]!, fresh[slot] === 1);
    const master = this.masterSlot(slot);
    return this.generator.build(plan, rng, master + 1, create[master]!);
  }

  /** Orders placed within 10 minutes of their predecessor sometimes share its master order number. */
  private masterSlot(slot: number): number {
    const create = this.cols.create;
    let s = slot;
    while (
      s > 0 &&
      create[s]! - create[s - 1]! < 600_000 &&
      create[s]! >= create[s - 1]! &&
      this.generator.wantsSharedMaster(s + 1)
    )
      s--;
    return s;
  }

  private mutable(slot: number): SandboxOrder {
    let o = this.changedOrders.get(slot);
    if (!o) {
      o = this.build(slot);
      this.changedOrders.set(slot, o);
    }
    return o;
  }

  private hiddenOf(slot: number): Hidden {
    let h = this.hidden.get(slot);
    if (!h) {
      h = {};
      this.hidden.set(slot, h);
    }
    return h;
  }

  private snapshot(slot: number): StoredOrder {
    const h = this.hidden.get(slot);
    const s: { -readonly [K in keyof StoredOrder]: StoredOrder[K] } = {
      // A freshly built order is already a private copy; only a changed (live) one needs cloning.
      order: this.changedOrders.has(slot) ? structuredClone(this.changedOrders.get(slot)!) : this.build(slot),
      createTimeMs: this.cols.create[slot]!,
      updateTimeMs: this.cols.update[slot]!,
      decisions: (h?.decisions ?? []).map((d) => ({ ...d })),
    };
    if (h?.rejectDescription !== undefined) s.rejectDescription = h.rejectDescription;
    if (h?.rejectImageUrls !== undefined) s.rejectImageUrls = [...h.rejectImageUrls];
    if (h?.auditedAtMs !== undefined) s.auditedAtMs = h.auditedAtMs;
    return s;
  }

  /** Refreshes the columns of a changed order. */
  private changed(slot: number, nowMs: number): void {
    const o = this.changedOrders.get(slot)!;
    this.changeCount++;
    this.cols.update[slot] = nowMs;
    this.cols.status[slot] = o.orderStatus;
    this.cols.afterSales[slot] = o.orderAfterSalesStatus;
  }
}
