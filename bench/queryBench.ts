/**
 * Cache queries: the page, the exact count and both together for typical filters and text searches, against the
 * same filter answered by the sandbox over HTTP; the attention queue and the per-status counts; and the text
 * search's two plans side by side.
 */
import type { OrderCache } from '../src/core/cache/orderCache';
import { COUNT_CAP } from '../src/core/cache/countMatches';
import { filterSql } from '../src/core/cache/filterSql';
import { runPageQuery } from '../src/core/cache/queryPage';
import { cacheQuerySchema } from '../src/core/cache/querySchema';
import { StatementCache } from '../src/core/cache/statementCache';
import { textPlanFor, type TextPlan } from '../src/core/cache/textTestPlan';
import type { RemoteSandbox } from './sandboxProcess';
import { ms, percentile, time, type Timing } from './stats';
import { client } from './syncRuns';

export interface QueryCase {
  name: string;
  input: Record<string, unknown>;
  /** The same filter as a platform order-list request (absent: the platform has no such filter). */
  platform?: Record<string, unknown>;
}

export function queryCases(cache: OrderCache, now: number): { typical: QueryCase[]; text: QueryCase[] } {
  const sample = cache.query({ limit: 1, sellerOrderStatus: [4] });
  if (!sample.ok || !sample.value.list[0]) throw new Error('empty cache');
  const o = sample.value.list[0];
  const month = {
    createBeginDate: new Date(now - 30 * 86_400_000).toISOString(),
    createEndDate: new Date(now).toISOString(),
  };
  const deep = cache.query({ limit: 1000, sellerOrderStatus: [4] });
  const cursor = deep.ok ? deep.value.nextCursor : undefined;
  const typical: QueryCase[] = [
    { name: 'newest 50, no filter', input: {}, platform: {} },
    { name: 'status in (2,3)', input: { sellerOrderStatus: [2, 3] }, platform: { sellerOrderStatus: [2, 3] } },
    {
      name: 'after-sales awaiting review',
      input: { orderAfterSalesStatus: [1] },
      platform: { orderAfterSalesStatus: [1] },
    },
    { name: 'created in the last 30 days', input: month, platform: month },
    { name: 'one buyer', input: { buyerId: o.buyerId }, platform: { buyerId: o.buyerId } },
    { name: 'order number (exact)', input: { orderNum: o.orderNum }, platform: { orderNum: o.orderNum } },
    {
      name: 'status 4 + last 30 days',
      input: { sellerOrderStatus: [4], ...month },
      platform: { sellerOrderStatus: [4], ...month },
    },
    { name: 'flags: after-sales, delivered', input: { hasAfterSales: true, deliveryStatus: [2, 3] } },
    { name: 'dispute or delivery exception (flag)', input: { hasDispute: true } },
    { name: 'sorted by paid time', input: { sort: 'paid' } },
    { name: 'due: overdue', input: { due: 'overdue' } },
    { name: 'due: soon', input: { due: 'soon' } },
    { name: 'due: any open deadline, soonest first', input: { due: 'any', sort: 'due', direction: 'asc' } },
    { name: 'sorted by due time (no filter)', input: { sort: 'due', direction: 'asc' } },
    { name: 'overdue + status 2', input: { due: 'overdue', sellerOrderStatus: [2] } },
    // A later page: the cursor moves the page, not the count (a count has no cursor: it is every match).
    {
      name: 'status 4, keyset page 21 (after 1,000)',
      input: { sellerOrderStatus: [4], ...(cursor ? { cursor } : {}) },
    },
  ];
  const text: QueryCase[] = [
    { name: 'product title "steam" (filter)', input: { productTitle: 'steam' }, platform: { productTitle: 'steam' } },
    {
      name: 'product title + status',
      input: { productTitle: 'gift card', sellerOrderStatus: [4] },
      platform: { productTitle: 'gift card', sellerOrderStatus: [4] },
    },
    { name: 'search buyer "müller"', input: { search: 'müller' } },
    { name: 'search buyer "佐藤 美咲" (two 2-character words)', input: { search: '佐藤 美咲' } },
    { name: 'search order-number fragment', input: { search: (o.orderNum ?? '').slice(-7) } },
    { name: 'search two words "netflix jp"', input: { search: 'netflix jp' } },
    { name: 'search remark "weekend"', input: { search: 'weekend' } },
    { name: 'search 2-letter word "张伟"', input: { search: '张伟' } },
    {
      name: 'search "steam" + status 4 (a search in a status tab)',
      input: { search: 'steam', sellerOrderStatus: [4] },
    },
    { name: 'search "netflix jp" + last 30 days', input: { search: 'netflix jp', ...month } },
  ];
  return { typical, text };
}

