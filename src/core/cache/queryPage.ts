import { learnedAtMs, withLearned } from './afterSalesLearning';
import { DamagedOrderError } from './orderDocs';
import type { Order } from '../../shared/domain/order';
import { ok, type Result } from '../result';
import { filterSql, whereSql, withSets } from './filterSql';
import { indexedBy, matchIndex, SCAN_INDEX, SORT_COLUMN } from './indexChoice';
import { encodeCursor, readCursor, type CursorMismatch } from './queryCursor';
import type { CacheFilter, CachePaging } from './querySchema';
import type { StatementCache } from './statementCache';
import { AUTO_TEXT_PLAN, testedPage, textPlanFor, type TextPlan } from './textTestPlan';

export interface CachePage {
  list: Order[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/**
 * Above this many matches (after the cursor), a page is read in sort order through the covering sort index,
 * stopping after one page; at or below it, the matches are found through the filters' own index and sorted.
 */
export const ORDERED_SCAN_THRESHOLD = 1_000;

/**
 * The same for a text search: each match counted costs a seek in the rid index (not an index-only step), so fewer
 * are counted; the walk this allows is still bounded (about limit × rows ÷ 250 entries of the sort index).
 * Measured at 100,000 orders: "steam" + status 4 and "netflix jp" + last 30 days 10–15 % faster than with 1,000,
 * a rare word + status unchanged.
 */
export const TEXT_SCAN_THRESHOLD = 250;

interface PageRow {
  rid: number;
  k: number;
}

/**
 * One page of a validated query, without counting every match: one statement. First a count of the matches capped
 * at `threshold + 1` (so it stops early) picks the plan:
 * - many matches: the covering sort index is read in order from the cursor, each entry checked against the filters
 *   (and, for a text search, probed against the materialised matches), stopping after one page — at most about
 *   `limit × rows ÷ threshold` entries;
 * - few: the matches are found through the filters' index and sorted.
 * The other arm gets LIMIT 0 and reads nothing. The expensive sets (full-text matches, matching title groups) are
 * materialised once for the whole statement.
 */
export function runPageQuery(
  statements: StatementCache,
  q: CacheFilter & CachePaging,
  /** ORDERED_SCAN_THRESHOLD or TEXT_SCAN_THRESHOLD; tests force either plan with 0 or Infinity. */
  threshold?: number,
  /** How a text search's page is found (textTestPlan.ts); tests force either way. */
  textPlan: TextPlan = AUTO_TEXT_PLAN,
): Result<CachePage, CursorMismatch> {
  const page = pageRows(statements, q, threshold, textPlan);
  if (!page.ok) return page;
  const json = storedJson(statements);
  const learned = learnedReader(statements);
  return ok({
    list: page.value.rows.map((r) => learned(JSON.parse(json(r)) as Order, r.rid)),
    nextCursor: page.value.nextCursor,
  });
}

/** A page as the stored JSON text of each order, for writers that pass it on unchanged (no parse, no stringify). */
export function runPageQueryJson(
  statements: StatementCache,
  q: CacheFilter & CachePaging,
): Result<{ list: string[]; nextCursor: string | null }, CursorMismatch> {
  const page = pageRows(statements, q);
  if (!page.ok) return page;
  return ok({ list: page.value.rows.map(storedJson(statements)), nextCursor: page.value.nextCursor });
}

/** The rids and sort keys of a page, in order, and the cursor after it. */
function pageRows(
  statements: StatementCache,
  q: CacheFilter & CachePaging,
  forcedThreshold?: number,
  textPlan: TextPlan = AUTO_TEXT_PLAN,
): Result<{ rows: PageRow[]; nextCursor: string | null }, CursorMismatch> {
  const cursor = readCursor(q);
  if (!cursor.ok) return cursor;
  const f = filterSql(q);
  const threshold = forcedThreshold ?? (f.text ? TEXT_SCAN_THRESHOLD : ORDERED_SCAN_THRESHOLD);
  const key = SORT_COLUMN[q.sort];
  const desc = q.direction === 'desc';
  const order = desc ? `${key} DESC, rid DESC` : `${key} ASC, rid ASC`;
  const after = cursor.value
    ? { clause: `(${key}, rid) ${desc ? '<' : '>'} (?, ?)`, params: [cursor.value.key, cursor.value.rid] }
    : undefined;
  // Common words are tested row by row, stopping after one page; rare ones are looked up in the full-text indexes.
  if (f.textTest && textPlanFor(statements, f.textTest, textPlan) === 'tested') {
    const tested = testedPage(statements, q, f.textTest, f.params, after, key, textPlan);
    if (tested) return ok(pageOf(tested, q));
  }
  const clauses = after ? [...f.clauses, after.clause] : f.clauses;
  const params = after ? [...f.params, ...after.params] : f.params;
  const found = indexedBy(matchIndex(q, f));
  const cap = Number.isFinite(threshold) ? threshold + 1 : -1; // LIMIT -1: no limit
  const arm = (from: string) => `SELECT rid, ${key} AS k FROM orders${from}${whereSql(clauses)} ORDER BY ${order}`;
  const scanArm = arm(indexedBy(SCAN_INDEX[q.sort]));
  let ctes: string[];
  let cteParams: unknown[];
  let sortArm: string;
  let sortParams: unknown[];
  if (f.textOnly && !cursor.value) {
    // A text search alone counts its matches as they are (no row read: cheaper than even a capped count).
    ctes = ['c AS MATERIALIZED (SELECT count(*) AS n FROM m)'];
    cteParams = [];
    sortArm = arm(found);
    sortParams = params;
  } else if (!f.text) {
    // Counting through a covering index is a step per match: the few matches are found again by the sort arm
    // (cheaper than keeping up to `cap` rows for it).
    ctes = [`c AS MATERIALIZED (SELECT count(*) AS n FROM (SELECT 1 FROM orders${found}${whereSql(clauses)} LIMIT ?))`];
    cteParams = [...params, cap];
    sortArm = arm(found);
    sortParams = params;
  } else {
    // Each text match counted costs a seek: the first `cap` matches are kept with their sort keys, once. Their
    // number picks the plan, and when they are all the matches (few), the page is sorted from them.
    ctes = [
      `h AS MATERIALIZED (SELECT rid, ${key} AS k FROM orders${found}${whereSql(clauses)} LIMIT ?)`,
      'c AS MATERIALIZED (SELECT count(*) AS n FROM h)',
    ];
    cteParams = [...params, cap];
    sortArm = `SELECT rid, k FROM h ORDER BY ${desc ? 'k DESC, rid DESC' : 'k ASC, rid ASC'}`;
    sortParams = [];
  }
  const prefix = withSets(f.sets, ctes);
  const rows = statements
    .get(
      `${prefix.sql}
       SELECT rid, k FROM (${scanArm} LIMIT CASE WHEN (SELECT n FROM c) > ? THEN ? ELSE 0 END)
       UNION ALL
       SELECT rid, k FROM (${sortArm} LIMIT CASE WHEN (SELECT n FROM c) > ? THEN 0 ELSE ? END)`,
    )
    .all(
      ...prefix.params,
      ...cteParams,
      ...params,
      threshold,
      q.limit + 1,
      ...sortParams,
      threshold,
      q.limit + 1,
    ) as PageRow[];
  return ok(pageOf(rows, q));
}

/** Up to limit + 1 rows, each plan's in order, as a page and the cursor after it. */
function pageOf(rows: PageRow[], q: CachePaging): { rows: PageRow[]; nextCursor: string | null } {
  // Each arm is in order and only one returns rows; sorting the page again costs nothing and relies on nothing.
  const sign = q.direction === 'desc' ? -1 : 1;
  rows.sort((x, y) => sign * (x.k - y.k || x.rid - y.rid));
  const more = rows.length > q.limit;
  if (more) rows.length = q.limit;
  const last = rows[rows.length - 1];
  return {
    rows,
    nextCursor:
      more && last ? encodeCursor({ sort: q.sort, direction: q.direction, key: last.k, rid: last.rid }) : null,
  };
}

/** Adds what the filter taught the cache of an order's after-sales status (afterSalesLearning.ts). */
export function learnedReader(statements: StatementCache): (order: Order, rid: number) => Order {
  const at = learnedAtMs(statements);
  const status = statements.get('SELECT after_sales_status FROM orders WHERE rid = ?').pluck();
  return (order, rid) => withLearned(order, (status.get(rid) as number | null | undefined) ?? null, at);
}

/** Reads an order's stored JSON text by rid. */
function storedJson(statements: StatementCache): (row: PageRow) => string {
  const docs = statements.docs;
  return (row) => {
    const json = docs.json(row.rid);
    if (json === undefined) throw new DamagedOrderError(row.rid, 'no stored JSON');
    return json;
  };
}
