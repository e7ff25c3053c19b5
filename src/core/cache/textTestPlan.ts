import { whereSql, withSets, type TextTest } from './filterSql';
import { indexedBy, preferredIndex, SCAN_INDEX } from './indexChoice';
import type { CacheFilter, CachePaging } from './querySchema';
import { searchTextSql } from './searchText';
import type { StatementCache } from './statementCache';

/**
 * A page of a text search found by testing the words on each candidate row (`instr` on its folded search text,
 * `order_search`) instead of collecting every full-text match first. Collecting costs about 0.2 µs a match even for
 * a page of 50: "steam" (6,490 matches at 100,000 orders) takes ~1 ms before the first row, "netflix jp" (a trigram
 * match, a pair match and their intersection) ~2.5 ms, and checking them against a status tab more. A test costs
 * ~0.35 µs a row, and common words need few rows for a page: 1 in 15 orders says "steam", so a page is ~800 tests.
 * Rare words are the other way round, so the plan is chosen by the words' estimated matches.
 */

/**
 * Words that at least this share of the orders hold are tested row by row (at most ~limit ÷ share tests a page).
 * With other filters the full-text plan also checks every match against them, so testing wins earlier. Measured at
 * 100,000 orders (interleaved): alone, words in 2–3 % of the orders ("müller", "weekend") are faster through the
 * full-text indexes, in 6.5 % ("netflix jp") 3× faster tested; with a status, 1.9 % ("weekend") is faster through
 * the indexes and 2.5 % ("müller") tested.
 */
export const COMMON_SHARE = { alone: 0.04, withFilters: 0.02 } as const;

/**
 * The thresholds above and the tests' budget below were measured at 100,000 orders. Past that, the full-text plan's
 * cost grows with the matches (each collected, looked up and sorted: ~1.3–1.8 µs a match at 1,000,000 orders) while
 * a tested page's does not (it stops after one page), so the share where the two cost the same falls as 1 / √orders
 * (share² ∝ page ÷ orders) and a tested read may go on longer before the full-text matches are cheaper: both scale
 * by √(orders ÷ 100,000). At 1,000,000 orders: tested from 1.3 % (0.63 % with filters), at most 316 tests per row of
 * the page. Measured there (first page, CPU ms, full-text / tested): "müller" (2.8 %) 36.6 / 3.3, "张伟" (2.8 %)
 * 33.3 / 2.7, "佐藤 美咲" (2.8 %) 49.6 / 2.1; with status 4, "weekend" (2.0 %, only in weekend orders) 32.2 / 6.4.
 */
export function sizeFactor(indexedOrders: number): number {
  return Math.sqrt(Math.max(1, indexedOrders / 100_000));
}

/**
 * The share is estimated on the folded text of the last this many indexed orders (the orders stored last, mostly
 * the newest, which a first page shows): ~0.16 ms, every word tested, whatever the words. Asking the full-text
 * index instead costs ~0.25 ms even for a word found once, and as much again when it then answers the query.
 */
export const SAMPLE_ROWS = 1_000;

/**
 * At most this many filter matches (after the cursor): they are found through the filters' own index, tested and
 * sorted (≤ ~2 ms at 5,000); more are read in sort order, tested, stopping after one page.
 */
export const FEW_FILTER_MATCHES = 5_000;

/**
 * Reading in sort order stops after this many rows tested per row of the page (at 100,000 orders; see sizeFactor):
 * words common in the whole cache can be rare under the filters or among the newest orders (correlated), and then
 * the full-text matches are the cheaper way after all.
 */
export const TESTS_PER_PAGE_ROW = 100;

export interface TestedRow {
  rid: number;
  k: number;
}

/** How the page of a text search is found: by the estimate, or forced; tests also narrow the limits above. */
export interface TextPlan {
  plan: 'auto' | 'full-text' | 'tested';
  fewFilterMatches?: number;
  testsPerPageRow?: number;
}

export const AUTO_TEXT_PLAN: TextPlan = { plan: 'auto' };

/** Which way the page of a text search is found (the full-text matches first, or the words tested row by row). */
export function textPlanFor(
  statements: StatementCache,
  t: TextTest | undefined,
  choice: TextPlan,
): 'full-text' | 'tested' {
  if (!t || choice.plan === 'full-text') return 'full-text';
  return choice.plan === 'tested' || wordsAreCommon(statements, t) ? 'tested' : 'full-text';
}

