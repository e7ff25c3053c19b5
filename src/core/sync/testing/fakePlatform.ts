import type { OrderPage } from '../../api/sellerApi';
import { parseIsoInstant } from '../../../shared/time/isoInstant';
import type { ApiError } from '../../../shared/errors/apiError';
import { err, ok, type Result } from '../../result';
import type { Order } from '../../../shared/domain/order';
import { decodeOrderListData } from '../../../shared/domain/orderDecoding';
import { orderListQuerySchema, type OrderListQueryInput } from '../../../shared/domain/requests';
import type { OrderSource } from '../windowSync';
import { fakeOrder } from './fakeOrders';

export interface Row {
  order: Order;
  createMs: number;
  updateMs: number;
}

/**
 * An in-memory platform for unit tests: the order list as the spec describes it (newest first, at most 100
 * pages, inclusive date filters, totalCount), answering instantly. Hooks let a test move the list while a sync
 * pages through it, or fail a request.
 */
export class FakePlatform implements OrderSource {
  private rows: Row[] = [];
  private nextSeq = 1;
  /** The platform clock (envelope `time`). */
  clock: number;
  readonly requests: OrderListQueryInput[] = [];
  /** Runs before each answer is computed, with the request number (1-based). */
  beforeAnswer: ((n: number, input: OrderListQueryInput) => void) | undefined;
  /** A failure for request n, if any. */
  failure: ((n: number, input: OrderListQueryInput) => ApiError | undefined) | undefined;
  /**
   * The list order. The spec names none; newest created first is what the sandbox does. The others check that
   * the sync does not depend on it: oldest first, and by ID descending (IDs unrelated to creation time).
   */
  listOrder: 'newest-first' | 'oldest-first' | 'id-descending' | 'updated-first' = 'newest-first';
  /** Whether answers carry the envelope `time` (the spec says they do). */
  sendsTime = true;
  /** The envelope `time` of each answer (default: the clock); a hostile platform can send anything. */
  answerTime: ((clock: number) => string) | undefined;
  /**
   * A shop busy on every request: after each answer, `insert` new orders (created now) and `update` existing ones
   * (picked by a seeded generator, updated now); the clock moves `stepMs` per request.
   */
  churn: { insert: number; update: number; stepMs: number; createdAgoMs?: number } | undefined;
  private churnSeed = 7;

  constructor(clock: number) {
    this.clock = clock;
  }

  /** Adds orders created at these instants (updated at creation). Returns them. */
  add(createTimes: readonly number[], overrides: Partial<Order> = {}): Order[] {
    const inOrder = createTimes.every(
      (ms, i) => ms >= (i === 0 ? (this.rows.at(-1)?.createMs ?? ms) : createTimes[i - 1]!),
    );
    const added = createTimes.map((ms) => {
      const order = fakeOrder(this.nextSeq++, ms, overrides);
      this.rows.push({ order, createMs: ms, updateMs: ms });
      return order;
    });
    // Rows stay in creation order (then ID); orders created now need no sort (their IDs are the largest).
    if (!inOrder) this.rows.sort((a, b) => a.createMs - b.createMs || (a.order.id < b.order.id ? -1 : 1));
    return added;
  }

  /** Changes an order; its update time becomes the clock. */
  update(id: string, change: Partial<Order>): Order {
    const row = this.rows.find((r) => r.order.id === id);
    if (!row) throw new Error(`no order ${id}`);
    row.order = { ...row.order, ...change };
    row.updateMs = this.clock;
    return row.order;
  }

  remove(id: string): void {
    this.rows = this.rows.filter((r) => r.order.id !== id);
  }

  get size(): number {
    return this.rows.length;
  }

  ids(): string[] {
    return this.rows.map((r) => r.order.id);
  }

  /** Every order with its creation and last update time (ms). */
  rowsWithTimes(): ReadonlyArray<Readonly<Row>> {
    return this.rows;
  }

  /** Every order, as the platform has it now. */
  orders(): Order[] {
    return this.rows.map((r) => r.order);
  }

  get(id: string): Order | undefined {
    return this.rows.find((r) => r.order.id === id)?.order;
  }

  async listOrders(input: OrderListQueryInput): Promise<Result<OrderPage, ApiError>> {
    await Promise.resolve();
    const q = orderListQuerySchema.parse(input); // the engine must send what the platform accepts
    this.requests.push(input);
    const n = this.requests.length;
    this.beforeAnswer?.(n, input);
    const failure = this.failure?.(n, input);
    if (failure) return err(failure);
    const cb = q.createBeginDate !== undefined ? parseIsoInstant(q.createBeginDate)! : -Infinity;
    const ce = q.createEndDate !== undefined ? parseIsoInstant(q.createEndDate)! : Infinity;
    const ub = q.updateBeginDate !== undefined ? parseIsoInstant(q.updateBeginDate)! : -Infinity;
    const ue = q.updateEndDate !== undefined ? parseIsoInstant(q.updateEndDate)! : Infinity;
    const matching: Row[] = [];
    for (let i = this.rows.length - 1; i >= 0; i--) {
      const r = this.rows[i]!;
      if (q.id !== undefined && r.order.id !== q.id) continue; // the spec's filter by order ID
      if (r.createMs >= cb && r.createMs <= ce && r.updateMs >= ub && r.updateMs <= ue) matching.push(r);
    }
    if (this.listOrder === 'oldest-first') matching.reverse();
    // Most recently updated first (then newest created): every update moves an order to the top of its window.
    if (this.listOrder === 'updated-first') matching.sort((a, b) => b.updateMs - a.updateMs);
    if (this.listOrder === 'id-descending')
      // Decimal IDs without leading zeros: longer is larger, then by digits.
      matching.sort((a, b) => b.order.id.length - a.order.id.length || (b.order.id > a.order.id ? 1 : -1));
    const pageSize = q.pageSize ?? 10;
    const list = matching
      .slice((q.pageIndex - 1) * pageSize, q.pageIndex * pageSize)
      .map((r) => structuredClone(r.order));
    const time = this.answerTime ? this.answerTime(this.clock) : new Date(this.clock).toISOString();
    if (this.churn) this.applyChurn(this.churn);
    // Decoded as SellerApi decodes a response: an order a test made unreadable is skipped, not stored.
    const data = decodeOrderListData({
      pageIndex: q.pageIndex,
      pageSize,
      totalCount: matching.length,
      pageCount: Math.ceil(matching.length / pageSize),
      list,
    });
    if (!data.ok) throw new Error(`fake page does not decode: ${data.issue.message}`);
    return ok({ data: data.value, time: this.sendsTime ? time : undefined });
  }

  private applyChurn(churn: NonNullable<FakePlatform['churn']>): void {
    this.clock += churn.stepMs;
    const ago = churn.createdAgoMs ?? 0;
    this.add(
      Array.from({ length: churn.insert }, () => {
        if (ago === 0) return this.clock;
        this.churnSeed = (this.churnSeed * 1103515245 + 12345) % 2 ** 31;
        return this.clock - (this.churnSeed % ago);
      }),
    );
    for (let i = 0; i < churn.update; i++) {
      this.churnSeed = (this.churnSeed * 1103515245 + 12345) % 2 ** 31;
      const row = this.rows[this.churnSeed % this.rows.length]!;
      row.order = { ...row.order, orderStatus: ((row.order.orderStatus ?? 1) % 6) + 1 };
      row.updateMs = this.clock;
    }
  }
}
