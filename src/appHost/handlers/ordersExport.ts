import type { Writable } from 'node:stream';
import type { ExportFormat, ExportSummary } from '../../core/cache/exportOrders';
import type { Result } from '../../core/result';
import type { AppError } from '../../shared/errors/appError';

/** An export waiting to be fetched: its file name for the browser, and the stream of its content. */
export interface ExportDownload {
  fileName: string;
  contentType: string;
  write(out: Writable): Promise<Result<ExportSummary, AppError>>;
  /** Frees what the download holds (its temporary file) when it expires unfetched. */
  discard?(): void;
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
      /** An owner-only temporary file the core host writes the export into, and its removal. */
      temporaryFile(format: ExportFormat): Promise<{ file: string; remove(): void }>;
      /** Keeps the download and answers its address on the host (`/_md/export/<id>`). */
      offer(download: ExportDownload): string;
    };

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/jsonl; charset=utf-8',
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