/** Whether the words are common enough to be tested row by row: their share among the last indexed orders. */
export function wordsAreCommon(statements: StatementCache, t: TextTest): boolean {
  const indexed = statements.get('SELECT indexed_rid FROM fts_state WHERE id = 1').pluck().get() as number;
  const sample = Math.min(indexed, SAMPLE_ROWS);
  if (sample <= 0) return false;
  const share = (t.clauses.length > 0 ? COMMON_SHARE.withFilters : COMMON_SHARE.alone) / sizeFactor(indexed);
  const tests = t.words.map(() => "instr(t.text || char(31) || coalesce(g.text, ''), ?) > 0").join(' AND ');
  const found = statements
    .get(
      `SELECT count(*) FROM order_search t LEFT JOIN text_group g ON g.tgid = t.tgid WHERE t.rid > ? AND t.rid <= ? AND ${tests}`,
    )
    .pluck()
    .get(indexed - sample, indexed, ...t.words) as number;
  return found >= Math.max(1, Math.ceil(sample * share));
}

/**
 * The page (limit + 1 rows, in order) found by testing the words, or undefined when reading in sort order ran
 * out of its budget before the page was full (the caller then collects the full-text matches).
 */
export function testedPage(
  statements: StatementCache,
  q: CacheFilter & CachePaging,
  t: TextTest,
  params: readonly unknown[],
  after: { clause: string; params: unknown[] } | undefined,
  key: string,
  choice: TextPlan,
): TestedRow[] | undefined {
  const desc = q.direction === 'desc';
  const order = desc ? `${key} DESC, rid DESC` : `${key} ASC, rid ASC`;
  const clauses = after ? [...t.clauses, after.clause] : t.clauses;
  const allParams = after ? [...params, ...after.params] : [...params];
  const prefix = withSets(t.sets);
  const fewMatches = choice.fewFilterMatches ?? FEW_FILTER_MATCHES;
  let few = false;
  if (t.clauses.length > 0) {
    const n = statements
      .get(
        `${prefix.sql}SELECT count(*) FROM (SELECT 1 FROM orders${indexedBy(preferredIndex(q))}${whereSql(clauses)} LIMIT ?)`,
      )
      .pluck()
      .get(...prefix.params, ...allParams, fewMatches + 1) as number;
    few = n <= fewMatches;
  }
  const indexed = statements.get('SELECT indexed_rid FROM fts_state WHERE id = 1').pluck().get() as number;
  const perRow = choice.testsPerPageRow ?? Math.round(TESTS_PER_PAGE_ROW * sizeFactor(indexed));
  const budget = few ? -1 : (q.limit + 1) * perRow;
  const from = indexedBy(few ? preferredIndex(q) : SCAN_INDEX[q.sort]);
  const candidates = `SELECT rid, ${key} AS k FROM orders${from}${whereSql(clauses)} ORDER BY ${order} LIMIT ?`;
  // The order's own folded text and its title set's (schema 9; an older row not converted yet has no set and its
  // titles in its own text). Rows not indexed yet have no folded text: it is computed for them, and their set read
  // from the row (the LEFT JOINs keep the candidates' order).
  const own = `coalesce(t.text, (SELECT ${searchTextSql('o')} FROM orders o WHERE o.rid = s.rid))`;
  const set = `coalesce(g.text, (SELECT g2.text FROM orders o JOIN text_group g2 ON g2.tgid = o.text_gid WHERE o.rid = s.rid AND t.rid IS NULL), '')`;
  const text = `${own} || char(31) || ${set}`;
  const tests = t.words.map(() => `instr(${text}, ?) > 0`).join(' AND ');
  const withS = withSets(t.sets, [`s AS (${candidates})`]);
  const rows = statements
    .get(
      `${withS.sql}SELECT s.rid, s.k FROM s LEFT JOIN order_search t ON t.rid = s.rid LEFT JOIN text_group g ON g.tgid = t.tgid WHERE ${tests} LIMIT ?`,
    )
    .all(...withS.params, ...allParams, budget, ...t.words, q.limit + 1) as TestedRow[];
  if (rows.length > q.limit || budget < 0) return rows;
  // A short page is the last one only if every candidate was tested.
  const candidatesLeft = statements
    .get(`${prefix.sql}SELECT count(*) FROM (SELECT 1 FROM orders${from}${whereSql(clauses)} LIMIT ?)`)
    .pluck()
    .get(...prefix.params, ...allParams, budget + 1) as number;
  return candidatesLeft > budget ? undefined : rows;
}
