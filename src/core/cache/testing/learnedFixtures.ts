import type { Order } from '../../../shared/domain/order';
import type { OrderCache } from '../orderCache';

/**
 * Test fixtures may carry the sandbox's `orderAfterSalesStatus` beside the spec's fields; the cache never reads it
 * (the spec's Order has none). This records it as a learning pass would have learned it through the filter: each
 * value a complete set of the orders carrying it (0, "none", is no state).
 */
export function learnFixtureStatuses(cache: OrderCache, orders: readonly Order[], learnedMs = Date.now()): void {
  const byValue = new Map<number, string[]>();
  for (const o of orders) {
    const s = o['orderAfterSalesStatus'];
    if (typeof s !== 'number' || s === 0) continue;
    byValue.set(s, [...(byValue.get(s) ?? []), o.id]);
  }
  const sets = [...byValue].map(([value, ids]) => ({ values: [value], value, ids, complete: true }));
  const r = cache.recordLearnedStatuses(sets, {
    fullAtMs: learnedMs,
    throughMs: learnedMs,
    valuesKey: 'fixtures',
    awaitingComplete: true,
  });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
}
