import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { observedSummary } from '../../core/api/sellerApi';
import type { HostError } from '../../core/host/hostErrors';
import type { OperationError } from '../../core/host/operations';
import type {
  HostedChannel,
  HostedChannelOperations,
  SessionOperationMap,
} from '../../core/host/operations/sessionOperationMap';
import type { TypedCoreHost } from '../../core/host/typedHost';
import { err, ok, type Result } from '../../core/result';
import type { AppError } from '../../shared/errors/appError';
import { ipcErrorOf } from '../../shared/ipc/appErrorResult';
import type { IpcImplementations, IpcParsedRequest, IpcResponseInput } from '../../shared/ipc/contract';
import {
  errorResult,
  ipcErrorKinds,
  okResult,
  type IpcError,
  type IpcErrorKind,
  type IpcResult,
} from '../../shared/ipc/result';
import { copyLink, openLink, type LinkShell } from './loginLinks';
import { EXPORT_CONTENT_TYPES, EXPORT_UNAVAILABLE, exportFileName, type ExportDestination } from './ordersExport';

/** What the platform channels need: the active profile's core host, and the shell's ports for links and exports. */
export interface PlatformRelayPorts extends LinkShell {
  /** The core host serving the active profile's session, or why there is none. */
  host(): Result<TypedCoreHost<SessionOperationMap>, AppError>;
  /** The profile the host serves (names an export's file); null when none. */
  profileId(): string | null;
  /** Where an export goes; absent: the channel answers that exporting is not available here. */
  exportDestination?: ExportDestination;
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
async function recheck(
  host: TypedCoreHost<SessionOperationMap>,
  orderId: string,
): Promise<NonNullable<IpcError['found']>> {
  const r = await host.call('orders:refresh', { id: orderId });
  if (r.ok) {
    const order = r.value.order as Parameters<typeof observedSummary>[0];
    return { kind: 'found', summary: observedSummary(order), order: r.value.order as Record<string, unknown> };
  }
  return r.error.kind === 'not-found' ? { kind: 'not-found' } : { kind: 'recheck-failed', message: r.error.message };
}

const failed = (error: IpcError): { ok: false; error: IpcError } => ({ ok: false, error });

/**
 * The platform channels (orders, after-sales, buyers, sync), answered by the active profile's core host — the same
 * relay in the Electron app and in `merchant-desk ui`. A channel the host answers itself goes through as it is
 * (its operation bears the channel's name and types, sessionOperationMap.ts); the shell adds only what needs it:
 * where an export goes, where a login link goes (never into an answer), and the re-check of a decision whose
 * host died mid-call.
 */
export function platformRelay(
  ports: PlatformRelayPorts,
): Pick<IpcImplementations, HostedChannel | 'orders:export' | 'buyers:copyLoginLink' | 'buyers:openLoginLink'> {
  const now = () => (ports.now ? ports.now() : Date.now());

  function relay<C extends HostedChannel>(channel: C) {
    return async (request: IpcParsedRequest<C>): Promise<IpcResponseInput<C>> => {
      const host = ports.host();
      if (!host.ok) return failed(ipcErrorOf(host.error));
      // The same host, seen through the channels' part of its map: each answer is its channel's data.
      const channels: TypedCoreHost<HostedChannelOperations> = host.value;
      const r = await channels.call(channel, request);
      return r.ok ? okResult(r.value) : failed(ipcErrorOfHost(r.error));
    };
  }

  async function loginLink(request: IpcParsedRequest<'buyers:copyLoginLink'>): Promise<IpcResult<string>> {
    const host = ports.host();
    if (!host.ok) return failed(ipcErrorOf(host.error));
    const r = await host.value.call('buyers:loginLink', request);
    return r.ok ? okResult(r.value.url) : failed(ipcErrorOfHost(r.error));
  }

  return {
    'orders:queryPage': relay('orders:queryPage'),
    'orders:count': relay('orders:count'),
    'orders:countQuick': relay('orders:countQuick'),
    'orders:get': relay('orders:get'),
    'orders:refresh': relay('orders:refresh'),
    'orders:cacheStats': relay('orders:cacheStats'),
    'orders:cancelUpkeep': relay('orders:cancelUpkeep'),
    'orders:upkeepState': relay('orders:upkeepState'),
    'orders:compact': relay('orders:compact'),
    'orders:attention': relay('orders:attention'),
    'insights:get': relay('insights:get'),
    'afterSales:status': relay('afterSales:status'),
    'afterSales:journal': relay('afterSales:journal'),
    'afterSales:check': relay('afterSales:check'),
    'orders:export': async ({ format, ...query }) => {
      const host = ports.host();
      if (!host.ok) return failed(ipcErrorOf(host.error));
      const destination = ports.exportDestination;
      if (!destination) return failed(ipcErrorOf(EXPORT_UNAVAILABLE));
      // Bad filters and a missing cache are said before a dialog opens or a download is offered.
      const checked = await host.value.call('orders:checkExport', query);
      if (!checked.ok) return failed(ipcErrorOfHost(checked.error));
      const fileName = exportFileName(ports.profileId() ?? 'export', format, now());
      if (destination.kind === 'save-dialog') {
        const file = await destination.chooseFile(fileName, format);
        if (file === null) return okResult({ cancelled: true as const });
        // The host validates the filters and writes the file (temp file 0600, renamed when complete).
        const r = await host.value.call('orders:exportToFile', { query, format, file });
        return r.ok ? okResult({ orders: r.value.orders, rows: r.value.rows, file }) : failed(ipcErrorOfHost(r.error));
      }
      // The browser host: the core host writes an owner-only temporary file, served once and then removed.
      const temporary = await destination.temporaryFile(format);
      const r = await host.value.call('orders:exportToFile', { query, format, file: temporary.file });
      if (!r.ok) {
        temporary.remove();
        return failed(ipcErrorOfHost(r.error));
      }
      const summary = r.value;
      const download = destination.offer({
        fileName,
        contentType: EXPORT_CONTENT_TYPES[format],
        write: async (out) => {
          try {
            await pipeline(createReadStream(temporary.file), out);
            return ok(summary);
          } catch (e) {
            return err({ kind: 'io', message: `The export could not be sent: ${(e as Error).message}` });
          } finally {
            temporary.remove();
          }
        },
        discard: temporary.remove,
      });
      return okResult({ download });
    },
    'afterSales:decide': async (request) => {
      const host = ports.host();
      if (!host.ok) return failed(ipcErrorOf(host.error));
      const r = await host.value.call('afterSales:decide', request);
      if (r.ok) return okResult(r.value);
      const error = ipcErrorOfHost(r.error);
      // The host died while the decision was being sent: it was not resent. Re-check the order on the platform
      // (the call waits for the restarted host) and say what it shows.
      if (isHostOutcomeUnknown(r.error)) error.found = await recheck(host.value, request.orderId);
      return failed(error);
    },
    'buyers:sync': relay('buyers:sync'),
    'buyers:listSaved': relay('buyers:listSaved'),
    'buyers:save': relay('buyers:save'),
    'buyers:remove': relay('buyers:remove'),
    'buyers:copyLoginLink': async (request) => {
      const url = await loginLink(request);
      return url.ok ? copyLink(ports, url.data) : url;
    },
    'buyers:openLoginLink': async (request) => {
      const url = await loginLink(request);
      return url.ok ? openLink(ports, url.data) : url;
    },
    'sync:now': relay('sync:now'),
    'sync:status': relay('sync:status'),
    'sync:setPaused': relay('sync:setPaused'),
  };
}
