import type { Writable } from 'node:stream';
import { parseExportQuery, writeExport, type ExportFormat, type ExportSummary } from '../cache/exportOrders';
import { err, ok, type Result } from '../result';
import type { AppError } from '../../shared/errors/appError';
import type { Session } from './session';
import { appErrorFromCache } from './sessionErrors';

/** What an export is written as: the format, CSV's exact form for programs (`raw`), a cancel signal. */
export interface ExportFileOptions {
  format: ExportFormat;
  raw?: boolean;
  signal?: AbortSignal;
  /** Workbook times' zone (tests; default this computer's). */
  timeZone?: string;
}

/** Checks an export's filters before any output is opened. */
export function checkExportQuery(input: unknown): Result<void, AppError> {
  const valid = parseExportQuery(input);
  return valid.ok ? ok(undefined) : err(appErrorFromCache(valid.error));
}

/**
 * Every cached order matching the filters, streamed to `out` as CSV, JSON Lines or an Excel workbook, with the
 * profile's status names beside the codes. A cancelled export or a failed
 * write is an `io` error saying what became of the output: `file` (as the merchant named it) is left as it was (the
 * caller writes beside it and renames), a stream is incomplete.
 */
export async function exportCachedOrders(
  session: Session,
  input: unknown,
  out: Writable,
  options: ExportFileOptions & { file?: string },
): Promise<Result<ExportSummary, AppError>> {
  const c = session.existingCache();
  if (!c.ok) return c;
  const { file, ...exportOptions } = options;
  const labels = session.statusLabels;
  const r = await writeExport(c.value, input, out, { ...exportOptions, ...(labels ? { labels } : {}) });
  if (r.ok) return r;
  const e = r.error;
  if (e.kind === 'cancelled') return err(exportCancelled(file));
  if (e.kind === 'write') return err(exportWriteFailed(e.detail, file));
  return err(appErrorFromCache(e, session.wording.rebuildHint));
}

export function exportCancelled(file: string | undefined): AppError {
  return {
    kind: 'io',
    message: file
      ? `Export cancelled; ${file} was left as it was.`
      : 'Export cancelled; the output above is incomplete.',
  };
}

export function exportWriteFailed(detail: string, file: string | undefined): AppError {
  return {
    kind: 'io',
    message: `Writing the export${file ? ` to ${file}` : ''} failed (${detail})${file ? '; the file was left as it was' : ''}. Check free disk space and permissions.`,
  };
}
