/**
 * Insights at scale (`npm run bench -- --only=insights`): a cache filled with the sandbox's demo data (its
 * generator, in process: two years of orders, seven currencies) — then the use case's work after validation
 * (`insightsFromCache`) per request shape: wall and CPU p50/p95.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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
import { option } from './benchRun';
import { incrementalRun, insightsParts, insightsPlans, rangeOf, type PartRow } from './insightsParts';
import { insightsFigures } from '../src/core/insights/insightsFigures';
import { insightsUiBench, insightsUiTable } from './insightsUi';

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
  argv: readonly string[];
  say(s: string): void;
  results: Record<string, unknown>;
}): Promise<void> {
  // --insights-zone=ZONE: the requests' zone (Europe/Berlin).
  const zone = option(run.argv, 'insights-zone') ?? 'Europe/Berlin';
  // --insights-file=FILE: a cache filled by an earlier run (kept there), else filled now (and kept there). A cache
  // of another origin (the scale bench's, no FILE.now beside it) is opened as it is — migrated to the latest schema
  // if older, timed — and its "now" is its latest order's creation.
  const kept = option(run.argv, 'insights-file');
  const file = kept ?? path.join(run.dir, 'insights.sqlite');
  const reuse = kept !== undefined && existsSync(file);
  const foreign = reuse && !existsSync(`${file}.now`);
  const t = performance.now();
  let nowMs = reuse && !foreign ? Number(readFileSync(`${file}.now`, 'utf8')) : Date.now();
  const cache = reuse ? openFilled(file, !foreign) : fillCache(file, run.sizes.big, 5, nowMs);
  if (!reuse && kept) writeFileSync(`${file}.now`, String(nowMs));
  const fillSeconds = (performance.now() - t) / 1000;
  if (foreign) nowMs = cache.db.prepare('SELECT max(create_ms) FROM insight_order').pluck().get() as number;
  const big = reuse ? (cache.db.prepare('SELECT count(*) FROM orders').pluck().get() as number) : run.sizes.big;
  run.say(`## Insights at ${big.toLocaleString('en')} orders (bench/insightsBench.ts)\n`);
  if (foreign)
    run.say(
      `The cache ${path.basename(file)} opened (and migrated, if older) in ${fillSeconds.toFixed(1)} s; "now" is its latest order, ${new Date(nowMs).toISOString()}.\n`,
    );
  let closed = false;
  try {
    const load = [loadavg()[0]!];
    const runs = Number(option(run.argv, 'insights-runs') ?? (run.quick ? 20 : 100));
    // The first request in a zone moves the day columns there (once per zone change): not part of the figures.
    const first = performance.now();
    insightsBench(cache, nowMs, 1, zone);
    const firstRequestMs = performance.now() - first;
    const rows = insightsBench(cache, nowMs, runs, zone);
    run.say(insightsTable(rows));
    run.say('');
    load.push(loadavg()[0]!);
    run.say(
      `${runs} runs each after 3 warm-up runs, zone ${zone}; the cache ${reuse ? `reused from --insights-file${foreign ? ` (opened in ${fillSeconds.toFixed(1)} s)` : ''}` : `filled from the sandbox's generator in ${fillSeconds.toFixed(0)} s`}; the first requests in the zone (the day columns moved from UTC, once) took ${firstRequestMs.toFixed(0)} ms. Load average ${load[0]!.toFixed(1)} at the start, ${load[1]!.toFixed(1)} at the end, on ${availableParallelism()} cores.\n`,
    );

    // Two years by day, part by part, and the reads the aggregates replaced.
    const today = localDayOf(nowMs, zone);
    const twoYears = zonedBuckets(addDays(today, -729), today, 'day', zone);
    const q2 = insightsRequestSchema.parse({
      range: { from: dayText(addDays(today, -729)), to: dayText(today) },
      granularity: 'day',
      timeZone: zone,
    });
    const parts = await insightsParts(cache, twoYears, runs, {
      read: () => {
        const r = cache.insightRows(
          {
            timeZone: zone,
            days: rangeOf(twoYears),
            fromMs: twoYears[0]!.startMs,
            toMs: twoYears.at(-1)!.endMs,
            top: 10,
          },
          (rows) => rows,
        );
        if (!r.ok) throw new Error(JSON.stringify(r.error));
        return r.value;
      },
      assemble: (rows) => insightsFigures(q2, twoYears, rows).buckets.length,
    });
    run.say(`### Two years by day, part by part (${runs} runs each; the old per-order reads beside the new)\n`);
    run.say(partsTable(parts));
    run.say('');
    const plans = insightsPlans(cache, twoYears);
    run.say('Query plans (EXPLAIN QUERY PLAN, two years):\n');
    run.say(plans.map(([name, plan]) => `- \`${name}\`: ${plan.map((p) => `\`${p}\``).join(', ')}`).join('\n'));
    run.say('');

    // A sync's page of changed orders: its write, the next request, the rows written.
    // The next request after the page: the Home sparkline's (30 days by day), which refreshes what the page marked.
    const request = () =>
      void timeQuery(
        cache,
        { range: { from: dayText(addDays(today, -29)), to: dayText(today) }, granularity: 'day', timeZone: zone },
        1,
      );
    const incremental = [0, 1, 2].map((i) =>
      incrementalRun(
        cache,
        { n: 100, added: 10, offset: i, seenAtMs: nowMs + (i + 1) * 1000, watch: i === 2 },
        request,
      ),
    );
    const watched = incremental[2]!;
    run.say(`### After a sync: a page of 100 changed orders (spread over two years) and 10 new ones of known buyers\n`);
    run.say('| Run | Page written ms | Next request (its refresh of the marked buyers + 30 days by day) ms |');
    run.say('|---|---:|---:|');
    incremental.forEach((r, i) =>
      run.say(
        `| ${i + 1}${r.touched ? ' (rows counted: TEMP triggers, slower)' : ''} | ${r.writeMs.toFixed(1)} | ${r.nextRequestMs.toFixed(1)} |`,
      ),
    );
    run.say('');
    const total = (table: string) => cache.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
    run.say('| Table | Rows written | Keys touched | Rows in the table |');
    run.say('|---|---:|---:|---:|');
    for (const [table, v] of Object.entries(watched.touched!))
      run.say(`| ${table} | ${v.writes} | ${v.keys.length} | ${total(table).toLocaleString('en')} |`);
    run.say('');
    load.push(loadavg()[0]!);

    // The screen in Chromium (needs `npm run build`; --insights-ui=no leaves it out).
    let ui: Awaited<ReturnType<typeof insightsUiBench>> | undefined;
    if (option(run.argv, 'insights-ui') !== 'no') {
      cache.close();
      closed = true;
      ui = await insightsUiBench(process.cwd(), run.sizes.big, run.quick ? 3 : 10);
      run.say(
        `### The Insights screen in Chromium over the browser host (bench/insightsUi.ts), ${big.toLocaleString('en')} orders\n`,
      );
      run.say(insightsUiTable(ui.rows));
      run.say('');
      load.push(loadavg()[0]!);
      run.say(
        `The sandbox's data set (seed 1, two years) synced by \`ui --sandbox\` before serving (${(ui.firstSyncMs / 1000).toFixed(0)} s); each trial reloads the page on Home, then sets the address (from that moment, in the page). Load average ${load.at(-1)!.toFixed(1)} at the end.\n`,
      );
    }
    run.results.insights = {
      orders: big,
      fillSeconds,
      firstRequestMs,
      rows,
      parts,
      plans,
      incremental: incremental.map((r) => ({
        ...r,
        touched:
          r.touched &&
          Object.fromEntries(Object.entries(r.touched).map(([k, v]) => [k, { writes: v.writes, keys: v.keys.length }])),
      })),
      loadAverage: load,
      ui,
    };
  } finally {
    if (!closed) cache.close();
  }
}

function openFilled(file: string, ours: boolean): OrderCache {
  const r = openOrderCache(
    ours ? { file, identity: { baseUrl: 'http://127.0.0.1:1', merchantId: 'bench' } } : { file },
  );
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

export function partsTable(rows: readonly PartRow[]): string {
  return [
    '| Part | Rows read | Wall p50 / p95 ms | **CPU p50 / p95 ms** |',
    '|---|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.part} | ${r.rows.toLocaleString('en')} | ${r.timing.p50.toFixed(2)} / ${r.timing.p95.toFixed(2)} | **${r.timing.cpuP50.toFixed(2)} / ${r.timing.cpuP95.toFixed(2)}** |`,
    ),
  ].join('\n');
}
