/**
 * The Insights bench's breakdown (`npm run bench -- --only=insights`): the parts of one request timed alone (each
 * aggregate read, and the figures' assembly), the statements' query plans, and the reads the aggregates replaced
 * (schema 5's per-order reads, still answerable from the fact tables) side by side; then what a sync's changed
 * orders cost the aggregates (one page written, the next request's refresh, the rows written).
 */
import type { Order } from '../src/shared/domain/order';
import type { InsightRows, OrderCache } from '../src/core/cache/orderCache';
import { StatementCache } from '../src/core/cache/statementCache';
import {
  BUYER_ORDERS_IN_RANGE_SQL,
  BUYERS_BY_TOTAL_SQL,
  LEAD_SQL,
  leadDays,
  monthSplit,
  REPEAT_BUYERS_SQL,
  REPEAT_COUNT_SQL,
  REPEAT_SECOND_COUNT_SQL,
  repeatBuyers,
  SERIES_SQL,
  seriesRows,
  DAY_SPAN_SQL,
  MONTH_SPAN_SQL,
  TOP_DAYS_SQL,
  TOP_FEW_MONTHS_SQL,
  TOP_MONTHS_SQL,
  topPlan,
  topRows,
  type InsightRange,
} from '../src/core/cache/insightQueries';
import { watchInsightWrites, type TableTouches } from '../src/core/cache/testing/rowsTouched';
import { nearestRank } from '../src/core/insights/insightsFigures';
import { dayNumber } from '../src/core/insights/localDays';
import { parseDay, type Bucket } from '../src/core/insights/zonedBuckets';
import { time, type Timing } from './stats';

export interface PartRow {
  part: string;
  timing: Timing;
  rows: number;
}

/** The old per-order reads (schema 5–7), as they were: the measured orders' times, the buyers' index. */
const OLD_LEAD_SQL = `SELECT day, lead_ms, required_ms FROM insight_order INDEXED BY insight_order_lead
  WHERE day BETWEEN ? AND ? AND lead_ms IS NOT NULL`;
const OLD_REPEAT_SQL = `SELECT buyer_id, count(*) FROM orders INDEXED BY orders_by_buyer
  WHERE buyer_id IS NOT NULL AND create_ms >= ? AND create_ms < ? GROUP BY buyer_id HAVING count(*) > 1`;

export function rangeOf(buckets: readonly Bucket[]): InsightRange {
  const day = (t: string) => dayNumber(parseDay(t)!);
  return { buckets: buckets.map((b) => ({ firstDay: day(b.firstDay), lastDay: day(b.lastDay) })) };
}

/** Each part of a request over `buckets`, alone (n runs after warm-up), new reads and old side by side. */
export async function insightsParts(
  cache: OrderCache,
  buckets: readonly Bucket[],
  n: number,
  figures?: { read(): InsightRows; assemble(rows: InsightRows): number },
): Promise<PartRow[]> {
  const statements = new StatementCache(cache.db);
  const range = rangeOf(buckets);
  const [d0, d1] = [range.buckets[0]!.firstDay, range.buckets[range.buckets.length - 1]!.lastDay];
  const fromMs = buckets[0]!.startMs;
  const toMs = buckets[buckets.length - 1]!.endMs;
  const rows: PartRow[] = [];
  const [m0, m1, e0, e1, e2, e3] = monthSplit(range);
  const part = async (name: string, fn: () => number) => {
    let count = 0;
    const timing = await time(() => void (count = fn()), n, 3);
    rows.push({ part: name, timing, rows: count });
  };
  await part('time series (insight_day)', () => seriesRows(statements, range).length);
  await part('delivery times: day arrays (insight_day_lead)', () => leadDays(statements, range).length);
  await part('— old: every measured order, sorted (insight_order)', () => {
    const r = statements.get(OLD_LEAD_SQL).raw(true).all(d0, d1) as Array<[number, number, number | null]>;
    const leads = r.map((x) => x[1]).sort((a, b) => a - b);
    nearestRank(leads, 0.5);
    nearestRank(leads, 0.9);
    return r.length;
  });
  await part('top lists: month + day SKU sums, merged', () => {
    const t = topRows(statements, range);
    return t.skus.length + t.products.length;
  });
  const span = statements.get(DAY_SPAN_SQL).raw(true).get() as [number, number];
  const plan = topPlan(range, { firstDay: span[0], lastDay: span[1] });
  const [firstMonth, lastMonth] = statements.get(MONTH_SPAN_SQL).raw(true).get() as [number, number];
  for (const t of plan) {
    const few = (Math.min(t.hi, lastMonth) - Math.max(t.lo, firstMonth) + 1) * 5 <= lastMonth - firstMonth + 1;
    const sql = t.sums === 'days' ? TOP_DAYS_SQL : few ? TOP_FEW_MONTHS_SQL : TOP_MONTHS_SQL;
    const name = t.sums === 'days' ? 'TOP_DAYS_SQL' : few ? 'TOP_FEW_MONTHS_SQL' : 'TOP_MONTHS_SQL';
    await part(
      `— of which ${t.sign > 0 ? '+' : '−'} ${t.sums} ${t.hi - t.lo + 1} (${name})`,
      () => statements.get(sql).raw(true).safeIntegers(true).all(t.lo, t.hi).length,
    );
  }
  await part('— old: whole months (index scan) + partial months from the day sums', () =>
    [
      [TOP_MONTHS_SQL, m0, m1],
      [TOP_DAYS_SQL, e0, e1],
      [TOP_DAYS_SQL, e2, e3],
    ].reduce(
      (n, [sql, a, b]) =>
        n +
        ((a as number) > (b as number)
          ? 0
          : statements
              .get(sql as string)
              .raw(true)
              .safeIntegers(true)
              .all(a, b).length),
      0,
    ),
  );
  await part('repeat buyers (insight_buyer_seq)', () => repeatBuyers(statements, fromMs, toMs, 10).top.length);
  await part(
    '— old: the buyer index, grouped (orders_by_buyer)',
    () => statements.get(OLD_REPEAT_SQL).raw(true).all(fromMs, toMs).length,
  );
  if (figures) {
    const read = figures.read();
    await part("the figures' assembly from the rows read (JS)", () => figures.assemble(read));
  }
  return rows;
}

