import type { Writable } from 'node:stream';
import { checkExportQuery, exportCachedOrders } from '../../core/app/ordersExport';
import { exportCachedOrdersToFile } from '../../core/app/ordersExportFile';
import type { Session } from '../../core/app/session';
import type { ExportFormat, ExportSummary } from '../../core/cache/exportOrders';
import type { Result } from '../../core/result';
import type { AppError } from '../../shared/errors/appError';
import type { IpcImplementations, IpcResponse } from '../../shared/ipc/contract';
import { okResult } from '../../shared/ipc/result';
import { answer, ipcErrorOf, withOpenSession } from './useCaseResult';

/** An export waiting to be fetched: its file name for the browser, and the stream of its content. */
export interface ExportDownload {
  fileName: string;
  contentType: string;
  write(out: Writable): Promise<Result<ExportSummary, AppError>>;
}

/**
 * Where an export goes. The shell decides, never the renderer: in Electron main the system's save dialog (behind
 * this port: `dialog.showSaveDialog`), in the browser host a one-time download address on itself.
 */
export type ExportDestination =
  | {
      kind: 'save-dialog';
      /** The path the merchant chose, or null when they cancelled the dialog. */
      chooseFile(suggestedName: string, format: ExportFormat): Promise<string | null>;
    }
  | {
      kind: 'download';
      /** Keeps the download and answers its address on the host (`/_md/export/<id>`). */
      offer(download: ExportDownload): string;
    };

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/jsonl; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** `orders-<profile>-<date>.<format>`: the dialog's suggestion and the download's name. */
export function exportFileName(profileId: string, format: ExportFormat, nowMs: number): string {
  const safeProfile = profileId.replace(/[^A-Za-z0-9_-]/g, '_');
  return `orders-${safeProfile}-${new Date(nowMs).toISOString().slice(0, 10)}.${format}`;
}

export const EXPORT_UNAVAILABLE: AppError = {
  kind: 'unexpected',
  code: 'export-unavailable',
  message: 'Exporting is not available in this window.',
  action: 'Use `merchant-desk cache export` instead.',
};

export function ordersExportHandler(app: {
  session(): Result<Session, AppError>;
  exportDestination?: ExportDestination;
  now?(): number;
}): Pick<IpcImplementations, 'orders:export'> {
  const now = () => (app.now ? app.now() : Date.now());
  return {
    'orders:export': ({ format, ...query }) =>
      withOpenSession(
        () => app.session(),
        async (s): Promise<IpcResponse<'orders:export'>> => {
          // Bad filters and a missing cache are said before a dialog opens or a download is offered.
          const valid = checkExportQuery(query);
          if (!valid.ok) return { ok: false, error: ipcErrorOf(valid.error) };
          const cache = s.existingCache();
          if (!cache.ok) return { ok: false, error: ipcErrorOf(cache.error) };
          const destination = app.exportDestination;
          if (!destination) return { ok: false, error: ipcErrorOf(EXPORT_UNAVAILABLE) };
          const fileName = exportFileName(s.profileId, format, now());
          if (destination.kind === 'download') {
            const download = destination.offer({
              fileName,
              contentType: CONTENT_TYPES[format],
              write: (out) => exportCachedOrders(s, query, out, { format }),
            });
            return okResult({ download });
          }
          const file = await destination.chooseFile(fileName, format);
          if (file === null) return okResult({ cancelled: true as const });
          return answer(await exportCachedOrdersToFile(s, query, file, { format }), ({ orders, rows }) => ({
            orders,
            rows,
            file,
          }));
        },
      ),
  };
}
