import { describe, expect, it } from 'vitest';
import { insightsRequestSchema } from '../../shared/ipc/insights';
import { insightsFromCache } from '../app/insights';
import { parseDay, zonedBuckets } from '../insights/zonedBuckets';
import { FakePlatform } from '../sync/testing/fakePlatform';
import { SyncEngine } from '../sync/syncEngine';
import type { OrderCache } from './orderCache';
import { rebuildBuyerAggregates } from './insightAggregates';
import { watchInsightWrites } from './testing/rowsTouched';
import { tempCaches } from './testing/tempCaches';

/**
 * Incremental by construction: after a sync that changes N orders, the Insights tables' rows of the days (and
 * months) those orders are on are the only ones written — counted with TEMP triggers while the sync and the next
 * Insights request run.
 */

const NOW = Date.UTC(2026, 5, 30, 12);
const MIN = 60_000;
const DAY = 86_400_000;
const { open } = tempCaches('md-insights-incr-');

function request(cache: OrderCache): void {
  const q = insightsRequestSchema.parse({ range: { from: '2026-03-01', to: '2026-06-30' }, timeZone: 'UTC' });
  const r = insightsFromCache(cache, q, zonedBuckets(parseDay(q.range.from)!, parseDay(q.range.to)!, 'day', 'UTC'));
  if (!r.ok) throw new Error(JSON.stringify(r.error));
}

/** 970 orders of 97 buyers (fakeOrder's buyer is seq % 97) synced, and the buyers' rows brought up to date. */
async function syncedBuyers() {
  const platform = new FakePlatform(NOW);
  platform.add(Array.from({ length: 970 }, (_, i) => NOW - 50 * DAY + i * 60 * MIN));
  const cache = open();
  const engine = new SyncEngine({ cache, source: platform, now: () => platform.clock, writerThread: false });
  expect((await engine.sync()).ok).toBe(true);
  request(cache);
  return { platform, cache, engine };
}

