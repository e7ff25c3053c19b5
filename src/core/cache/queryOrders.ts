import type Database from 'better-sqlite3';
import { z } from 'zod';
import type { Order } from '../../shared/domain/order';
import { checkDateRanges, orderListQueryObject } from '../../shared/domain/requests';
import { buildTextSearch, FTS_COLUMNS, type TextSearch } from './ftsQuery';
import { parseIsoInstant } from '../../shared/time/isoInstant';

const statusValues = (what: string) =>
  z.array(z.number().int(`${what} values must be whole numbers`)).min(1, `${what} needs at least one value`);

/**
 * A query of the local cache: every filter of the platform's order list (same names, same validation) plus
 * full-text search, flags, sort and keyset paging.
 * - `updateBeginDate`/`updateEndDate` match the update time the cache knows (see docs/PERFORMANCE.md), not
 *   the platform's hidden one.
 * - `orderNum` and `buyerId`/`id` are exact; `productTitle` is a case-insensitive substring, like the platform.
 */
export const cacheQuerySchema = orderListQueryObject
  .omit({ pageIndex: true, pageSize: true })
  .extend({
    /** Words that must all occur in order number, buyer name, product titles, SKU attributes or remark. */
    search: z.string().trim().min(1, 'search text must not be blank').optional(),
    hasAfterSales: z.boolean().optional(),
    hasDispute: z.boolean().optional(),
    /** orderDeliveryStatus values: 0 Pending, 1 Shipped, 2 Buyer signed, 3 Auto signed. */
    deliveryStatus: statusValues('delivery status').optional(),
    /** true: only orders with deliveryType 2 (Delivery exception); false: only without. */
    deliveryException: z.boolean().optional(),
    sort: z.enum(['created', 'paid']).default('created'),
    direction: z.enum(['desc', 'asc']).default('desc'),
    limit: z
      .number()
      .int('limit must be a whole number')
      .min(1, 'limit must be 1 to 1000')
      .max(1000, 'limit must be 1 to 1000')
      .default(50),
    /** The `nextCursor` of the previous page. */
    cursor: z.string().min(1).optional(),
    /** Count every match (default true); false saves the count on deep paging. */
    withTotal: z.boolean().default(true),
  })
  .strict()
  .superRefine(checkDateRanges);
export type CacheQueryInput = z.input<typeof cacheQuerySchema>;
export type CacheQuery = z.output<typeof cacheQuerySchema>;

export interface CacheQueryResult {
  /** Every match (undefined when withTotal was false). */
  total: number | undefined;
  list: Order[];
  /** Pass as `cursor` for the next page; absent on the last page. */
  nextCursor?: string;
}

export interface StatusCount {
  status: number | null;
  count: number;
}

export interface CacheCounts {
  total: number;
  byOrderStatus: StatusCount[];
  byAfterSalesStatus: StatusCount[];
}

interface Where {
  clauses: string[];
  params: unknown[];
  /** A full-text clause is among them. */
  text?: boolean;
  /** A clause reads a text column (LIKE on short words): no index covers the filters. */
  readsText?: boolean;
  /** The full-text clause's rowid set (`SELECT … rowid …`) and its parameters, also part of `clauses`. */
  textSet?: { sql: string; params: unknown[]; clause: number; param: number };
  /** Position of the product-title clause (one parameter) in `clauses`/`params`. */
  titleAt?: { clause: number; param: number };
}

const SORT_COLUMN = { created: 'create_ms', paid: 'pay_ms' } as const;
const LIKE_COLUMNS: readonly string[] = FTS_COLUMNS;

function inList(column: string, values: readonly number[], where: Where): void {
  where.clauses.push(`${column} IN (${values.map(() => '?').join(', ')})`);
  where.params.push(...values);
}

function range(column: string, from: string | undefined, to: string | undefined, where: Where): void {
  // The schema has validated both as ISO dates already.
  if (from !== undefined) {
    where.clauses.push(`${column} >= ?`);
    where.params.push(parseIsoInstant(from));
  }
  if (to !== undefined) {
    where.clauses.push(`${column} <= ?`);
    where.params.push(parseIsoInstant(to));
  }
}

