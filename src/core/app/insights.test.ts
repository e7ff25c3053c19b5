import { describe, expect, it } from 'vitest';
import type { Order, OrderItem } from '../../shared/domain/order';
import { insightsRequestSchema, type InsightsData } from '../../shared/ipc/insights';
import {
  BUYER_ORDERS_IN_RANGE_SQL,
  BUYERS_BY_TOTAL_SQL,
  DAY_SPAN_SQL,
  LEAD_SQL,
  MONTH_SPAN_SQL,
  REPEAT_BUYERS_SQL,
  REPEAT_COUNT_SQL,
  REPEAT_SECOND_COUNT_SQL,
  SERIES_SQL,
  TOP_DAYS_SQL,
  TOP_FEW_MONTHS_SQL,
  TOP_MONTHS_SQL,
} from '../cache/insightQueries';
import { recomputeInsightFacts } from '../cache/insightFacts';
import { readDeadlineRules } from '../cache/deadlineRulesMeta';
import type { OrderCache } from '../cache/orderCache';
import { parseDay, zonedBuckets } from '../insights/zonedBuckets';
import { getInsights, insightsFromCache } from './insights';
import type { Session } from './session';
import { tempCaches } from '../cache/testing/tempCaches';

/**
 * Every aggregate against a fixture computed by hand (comments give the arithmetic): three currencies, a day
 * boundary on each side of the night Europe/Berlin moves to summer time (2026-03-29: 23 hours, from 23:00Z to
 * 22:00Z), an unpaid order, a partial delivery, a late item, repeat buyers.
 */

const { open } = tempCaches('md-insights-', { baseUrl: 'https://api.example.com', merchantId: 'm' });

const MIN = 60_000;
interface Line {
  spu: string;
  sku: string;
  qty: number;
  total: string;
  minutes?: number;
}
function order(
  seq: number,
  o: {
    created: string;
    paid?: string;
    currency: string;
    price: string;
    items: Line[];
    records?: Array<[string, number]>;
    delivered?: number;
    deliveryStatus?: number;
    buyer: string;
    exception?: boolean;
    afterSales?: boolean;
    dispute?: boolean;
  },
): Order {
  const items: OrderItem[] = o.items.map((l) => ({
    productSpuId: l.spu,
    productSkuId: l.sku,
    productSpuTitle: `Product ${l.spu}`,
    productSkuNum: `SKU-${l.sku}`,
    quantity: l.qty,
    originalCurrencyProductTotalPrice: l.total,
    ...(l.minutes !== undefined ? { deliveryTime: l.minutes, deliveryTimeUnit: 3 } : {}),
  }));
  return {
    id: String(1000 + seq),
    orderNum: `SO${seq}`,
    buyerId: o.buyer,
    buyerName: `Buyer ${o.buyer}`,
    orderStatus: 2,
    orderDeliveryStatus: o.deliveryStatus ?? 0,
    createTime: o.created,
    payTime: o.paid ?? null,
    deliveryType: o.exception ? 2 : 1,
    originalCurrencyProductPrice: o.price,
    originalCurrencyCode: o.currency,
    orderDeliveryTotal: o.items.reduce((n, l) => n + l.qty, 0),
    deliveringNumber: o.delivered ?? (o.records ?? []).reduce((n, [, q]) => n + q, 0),
    isExistAfterSales: o.afterSales ?? false,
    isExistDispute: o.dispute ?? false,
    orderItems: items,
    orderDeliveryList: (o.records ?? []).map(([createTime, deliveringNumber]) => ({ createTime, deliveringNumber })),
  };
}