describe('Insights aggregates after a sync', () => {
  it('rewrite only the rows of the days (and months) of the orders the sync changed', async () => {
    const platform = new FakePlatform(NOW);
    // 2,400 orders over 100 days, every one delivered (a delivery time on its day), 97 buyers.
    const created = Array.from({ length: 2_400 }, (_, i) => NOW - 100 * DAY + i * 60 * MIN);
    for (const o of platform.add(created))
      platform.update(o.id, {
        orderDeliveryList: [
          { createTime: new Date(Date.parse(o.createTime!) + 30 * MIN).toISOString(), deliveringNumber: 1 },
        ],
        deliveringNumber: 1,
        orderItems: o.orderItems!.map((i) => ({ ...i, deliveryTime: 60, deliveryTimeUnit: 3 })),
      });
    const cache = open();
    const engine = new SyncEngine({ cache, source: platform, now: () => platform.clock, writerThread: false });
    expect((await engine.sync()).ok).toBe(true);
    request(cache); // the first request brings the buyers' rows up to date (marked by the first sync's inserts)
    const dayRows = cache.db.prepare('SELECT count(*) FROM insight_day_lead').pluck().get() as number;
    expect(dayRows).toBeGreaterThanOrEqual(99);

    // N = 12 orders change on the platform: 5 days, delivery, price, currency and flags.
    platform.clock += 10 * MIN;
    const ids = platform.ids();
    const picked = [100, 101, 102, 700, 701, 1200, 1900, 1901, 1902, 1903, 2300, 2301].map((i) => ids[i]!);
    const rid = cache.db.prepare('SELECT rid FROM orders WHERE id = ?').pluck();
    const rids = picked.map((id) => rid.get(id) as number);
    const dayOf = cache.db.prepare('SELECT day FROM insight_order WHERE rid = ?').pluck();
    const monthOf = cache.db.prepare('SELECT DISTINCT month FROM insight_item WHERE rid = ?').pluck();
    const days = [...new Set(rids.map((r) => dayOf.get(r) as number))].sort((a, b) => a - b);
    const months = [...new Set(rids.flatMap((r) => monthOf.all(r) as number[]))].sort((a, b) => a - b);
    expect(days).toHaveLength(5);
    picked.forEach((id, i) => {
      const o = platform.get(id)!;
      const later = new Date(Date.parse(o.orderDeliveryList![0]!.createTime!) + (i + 1) * MIN).toISOString();
      platform.update(id, {
        orderDeliveryList: [{ createTime: later, deliveringNumber: 1 }],
        ...(i % 3 === 0 ? { originalCurrencyCode: 'EUR', originalCurrencyProductPrice: '12.34' } : {}),
        ...(i % 4 === 0 ? { isExistAfterSales: true } : {}),
      });
    });
    platform.clock += MIN;

    const watch = watchInsightWrites(cache.db);
    const r = await engine.sync();
    expect(r.ok && r.value.mode).toBe('incremental');
    request(cache);
    const touched = watch.stop();

    // The facts of the 12 orders: each fact row deleted and inserted, nothing else.
    expect(touched.insight_order!.keys).toEqual([...rids].sort((a, b) => a - b));
    expect(touched.insight_order!.writes).toBe(2 * 12);
    // The sums and the delivery-time arrays: only the 5 days (and their months); one write per day for the arrays.
    expect(touched.insight_day!.keys).toEqual(days);
    expect(touched.insight_day_sku!.keys).toEqual(days);
    expect(touched.insight_day_lead!.keys).toEqual(days);
    expect(touched.insight_day_lead!.writes).toBe(5);
    expect(touched.insight_month_sku!.keys).toEqual(months);
    // No order changed its buyer or creation time: the repeat-buyer rows are left alone.
    expect(touched.insight_buyer_seq!.writes).toBe(0);
    expect(touched.insight_buyer_total!.writes).toBe(0);
    console.log(
      `incremental sync of 12 changed orders on 5 of ${dayRows} days: rows written ${JSON.stringify(
        Object.fromEntries(Object.entries(touched).map(([t, v]) => [t, v.writes])),
      )}`,
    );
  });

  it('a new order of a known buyer rewrites that buyer’s rows only (at the next request)', async () => {
    const { platform, cache, engine } = await syncedBuyers();
    platform.clock += 10 * MIN;
    // fakeOrder's buyer is seq % 97: the 971st order is buyer 971 % 97 = 1's eleventh.
    const [added] = platform.add([platform.clock - MIN]);
    platform.clock += MIN;
    const watch = watchInsightWrites(cache.db);
    expect((await engine.sync()).ok).toBe(true);
    const beforeRequest = watch.stop();
    expect(beforeRequest.insight_buyer_seq!.writes).toBe(0); // the sync only marks the buyer
    const again = watchInsightWrites(cache.db);
    request(cache);
    const touched = again.stop();
    expect(touched.insight_buyer_seq!.keys).toEqual([added!.buyerId]);
    expect(touched.insight_buyer_total!.keys).toEqual([added!.buyerId]);
    // Its 10 earlier orders' rows are written again with the new one's: 11 orders, the first has no row.
    expect(touched.insight_buyer_seq!.writes).toBeLessThanOrEqual(2 * 11);
  });

  it('an order moved to another buyer or to none leaves no row of its old buyer (as a rebuild from scratch)', async () => {
    const { platform, cache, engine } = await syncedBuyers();
    const buyerRows = () => ({
      seq: cache.db.prepare('SELECT * FROM insight_buyer_seq ORDER BY rid').all(),
      totals: cache.db.prepare('SELECT * FROM insight_buyer_total ORDER BY buyer_id').all(),
    });
    // Later orders of their buyers (each has a row naming its buyer): one to another buyer, one to no buyer.
    const ids = platform.ids();
    const [moved, orphaned] = [ids[500]!, ids[600]!];
    const rowOf = cache.db.prepare(
      'SELECT s.buyer_id FROM insight_buyer_seq s JOIN orders o USING (rid) WHERE o.id = ?',
    );
    expect(rowOf.get(moved)).toBeDefined();
    expect(rowOf.get(orphaned)).toBeDefined();
    platform.clock += 10 * MIN;
    platform.update(moved, { buyerId: '999000111' });
    platform.update(orphaned, { buyerId: undefined });
    platform.clock += MIN;
    const r = await engine.sync();
    expect(r.ok && r.value.mode).toBe('incremental');
    request(cache);

    expect(rowOf.get(orphaned)).toBeUndefined(); // an order with no buyer is no buyer's repeat order
    expect(rowOf.get(moved)).toBeUndefined(); // the new buyer's first order
    const incremental = buyerRows();
    cache.db.transaction(() => rebuildBuyerAggregates(cache.db))();
    expect(incremental).toEqual(buyerRows());
  });
});