/** A literal 0/1, not a parameter: SQLite uses a partial index (WHERE flag = 1) only for a literal term. */
function flag(column: string, value: boolean | undefined, where: Where): void {
  if (value === undefined) return;
  where.clauses.push(`${column} = ${value ? 1 : 0}`);
}

function likeAny(columns: readonly string[], pattern: string, where: Where): void {
  where.clauses.push(`(${columns.map((c) => `${c} LIKE ? ESCAPE '\\'`).join(' OR ')})`);
  where.params.push(...columns.map(() => pattern));
}

/** The WHERE clauses of a query's filters (not its cursor). */
export function filterClauses(q: Omit<CacheQuery, 'sort' | 'direction' | 'limit' | 'cursor' | 'withTotal'>): Where {
  const where: Where = { clauses: [], params: [] };
  if (q.id !== undefined) {
    where.clauses.push('id = ?');
    where.params.push(q.id);
  }
  if (q.orderNum !== undefined) {
    where.clauses.push('order_num = ?');
    where.params.push(q.orderNum);
  }
  if (q.buyerId !== undefined) {
    where.clauses.push('buyer_id = ?');
    where.params.push(q.buyerId);
  }
  if (q.sellerOrderStatus) inList('order_status', q.sellerOrderStatus, where);
  if (q.orderAfterSalesStatus) inList('after_sales_status', q.orderAfterSalesStatus, where);
  if (q.deliveryStatus) inList('delivery_status', q.deliveryStatus, where);
  range('create_ms', q.createBeginDate, q.createEndDate, where);
  range('changed_ms', q.updateBeginDate, q.updateEndDate, where);
  flag('has_after_sales', q.hasAfterSales, where);
  flag('has_dispute', q.hasDispute, where);
  flag('delivery_exception', q.deliveryException, where);

  const searches: TextSearch[] = [];
  if (q.search !== undefined) searches.push(buildTextSearch(q.search));
  if (q.productTitle !== undefined) {
    // As on the platform: a case-insensitive substring of the product titles, found among the distinct title sets.
    where.titleAt = { clause: where.clauses.length, param: where.params.length };
    where.clauses.push('title_gid IN (SELECT gid FROM title_group WHERE instr(titles, ?) > 0)');
    where.params.push(q.productTitle.toLowerCase());
  }
  const join = (parts: Array<string | undefined>) =>
    parts
      .filter((m): m is string => m !== undefined)
      .map((m) => `(${m})`)
      .join(' AND ');
  const trigram = join(searches.map((s) => s.trigramMatch));
  const grams = join(searches.map((s) => s.gramMatch));
  if (trigram || grams) {
    // The matching rowids: indexed rows through the indexes (rows <= indexed_rid are in both), plus rows not indexed
    // yet (a sync is running) matched with LIKE on the same words. One rowid list lets SQLite drive from it.
    const sources: string[] = [];
    const params: unknown[] = [];
    if (trigram) {
      sources.push('SELECT rowid FROM orders_fts WHERE orders_fts MATCH ?');
      params.push(trigram);
    }
    if (grams) {
      sources.push('SELECT rowid FROM orders_grams WHERE orders_grams MATCH ?');
      params.push(grams);
    }
    const pending: Where = { clauses: ['rid > (SELECT indexed_rid FROM fts_state WHERE id = 1)'], params: [] };
    for (const s of searches)
      for (const term of s.pendingTerms) {
        const columns = s.column ? [s.column] : LIKE_COLUMNS;
        pending.clauses.push(`(${columns.map((c) => `instr(md_fold(${c}), ?) > 0`).join(' OR ')})`);
        pending.params.push(...columns.map(() => term));
      }
    const setSql = `${sources.join(' INTERSECT ')} UNION ALL SELECT rid FROM orders WHERE ${pending.clauses.join(' AND ')}`;
    where.textSet = {
      sql: setSql,
      params: [...params, ...pending.params],
      clause: where.clauses.length,
      param: where.params.length,
    };
    where.clauses.push(`rid IN (${setSql})`);
    where.params.push(...params, ...pending.params);
    where.text = true;
  }
  for (const s of searches)
    for (const p of s.likePatterns) {
      likeAny(s.column ? [s.column] : LIKE_COLUMNS, p, where);
      where.readsText = true;
    }
  return where;
}

