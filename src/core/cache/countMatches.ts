import { filterSql, whereSql, withSets } from './filterSql';
import { indexedBy, matchIndex } from './indexChoice';
import type { CacheFilter } from './querySchema';
import type { StatementCache } from './statementCache';

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
