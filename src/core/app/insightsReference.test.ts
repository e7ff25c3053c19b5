import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/domain/order';
import { insightsRequestSchema, type InsightsData, type InsightsQuery } from '../../shared/ipc/insights';
import { readDeadlineRules } from '../cache/deadlineRulesMeta';
import { repeatBuyers } from '../cache/insightQueries';
import type { OrderCache } from '../cache/orderCache';
import { StatementCache } from '../cache/statementCache';
import { currencyMinorDigits, HISTOGRAM_EDGES_MS, nearestRank } from '../insights/insightsFigures';
import { microText, orderFacts } from '../insights/orderFacts';
import { RandomOrders, seededRandom } from '../insights/testing/randomOrders';
import { parseDay, zonedBuckets } from '../insights/zonedBuckets';
import { insightsFromCache } from './insights';
import { tempCaches } from '../cache/testing/tempCaches';

/**
 * Property test of the Insights aggregates (schema 8's day arrays, day and month SKU sums, repeat-buyer rows, kept
 * by the writer and triggers): for seeded random orders, inserted, updated (moved between days and currencies,
 * paid, delivered, flagged) and deleted, every figure `insights:get` answers equals the same figure computed by a
 * plain scan over the orders the test holds — each order's local day from Intl, its facts from `orderFacts` (tested
 * on its own), then sums, sorts and counts written out here.
 */

const { open } = tempCaches('md-insights-prop-');

function localDay(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
}

interface Sums {
  orders: number;
  paid: number;
  units: number;
  exceptions: number;
  afterSales: number;
  disputes: number;
  measured: number;
  late: number;
  leads: number[];
  required: number[];
  revenue: Map<string, { micro: bigint; paid: number }>;
}

const none = (): Sums => ({
  orders: 0,
  paid: 0,
  units: 0,
  exceptions: 0,
  afterSales: 0,
  disputes: 0,
  measured: 0,
  late: 0,
  leads: [],
  required: [],
  revenue: new Map(),
});

interface TopSums {
  productKey: string;
  skuKey: string | null;
  currency: string;
  orders: number;
  units: number;
  micro: bigint;
  afterSales: number;
}

