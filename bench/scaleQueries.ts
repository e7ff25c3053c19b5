/**
 * `--only=scale --scale-queries` (issue 26): every read of section 1 (queryBench.ts's typical and text cases) at the
 * scale bench's size, as the Orders screen asks them, plus the first page of each word the Chromium bench types, the
 * attention queue and the per-status counts. Per case: the first page cold (the decoded JSON the connection keeps
 * dropped before each run, so all 50 orders are inflated), the quick count (`orders:countQuick`: exact up to 10,000,
 * else "10,000+") and the exact count (`orders:count`, fewer runs: it reads every match). No HTTP comparison (the
 * sandbox is not running when a kept file is measured).
 */
import type { OrderCache } from '../src/core/cache/orderCache';
import { filtersOf, queryCases, summaryReadRows, type SummaryReadRow } from './queryBench';
import { ms, time, type Timing } from './stats';
import { SEARCH_WORDS } from './uiOrders';

export interface ScaleReadRow {
  kind: 'typical' | 'text';
  name: string;
  /** Every match (the exact count). */
  matches: number;
  /** What the quick count answered: the number, or "10,000+". */
  quickAnswer: string;
  page: Timing;
  quickCount: Timing;
  exactCount: Timing;
}

/** The goals of issue 26 a row is judged by: first page ≤ 5 ms p95 (a text search ≤ 10), a count ≤ 50 ms p95. */
export function pageGoalMs(row: Pick<ScaleReadRow, 'kind'>): number {
  return row.kind === 'text' ? 10 : 5;
}

export async function scaleQueryRows(
  cache: OrderCache,
  size: number,
  iterations: number,
  exactIterations: number,
): Promise<{ rows: ScaleReadRow[]; summary: SummaryReadRow[] }> {
  const { typical, text } = queryCases(cache, Date.now());
  const words = SEARCH_WORDS.map((w) => ({ name: `Chromium bench's word "${w}"`, input: { search: w } }));
  const rows: ScaleReadRow[] = [];
  for (const [kind, cases] of [
    ['typical', typical],
    ['text', [...text, ...words]],
  ] as const) {
    for (const q of cases) {
      const filters = filtersOf(q.input);
      const exact = cache.countMatches(filters);
      if (!exact.ok) throw new Error(`${q.name}: ${JSON.stringify(exact.error)}`);
      const quick = cache.countUpTo(filters);
      if (!quick.ok) throw new Error(`${q.name}: ${JSON.stringify(quick.error)}`);
      if (!quick.value.atLeast && quick.value.count !== exact.value)
        throw new Error(`${q.name}: quick count ${quick.value.count} ≠ exact ${exact.value}`);
      const page = await time(() => {
        cache.forgetDecodedJson();
        const r = cache.queryPage({ limit: 50, ...q.input });
        if (!r.ok) throw new Error(q.name);
      }, iterations);
      const quickCount = await time(() => {
        const r = cache.countUpTo(filters);
        if (!r.ok) throw new Error(q.name);
      }, iterations);
      const exactCount = await time(
        () => {
          const r = cache.countMatches(filters);
          if (!r.ok) throw new Error(q.name);
        },
        exactIterations,
        3,
      );
      rows.push({
        kind,
        name: q.name,
        matches: exact.value,
        quickAnswer: quick.value.atLeast
          ? `${quick.value.count.toLocaleString('en')}+`
          : quick.value.count.toLocaleString('en'),
        page,
        quickCount,
        exactCount,
      });
    }
  }
  return { rows, summary: await summaryReadRows(cache, size, iterations) };
}

export function scaleQueryTable(rows: ScaleReadRow[]): string {
  const over = (v: number, goal: number) => (v > goal ? `**${ms(v)}** (over)` : ms(v));
  return [
    '| Query | Matches | First page, cold: p50 / p95 ms (CPU p95) | Quick count: answer, p50 / p95 ms | Exact count p50 / p95 ms |',
    '|---|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.kind === 'text' ? '🔎 ' : ''}${r.name} | ${r.matches.toLocaleString('en')} | ${ms(r.page.p50)} / ${over(r.page.p95, pageGoalMs(r))} (${ms(r.page.cpuP95)}) | ${r.quickAnswer}: ${ms(r.quickCount.p50)} / ${over(r.quickCount.p95, 50)} | ${ms(r.exactCount.p50)} / ${over(r.exactCount.p95, 50)} |`,
    ),
  ].join('\n');
}
