import { filterSql, whereSql, withSets, type FilterSql } from './filterSql';
import { buildTextSearch } from './ftsQuery';
import { indexedBy, matchIndex, TEXT_FILTER_INDEX } from './indexChoice';
import type { CacheFilter } from './querySchema';
import type { StatementCache } from './statementCache';
import { setsOfWordSql } from './textMatches';

export interface StatusCount {
  status: number | null;
  count: number;
}

export interface CacheCounts {
  total: number;
  byOrderStatus: StatusCount[];
  byAfterSalesStatus: StatusCount[];
}

/**
 * The exact number of orders matching the filters. A text search alone counts its matches in the full-text
 * indexes without reading a row; anything else counts through the index that finds the matches, which covers
 * every filter column.
 */
export function countMatches(statements: StatementCache, q: CacheFilter): number {
  const f = filterSql(q);
  if (f.clauses.length === 0) return unfilteredTotal(statements);
  if (f.textOnly) {
    const prefix = withSets(f.sets);
    return statements
      .get(`${prefix.sql}SELECT count(*) FROM m`)
      .pluck()
      .get(...prefix.params) as number;
  }
  const prefix = withSets(f.sets);
  return statements
    .get(`${prefix.sql}SELECT count(*) FROM orders${indexedBy(matchIndex(q, f))}${whereSql(f.clauses)}`)
    .pluck()
    .get(...prefix.params, ...f.params) as number;
}

/**
 * Where a quick count stops (issue 26): at a million orders an exact count scans its whole index or every full-text
 * match (35–60 ms, over 100 ms for a search with a status), but counting the first 10,001 matches takes ~1 ms
 * through an index and ~3–17 ms through the full-text index. The Orders screen shows "10,000+" from it, then the
 * exact number from a second call.
 */
export const COUNT_CAP = 10_000;

/** The number of matches, or `atLeast`: more than `count` match (count = the cap) and the exact number is unknown. */
export interface CappedCount {
  count: number;
  atLeast: boolean;
}

/**
 * Full-text matches a quick count reads at most, per match it may count: the words tested on each (the other
 * words, the other filters) may reject most of them, and reading every match of a common word is what the quick
 * count avoids. Past this the exact count answers.
 */
export const DRIVING_ROWS_PER_MATCH = 4;

/**
 * The matches counted up to `cap`: exact when at most `cap` match, else `{ count: cap, atLeast: true }`. Filters
 * without a text search count the first `cap + 1` matches through the index that finds them. A text search counts
 * the matches of its first full-text word as the index yields them (no set collected: FTS5 reads its lists
 * lazily), the other words tested on the order's folded text and the other filters through the narrow rid index.
 * That probe only ever finds true matches (a subset of what the exact count counts: rows not yet indexed during a
 * sync are left out), so it is used only to say "more than `cap`"; below the cap the exact count answers.
 */
export function countUpTo(statements: StatementCache, q: CacheFilter, cap: number = COUNT_CAP): CappedCount {
  const f = filterSql(q);
  if (f.clauses.length === 0) return capped(unfilteredTotal(statements), cap);
  if (!f.text) {
    const prefix = withSets(f.sets);
    const n = statements
      .get(
        `${prefix.sql}SELECT count(*) FROM (SELECT 1 FROM orders${indexedBy(matchIndex(q, f))}${whereSql(f.clauses)} LIMIT ?)`,
      )
      .pluck()
      .get(...prefix.params, ...f.params, cap + 1) as number;
    return capped(n, cap);
  }
  const bySets = titleSetProbe(statements, q, f, cap);
  if (bySets !== undefined && bySets > cap) return { count: cap, atLeast: true };
  const byOwnText = ownTextProbe(statements, q, f, cap);
  if (byOwnText !== undefined && byOwnText > cap) return { count: cap, atLeast: true };
  const probe = textProbe(statements, q, f, cap);
  if (probe !== undefined && probe > cap) return { count: cap, atLeast: true };
  return capped(countMatches(statements, q), cap);
}

function capped(n: number, cap: number): CappedCount {
  return n > cap ? { count: cap, atLeast: true } : { count: n, atLeast: false };
}

/**
 * Schema 9 (textMatches.ts): the orders whose title set holds every word — catalogue words, the common search — read
 * lazily through `orders_by_text_group`, the other filters tested on each row, at most `cap + 1`. Only true matches
 * (orders matched through their own text are left out), so, like the probe below, it can only say "more than".
 */
export function titleSetProbe(
  statements: StatementCache,
  q: CacheFilter,
  f: FilterSql,
  cap: number,
): number | undefined {
  const t = f.textTest;
  if (q.search === undefined || !t) return undefined;
  const s = buildTextSearch(q.search);
  if (s.words.length === 0) return undefined;
  const words = s.words.map(setsOfWordSql);
  const sets = words.map((w) => w.sql).join(' INTERSECT ');
  const prefix = withSets(t.sets);
  return statements
    .get(
      `${prefix.sql}SELECT count(*) FROM (SELECT 1 FROM orders INDEXED BY orders_by_text_group${whereSql([`text_gid IN (${sets})`, ...t.clauses])} LIMIT ?)`,
    )
    .pluck()
    .get(...prefix.params, ...words.flatMap((w) => w.params), ...f.params, cap + 1) as number;
}

/**
 * Schema 9+: the orders matched through their own documents (buyer names, order numbers, remarks: "müller", 28,040
 * orders of 1,000,000), read lazily from the first word's candidates (schema 10's trigram table keeps no positions:
 * a candidate is only a candidate), every word tested on the order's folded own text and its set's, the other filters
 * through the narrow rid index; at most `cap + 1`. Only true matches (orders of an older file not converted yet are
 * left out): used only to say "more than". Without it such a word was counted exactly (62 ms at a million).
 */