/** The figures of `q` by a full scan of `orders` (what the aggregates must equal). */
function reference(orders: Iterable<Order>, q: InsightsQuery, rulesOf: () => ReturnType<typeof readDeadlineRules>) {
  const buckets = zonedBuckets(parseDay(q.range.from)!, parseDay(q.range.to)!, q.granularity, q.timeZone);
  const first = buckets[0]!.firstDay;
  const last = buckets[buckets.length - 1]!.lastDay;
  const sums = buckets.map(none);
  const total = none();
  const skus = new Map<string, TopSums>();
  const products = new Map<string, TopSums>();
  const buyerOrders = new Map<string, number>();
  const buyerNames = new Map<string, { name: string; at: number }>();
  const rules = rulesOf();
  for (const o of orders) {
    const f = orderFacts(o, rules);
    if (o.buyerId) {
      const known = buyerNames.get(o.buyerId);
      if (!known || f.createMs > known.at) buyerNames.set(o.buyerId, { name: o.buyerName ?? '', at: f.createMs });
    }
    const day = localDay(f.createMs, q.timeZone);
    if (day < first || day > last) continue;
    const i = buckets.findIndex((b) => b.firstDay <= day && day <= b.lastDay);
    for (const s of [sums[i]!, total]) {
      s.orders++;
      s.exceptions += f.exception;
      s.afterSales += f.afterSales;
      s.disputes += f.dispute;
      if (f.late !== null) s.measured++;
      if (f.late === 1) s.late++;
      if (f.leadMs !== null) {
        s.leads.push(f.leadMs);
        if (f.requiredMs !== null) s.required.push(f.requiredMs);
      }
      if (f.payMs > 0) {
        s.paid++;
        s.units += f.units;
        const r = s.revenue.get(f.currency) ?? { micro: 0n, paid: 0 };
        r.micro += BigInt(f.amountMicro);
        r.paid++;
        s.revenue.set(f.currency, r);
      }
    }
    if (o.buyerId) buyerOrders.set(o.buyerId, (buyerOrders.get(o.buyerId) ?? 0) + 1);
    if (f.payMs === 0) continue;
    for (const item of f.items) {
      const add = (map: Map<string, TopSums>, skuKey: string | null, counted: number) => {
        const key = `${item.productKey}\n${skuKey}\n${f.currency}`;
        const t = map.get(key) ?? {
          productKey: item.productKey,
          skuKey,
          currency: f.currency,
          orders: 0,
          units: 0,
          micro: 0n,
          afterSales: 0,
        };
        t.orders += counted;
        t.units += item.units;
        t.micro += BigInt(item.amountMicro);
        t.afterSales += f.afterSales * counted;
        map.set(key, t);
      };
      add(skus, item.skuKey, 1);
      add(products, null, item.firstOfProduct);
    }
  }

  const currencies = [...total.revenue.entries()]
    .sort(([a, x], [b, y]) => y.paid - x.paid || a.localeCompare(b))
    .map(([c]) => c);
  const shown = q.currency === undefined ? currencies : currencies.filter((c) => c === q.currency);
  const digits = (c: string) => currencyMinorDigits(c);
  const sorted = (v: number[]) => [...v].sort((a, b) => a - b);
  const figure = (s: Sums, firstDay: string, lastDay: string) => ({
    firstDay,
    lastDay,
    orders: s.orders,
    paidOrders: s.paid,
    units: s.units,
    revenue: shown.flatMap((c) => {
      const r = s.revenue.get(c);
      return r ? [{ currency: c, amount: microText(r.micro, digits(c)), paidOrders: r.paid }] : [];
    }),
    delivered: s.leads.length,
    leadMedianMs: nearestRank(sorted(s.leads), 0.5),
    leadP90Ms: nearestRank(sorted(s.leads), 0.9),
    requiredMedianMs: nearestRank(sorted(s.required), 0.5),
    measured: s.measured,
    late: s.late,
    lateShare: s.measured === 0 ? null : s.late / s.measured,
    exceptions: s.exceptions,
    afterSales: s.afterSales,
    disputes: s.disputes,
    filter: { createdFrom: firstDay, createdTo: lastDay },
  });
  const range = { createdFrom: first, createdTo: last };
  const title = (p: string) => `Product ${p.slice(1)}`;
  const keyOrder = (a: TopSums, b: TopSums) =>
    a.productKey.localeCompare(b.productKey) || (a.skuKey ?? '').localeCompare(b.skuKey ?? '');
  const row = (t: TopSums, money: boolean) => ({
    productKey: t.productKey,
    skuKey: t.skuKey,
    title: title(t.productKey),
    skuLabel: t.skuKey === null ? '' : `SKU-${t.skuKey}`,
    currency: money ? t.currency : null,
    revenue: money ? microText(t.micro, digits(t.currency)) : null,
    orders: t.orders,
    units: t.units,
    afterSales: t.afterSales,
    refundRate: t.orders === 0 ? 0 : t.afterSales / t.orders,
    filter: { ...range, productTitle: title(t.productKey) },
  });
  const byRevenue = (map: Map<string, TopSums>) =>
    [...new Set([...map.values()].map((t) => t.currency))]
      .filter((c) => q.currency === undefined || c === q.currency)
      .sort()
      .flatMap((c) =>
        [...map.values()]
          .filter((t) => t.currency === c)
          .sort((a, b) => (b.micro > a.micro ? 1 : b.micro < a.micro ? -1 : 0) || keyOrder(a, b))
          .slice(0, q.top)
          .map((t) => row(t, true)),
      );
  const byRate = (map: Map<string, TopSums>) => {
    const merged = new Map<string, TopSums>();
    for (const t of map.values()) {
      const key = `${t.productKey}\n${t.skuKey}`;
      const m = merged.get(key);
      if (m) {
        m.orders += t.orders;
        m.units += t.units;
        m.afterSales += t.afterSales;
      } else merged.set(key, { ...t });
    }
    return [...merged.values()]
      .filter((t) => t.orders >= q.minOrdersForRate)
      .sort((a, b) => b.afterSales / b.orders - a.afterSales / a.orders || b.orders - a.orders || keyOrder(a, b))
      .slice(0, q.top)
      .map((t) => row(t, false));
  };
  const repeat = [...buyerOrders.entries()]
    .filter(([, n]) => n > 1)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  const expected: InsightsData = {
    range: q.range,
    granularity: q.granularity,
    timeZone: q.timeZone,
    currency: q.currency ?? null,
    currencies,
    buckets: buckets.map((b, i) => figure(sums[i]!, b.firstDay, b.lastDay)),
    total: figure(total, first, last),
    deliveryHistogram: HISTOGRAM_EDGES_MS.map((fromMs, i) => {
      const toMs = HISTOGRAM_EDGES_MS[i + 1] ?? null;
      return {
        fromMs,
        toMs,
        orders: total.leads.filter((l) => l >= fromMs && (toMs === null || l < toMs)).length,
        late: 0,
      };
    }),
    topProductsByRevenue: byRevenue(products),
    topProductsByRefundRate: byRate(products),
    topSkusByRevenue: byRevenue(skus),
    topSkusByRefundRate: byRate(skus),
    repeatBuyers: {
      buyers: repeat.length,
      orders: repeat.reduce((n, [, k]) => n + k, 0),
      top: repeat.slice(0, q.top).map(([buyerId, n]) => ({
        buyerId,
        buyerName: buyerNames.get(buyerId)?.name ?? '',
        orders: n,
        filter: { ...range, buyerId },
      })),
    },
    decisionsKnown: false,
  };
  return { expected, buckets, repeat, fromMs: buckets[0]!.startMs, toMs: buckets[buckets.length - 1]!.endMs };
}