interface CursorState {
  sort: CacheQuery['sort'];
  direction: CacheQuery['direction'];
  key: number;
  rid: number;
}

export function encodeCursor(c: CursorState): string {
  return Buffer.from(JSON.stringify([c.sort, c.direction, c.key, c.rid])).toString('base64url');
}

export function decodeCursor(text: string): CursorState | undefined {
  try {
    const v = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(v) || v.length !== 4) return undefined;
    const [sort, direction, key, rid] = v as unknown[];
    if ((sort !== 'created' && sort !== 'paid') || (direction !== 'desc' && direction !== 'asc')) return undefined;
    if (!Number.isSafeInteger(key) || !Number.isSafeInteger(rid)) return undefined;
    return { sort, direction, key: key as number, rid: rid as number };
  } catch {
    return undefined;
  }
}

export class CursorMismatchError extends Error {}

/** Statements by SQL text: queries repeat, and preparing costs more than running a small one. */
export class StatementCache {
  private readonly map = new Map<string, Database.Statement>();
  constructor(
    private readonly db: Database.Database,
    private readonly max = 64,
  ) {}
  get(sql: string): Database.Statement {
    let stmt = this.map.get(sql);
    if (stmt) {
      this.map.delete(sql);
    } else {
      stmt = this.db.prepare(sql);
      if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value!);
    }
    this.map.set(sql, stmt);
    return stmt;
  }
}

/**
 * Above this many matches, a page is read in sort order through the covering sort index (stopping after one
 * page); at or below it, the matches are found through the filters' own indexes and sorted.
 */
export const ORDERED_SCAN_THRESHOLD = 1_000;

const SCAN_INDEX = { created: 'orders_scan_created', paid: 'orders_scan_paid' } as const;

/**
 * The index to read a query's matches through when SQLite, without statistics, might pick a worse one: a set
 * flag's partial index (only the flagged orders), or the title groups. Unique lookups (id, order number, buyer)
 * are left to SQLite.
 */
export function preferredIndex(q: CacheQuery): string | undefined {
  if (q.id !== undefined || q.orderNum !== undefined || q.buyerId !== undefined) return undefined;
  if (q.hasDispute === true) return 'orders_with_dispute';
  if (q.deliveryException === true) return 'orders_with_exception';
  if (q.hasAfterSales === true) return 'orders_with_after_sales';
  if (q.productTitle !== undefined) return 'orders_by_title_group';
  return undefined;
}

/** The index a text search with other filters checks its matches through (every filter column, keyed by rid). */
export const TEXT_FILTER_INDEX = 'orders_filters_by_rid';

/** The index hint for a query's WHERE clauses, if any. */
function indexHint(q: CacheQuery, where: Where): string | undefined {
  if (!where.text) return preferredIndex(q);
  return where.readsText ? undefined : TEXT_FILTER_INDEX;
}

