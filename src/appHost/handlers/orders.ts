import { attentionQueue, type Attention } from '../../core/app/attention';
import {
  cacheSummary,
  cachedOrderDetail,
  countCachedOrders,
  queryCachedPage,
  refreshOrder,
  type CacheSummary,
  type QueryNotes,
  type RefreshedOrder,
} from '../../core/app/orders';
import type { CachePage } from '../../core/cache/queryPage';
import type { Session } from '../../core/app/session';
import type { Result } from '../../core/result';
import type { ChangeEvent } from '../../core/sync/changeEvents';
import type { Order } from '../../shared/domain/order';
import type { AppError } from '../../shared/errors/appError';
import type { IpcImplementations } from '../../shared/ipc/contract';
import { formatIsoInstant } from '../../shared/time/isoInstant';
import { ordersExportHandler, type ExportDestination } from './ordersExport';
import { answer, withOpenSession } from './useCaseResult';

export interface OrdersApp {
  session(): Result<Session, AppError>;
  /** Change events a refresh revealed (published as `orders:changed`). */
  onChanges?(profileId: string, events: ChangeEvent[]): void;
  /** Where `orders:export` writes (absent: the channel answers that exporting is not available here). */
  exportDestination?: ExportDestination;
  now?(): number;
}

const isoOrNull = (ms: number | undefined) => (ms === undefined ? null : formatIsoInstant(ms));

/** The use cases' values as the channels' data (shared with the host-routed handlers). */
export const ordersData = {
  page: ({ list, nextCursor, afterSalesStatusUnknown }: CachePage & QueryNotes) => ({
    list,
    nextCursor,
    afterSalesStatusUnknown,
  }),
  count: (count: number) => ({ count }),
  order: (order: Order) => ({ order }),
  refreshed: ({ order, cached, events }: RefreshedOrder) => ({ order, cached, changes: events.length }),
  cacheStats: ({ profileId, stats }: CacheSummary) => ({
    profileId,
    file: stats.file,
    bytes: stats.bytes,
    orders: stats.orders,
    withAfterSales: stats.withAfterSales,
    withDispute: stats.withDispute,
    withDeliveryException: stats.withDeliveryException,
    oldestCreateAt: isoOrNull(stats.oldestCreateMs),
    newestCreateAt: isoOrNull(stats.newestCreateMs),
    byOrderStatus: stats.byOrderStatus,
    byAfterSalesStatus: stats.byAfterSalesStatus,
  }),
  attention: ({ asOfMs, counts, rows, nextChangeMs }: Attention) => ({
    asOf: formatIsoInstant(asOfMs),
    counts,
    rows: rows.map(({ sinceMs, dueMs, ...row }) => ({
      ...row,
      since: sinceMs === null ? null : formatIsoInstant(sinceMs),
      dueAt: dueMs === null ? null : formatIsoInstant(dueMs),
    })),
    nextChangeAt: nextChangeMs === null ? null : formatIsoInstant(nextChangeMs),
  }),
};

export function ordersHandlers(
  app: OrdersApp,
): Pick<
  IpcImplementations,
  | 'orders:queryPage'
  | 'orders:count'
  | 'orders:get'
  | 'orders:refresh'
  | 'orders:export'
  | 'orders:cacheStats'
  | 'orders:attention'
> {
  const session = () => app.session();
  return {
    'orders:queryPage': (request) =>
      withOpenSession(session, (s) => answer(queryCachedPage(s, request), ordersData.page)),
    'orders:count': (request) =>
      withOpenSession(session, (s) => answer(countCachedOrders(s, request), ordersData.count)),
    'orders:get': ({ id }) => withOpenSession(session, (s) => answer(cachedOrderDetail(s, id), ordersData.order)),
    'orders:refresh': ({ id }) =>
      withOpenSession(session, async (s) => {
        const r = await refreshOrder(s, id);
        if (r.ok && r.value.events.length > 0) app.onChanges?.(s.profileId, r.value.events);
        return answer(r, ordersData.refreshed);
      }),
    ...ordersExportHandler(app),
    'orders:cacheStats': () => withOpenSession(session, (s) => answer(cacheSummary(s), ordersData.cacheStats)),
    'orders:attention': (request) =>
      withOpenSession(session, (s) =>
        answer(attentionQueue(s, { limitPerKind: request?.limitPerKind }), ordersData.attention),
      ),
  };
}
