/**
 * The sandbox's orders, built for 100k+ orders:
 * - per order, only a few typed-array columns are kept (create/update time, statuses, buyer, product group);
 *   filters scan those, never 100k scattered objects;
 * - the full wire object is rebuilt on demand from the order's own PRNG stream (demoData), so generating 100k
 *   orders is fast and small; orders that were changed keep their (changed) object;
 * - slots are kept in list order (createTime, then id, ascending; served newest first), create-date ranges are
 *   found by binary search, and id / orderNum lookups decode the sequence number they carry.
 */
import { DemoDataGenerator } from './demoData';
import { MAX_ORDERS, orderNumOf, sequenceOfId, sequenceOfOrderNum, snowflakeId } from './orderIds';
import type { OrderPage, OrderQuery, SandboxOrder, StoredOrder } from './orderTypes';
import type { AuditDecision } from './requestValidation';
import { AfterSalesStatus, OrderStatus, SANDBOX_AFTER_SALES_STATUSES } from './statuses';

/** Numeric order of decimal ID strings without leading zeros. */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

export type AuditOutcome = 'ok' | 'not-found' | 'not-awaiting-review';

export interface OrderStoreOptions {
  seed: number;
  orders: number;
  now: () => number;
  /** The clock the demo data is generated against; default now(). A restored data set passes its own. */
  generatedAtMs?: number;
}

interface Hidden {
  rejectDescription?: string;
  rejectImageUrls?: string[];
  auditedAtMs?: number;
}

/**
 * What changed since generation, as plain JSON: with the seed, the count and the generation clock it rebuilds
 * the same store (see persistentState.ts).
 */
export interface OrderStoreChanges {
  /** Orders added after generation, in the order they were added. */
  inserted: Array<{ createMs: number; generatedAtMs: number }>;
  /** Orders changed since generation: their slot, current wire object, hidden update time and hidden state. */
  changed: Array<{ slot: number; order: SandboxOrder; updateMs: number; hidden?: Hidden }>;
}

type TypedArray = Float64Array | Int32Array | Uint8Array;

function grown<T extends TypedArray>(array: T, capacity: number): T {
  const next = new (array.constructor as new (n: number) => T)(capacity);
  next.set(array);
  return next;
}

export class OrderStore {
  private count = 0;
  // Columns, indexed by slot (slot = sequence number - 1).
  private createCol = new Float64Array(0);
  private updateCol = new Float64Array(0);
  private generatedAtCol = new Float64Array(0);
  private statusCol = new Uint8Array(0);
  private afterSalesCol = new Uint8Array(0);
  private freshCol = new Uint8Array(0);
  private buyerCol = new Int32Array(0);
  private titleGroupCol = new Int32Array(0);
  private readonly titleGroups: string[] = [];
  private readonly titleGroupIds = new Map<string, number>();
  /** Slots in ascending (createTime, id) order. */
  private readonly sortedSlots: number[] = [];
  /** Orders changed since generation: their live wire objects. */
  private readonly changedOrders = new Map<number, SandboxOrder>();
  private readonly hidden = new Map<number, Hidden>();
  private readonly generator: DemoDataGenerator;
  private readonly now: () => number;
  private readonly generatedCount: number;
  private changeCount = 0;
  /** The clock the demo data was generated against. */
  readonly generatedAtMs: number;

  constructor(options: OrderStoreOptions) {
    if (options.orders > MAX_ORDERS) throw new RangeError(`at most ${MAX_ORDERS} orders`);
    this.now = options.now;
    this.generator = new DemoDataGenerator(options.seed, options.orders);
    const start = options.generatedAtMs ?? this.now();
    this.generatedAtMs = start;
    this.generatedCount = options.orders;
    const times = this.generator.initialCreateTimes(options.orders, start);
    this.reserve(options.orders);
    // Ascending times and ascending sequence numbers: slot order is list order.
    for (let i = 0; i < times.length; i++) this.sortedSlots.push(this.add(times[i]!, start, false));
  }

  get size(): number {
    return this.count;
  }

