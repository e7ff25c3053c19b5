/** Data churn: after every Nth successful order-list request, insert new orders and update existing ones. */
import type { OrderStore } from './orderStore';
import type { ChurnOptions } from './types';

export class Churn {
  private listRequests = 0;
  private rounds = 0;

  constructor(
    private readonly store: OrderStore,
    private readonly options: ChurnOptions | undefined,
  ) {
    if (options) {
      const { everyNthOrderRequest: n, insert, update } = options;
      if (!Number.isInteger(n) || n < 1)
        throw new RangeError(`churn.everyNthOrderRequest must be a positive integer, got ${n}`);
      if (!Number.isInteger(insert) || insert < 0)
        throw new RangeError(`churn.insert must be a non-negative integer, got ${insert}`);
      if (!Number.isInteger(update) || update < 0)
        throw new RangeError(`churn.update must be a non-negative integer, got ${update}`);
    }
  }

  /** Churn rounds applied so far. */
  get applied(): number {
    return this.rounds;
  }

  /** Call after a successful order-list request was answered (computed). */
  afterOrderListRequest(): void {
    if (!this.options) return;
    this.listRequests++;
    if (this.listRequests % this.options.everyNthOrderRequest !== 0) return;
    this.store.insertOrders(this.options.insert);
    this.store.touchOrders(this.options.update);
    this.rounds++;
  }
}