export interface QueryRow {
  size: number;
  kind: 'typical' | 'text';
  name: string;
  /** Every order matching the filters, all pages (the exact count). */
  matches: number;
  /** The page and the exact count together (`query` with its total: `cache query`). */
  pageAndCount: Timing;
  /** The page alone (`queryPage`): what a screen shows first (for a cursor row, the page after the cursor). */
  page: Timing;
  /** The exact count alone (`countMatches`, the filters only: a cursor does not change it). */
  count: Timing;
  http: Timing | undefined;
}

/** A read a screen makes that is neither a page nor a count: one timing, and what it returned. */
export interface SummaryReadRow {
  size: number;
  name: string;
  result: string;
  timing: Timing;
}

/** The filters of a query input (what `countMatches` takes). */
export function filtersOf(input: Record<string, unknown>): Record<string, unknown> {
  const { sort: _s, direction: _d, limit: _l, cursor: _c, withTotal: _w, ...filters } = input;
  return filters;
}

export async function queryRows(
  cache: OrderCache,
  sb: RemoteSandbox,
  size: number,
  iterations: number,
): Promise<QueryRow[]> {
  const { typical, text } = queryCases(cache, Date.now());
  const c = client(sb, 1);
  const rows: QueryRow[] = [];
  for (const [kind, cases] of [
    ['typical', typical],
    ['text', text],
  ] as const) {
    for (const q of cases) {
      const first = cache.query(q.input);
      if (!first.ok) throw new Error(`${q.name}: ${JSON.stringify(first.error)}`);
      const filters = filtersOf(q.input);
      const matches = cache.countMatches(filters);
      if (!matches.ok) throw new Error(`${q.name}: ${JSON.stringify(matches.error)}`);
      if (first.value.total !== matches.value) throw new Error(`${q.name}: total ${first.value.total} ≠ count`);
      const pageAndCount = await time(() => {
        const r = cache.query(q.input);
        if (!r.ok) throw new Error(q.name);
      }, iterations);
      const page = await time(() => {
        const r = cache.queryPage(q.input);
        if (!r.ok) throw new Error(q.name);
      }, iterations);
      const count = await time(() => {
        const r = cache.countMatches(filters);
        if (!r.ok) throw new Error(q.name);
      }, iterations);
      let http: Timing | undefined;
      if (q.platform) {
        http = await time(
          async () => {
            const r = await c.seller.listOrders({ ...q.platform, pageSize: 50 });
            if (!r.ok) throw new Error(`${q.name}: ${JSON.stringify(r.error)}`);
          },
          Math.max(20, Math.floor(iterations / 10)),
          3,
        );
      }
      rows.push({
        size,
        kind,
        name: q.name,
        matches: matches.value,
        pageAndCount,
        page,
        count,
        http,
      });
    }
  }
  return rows;
}

/** The attention queue and the per-status counts: one read each, timed once, with what it returned. */
export async function summaryReadRows(cache: OrderCache, size: number, iterations: number): Promise<SummaryReadRow[]> {
  const queue = cache.attention({ awaitingReview: [1], limit: 50 });
  if (!queue.ok) throw new Error(`attention: ${JSON.stringify(queue.error)}`);
  const attention = await time(() => {
    const r = cache.attention({ awaitingReview: [1], limit: 50 });
    if (!r.ok) throw new Error('attention');
  }, iterations);
  const counted = Object.values(queue.value.counts).reduce((a, b) => a + b, 0);
  // The first answer the screens ask for (`quickCounts`): each count exact up to 10,000, else "10,000+".
  const quickOptions = { awaitingReview: [1], limit: 50, countCap: COUNT_CAP };
  const quick = cache.attention(quickOptions);
  if (!quick.ok) throw new Error(`attention (quick counts): ${JSON.stringify(quick.error)}`);
  const q = quick.value;
  for (const [kind, n] of [...Object.entries(queue.value.counts), ['distinct', queue.value.distinct] as const]) {
    const shown = kind === 'distinct' ? q.distinct : q.counts[kind as keyof typeof q.counts];
    const atLeast = q.atLeast.includes(kind as (typeof q.atLeast)[number]);
    if (atLeast ? !(shown === COUNT_CAP && n > COUNT_CAP) : shown !== n)
      throw new Error(`attention quick count of ${kind}: ${shown}${atLeast ? '+' : ''}, exact ${n}`);
  }
  const attentionQuick = await time(() => {
    const r = cache.attention(quickOptions);
    if (!r.ok) throw new Error('attention (quick counts)');
  }, iterations);
  const quickText = (kind: (typeof q.atLeast)[number], n: number) =>
    `${n.toLocaleString('en')}${q.atLeast.includes(kind) ? '+' : ''}`;
  const counts = cache.counts({});
  if (!counts.ok) throw new Error(`counts: ${JSON.stringify(counts.error)}`);
  const countsTiming = await time(() => {
    const r = cache.counts({});
    if (!r.ok) throw new Error('counts');
  }, iterations);
  const { total, byOrderStatus, byAfterSalesStatus } = counts.value;
  return [
    {
      size,
      name: 'attention queue: 5 kinds counted, ≤ 50 rows each, next due change',
      result: `${counted.toLocaleString('en')} counted, ${queue.value.entries.length} rows`,
      timing: attention,
    },
    {
      size,
      name: 'attention queue, quick counts (`quickCounts`: exact up to 10,000, else "10,000+"), ≤ 50 rows each',
      result: `${Object.entries(q.counts)
        .map(([k, n]) => `${k} ${quickText(k as keyof typeof q.counts, n)}`)
        .join(', ')}; total ${quickText('distinct', q.distinct)}; ${q.entries.length} rows`,
      timing: attentionQuick,
    },
    {
      size,
      name: 'counts per status and after-sales status',
      result: `${byOrderStatus.length} + ${byAfterSalesStatus.length} statuses over ${total.toLocaleString('en')} orders`,
      timing: countsTiming,
    },
  ];
}

