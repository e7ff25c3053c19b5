import type { FilterSql } from './filterSql';
import type { CacheFilter, CachePaging } from './querySchema';

/**
 * Which index a query reads through. SQLite runs without statistics (ANALYZE would have to be kept current during
 * every sync), so for some shapes it would pick a worse index than these rules.
 */

/** The covering sort indexes (created, paid): a query matching many orders reads one of them in order. */
export const SCAN_INDEX = { created: 'orders_scan_created', paid: 'orders_scan_paid', due: 'orders_by_due' } as const;

/** The deadline index: the due filters' ranges and the due sort (see migrations V3). */
export const DUE_INDEX = 'orders_by_due';

/** The index a text search with other filters checks its matches through (every filter column, keyed by rid). */
export const TEXT_FILTER_INDEX = 'orders_filters_by_rid';

/**
 * The index to find a query's matches through when SQLite might pick a worse one: a set flag's partial index
 * (only the flagged orders), or the title groups. Unique lookups (id, order number, buyer) are left to SQLite.
 */
export function preferredIndex(q: CacheFilter): string | undefined {
  if (q.id !== undefined || q.orderNum !== undefined || q.buyerId !== undefined) return undefined;
  // Due soon is a window of at most `capMinutes`: narrower than any flag.
  if (q.due === 'soon') return DUE_INDEX;
  if (q.hasDispute === true) return 'orders_with_dispute';
  if (q.deliveryException === true) return 'orders_with_exception';
  if (q.hasAfterSales === true) return 'orders_with_after_sales';
  if (q.productTitle !== undefined) return 'orders_by_title_group';
  if (q.due !== undefined) return DUE_INDEX;
  return undefined;
}

/** The index that finds (and counts) the matches of the filters, if a hint is needed. */
export function matchIndex(q: CacheFilter, f: FilterSql): string | undefined {
  if (!f.text) return preferredIndex(q);
  // A text match is checked against the other filters through the narrow rid index, unless a clause reads text.
  return f.readsText ? undefined : TEXT_FILTER_INDEX;
}

/** ' INDEXED BY name', or '' to let SQLite choose. */
export function indexedBy(index: string | undefined): string {
  return index ? ` INDEXED BY ${index}` : '';
}

/** The sort column of a sort. */
export const SORT_COLUMN: Record<CachePaging['sort'], string> = { created: 'create_ms', paid: 'pay_ms', due: 'due_ms' };
