import { z } from 'zod';
import { checkDateRanges, orderListQueryObject } from '../../shared/domain/requests';
import type { DueSoonRule } from '../due/deadlineRules';
import { searchTerms } from './ftsQuery';
import { selectedOrderIds } from '../../shared/domain/orderSelection';

/**
 * Most words (or "quoted phrases") one search may hold. Each word adds a clause to the statement, and SQLite
 * refuses an expression deeper than 1,000 ("Expression tree is too large"); 32 is far more than anyone types.
 */
export const MAX_SEARCH_WORDS = 32;

/** The `due` filter's values. */
export const DUE_FILTERS = ['overdue', 'soon', 'any'] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];

const statusValues = (what: string) =>
  z.array(z.number().int(`${what} values must be whole numbers`)).min(1, `${what} needs at least one value`);

/** The filters of a cache query: what selects orders, without sort, paging or counting. */
export const cacheFilterObject = orderListQueryObject.omit({ pageIndex: true, pageSize: true }).extend({
  /** Words that must all occur in order number, buyer name, product titles, SKU attributes or remark. */
  search: z
    .string()
    .trim()
    .min(1, 'search text must not be blank')
    .superRefine((s, ctx) => {
      const words = searchTerms(s).length;
      if (words > MAX_SEARCH_WORDS)
        ctx.addIssue({
          code: 'custom',
          message: `search text has ${words} words; at most ${MAX_SEARCH_WORDS} are allowed (narrow it with filters instead)`,
        });
    })
    .optional(),
  hasAfterSales: z.boolean().optional(),
  hasDispute: z.boolean().optional(),
  /** orderDeliveryStatus values: 0 Pending, 1 Shipped, 2 Buyer signed, 3 Auto signed. */
  deliveryStatus: statusValues('delivery status').optional(),
  /** true: only orders with deliveryType 2 (Delivery exception); false: only without. */
  deliveryException: z.boolean().optional(),
  /**
   * Delivery deadline (src/core/due), at the cache's clock: `overdue` (the deadline has passed), `soon` (due soon:
   * within the due-soon window before it), `any` (every order with a deadline still open: paid, not delivered).
   */
  due: z.enum(DUE_FILTERS).optional(),
  /** Exactly these orders (a selection in the list), at most MAX_SELECTED_ORDERS; the other filters still apply. */
  ids: selectedOrderIds.optional(),
});

export const CACHE_SORTS = ['created', 'paid', 'due'] as const;

/** Sort order and keyset paging of a cache query. */
const pagingShape = {
  /** `due`: by delivery deadline (orders without one last when ascending). */
  sort: z.enum(CACHE_SORTS).default('created'),
  direction: z.enum(['desc', 'asc']).default('desc'),
  limit: z
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 to 1000')
    .max(1000, 'limit must be 1 to 1000')
    .default(50),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().min(1).optional(),
};

/**
 * A query of the local cache: every filter of the platform's order list (same names, same validation) plus
 * full-text search, flags, sort and keyset paging.
 * - `updateBeginDate`/`updateEndDate` match the update time the cache knows (see docs/PERFORMANCE.md), not
 *   the platform's hidden one.
 * - `orderNum` and `buyerId`/`id` are exact; `productTitle` is a case-insensitive substring, like the platform.
 * - `withTotal` (default true) asks `OrderCache.query` for the exact count too; `queryPage` never counts, and
 *   `countMatches` counts alone (a screen shows the rows first, then the count).
 */
export const cacheQuerySchema = cacheFilterObject
  .extend({ ...pagingShape, withTotal: z.boolean().default(true) })
  .strict()
  .superRefine(checkDateRanges);
export type CacheQueryInput = z.input<typeof cacheQuerySchema>;
export type CacheQuery = z.output<typeof cacheQuerySchema> & { dueClock?: DueClock };

/** Only the filters (for counting and export). Sort, limit and cursor are refused here: they would mean nothing. */
export const cacheFilterSchema = cacheFilterObject.strict().superRefine(checkDateRanges);
export type CacheFilterInput = z.input<typeof cacheFilterSchema>;
/**
 * Validated filters. `dueClock` is never input: the cache adds it (its clock and due-soon rule) to a query that
 * filters by `due`, so one statement sees one instant.
 */
export type CacheFilter = z.output<typeof cacheFilterSchema> & { dueClock?: DueClock };

/** The instant a `due` filter is evaluated at, and the due-soon window. */
export interface DueClock {
  nowMs: number;
  soon: DueSoonRule;
}

/** The sort and paging part of a query. */
export type CachePaging = Pick<CacheQuery, 'sort' | 'direction' | 'limit' | 'cursor'>;

/** One line for a person from a schema's issues: each issue with the field it concerns. */
export function issuesText(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  return issues
    .map((i) => (i.path.length > 0 ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}