export function ownTextProbe(
  statements: StatementCache,
  q: CacheFilter,
  f: FilterSql,
  cap: number,
): number | undefined {
  const t = f.textTest;
  if (q.search === undefined || !t) return undefined;
  const first = buildTextSearch(q.search).words[0];
  if (!first) return undefined;
  const table = first.index === 'trigram' ? 'order_own_fts' : 'order_own_grams';
  const tests = t.words.map(() => "instr(ts.text || char(31) || coalesce(tg.text, ''), ?) > 0").join(' AND ');
  const conditions = [
    `EXISTS (SELECT 1 FROM order_search ts LEFT JOIN text_group tg ON tg.tgid = ts.tgid WHERE ts.rid = src.r AND ${tests})`,
    ...t.clauses,
  ];
  const join =
    t.clauses.length > 0 ? ` JOIN orders${f.readsText ? '' : indexedBy(TEXT_FILTER_INDEX)} ON orders.rid = src.r` : '';
  const prefix = withSets(t.sets);
  return statements
    .get(
      `${prefix.sql}SELECT count(*) FROM (SELECT 1 FROM (SELECT rowid AS r FROM ${table} WHERE ${table} MATCH ? LIMIT ?) AS src${join}${whereSql(conditions)} LIMIT ?)`,
    )
    .pluck()
    .get(
      ...prefix.params,
      first.candidates,
      (cap + 1) * DRIVING_ROWS_PER_MATCH,
      ...t.words,
      ...f.params,
      cap + 1,
    ) as number;
}

/** Matches of a text search found lazily, at most `cap + 1`; undefined when the search has no shape for it. */
function textProbe(statements: StatementCache, q: CacheFilter, f: FilterSql, cap: number): number | undefined {
  const t = f.textTest;
  if (q.search === undefined || !t) return undefined;
  const s = buildTextSearch(q.search);
  const drive = s.trigramMatch
    ? { table: 'orders_fts', match: s.trigramMatch }
    : s.gramMatch
      ? { table: 'orders_grams', match: s.gramMatch }
      : undefined;
  if (!drive) return undefined;
  // The trigram words are in the driving match; the character-pair words (if the trigram index drives) are tested.
  const tested = s.trigramMatch && s.gramMatch ? t.words.filter((w) => [...w].length < 3) : [];
  const conditions = [
    ...(tested.length > 0
      ? [`(SELECT ${tested.map(() => 'instr(text, ?) > 0').join(' AND ')} FROM order_search WHERE rid = src.r)`]
      : []),
    ...t.clauses,
  ];
  // Other filters read the order's row through the narrow rid index (every filter column), unless one reads text.
  const join =
    t.clauses.length > 0 ? ` JOIN orders${f.readsText ? '' : indexedBy(TEXT_FILTER_INDEX)} ON orders.rid = src.r` : '';
  const prefix = withSets(t.sets);
  return statements
    .get(
      `${prefix.sql}SELECT count(*) FROM (SELECT 1 FROM (SELECT rowid AS r FROM ${drive.table} WHERE ${drive.table} MATCH ? LIMIT ?) AS src${join}${whereSql(conditions)} LIMIT ?)`,
    )
    .pluck()
    .get(...prefix.params, drive.match, (cap + 1) * DRIVING_ROWS_PER_MATCH, ...tested, ...f.params, cap + 1) as number;
}

/** The number of cached orders: the counts the triggers keep, no row read. */
function unfilteredTotal(statements: StatementCache): number {
  return statements
    .get("SELECT coalesce(sum(count), 0) FROM order_counts WHERE dim = 'order_status'")
    .pluck()
    .get() as number;
}

/** Counts of the filters' matches: in all, per order status and per after-sales status. */
export function countByStatus(statements: StatementCache, q: CacheFilter): CacheCounts {
  const f = filterSql(q);
  if (f.clauses.length === 0) return unfilteredCounts(statements);
  const prefix = withSets(f.sets);
  const from = `orders${indexedBy(matchIndex(q, f))}${whereSql(f.clauses)}`;
  const group = (column: string) =>
    statements
      .get(
        `${prefix.sql}SELECT ${column} AS status, count(*) AS count FROM ${from} GROUP BY ${column} ORDER BY ${column}`,
      )
      .all(...prefix.params, ...f.params) as StatusCount[];
  const byOrderStatus = group('order_status');
  return {
    total: byOrderStatus.reduce((n, s) => n + s.count, 0),
    byOrderStatus,
    byAfterSalesStatus: group('after_sales_status'),
  };
}

/** No filter: the counts the triggers keep (no status first, then by status). */
function unfilteredCounts(statements: StatementCache): CacheCounts {
  const rows = statements
    .get('SELECT dim, value, count FROM order_counts WHERE count > 0 ORDER BY dim, CAST(value AS INTEGER)')
    .all() as Array<{ dim: string; value: string; count: number }>;
  const of = (dim: string) => {
    const list = rows
      .filter((r) => r.dim === dim)
      .map((r) => ({ status: r.value === '' ? null : Number(r.value), count: r.count }));
    return [...list.filter((c) => c.status === null), ...list.filter((c) => c.status !== null)];
  };
  const byOrderStatus = of('order_status');
  return {
    total: byOrderStatus.reduce((n, s) => n + s.count, 0),
    byOrderStatus,
    byAfterSalesStatus: of('after_sales_status'),
  };
}