export function summaryReadTable(rows: SummaryReadRow[]): string {
  return [
    '| Orders | Read | What it returned | p50 / p95 ms | CPU p50 / p95 ms |',
    '|---:|---|---|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.size.toLocaleString('en')} | ${r.name} | ${r.result} | ${ms(r.timing.p50)} / ${ms(r.timing.p95)} | ${ms(r.timing.cpuP50)} / ${ms(r.timing.cpuP95)} |`,
    ),
  ].join('\n');
}

interface TextPlanRow {
  name: string;
  chosen: 'full-text' | 'tested';
  fullText: { p50: number; p95: number };
  chosenPlan: { p50: number; p95: number };
}

/**
 * The first page of each text search found both ways, interleaved run by run on one connection (so a busy machine
 * disturbs both alike): the full-text plan alone (every match collected first: what every text search did before
 * textTestPlan.ts) and the plan the cache chooses.
 */
export function textPlanSideBySide(cache: OrderCache, iterations: number): TextPlanRow[] {
  const statements = new StatementCache(cache.db);
  const rows: TextPlanRow[] = [];
  for (const q of queryCases(cache, Date.now()).text) {
    if (q.input['search'] === undefined) continue;
    const input = cacheQuerySchema.parse(q.input);
    const run = (plan: TextPlan) => () => {
      const r = runPageQuery(statements, input, undefined, plan);
      if (!r.ok) throw new Error(q.name);
    };
    const ways = [run({ plan: 'full-text' }), run({ plan: 'auto' })] as const;
    const samples: [number[], number[]] = [[], []];
    for (let i = 0; i < iterations + 20; i++) {
      for (const w of i % 2 === 0 ? [0, 1] : [1, 0]) {
        const t = performance.now();
        ways[w]!();
        if (i >= 20) samples[w]!.push(performance.now() - t);
      }
    }
    const stat = (xs: number[]) => {
      xs.sort((a, b) => a - b);
      return { p50: percentile(xs, 50), p95: percentile(xs, 95) };
    };
    rows.push({
      name: q.name,
      chosen: textPlanFor(statements, filterSql(input).textTest, { plan: 'auto' }),
      fullText: stat(samples[0]),
      chosenPlan: stat(samples[1]),
    });
  }
  return rows;
}

export function textPlanTable(rows: TextPlanRow[]): string {
  return [
    '| Query | Plan chosen | Full-text plan (before) p50 / p95 ms | Chosen plan p50 / p95 ms | Before ÷ after (p50) |',
    '|---|---|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| 🔎 ${r.name} | ${r.chosen} | ${ms(r.fullText.p50)} / ${ms(r.fullText.p95)} | ${ms(r.chosenPlan.p50)} / ${ms(r.chosenPlan.p95)} | ${(r.fullText.p50 / r.chosenPlan.p50).toFixed(2)} |`,
    ),
  ].join('\n');
}

export function queryTable(rows: QueryRow[]): string {
  const lines = [
    '| Orders | Query | Matches (all pages) | Page + count p50 / p95 ms | Page p50 / p95 ms | Page CPU p50 / p95 ms | Count p50 / p95 ms | Count CPU p50 / p95 ms | Sandbox HTTP p50 / p95 ms | HTTP ÷ page + count (p50) |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.size.toLocaleString('en')} | ${r.kind === 'text' ? '🔎 ' : ''}${r.name} | ${r.matches.toLocaleString('en')} | ${ms(r.pageAndCount.p50)} / ${ms(r.pageAndCount.p95)} | ${ms(r.page.p50)} / ${ms(r.page.p95)} | ${ms(r.page.cpuP50)} / ${ms(r.page.cpuP95)} | ${ms(r.count.p50)} / ${ms(r.count.p95)} | ${ms(r.count.cpuP50)} / ${ms(r.count.cpuP95)} | ${r.http ? `${ms(r.http.p50)} / ${ms(r.http.p95)}` : '—'} | ${r.http ? `${(r.http.p50 / r.pageAndCount.p50).toFixed(0)}×` : '—'} |`,
    );
  }
  return lines.join('\n');
}
