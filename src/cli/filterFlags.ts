import type { Command } from 'commander';
import { CliInputError } from './io';
import { defined, parseIntegerList } from './options';

/** Filter flags several commands share; commands import them from here, never from each other. */

/** The order-list filters, as flags (`orders list`, `cache query`, `cache export`). */
export interface OrderFilterFlags {
  id?: string;
  orderNum?: string;
  buyerId?: string;
  title?: string;
  status?: string;
  afterSalesStatus?: string;
  createdFrom?: string;
  createdTo?: string;
  updatedFrom?: string;
  updatedTo?: string;
}

/** The order-list filters. */
export function addOrderFilterOptions(cmd: Command): Command {
  return cmd
    .option('--id <ID>', 'order ID (exact)')
    .option('--order-num <S>', 'order number')
    .option('--buyer-id <ID>', 'buyer ID (exact)')
    .option('--title <S>', 'product title (fuzzy)')
    .option('--status <N,N>', 'seller order status values')
    .option('--after-sales-status <N,N>', 'after-sales status values')
    .option('--created-from <T>', 'created at or after (ISO 8601)')
    .option('--created-to <T>', 'created at or before (ISO 8601)')
    .option('--updated-from <T>', 'updated at or after (ISO 8601)')
    .option('--updated-to <T>', 'updated at or before (ISO 8601)');
}

export function orderFilterInput(f: OrderFilterFlags) {
  return defined({
    id: f.id,
    orderNum: f.orderNum,
    buyerId: f.buyerId,
    productTitle: f.title,
    sellerOrderStatus: parseIntegerList('--status', f.status),
    orderAfterSalesStatus: parseIntegerList('--after-sales-status', f.afterSalesStatus),
    createBeginDate: f.createdFrom,
    createEndDate: f.createdTo,
    updateBeginDate: f.updatedFrom,
    updateEndDate: f.updatedTo,
  });
}

/** The flags `cache query` and `cache export` share: the order-list filters, search, flags and sort. */
export interface CacheFilterFlags extends OrderFilterFlags {
  search?: string;
  sort?: string;
  asc?: boolean;
  afterSales?: boolean;
  dispute?: boolean;
  deliveryStatus?: string;
  deliveryException?: boolean;
  due?: string;
}

/** Flags with a --no- form: giving both is a contradiction, not last-wins (see refuseBothForms). */
export const CACHE_FLAG_PAIRS = ['after-sales', 'dispute', 'delivery-exception'] as const;

export function addCacheFilterOptions(cmd: Command): Command {
  return addOrderFilterOptions(cmd)
    .option(
      '--search <TEXT>',
      'words that must all occur in order number, buyer name, product titles, SKU attributes or remark (at most 32)',
    )
    .option(
      '--sort <created|paid|due>',
      'sort by creation or payment time (default created), newest first; or by delivery deadline, soonest first',
    )
    .option('--asc', 'oldest first')
    .option('--after-sales', 'only orders with after-sales')
    .option('--no-after-sales', 'only orders without after-sales')
    .option('--dispute', 'only orders with a dispute')
    .option('--no-dispute', 'only orders without a dispute')
    .option('--delivery-status <N,N>', 'delivery status values: 0 Pending, 1 Shipped, 2 Buyer signed, 3 Auto signed')
    .option('--delivery-exception', 'only orders with a delivery exception')
    .option('--no-delivery-exception', 'only orders without a delivery exception')
    .option(
      '--due <overdue|soon|any>',
      'delivery deadline now: passed (overdue), due soon, or any still open (paid, not delivered)',
    )
    .addHelpText(
      'after',
      '\n--updated-from/--updated-to match the time the cache saw each order change (the platform does not send update times).',
    );
}

/** The core's query input from the flags (validated by the core's schema). */
export function cacheFilterInput(f: CacheFilterFlags) {
  if (f.sort !== undefined && f.sort !== 'created' && f.sort !== 'paid' && f.sort !== 'due')
    throw new CliInputError(`--sort must be created, paid or due, got "${f.sort}"`);
  if (f.due !== undefined && f.due !== 'overdue' && f.due !== 'soon' && f.due !== 'any')
    throw new CliInputError(`--due must be overdue, soon or any, got "${f.due}"`);
  // By due time the soonest deadline comes first (orders without one last): ascending is the order a merchant works in.
  return defined({
    ...orderFilterInput(f),
    search: f.search,
    sort: f.sort,
    direction: f.asc || f.sort === 'due' ? 'asc' : undefined,
    hasAfterSales: f.afterSales,
    hasDispute: f.dispute,
    deliveryStatus: parseIntegerList('--delivery-status', f.deliveryStatus),
    deliveryException: f.deliveryException,
    due: f.due,
  });
}