const FIXTURE: Order[] = [
  // Berlin day 28 (CET, +1): 23:30 local. Lead 20 min of 60 allowed: on time.
  order(1, {
    created: '2026-03-28T22:30:00.000Z',
    paid: '2026-03-28T22:31:00.000Z',
    currency: 'EUR',
    price: '10.00',
    items: [{ spu: 'P1', sku: 'S1', qty: 1, total: '10.00', minutes: 60 }],
    records: [['2026-03-28T22:51:00.000Z', 1]],
    buyer: '7001',
  }),
  // Berlin day 29, 00:10 local. Two units delivered 23:30Z and 00:10Z: done 50 min after paying, 30 allowed: late.
  order(2, {
    created: '2026-03-28T23:10:00.000Z',
    paid: '2026-03-28T23:20:00.000Z',
    currency: 'JPY',
    price: '1500',
    items: [{ spu: 'P1', sku: 'S2', qty: 2, total: '1500', minutes: 30 }],
    records: [
      ['2026-03-28T23:30:00.000Z', 1],
      ['2026-03-29T00:10:00.000Z', 1],
    ],
    buyer: '7001',
    afterSales: true,
  }),
  // Berlin day 29, 23:59 local (CEST, +2): the day's last minute. Unpaid: no revenue, no units.
  order(3, {
    created: '2026-03-29T21:59:00.000Z',
    currency: 'EUR',
    price: '5.00',
    items: [{ spu: 'P2', sku: 'S3', qty: 1, total: '5.00', minutes: 10 }],
    buyer: '7002',
    exception: true,
  }),
  // Berlin day 30, 00:00 local. Partly delivered (1 of 3 units): no delivery time, not measured.
  order(4, {
    created: '2026-03-29T22:00:00.000Z',
    paid: '2026-03-29T22:05:00.000Z',
    currency: 'EUR',
    price: '7.50',
    items: [
      { spu: 'P2', sku: 'S3', qty: 1, total: '2.50', minutes: 10 },
      { spu: 'P3', sku: 'S4', qty: 2, total: '5.00', minutes: 120 },
    ],
    records: [['2026-03-29T22:10:00.000Z', 1]],
    deliveryStatus: 1,
    buyer: '7001',
    dispute: true,
  }),
  // Berlin day 30. Buyer signed; lead 30 min of 60: on time.
  order(5, {
    created: '2026-03-30T08:00:00.000Z',
    paid: '2026-03-30T08:01:00.000Z',
    currency: 'USD',
    price: '20.00',
    items: [{ spu: 'P3', sku: 'S4', qty: 1, total: '20.00', minutes: 60 }],
    records: [['2026-03-30T08:31:00.000Z', 1]],
    deliveryStatus: 2,
    buyer: '7002',
    afterSales: true,
  }),
  // Berlin day 28, 00:30 local (27th in UTC). Lead 120 min of a day (1440 min): on time.
  order(6, {
    created: '2026-03-27T23:30:00.000Z',
    paid: '2026-03-27T23:30:00.000Z',
    currency: 'EUR',
    price: '0.10',
    items: [{ spu: 'P4', sku: 'S5', qty: 1, total: '0.10', minutes: 1440 }],
    records: [['2026-03-28T01:30:00.000Z', 1]],
    buyer: '7003',
  }),
  // Berlin day 31, 00:00 local: outside the range.
  order(7, {
    created: '2026-03-30T22:00:00.000Z',
    paid: '2026-03-30T22:00:00.000Z',
    currency: 'EUR',
    price: '99.00',
    items: [{ spu: 'P1', sku: 'S1', qty: 1, total: '99.00' }],
    buyer: '7001',
  }),
];