  /** Grows with every insert and change: a caller that saves the store compares it with the last saved one. */
  get revision(): number {
    return this.changeCount;
  }

  /** Everything that changed since generation (plain JSON). */
  changes(): OrderStoreChanges {
    const inserted: OrderStoreChanges['inserted'] = [];
    for (let slot = this.generatedCount; slot < this.count; slot++)
      inserted.push({ createMs: this.createCol[slot]!, generatedAtMs: this.generatedAtCol[slot]! });
    const changed: OrderStoreChanges['changed'] = [];
    for (const [slot, order] of this.changedOrders) {
      const hidden = this.hidden.get(slot);
      changed.push({ slot, order, updateMs: this.updateCol[slot]!, ...(hidden ? { hidden } : {}) });
    }
    return { inserted, changed };
  }

  /**
   * Replays saved changes onto a freshly generated store (same seed, count and generation clock). Throws a
   * RangeError when they do not fit it (another data set's changes).
   */
  restore(changes: OrderStoreChanges): void {
    if (this.count !== this.generatedCount || this.changedOrders.size > 0)
      throw new RangeError('restore() needs a freshly generated store');
    if (this.count + changes.inserted.length > MAX_ORDERS) throw new RangeError(`at most ${MAX_ORDERS} orders`);
    this.reserve(this.count + changes.inserted.length);
    for (const { createMs, generatedAtMs } of changes.inserted) this.place(this.add(createMs, generatedAtMs, true));
    for (const { slot, order, updateMs, hidden } of changes.changed) {
      if (!Number.isInteger(slot) || slot < 0 || slot >= this.count || this.idOf(slot) !== order.id)
        throw new RangeError(`saved order ${String(order.id)} does not belong to this data set`);
      this.changedOrders.set(slot, order);
      if (hidden) this.hidden.set(slot, { ...hidden });
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
    for (let i = this.sortedSlots.length - 1; i >= 0; i--) out.push(this.idOf(this.sortedSlots[i]!));
    return out;
  }

  /** Snapshots of the orders matching `predicate`, in list order. Builds every order: meant for small stores in tests. */
  filter(predicate: (s: StoredOrder) => boolean): StoredOrder[] {
    const out: StoredOrder[] = [];
    for (let i = this.sortedSlots.length - 1; i >= 0; i--) {
      const s = this.snapshot(this.sortedSlots[i]!);
      if (predicate(s)) out.push(s);
    }
    return out;
  }

  /** The order-list query. The list holds the orders' current wire objects (serialise them right away). */
  query(q: OrderQuery): OrderPage {
    const skip = (q.pageIndex - 1) * q.pageSize;
    const slots: number[] = [];
    let total = 0;
    const test = this.compile(q);
    const take = (slot: number) => {
      if (total >= skip && slots.length < q.pageSize) slots.push(slot);
      total++;
    };
    const direct = this.directSlot(q);
    if (direct !== undefined) {
      if (direct !== null && (test === undefined || test(direct))) take(direct);
    } else {
      const lo = q.createBeginMs === undefined ? 0 : this.search((s) => this.createCol[s]! < q.createBeginMs!);
      const hi =
        q.createEndMs === undefined
          ? this.sortedSlots.length
          : this.search((s) => this.createCol[s]! <= q.createEndMs!);
      if (test === undefined) {
        total = Math.max(0, hi - lo);
        for (let i = hi - 1 - skip; i >= lo && slots.length < q.pageSize; i--) slots.push(this.sortedSlots[i]!);
      } else {
        const sorted = this.sortedSlots;
        for (let i = hi - 1; i >= lo; i--) {
          const slot = sorted[i]!;
          if (test(slot)) take(slot);
        }
      }
    }
    const list = slots.map((slot) => this.orderOf(slot));
    return {
      pageIndex: q.pageIndex,
      pageSize: q.pageSize,
      totalCount: total,
      pageCount: Math.ceil(total / q.pageSize),
      list,
    };
  }

  /** Adds `n` new orders (the newest created now, the others a second apart before it). Returns snapshots, oldest first. */
  insertOrders(n: number): StoredOrder[] {
    if (this.count + n > MAX_ORDERS) throw new RangeError(`at most ${MAX_ORDERS} orders`);
    const now = this.now();
    this.reserve(this.count + n);
    const added: StoredOrder[] = [];
    for (let i = 0; i < n; i++) {
      const slot = this.add(now - (n - 1 - i) * 1000, now, true);
      this.place(slot);
      added.push(this.snapshot(slot));
    }
    this.changeCount++;
    return added;
  }

  /** Puts a new slot at its place in list order. */
  private place(slot: number): void {
    const at = this.insertionPosition(slot);
    if (at === this.sortedSlots.length) this.sortedSlots.push(slot);
    else this.sortedSlots.splice(at, 0, slot);
  }

  /** Moves `n` distinct random orders one step along their life and bumps their hidden updateTime. Returns their IDs. */
  touchOrders(n: number): string[] {
    const count = Math.min(n, this.count);
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(this.generator.pickIndex(this.count));
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
  deliver(id: string): { outcome: 'ok'; order: StoredOrder } | { outcome: 'not-found' | 'not-deliverable' } {
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

  /** The seller's decision on an after-sales request. Approve: refund approved + order refunded. Reject: refund rejected. */
  audit(id: string, decision: AuditDecision): AuditOutcome {
    const slot = this.slotOfId(id);
    if (slot === undefined) return 'not-found';
    if (this.afterSalesCol[slot] !== AfterSalesStatus.AwaitingReview) return 'not-awaiting-review';
    const now = this.now();
    const o = this.mutable(slot);
    const hidden = this.hiddenOf(slot);
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

  private reserve(capacity: number): void {
    if (capacity <= this.createCol.length) return;
    const cap = Math.max(capacity, this.createCol.length * 2, 16);
    this.createCol = grown(this.createCol, cap);
    this.updateCol = grown(this.updateCol, cap);
    this.generatedAtCol = grown(this.generatedAtCol, cap);
    this.statusCol = grown(this.statusCol, cap);
    this.afterSalesCol = grown(this.afterSalesCol, cap);
    this.freshCol = grown(this.freshCol, cap);
    this.buyerCol = grown(this.buyerCol, cap);
    this.titleGroupCol = grown(this.titleGroupCol, cap);
  }

  /** Plans the next order and fills its columns. Returns its slot. */
  private add(createMs: number, generatedAtMs: number, fresh: boolean): number {
    const slot = this.count++;
    const { plan } = this.generator.plan(slot + 1, createMs, generatedAtMs, fresh);
    this.createCol[slot] = createMs;
    this.updateCol[slot] = plan.updateMs;
    this.generatedAtCol[slot] = generatedAtMs;
    this.statusCol[slot] = plan.orderStatus;
    this.afterSalesCol[slot] = plan.afterSales;
    this.freshCol[slot] = fresh ? 1 : 0;
    this.buyerCol[slot] = plan.buyer;
    this.titleGroupCol[slot] = this.titleGroup(this.generator.titleKey(plan));
    return slot;
  }

  private titleGroup(key: string): number {
    let id = this.titleGroupIds.get(key);
    if (id === undefined) {
      id = this.titleGroups.length;
      this.titleGroups.push(key);
      this.titleGroupIds.set(key, id);
    }
    return id;
  }

  private idOf(slot: number): string {
    return snowflakeId(this.createCol[slot]!, slot + 1);
  }

  private slotOfId(id: string): number | undefined {
    const seq = sequenceOfId(id);
    if (seq === undefined || seq < 1 || seq > this.count) return undefined;
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
    const createMs = this.createCol[slot]!;
    const { plan, rng } = this.generator.plan(
      slot + 1,
      createMs,
      this.generatedAtCol[slot]!,
      this.freshCol[slot] === 1,
    );
    const master = this.masterSlot(slot);
    return this.generator.build(plan, rng, master + 1, this.createCol[master]!);
  }

  /** Orders placed within 10 minutes of their predecessor sometimes share its master order number. */
  private masterSlot(slot: number): number {
    let s = slot;
    while (
      s > 0 &&
      this.createCol[s]! - this.createCol[s - 1]! < 600_000 &&
      this.createCol[s]! >= this.createCol[s - 1]! &&
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
      createTimeMs: this.createCol[slot]!,
      updateTimeMs: this.updateCol[slot]!,
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
    this.updateCol[slot] = nowMs;
    this.statusCol[slot] = o.orderStatus;
    this.afterSalesCol[slot] = o.orderAfterSalesStatus;
  }

  /**
   * With an id or orderNum filter: the one slot it names (null when none). undefined when neither is given.
   * (Both are unique; the create range and the other filters are then checked by the caller's test.)
   */
  private directSlot(q: OrderQuery): number | null | undefined {
    if (q.id === undefined && q.orderNum === undefined) return undefined;
    let slot: number | undefined;
    if (q.id !== undefined) slot = this.slotOfId(q.id);
    if (q.orderNum !== undefined) {
      const seq = sequenceOfOrderNum(q.orderNum);
      const byNum =
        seq !== undefined && seq >= 1 && seq <= this.count && orderNumOf(this.createCol[seq - 1]!, seq) === q.orderNum
          ? seq - 1
          : undefined;
      slot = q.id !== undefined && slot !== byNum ? undefined : byNum;
    }
    if (slot === undefined) return null;
    const c = this.createCol[slot]!;
    if ((q.createBeginMs !== undefined && c < q.createBeginMs) || (q.createEndMs !== undefined && c > q.createEndMs))
      return null;
    return slot;
  }

  /** One test over the columns for buyer, status, after-sales, update-date and title filters; undefined if none. */
  private compile(q: OrderQuery): ((slot: number) => boolean) | undefined {
    const statusOk = q.sellerOrderStatus ? flags(q.sellerOrderStatus) : undefined;
    const afterSalesOk = q.orderAfterSalesStatus ? flags(q.orderAfterSalesStatus) : undefined;
    const { updateBeginMs: ub, updateEndMs: ue } = q;
    const buyer = q.buyerId === undefined ? undefined : (this.generator.buyerIndexOf(q.buyerId) ?? -1);
    let titleOk: Uint8Array | undefined;
    if (q.productTitle !== undefined) {
      const needle = q.productTitle.toLowerCase();
      titleOk = new Uint8Array(this.titleGroups.length);
      this.titleGroups.forEach((key, i) => {
        if (key.includes(needle)) titleOk![i] = 1;
      });
    }
    if (!statusOk && !afterSalesOk && ub === undefined && ue === undefined && buyer === undefined && !titleOk)
      return undefined;
    const { statusCol, afterSalesCol, updateCol, titleGroupCol, buyerCol } = this;
    return (slot) =>
      (buyer === undefined || buyerCol[slot] === buyer) &&
      (statusOk === undefined || statusOk[statusCol[slot]!] === 1) &&
      (afterSalesOk === undefined || afterSalesOk[afterSalesCol[slot]!] === 1) &&
      (ub === undefined || updateCol[slot]! >= ub) &&
      (ue === undefined || updateCol[slot]! <= ue) &&
      (titleOk === undefined || titleOk[titleGroupCol[slot]!] === 1);
  }

  private compareSlots(a: number, b: number): number {
    return this.createCol[a]! - this.createCol[b]! || compareIds(this.idOf(a), this.idOf(b));
  }

  private insertionPosition(slot: number): number {
    const n = this.sortedSlots.length;
    if (n === 0 || this.compareSlots(this.sortedSlots[n - 1]!, slot) < 0) return n;
    return this.search((s) => this.compareSlots(s, slot) < 0);
  }

  /** First position in sortedSlots where `before` turns false (true, then false, along the list). */
  private search(before: (slot: number) => boolean): number {
    let lo = 0;
    let hi = this.sortedSlots.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.sortedSlots[mid]!)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** Lookup table for status values 0..255; other values match no order. */
function flags(values: readonly number[]): Uint8Array {
  const out = new Uint8Array(256);
  for (const v of values) if (Number.isInteger(v) && v >= 0 && v < 256) out[v] = 1;
  return out;
}
