import {
  cacheSummary,
  cachedOrderDetail,
  countCachedOrders,
  queryCachedPage,
  refreshOrder,
} from '../../../core/app/orders';
import type { Session } from '../../../core/app/session';
import type { Result } from '../../../core/result';
import type { ChangeEvent } from '../../../core/sync/changeEvents';
import type { AppError } from '../../../shared/errors/appError';
import type { IpcImplementations } from '../../../shared/ipc/contract';
import { formatIsoInstant } from '../../../shared/time/isoInstant';
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

export function ordersHandlers(
  app: OrdersApp,
): Pick<
  IpcImplementations,
  'orders:queryPage' | 'orders:count' | 'orders:get' | 'orders:refresh' | 'orders:export' | 'orders:cacheStats'
> {
  const session = () => app.session();
  return {
    'orders:queryPage': (request) =>
      withOpenSession(session, (s) =>
        answer(queryCachedPage(s, request), ({ list, nextCursor, afterSalesStatusUnknown }) => ({
          list,
          nextCursor,
          afterSalesStatusUnknown,
        })),
      ),
    'orders:count': (request) =>
      withOpenSession(session, (s) => answer(countCachedOrders(s, request), (count) => ({ count }))),
    'orders:get': ({ id }) => withOpenSession(session, (s) => answer(cachedOrderDetail(s, id), (order) => ({ order }))),
    'orders:refresh': ({ id }) =>
      withOpenSession(session, async (s) => {
        const r = await refreshOrder(s, id);
        if (r.ok && r.value.events.length > 0) app.onChanges?.(s.profileId, r.value.events);
        return answer(r, ({ order, cached, events }) => ({ order, cached, changes: events.length }));
      }),
    ...ordersExportHandler(app),
    'orders:cacheStats': () =>
      withOpenSession(session, (s) =>
        answer(cacheSummary(s), ({ profileId, stats }) => ({
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
        })),
      ),
  };
}
