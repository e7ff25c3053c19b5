import { z } from 'zod';
import { orderListQueryObject } from '../domain/requests';
import { ipcErrorSchema } from './result';
import { selectedOrderIds } from '../domain/orderSelection';

/** Shapes several domains' channels share: an order as it crosses the bridge, and the cache's filters. */

/** An order as the platform sent it (decoded; IDs as strings). The renderer reads the fields it shows. */
export const ipcOrderSchema = z.looseObject({ id: z.string().min(1) });

const statusValues = z.array(z.number().int()).min(1);

/**
 * The offline cache's filters: the order-list filters plus text search and flags. The structure is checked here;
 * the use-case layer checks the rest (search words, date ranges) and answers `invalid-input`.
 */
export const ipcCacheFilterSchema = orderListQueryObject
  .omit({ pageIndex: true, pageSize: true })
  .extend({
    search: z.string().min(1).optional(),
    hasAfterSales: z.boolean().optional(),
    /**
     * Orders whose after-sales request awaits the seller's review by the profile's own status values (Settings →
     * after-sales status values): the host fills them in, so no window or tray repeats the numbers.
     */
    awaitingReview: z.literal(true).optional(),
    hasDispute: z.boolean().optional(),
    deliveryStatus: statusValues.optional(),
    deliveryException: z.boolean().optional(),
    /** Delivery deadline at the host's clock: passed, due soon, or any still open (paid, not delivered). */
    due: z.enum(['overdue', 'soon', 'any']).optional(),
  })
  .strict();

/** The cache's sorts: newest created, newest paid, or by delivery deadline (orders without one last, ascending). */
const cacheSort = z.enum(['created', 'paid', 'due']);

export const ipcCacheQuerySchema = ipcCacheFilterSchema
  .extend({
    sort: cacheSort.optional(),
    direction: z.enum(['desc', 'asc']).optional(),
    limit: z.number().int().min(1).max(1000).optional(),
    cursor: z.string().min(1).optional(),
  })
  .strict();

/**
 * An export's request: the cache's filters and sort (everything that matches: no limit, no cursor) and a format;
 * `ids`: exactly the orders selected in the list (bounded: MAX_SELECTED_ORDERS).
 */
export const ipcExportQuerySchema = ipcCacheFilterSchema
  .extend({
    sort: cacheSort.optional(),
    direction: z.enum(['desc', 'asc']).optional(),
    format: z.enum(['csv', 'jsonl', 'xlsx']),
    ids: selectedOrderIds.optional(),
  })
  .strict();

export { ipcErrorSchema };