/** Runs a validated query. Throws CursorMismatchError for a cursor of another sort; SQLite errors pass through. */
export function runCacheQuery(
  statements: StatementCache,
  q: CacheQuery,
  /** ORDERED_SCAN_THRESHOLD; tests force either plan with 0 or Infinity. */
  threshold = ORDERED_SCAN_THRESHOLD,
): CacheQueryResult {
  const where = filterClauses(q);
  const key = SORT_COLUMN[q.sort];
  const desc = q.direction === 'desc';
  const whereSql = (w: Where) => (w.clauses.length > 0 ? ` WHERE ${w.clauses.join(' AND ')}` : '');
  let cursor: { sql: string; params: unknown[] } | undefined;
  if (q.cursor !== undefined) {
    const c = decodeCursor(q.cursor);
    if (!c || c.sort !== q.sort || c.direction !== q.direction)
      throw new CursorMismatchError('the cursor belongs to another query (sort or direction differs)');
    cursor = { sql: `(${key}, rid) ${desc ? '<' : '>'} (?, ?)`, params: [c.key, c.rid] };
  }
  const order = desc ? `${key} DESC, rid DESC` : `${key} ASC, rid ASC`;
  const hint = indexHint(q, where);
  const indexed = hint ? ` INDEXED BY ${hint}` : '';
  const count = () =>
    statements
      .get(`SELECT count(*) FROM orders${indexed}${whereSql(where)}`)
      .pluck()
      .get(...where.params) as number;
  let rows: Array<{ rid: number; k: number }> = [];
  let total: number | undefined;
  const set = where.textSet;
  let handled = false;
  /**
   * One statement for a text search or a product-title filter, so the expensive part (the full-text match, the
   * title-set scan) runs once. Its count `c` picks the plan: above the threshold the page is read in sort order
   * through the covering sort index (`scanFrom`), each entry probed against the matches, stopping after one page
   * (no row lookup per match); at or below it, the few matches are found (`sortFrom`) and sorted. The other arm
   * gets LIMIT 0 and reads nothing.
   */
  const planned = (withSql: string, prefix: unknown[], scanFrom: string, sortFrom: string, pageParams: unknown[]) => {
    const n = '(SELECT n FROM c)';
    const found = statements
      .get(
        `${withSql}
         SELECT ${n} AS total, rid, k FROM (SELECT rid, ${key} AS k FROM ${scanFrom} ORDER BY ${order}
           LIMIT CASE WHEN ${n} > ? THEN ? ELSE 0 END)
         UNION ALL
         SELECT ${n} AS total, rid, k FROM (SELECT rid, ${key} AS k FROM ${sortFrom} ORDER BY ${order}
           LIMIT CASE WHEN ${n} > ? THEN 0 ELSE ? END)`,
      )
      .all(...prefix, ...pageParams, threshold, q.limit + 1, ...pageParams, threshold, q.limit + 1) as Array<{
      total: number;
      rid: number;
      k: number;
    }>;
    // Each arm is in order and only one returns rows; sorting the page again costs nothing and relies on nothing.
    const sign = desc ? -1 : 1;
    rows = found.sort((x, y) => sign * (x.k - y.k || x.rid - y.rid));
    total = q.withTotal ? (found[0]?.total ?? (cursor ? count() : 0)) : undefined;
    handled = true;
  };
  const pageSql = (clauses: string[]) => [...clauses, ...(cursor ? [cursor.sql] : [])].join(' AND ');
  if (set && where.clauses.length === 1) {
    // Text search alone: the count comes from the full-text indexes, no row read. (With other filters, the plan
    // below checks each match through the narrow rid index: measured faster than this walk for those.)
    const page = pageSql(['rid IN m']);
    planned(
      `WITH m AS MATERIALIZED (${set.sql}), c AS MATERIALIZED (SELECT count(*) AS n FROM m)`,
      set.params,
      `orders INDEXED BY ${SCAN_INDEX[q.sort]} WHERE ${page}`,
      `orders WHERE ${page}`,
      cursor?.params ?? [],
    );
  } else if (where.titleAt && hint === 'orders_by_title_group') {
    // Product-title filter: the matching title sets are found once, for the count (through the title-group
    // index, which covers the other filter columns) and the page.
    const at = where.titleAt;
    const clauses = where.clauses.map((c, i) => (i === at.clause ? 'title_gid IN g' : c));
    const params = where.params.filter((_, i) => i !== at.param);
    planned(
      `WITH g AS MATERIALIZED (SELECT gid FROM title_group WHERE instr(titles, ?) > 0),
       c AS MATERIALIZED (SELECT count(*) AS n FROM orders INDEXED BY ${hint} WHERE ${clauses.join(' AND ')})`,
      [where.params[at.param], ...params],
      `orders INDEXED BY ${SCAN_INDEX[q.sort]} WHERE ${pageSql(clauses)}`,
      `orders INDEXED BY ${hint} WHERE ${pageSql(clauses)}`,
      [...params, ...(cursor?.params ?? [])],
    );
  }
  if (handled) {
    // rows and total are set above.
  } else if (where.text) {
    // Text search with other filters: the full-text match runs once; each match is checked against the filters
    // through the narrow rid index (no order row read); the hits give both the count and the page.
    const hits = `WITH hits AS MATERIALIZED (SELECT rid, ${key} AS k FROM orders${indexed}${whereSql(where)})`;
    const page = `FROM hits${cursor ? ` WHERE (k, rid) ${desc ? '<' : '>'} (?, ?)` : ''} ORDER BY ${order.replaceAll(key, 'k')} LIMIT ?`;
    const found = statements
      .get(`${hits} SELECT ${q.withTotal ? '(SELECT count(*) FROM hits)' : 'NULL'} AS total, rid, k ${page}`)
      .all(...where.params, ...(cursor?.params ?? []), q.limit + 1) as Array<{
      total: number | null;
      rid: number;
      k: number;
    }>;
    rows = found;
    total = q.withTotal ? (found[0]?.total ?? (cursor ? count() : 0)) : undefined;
  } else {
    total = q.withTotal ? count() : undefined;
    const pageWhere: Where = {
      clauses: [...where.clauses, ...(cursor ? [cursor.sql] : [])],
      params: [...where.params, ...(cursor?.params ?? [])],
    };
    // Many matches: read in sort order through the covering sort index and stop after a page.
    const scan = total !== undefined && total > threshold ? ` INDEXED BY ${SCAN_INDEX[q.sort]}` : indexed;
    rows = statements
      .get(`SELECT rid, ${key} AS k FROM orders${scan}${whereSql(pageWhere)} ORDER BY ${order} LIMIT ?`)
      .all(...pageWhere.params, q.limit + 1) as Array<{ rid: number; k: number }>;
  }
  const more = rows.length > q.limit;
  if (more) rows.pop();
  const json = statements.get('SELECT json FROM order_json WHERE rid = ?').pluck();
  const last = rows[rows.length - 1];
  return {
    total,
    list: rows.map((r) => JSON.parse(json.get(r.rid) as string) as Order),
    ...(more && last
      ? { nextCursor: encodeCursor({ sort: q.sort, direction: q.direction, key: last.k, rid: last.rid }) }
      : {}),
  };
}