/** Request shapes: days across both DST changes, weeks, partial and whole months, one currency, other zones. */
const QUERIES: Array<Record<string, unknown>> = [
  { range: { from: '2026-03-24', to: '2026-04-04' } },
  { range: { from: '2026-03-28', to: '2026-03-30' }, top: 3, minOrdersForRate: 2 },
  { range: { from: '2026-10-22', to: '2026-11-01' }, currency: 'JPY' },
  { range: { from: '2026-03-20', to: '2026-11-03' }, granularity: 'week' },
  { range: { from: '2026-03-27', to: '2026-10-26' }, granularity: 'month', top: 50, minOrdersForRate: 1 },
  { range: { from: '2026-01-01', to: '2026-12-31' }, granularity: 'month', currency: 'EUR', top: 5 },
  { range: { from: '2026-03-28', to: '2026-11-01' }, granularity: 'month', timeZone: 'UTC' },
  { range: { from: '2026-03-24', to: '2026-04-04' }, timeZone: 'America/New_York' },
  { range: { from: '2026-10-20', to: '2026-11-02' }, timeZone: 'America/New_York', granularity: 'week' },
  { range: { from: '2026-03-24', to: '2026-11-02' }, granularity: 'week', timeZone: 'Asia/Kolkata' },
  { range: { from: '2026-03-25', to: '2026-04-03' } }, // Berlin again after other zones: its days rewritten back
];

function check(cache: OrderCache, held: Map<string, Order>, label: string): void {
  for (const input of QUERIES) {
    const q = insightsRequestSchema.parse({ timeZone: 'Europe/Berlin', ...input });
    const ref = reference(held.values(), q, () => readDeadlineRules(cache.db));
    const r = insightsFromCache(cache, q, ref.buckets);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.value, `${label}: ${JSON.stringify(input)}`).toEqual(ref.expected);
    // The top buyers' other path (walking buyers by their all-time totals), forced: the same list.
    const walked = repeatBuyers(new StatementCache(cache.db), ref.fromMs, ref.toMs, q.top, 0);
    expect(walked.top, `${label}: walked top buyers ${JSON.stringify(input)}`).toEqual(
      ref.repeat.slice(0, q.top).map(([buyerId, orders]) => ({ buyerId, orders })),
    );
  }
}

describe('Insights aggregates equal a full scan of the orders (seeded random orders)', () => {
  for (const seed of [1, 2, 3]) {
    it(`seed ${seed}: after inserts, updates that move orders between days and currencies, and deletes`, () => {
      const gen = new RandomOrders(seed);
      const next = seededRandom(seed * 7919);
      const cache = open();
      const held = new Map<string, Order>();
      let seen = Date.UTC(2026, 10, 10);
      const write = (orders: Order[]) => {
        for (let i = 0; i < orders.length; i += 40) {
          const page = orders.slice(i, i + 40);
          const w = cache.applyPage(page, { seenAtMs: (seen += 1000), baseline: true });
          if (!w.ok) throw new Error(w.error.kind);
          expect(w.value.skipped).toEqual([]);
          for (const o of page) held.set(o.id, o);
        }
      };

      write(Array.from({ length: 300 }, () => gen.order()));
      check(cache, held, 'inserted');

      const ids = [...held.keys()];
      const changed = Array.from({ length: 120 }, () => gen.mutate(held.get(ids[Math.floor(next() * ids.length)]!)!));
      // An order may come twice in one page (churn between requests): the later copy is what the cache holds.
      const twice = gen.mutate(changed[0]!);
      write([...changed.slice(0, 20), twice, ...changed.slice(20)]);
      write(Array.from({ length: 60 }, () => gen.order()));
      check(cache, held, 'updated');

      // Deletes (the app keeps every order; the triggers must cope with a row removed by any path).
      const gone = ids.filter(() => next() < 0.1);
      const del = cache.db.prepare('DELETE FROM orders WHERE id = ?');
      cache.db.transaction(() => gone.forEach((id) => del.run(id)))();
      for (const id of gone) held.delete(id);
      check(cache, held, 'deleted');

      // Updated again after the deletes and the zone changes (day columns rewritten in between).
      write(Array.from({ length: 80 }, () => gen.mutate(held.get([...held.keys()][Math.floor(next() * held.size)]!)!)));
      check(cache, held, 'updated again');
    }, 60_000);
  }
});
