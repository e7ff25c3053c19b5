import type { DecisionOutcome } from '../../core/app/afterSales';
import type { RefreshedOrder } from '../../core/app/orders';
import type { SyncState } from '../../core/app/sync';
import { observedSummary } from '../../core/api/sellerApi';
import type { CoreHost } from '../../core/host/coreHost';
import type { HostError } from '../../core/host/hostErrors';
import type { OperationError } from '../../core/host/operations';
import type { ExportFormat, ExportSummary } from '../../core/cache/exportOrders';
import type { Result } from '../../core/result';
import type { AppError } from '../../shared/errors/appError';
import { errorResult, ipcErrorKinds, type IpcError, type IpcErrorKind, type IpcResult } from '../../shared/ipc/result';
import { decisionData } from './afterSales';
import { buyersData, copyLink, openLink, type LinkShell } from './buyers';
import { ordersData } from './orders';
import { EXPORT_UNAVAILABLE, exportFileName } from './ordersExport';
import { syncData } from './sync';
import type { useCaseHandlers } from './useCases';
import { ipcErrorOf } from './useCaseResult';

/** What the platform domains need when the use cases run in the core host. */
export interface HostRoutedApp extends LinkShell {
  /** The core host serving the active profile's session, or why there is none. */
  host(): Result<CoreHost, AppError>;
  /** Where an export goes: the system's save dialog (the path never comes from the renderer). */
  chooseExportFile?(suggestedName: string, format: ExportFormat): Promise<string | null>;
}

/** Host failures that are not IPC kinds of their own: the host is gone for now, or a bug on its side. */
const HOST_KIND_AS_IPC: Readonly<Record<string, IpcErrorKind>> = {
  'host-failed': 'unavailable',
  'host-stopped': 'unavailable',
  aborted: 'unavailable',
  'unknown-operation': 'internal',
  'host-internal': 'internal',
};

const isIpcKind = (kind: string): kind is IpcErrorKind => (ipcErrorKinds as readonly string[]).includes(kind);

/**
 * A host call's error as it crosses the bridge. The use cases' AppErrors keep their kind and fields; the host's
 * own failures keep theirs where the contract has one (`host-restarted`, `outcome-unknown`) and otherwise become
 * `unavailable` / `internal` with the host's kind as the code. Fields the contract does not carry are dropped.
 */
export function ipcErrorOfHost(error: OperationError | HostError): IpcError {
  const { kind, message } = error;
  const mapped = isIpcKind(kind) ? kind : (HOST_KIND_AS_IPC[kind] ?? 'internal');
  const detail = error as Partial<Pick<IpcError, 'code' | 'action' | 'issues' | 'found'>>;
  const code = mapped === kind ? detail.code : kind;
  return errorResult(mapped, message, {
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof detail.action === 'string' ? { action: detail.action } : {}),
    ...(detail.issues ? { issues: detail.issues } : {}),
    ...(detail.found ? { found: detail.found } : {}),
  }).error;
}

/** The supervisor's own `outcome-unknown` (the host died mid-call), as opposed to the use case's (with `found`). */
function isHostOutcomeUnknown(error: OperationError | HostError): boolean {
  return error.kind === 'outcome-unknown' && 'recheck' in error && error.recheck === true;
}

/** Re-fetches the order from the platform (refreshing the cache) after a decision with an unknown outcome. */
async function recheck(host: CoreHost, orderId: string): Promise<NonNullable<IpcError['found']>> {
  const r = await host.call('orders.refresh', { id: orderId });
  if (r.ok) {
    const { order } = r.value as RefreshedOrder;
    return { kind: 'found', summary: observedSummary(order), order: order as unknown as Record<string, unknown> };
  }
  return r.error.kind === 'not-found' ? { kind: 'not-found' } : { kind: 'recheck-failed', message: r.error.message };
}

/**
 * The platform domains (orders, after-sales, buyers, sync) answered by the core host: each channel is one
 * `host.call` of the operation that runs the same use case, and its value is mapped to the channel's data by the
 * same mapper as in process. A login link comes back to main only, and goes to the clipboard or the browser here.
 */
export function hostRoutedHandlers(app: HostRoutedApp): ReturnType<typeof useCaseHandlers> {
  async function call<T, D>(operation: string, payload: unknown, data: (value: T) => D): Promise<IpcResult<D>> {
    const host = app.host();
    if (!host.ok) return { ok: false, error: ipcErrorOf(host.error) };
    const r = await host.value.call(operation, payload);
    return r.ok ? { ok: true, data: data(r.value as T) } : { ok: false, error: ipcErrorOfHost(r.error) };
  }
  const link = (payload: { merchantUserNo: string; itemId?: unknown }) =>
    call('buyers.loginLink', payload, (value: { url: string }) => value.url);

  return {
    'orders:queryPage': (request) => call('orders.queryPage', request, ordersData.page),
    'orders:count': (request) => call('orders.count', request, ordersData.count),
    'orders:get': ({ id }) => call('orders.get', { id }, ordersData.order),
    'orders:refresh': ({ id }) => call('orders.refresh', { id }, ordersData.refreshed),
    'orders:cacheStats': () => call('cache.stats', undefined, ordersData.cacheStats),
    'orders:attention': (request) =>
      call('orders.attention', { limitPerKind: request?.limitPerKind }, ordersData.attention),
    'orders:export': async ({ format, ...query }) => {
      if (!app.chooseExportFile) return { ok: false, error: ipcErrorOf(EXPORT_UNAVAILABLE) };
      const file = await app.chooseExportFile(exportFileName('export', format, Date.now()), format);
      if (file === null) return { ok: true, data: { cancelled: true as const } };
      // The host validates the filters and writes the file (temp file 0600, renamed when complete).
      return call('orders.exportToFile', { query, format, file }, ({ orders, rows }: ExportSummary) => ({
        orders,
        rows,
        file,
      }));
    },
    'afterSales:decide': async (request) => {
      const host = app.host();
      if (!host.ok) return { ok: false, error: ipcErrorOf(host.error) };
      const r = await host.value.call('afterSales.decide', request);
      if (r.ok) return { ok: true, data: decisionData(r.value as DecisionOutcome) };
      const error = ipcErrorOfHost(r.error);
      // The host died while the decision was being sent: it was not resent. Re-check the order on the platform
      // (the call waits for the restarted host) and say what it shows.
      if (isHostOutcomeUnknown(r.error)) error.found = await recheck(host.value, request.orderId);
      return { ok: false, error };
    },
    'buyers:sync': (request) => call('buyers.sync', request, buyersData.synced),
    'buyers:listSaved': () => call('buyers.listSaved', undefined, buyersData.saved),
    'buyers:save': (request) => call('buyers.save', request, buyersData.saved),
    'buyers:remove': ({ merchantUserNo }) => call('buyers.remove', { merchantUserNo }, buyersData.saved),
    'buyers:copyLoginLink': async ({ merchantUserNo, itemId }) => {
      const url = await link({ merchantUserNo, itemId });
      return url.ok ? copyLink(app, url.data) : url;
    },
    'buyers:openLoginLink': async ({ merchantUserNo, itemId }) => {
      const url = await link({ merchantUserNo, itemId });
      return url.ok ? openLink(app, url.data) : url;
    },
    'sync:now': (request) =>
      call(
        'sync.run',
        { ...(request.full ? { full: true } : {}), ...(request.rebuild ? { rebuild: true } : {}) },
        syncData.run,
      ),
    'sync:status': () => call('sync.status', undefined, syncData.status),
    'sync:setPaused': ({ paused }) => call('sync.setPaused', { paused }, (state: SyncState) => ({ state })),
  };
}