/** Counts of the query's matches: in all, per order status and per after-sales status. */
export function runCacheCounts(statements: StatementCache, q: CacheQuery): CacheCounts {
  const where = filterClauses(q);
  if (where.clauses.length === 0) {
    // No filter: the counts the triggers keep.
    const rows = statements
      .get('SELECT dim, value, count FROM order_counts WHERE count > 0 ORDER BY dim, CAST(value AS INTEGER)')
      .all() as Array<{
      dim: string;
      value: string;
      count: number;
    }>;
    const of = (dim: string) =>
      rows
        .filter((r) => r.dim === dim)
        .map((r) => ({ status: r.value === '' ? null : Number(r.value), count: r.count }));
    const byOrderStatus = of('order_status');
    const nulls = (list: StatusCount[]) => [
      ...list.filter((c) => c.status === null),
      ...list.filter((c) => c.status !== null),
    ];
    return {
      total: byOrderStatus.reduce((n, s) => n + s.count, 0),
      byOrderStatus: nulls(byOrderStatus),
      byAfterSalesStatus: nulls(of('after_sales_status')),
    };
  }
  const hint = indexHint(q, where);
  const whereSql = `${hint ? ` INDEXED BY ${hint}` : ''} WHERE ${where.clauses.join(' AND ')}`;
  const group = (column: string) =>
    statements
      .get(`SELECT ${column} AS status, count(*) AS count FROM orders${whereSql} GROUP BY ${column} ORDER BY ${column}`)
      .all(...where.params) as StatusCount[];
  const byOrderStatus = group('order_status');
  return {
    total: byOrderStatus.reduce((n, s) => n + s.count, 0),
    byOrderStatus,
    byAfterSalesStatus: group('after_sales_status'),
  };
}