/** EXPLAIN QUERY PLAN of each statement a request runs, with this range's parameters. */
export function insightsPlans(cache: OrderCache, buckets: readonly Bucket[]): Array<[string, string[]]> {
  const range = rangeOf(buckets);
  const [d0, d1] = [range.buckets[0]!.firstDay, range.buckets[range.buckets.length - 1]!.lastDay];
  const [m0, m1, e0, e1] = monthSplit(range);
  const fromMs = buckets[0]!.startMs;
  const toMs = buckets[buckets.length - 1]!.endMs;
  const plan = (sql: string, params: unknown[]) =>
    (cache.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((r) => r.detail);
  return [
    ['SERIES_SQL', plan(SERIES_SQL, [d0, d1])],
    ['LEAD_SQL', plan(LEAD_SQL, [d0, d1])],
    ['TOP_MONTHS_SQL', plan(TOP_MONTHS_SQL, [m0, m1])],
    ['TOP_FEW_MONTHS_SQL', plan(TOP_FEW_MONTHS_SQL, [m1 - 2, m1])],
    ['TOP_DAYS_SQL', plan(TOP_DAYS_SQL, [e0, e1])],
    ['REPEAT_COUNT_SQL', plan(REPEAT_COUNT_SQL, [fromMs, toMs])],
    ['REPEAT_SECOND_COUNT_SQL', plan(REPEAT_SECOND_COUNT_SQL, [fromMs, toMs])],
    ['REPEAT_BUYERS_SQL', plan(REPEAT_BUYERS_SQL, [fromMs, toMs])],
    ['BUYERS_BY_TOTAL_SQL', plan(BUYERS_BY_TOTAL_SQL, [256, 0])],
    ['BUYER_ORDERS_IN_RANGE_SQL', plan(BUYER_ORDERS_IN_RANGE_SQL, ['1', fromMs, toMs])],
  ];
}

export interface IncrementalRun {
  changed: number;
  added: number;
  /** The page written (facts, sums, day arrays: what a sync's page pays), ms. */
  writeMs: number;
  /** The next Insights request: the refresh of what the page marked (buyers), then the request itself, ms. */
  nextRequestMs: number;
  /** Rows written per Insights table (only when watched: the counting triggers cost time of their own). */
  touched?: Record<string, TableTouches>;
}

/**
 * A sync's page: `n` changed orders (delivered a minute later, the after-sales flag flipped; spread over the two
 * years, picked by `rid % step = offset`) and `added` new orders of their buyers, written with the cache's own
 * writer; then the next request. Times each; with `watch`, counts the Insights rows written instead.
 */
export function incrementalRun(
  cache: OrderCache,
  options: { n: number; added: number; offset: number; seenAtMs: number; watch: boolean },
  request: () => void,
): IncrementalRun {
  const { n, added, offset, seenAtMs } = options;
  const total = cache.db.prepare('SELECT count(*) FROM orders').pluck().get() as number;
  const step = Math.max(2, Math.floor(total / n));
  const ids = cache.db
    .prepare('SELECT id FROM orders WHERE rid % ? = ? LIMIT ?')
    .pluck()
    .all(step, offset % step, n) as string[];
  const changed: Order[] = [];
  for (const id of ids) {
    const o = cache.getOrder(id);
    if (!o.ok || !o.value) continue;
    changed.push({
      ...o.value,
      isExistAfterSales: !o.value.isExistAfterSales,
      orderDeliveryList: (o.value.orderDeliveryList ?? []).map((r) => ({
        ...r,
        createTime: new Date(Date.parse(r.createTime ?? '') + 60_000).toISOString(),
      })),
    });
  }
  const news = changed.slice(0, added).map((o) => ({
    ...o,
    // IDs of their own on every run (a reused cache file keeps earlier runs' orders).
    id: `${o.id}${Date.now()}${offset}`,
    orderNum: `${o.orderNum}-${Date.now()}-${offset}`,
    createTime: new Date(seenAtMs).toISOString(),
  }));
  const watch = options.watch ? watchInsightWrites(cache.db) : undefined;
  const t = performance.now();
  const w = cache.applyPage([...changed, ...news], { seenAtMs, baseline: true });
  const writeMs = performance.now() - t;
  if (!w.ok) throw new Error(JSON.stringify(w.error));
  const r = performance.now();
  request();
  const nextRequestMs = performance.now() - r;
  return {
    changed: changed.length,
    added: news.length,
    writeMs,
    nextRequestMs,
    ...(watch ? { touched: watch.stop() } : {}),
  };
}
