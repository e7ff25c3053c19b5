/**
 * Insights at scale (`npm run bench -- --only=insights`): a cache filled with the sandbox's demo data (its
 * generator, in process: two years of orders, seven currencies) — then the use case's work after validation
 * (`insightsFromCache`) per request shape: wall and CPU p50/p95.
 */
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { openOrderCache } from '../src/core/cache/openCache';
import type { OrderCache } from '../src/core/cache/orderCache';
import { insightsFromCache } from '../src/core/app/insights';
import { addDays, dayText, localDayOf, zonedBuckets, type Granularity } from '../src/core/insights/zonedBuckets';
import { insightsRequestSchema } from '../src/shared/ipc/insights';
import { decodeOrder } from '../src/shared/domain/orderDecoding';
import type { Order } from '../src/shared/domain/order';
import { OrderStore } from '../src/sandbox/orderStore';
import { percentile } from './stats';

export interface InsightsBenchRow {
  name: string;
  buckets: number;
  p50: number;
  p95: number;
  max: number;
  /** CPU time of this process per run: the request's own cost, not inflated by neighbours on a shared machine. */
  cpuP50: number;
  cpuP95: number;
}

/** Orders of the demo generator, decoded as the client reads them off the wire, in pages of 100. */
export function* demoPages(orders: number, seed: number, generatedAtMs: number): Generator<Order[]> {
  const store = new OrderStore({ seed, orders, generatedAtMs, now: () => generatedAtMs });
  const ids = store.ids();
  for (let i = 0; i < ids.length; i += 100) {
    const page: Order[] = [];
    for (const id of ids.slice(i, i + 100)) {
      const d = decodeOrder(JSON.parse(JSON.stringify(store.get(id)!.order)));
      if (d.ok) page.push(d.value);
    }
    yield page;
  }
}

export function fillCache(file: string, orders: number, seed: number, nowMs: number): OrderCache {
  const r = openOrderCache({ file, identity: { baseUrl: 'http://127.0.0.1:1', merchantId: 'bench' } });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  const cache = r.value;
  cache.deferIndexes();
  for (const page of demoPages(orders, seed, nowMs)) {
    const w = cache.applyPage(page, { seenAtMs: nowMs, baseline: false });
    if (!w.ok) throw new Error(JSON.stringify(w.error));
  }
  cache.restoreIndexes();
  cache.db.exec('ANALYZE');
  return cache;
}

function timeQuery(
  cache: OrderCache,
  input: unknown,
  runs: number,
): { timings: number[]; cpu: number[]; buckets: number } {
  const q = insightsRequestSchema.parse(input);
  const timings: number[] = [];
  const cpu: number[] = [];
  let buckets = 0;
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    // What getInsights does after validation: the buckets, the rows in one transaction, the figures.
    const [from, to] = [parseDayStrict(q.range.from), parseDayStrict(q.range.to)];
    const b = zonedBuckets(from, to, q.granularity, q.timeZone);
    const r = insightsFromCache(cache, q, b);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    timings.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
    buckets = b.length;
  }
  return { timings, cpu, buckets };
}

function parseDayStrict(s: string) {
  const [y, m, d] = s.split('-').map(Number);
  return { y: y!, m: m!, d: d! };
}

export function insightsBench(cache: OrderCache, nowMs: number, runs: number, timeZone: string): InsightsBenchRow[] {
  const today = localDayOf(nowMs, timeZone);
  const range = (days: number) => ({ from: dayText(addDays(today, -(days - 1))), to: dayText(today) });
  const shapes: Array<[string, number, Granularity, string?]> = [
    ['today (Home)', 1, 'day'],
    ['30 days by day (Home sparkline)', 30, 'day'],
    ['7 days by day', 7, 'day'],
    ['90 days by day', 90, 'day'],
    ['12 months by month', 365, 'month'],
    ['2 years by day (730 buckets)', 730, 'day'],
    ['2 years by week', 730, 'week'],
    ['2 years by day, one currency (EUR)', 730, 'day', 'EUR'],
  ];
  const rows: InsightsBenchRow[] = [];
  for (const [name, days, granularity, currency] of shapes) {
    const input = { range: range(days), granularity, timeZone, ...(currency ? { currency } : {}) };
    timeQuery(cache, input, 3); // warm-up
    const { timings, cpu, buckets } = timeQuery(cache, input, runs);
    timings.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    rows.push({
      name,
      buckets,
      p50: percentile(timings, 50),
      p95: percentile(timings, 95),
      max: timings[timings.length - 1]!,
      cpuP50: percentile(cpu, 50),
      cpuP95: percentile(cpu, 95),
    });
  }
  return rows;
}

export function insightsTable(rows: readonly InsightsBenchRow[]): string {
  return [
    '| Request | Buckets | Wall p50 / p95 ms | Wall max ms | **CPU p50 / p95 ms** |',
    '|---|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.buckets} | ${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | **${r.cpuP50.toFixed(1)} / ${r.cpuP95.toFixed(1)}** |`,
    ),
  ].join('\n');
}

/** The Insights part of `npm run bench` (--only=insights): every request shape at the big size over two years. */
export async function insightsSection(run: {
  quick: boolean;
  dir: string;
  sizes: { big: number };
  say(s: string): void;
  results: Record<string, unknown>;
}): Promise<void> {
  const big = run.sizes.big;
  run.say(`## Insights at ${big.toLocaleString('en')} orders over two years (bench/insightsBench.ts)\n`);
  const nowMs = Date.now();
  const t = performance.now();
  const cache = fillCache(path.join(run.dir, 'insights.sqlite'), big, 5, nowMs);
  const fillSeconds = (performance.now() - t) / 1000;
  try {
    const runs = run.quick ? 20 : 100;
    const rows = insightsBench(cache, nowMs, runs, 'Europe/Berlin');
    run.say(insightsTable(rows));
    run.say('');
    run.say(
      `${runs} runs each after 3 warm-up runs, zone Europe/Berlin; the cache filled from the sandbox's generator in ${fillSeconds.toFixed(0)} s. Machine load average at the end: ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores.\n`,
    );
    run.results.insights = { orders: big, fillSeconds, rows, loadAverage: loadavg()[0] };
  } finally {
    cache.close();
  }
}