function insights(cache: OrderCache, input: Record<string, unknown>): InsightsData {
  const q = insightsRequestSchema.parse({ timeZone: 'Europe/Berlin', minOrdersForRate: 1, ...input });
  const buckets = zonedBuckets(parseDay(q.range.from)!, parseDay(q.range.to)!, q.granularity, q.timeZone);
  const r = insightsFromCache(cache, q, buckets);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

function filled(): OrderCache {
  const cache = open();
  const w = cache.applyPage(FIXTURE, { seenAtMs: Date.UTC(2026, 3, 1), baseline: true });
  if (!w.ok) throw new Error(w.error.kind);
  return cache;
}

const RANGE = { from: '2026-03-28', to: '2026-03-30' };

describe('insights aggregates (hand-computed fixture)', () => {
  it('per local day: orders, paid, units, revenue per currency, delivery times, lateness, flags', () => {
    const d = insights(filled(), { range: RANGE });
    const [d28, d29, d30] = d.buckets;
    expect(d.buckets.map((b) => [b.firstDay, b.lastDay])).toEqual([
      ['2026-03-28', '2026-03-28'],
      ['2026-03-29', '2026-03-29'],
      ['2026-03-30', '2026-03-30'],
    ]);
    // 28: orders 1 and 6, both paid, EUR 10.00 + 0.10; leads 20 and 120 min; required 60 and 1440 min.
    expect(d28).toMatchObject({
      orders: 2,
      paidOrders: 2,
      units: 2,
      revenue: [{ currency: 'EUR', amount: '10.10', paidOrders: 2 }],
      delivered: 2,
      leadMedianMs: 20 * MIN,
      leadP90Ms: 120 * MIN,
      requiredMedianMs: 60 * MIN,
      measured: 2,
      late: 0,
      lateShare: 0,
      exceptions: 0,
      afterSales: 0,
      disputes: 0,
      filter: { createdFrom: '2026-03-28', createdTo: '2026-03-28' },
    });
    // 29 (23 hours): orders 2 and 3; only 2 paid (2 units, JPY 1500); its 50 min lead is late; 3 is an exception.
    expect(d29).toMatchObject({
      orders: 2,
      paidOrders: 1,
      units: 2,
      revenue: [{ currency: 'JPY', amount: '1500', paidOrders: 1 }],
      delivered: 1,
      leadMedianMs: 50 * MIN,
      leadP90Ms: 50 * MIN,
      measured: 1,
      late: 1,
      lateShare: 1,
      exceptions: 1,
      afterSales: 1,
      disputes: 0,
    });
    // 30: orders 4 (partial: not measured) and 5; units 3 + 1; EUR 7.50 and USD 20.00 side by side.
    expect(d30).toMatchObject({
      orders: 2,
      paidOrders: 2,
      units: 4,
      revenue: [
        { currency: 'EUR', amount: '7.50', paidOrders: 1 },
        { currency: 'USD', amount: '20.00', paidOrders: 1 },
      ],
      delivered: 1,
      leadMedianMs: 30 * MIN,
      measured: 1,
      late: 0,
      disputes: 1,
      afterSales: 1,
    });
    // The range: EUR paid 3 times (first), JPY and USD once (by code); leads 20, 30, 50, 120 → median 30, p90 120.
    expect(d.currencies).toEqual(['EUR', 'JPY', 'USD']);
    expect(d.total).toMatchObject({
      orders: 6,
      paidOrders: 5,
      units: 8,
      revenue: [
        { currency: 'EUR', amount: '17.60', paidOrders: 3 },
        { currency: 'JPY', amount: '1500', paidOrders: 1 },
        { currency: 'USD', amount: '20.00', paidOrders: 1 },
      ],
      leadMedianMs: 30 * MIN,
      leadP90Ms: 120 * MIN,
      measured: 4,
      late: 1,
      lateShare: 0.25,
      filter: { createdFrom: '2026-03-28', createdTo: '2026-03-30' },
    });
    expect(d.deliveryHistogram.slice(0, 2)).toEqual([
      { fromMs: 0, toMs: 60 * MIN, orders: 3, late: 0 },
      { fromMs: 60 * MIN, toMs: 360 * MIN, orders: 1, late: 0 },
    ]);
    expect(d.decisionsKnown).toBe(false);
  });

  it("each bucket's Orders filter selects exactly the orders it counts (the cache's own count, Berlin days)", () => {
    const cache = filled();
    const d = insights(cache, { range: RANGE });
    const buckets = zonedBuckets(parseDay(RANGE.from)!, parseDay(RANGE.to)!, 'day', 'Europe/Berlin');
    expect(buckets[1]!.endMs - buckets[1]!.startMs).toBe(23 * 60 * MIN);
    for (const [i, b] of buckets.entries()) {
      const n = cache.countMatches({
        createBeginDate: new Date(b.startMs).toISOString(),
        createEndDate: new Date(b.endMs - 1).toISOString(),
      });
      expect(n).toEqual({ ok: true, value: d.buckets[i]!.orders });
      const flagged = cache.countMatches({
        createBeginDate: new Date(b.startMs).toISOString(),
        createEndDate: new Date(b.endMs - 1).toISOString(),
        deliveryException: true,
      });
      expect(flagged).toEqual({ ok: true, value: d.buckets[i]!.exceptions });
    }
  });

  it('money is never summed across currencies; one currency shows only its own', () => {
    const d = insights(filled(), { range: RANGE, currency: 'eur' });
    expect(d.currency).toBe('EUR');
    expect(d.total.revenue).toEqual([{ currency: 'EUR', amount: '17.60', paidOrders: 3 }]);
    expect(d.buckets[1]!.revenue).toEqual([]);
    expect(d.topProductsByRevenue.every((r) => r.currency === 'EUR')).toBe(true);
  });

  it('top products and SKUs by revenue (per currency) and by refund rate (paid orders; currencies together)', () => {
    const d = insights(filled(), { range: RANGE });
    // EUR: P1 10.00 (order 1), P3 5.00 and P2 2.50 (order 4), P4 0.10; JPY: P1 1500; USD: P3 20.00.
    expect(d.topProductsByRevenue.map((r) => [r.currency, r.productKey, r.revenue])).toEqual([
      ['EUR', 'P1', '10.00'],
      ['EUR', 'P3', '5.00'],
      ['EUR', 'P2', '2.50'],
      ['EUR', 'P4', '0.10'],
      ['JPY', 'P1', '1500'],
      ['USD', 'P3', '20.00'],
    ]);
    // Paid orders with a refund request: P1 in orders 1, 2 (2) → 1/2; P3 in 4, 5 (5) → 1/2; P2 in 4 → 0; P4 → 0.
    expect(d.topProductsByRefundRate.map((r) => [r.productKey, r.orders, r.afterSales, r.refundRate])).toEqual([
      ['P1', 2, 1, 0.5],
      ['P3', 2, 1, 0.5],
      ['P2', 1, 0, 0],
      ['P4', 1, 0, 0],
    ]);
    expect(d.topProductsByRefundRate[0]!.filter).toEqual({ ...d.total.filter, productTitle: 'Product P1' });
    expect(d.topSkusByRefundRate.map((r) => [r.skuKey, r.skuLabel, r.refundRate])).toEqual([
      ['S2', 'SKU-S2', 1],
      ['S4', 'SKU-S4', 0.5],
      ['S1', 'SKU-S1', 0],
      ['S3', 'SKU-S3', 0],
      ['S5', 'SKU-S5', 0],
    ]);
    const units = d.topSkusByRevenue.find((r) => r.skuKey === 'S2');
    expect(units).toMatchObject({ currency: 'JPY', units: 2, orders: 1, revenue: '1500' });
  });

  it('buyers with repeat orders in the range, each with its Orders filter', () => {
    const d = insights(filled(), { range: RANGE });
    // 7001: orders 1, 2, 4 (7 is outside); 7002: 3, 5; 7003: one order only.
    expect(d.repeatBuyers).toEqual({
      buyers: 2,
      orders: 5,
      top: [
        { buyerId: '7001', buyerName: 'Buyer 7001', orders: 3, filter: { ...d.total.filter, buyerId: '7001' } },
        { buyerId: '7002', buyerName: 'Buyer 7002', orders: 2, filter: { ...d.total.filter, buyerId: '7002' } },
      ],
    });
  });

  it('weeks are ISO weeks clipped to the range; months calendar months', () => {
    const cache = filled();
    const w = insights(cache, { range: RANGE, granularity: 'week' });
    // 2026-03-28 is a Saturday: Sat–Sun of one week, then Monday of the next.
    expect(w.buckets.map((b) => [b.firstDay, b.lastDay, b.orders])).toEqual([
      ['2026-03-28', '2026-03-29', 4],
      ['2026-03-30', '2026-03-30', 2],
    ]);
    const m = insights(cache, { range: { from: '2026-02-15', to: '2026-04-30' }, granularity: 'month' });
    expect(m.buckets.map((b) => [b.firstDay, b.lastDay, b.orders])).toEqual([
      ['2026-02-15', '2026-02-28', 0],
      ['2026-03-01', '2026-03-31', 7],
      ['2026-04-01', '2026-04-30', 0],
    ]);
    // Whole months come from the month sums, the partial ones from the SKU rows: the same top list as by day.
    const byDay = insights(cache, { range: { from: '2026-02-15', to: '2026-04-30' } });
    expect(m.topSkusByRevenue).toEqual(byDay.topSkusByRevenue);
    expect(m.topProductsByRevenue.find((r) => r.currency === 'EUR' && r.productKey === 'P1')?.revenue).toBe('109.00');
  });

  it('another zone moves the day boundaries (UTC days), and back', () => {
    const cache = filled();
    const utc = insights(cache, { range: { from: '2026-03-27', to: '2026-03-30' }, timeZone: 'UTC' });
    // UTC: 27 → order 6; 28 → 1, 2; 29 → 3, 4 (22:00Z); 30 → 5, 7 (22:00Z).
    expect(utc.buckets.map((b) => b.orders)).toEqual([1, 2, 2, 2]);
    const berlin = insights(cache, { range: RANGE });
    expect(berlin.buckets.map((b) => b.orders)).toEqual([2, 2, 2]);
  });

  it('a changed order moves its figures (the day sums follow the write), equal to a full recomputation', () => {
    const cache = filled();
    const changed = { ...FIXTURE[2]!, payTime: '2026-03-30T09:00:00.000Z', isExistDispute: true };
    const moved = { ...FIXTURE[5]!, createTime: '2026-03-30T09:00:00.000Z', originalCurrencyCode: 'USD' };
    expect(cache.applyPage([changed, moved], { seenAtMs: Date.UTC(2026, 3, 2), baseline: true }).ok).toBe(true);
    const incremental = insights(cache, { range: RANGE });
    expect(incremental.buckets.map((b) => [b.orders, b.paidOrders, b.disputes])).toEqual([
      [1, 1, 0],
      [2, 2, 1],
      [3, 3, 1],
    ]);
    expect(incremental.buckets[2]!.revenue).toEqual([
      { currency: 'EUR', amount: '7.50', paidOrders: 1 },
      { currency: 'USD', amount: '20.10', paidOrders: 2 },
    ]);
    cache.transaction(() => recomputeInsightFacts(cache.db, readDeadlineRules(cache.db)));
    expect(insights(cache, { range: RANGE })).toEqual(incremental);
  });

  it('the aggregates read indexes, never whole tables (EXPLAIN QUERY PLAN)', () => {
    const cache = filled();
    const plan = (sql: string, params: unknown[]) =>
      (cache.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((r) => r.detail);
    expect(plan(SERIES_SQL, [1, 2])).toEqual(['SEARCH insight_day USING PRIMARY KEY (day>? AND day<?)']);
    expect(plan(LEAD_SQL, [1, 2])).toEqual(['SEARCH insight_day_lead USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)']);
    // The month sums in SKU order (a few thousand rows a year), grouped as read: no sort, no table.
    expect(plan(TOP_MONTHS_SQL, [1, 2])).toEqual([
      'SCAN insight_month_sku USING COVERING INDEX insight_month_sku_by_sku',
    ]);
    // The stored span: two primary-key probes, not a scan of the day sums.
    for (const sql of [DAY_SPAN_SQL, MONTH_SPAN_SQL])
      expect(plan(sql, []).filter((d) => d.startsWith('SCAN') && d !== 'SCAN CONSTANT ROW')).toEqual([]);
    // A few months: found by the primary key (month first), only their rows sorted for the grouping.
    expect(plan(TOP_FEW_MONTHS_SQL, [1, 2])).toEqual([
      'SEARCH insight_month_sku USING PRIMARY KEY (month>? AND month<?)',
      'USE TEMP B-TREE FOR GROUP BY',
    ]);
    expect(plan(TOP_DAYS_SQL, [1, 2])).toEqual([
      'SEARCH insight_day_sku USING PRIMARY KEY (day>? AND day<?)',
      'USE TEMP B-TREE FOR GROUP BY',
    ]);
    expect(plan(REPEAT_COUNT_SQL, [1, 2])).toEqual([
      'SEARCH insight_buyer_seq USING COVERING INDEX insight_buyer_prev (prev_ms>?)',
    ]);
    expect(plan(REPEAT_SECOND_COUNT_SQL, [1, 2])).toEqual([
      'SEARCH insight_buyer_seq USING COVERING INDEX insight_buyer_prev2 (prev2_ms>?)',
    ]);
    expect(plan(REPEAT_BUYERS_SQL, [1, 2])).toEqual([
      'SEARCH insight_buyer_seq USING COVERING INDEX insight_buyer_prev (prev_ms>?)',
      'USE TEMP B-TREE FOR GROUP BY',
    ]);
    expect(plan(BUYERS_BY_TOTAL_SQL, [1, 2])).toEqual([
      'SEARCH insight_buyer_total USING COVERING INDEX insight_buyer_by_orders (orders>?)',
    ]);
    expect(plan(BUYER_ORDERS_IN_RANGE_SQL, ['1', 2, 3])).toEqual([
      'SEARCH orders USING COVERING INDEX orders_by_buyer (buyer_id=? AND create_ms>? AND create_ms<?)',
    ]);
  });
});

describe('getInsights input', () => {
  const none = {} as Session; // invalid input is refused before the session is touched
  it.each([
    [{ range: { from: '2026-03-05', to: '2026-03-01' } }, 'range.to'],
    [{ range: { from: '2026-02-30', to: '2026-03-01' } }, 'range.from'],
    [{ range: { from: '2026-03-01', to: '2026-03-01' }, timeZone: 'Mars/Olympus' }, 'timeZone'],
    [{ range: { from: '2016-01-01', to: '2026-03-01' } }, 'range'],
    [{ range: { from: '2023-01-01', to: '2026-12-31' }, granularity: 'day' }, 'granularity'],
  ])('refuses %j at %s', (input, where) => {
    const r = getInsights(none, input);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.kind).toBe('invalid-input');
      expect(r.error.issues?.map((i) => i.path)).toContain(where);
    }
  });
});
