import type { Writable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { err, ok, type Result } from '../result';
import type { CacheError } from '../../shared/errors/cacheErrors';
import type { StatusLabels } from '../profiles/profileSchema';
import { exportLabels } from './exportColumns';
import { csvHeaderLine, orderCsvLines, UTF8_BOM, type CsvStyle } from './exportCsv';
import { writeXlsx } from './exportXlsx';
import { parseExportQuery, type ExportFormat } from './exportQuery';
import type { OrderCache } from './orderCache';

/**
 * Every cached order matching a query's filters, as CSV, JSON Lines or an Excel workbook (exportXlsx.ts), in keyset pages: memory stays constant
 * however many orders match (one page of orders at a time), and the database is never held between pages, so a
 * sync may write meanwhile (each page is consistent; an order changed during the export appears as of its page).
 * The CLI's `cache export` and the desktop's "Export view" both call this.
 */

export {
  exportQuerySchema,
  parseExportQuery,
  type ExportFormat,
  type ExportQuery,
  type ExportQueryInput,
} from './exportQuery';

export type ExportError = CacheError | { kind: 'cancelled' } | { kind: 'write'; detail: string };

export interface ExportSummary {
  orders: number;
  /**
   * Lines after the header: one per order item in CSV (at least one per order), one per order in JSON Lines; in a
   * workbook the rows of both sheets (orders plus items).
   */
  rows: number;
}

export interface ExportOptions {
  format: ExportFormat;
  /** Stops between pages; the result is then `cancelled`. */
  signal?: AbortSignal;
  /** Orders read per page (1–1000). */
  pageSize?: number;
  /** CSV only: exact values for programs instead of the spreadsheet-safe form (see exportCsv.ts). */
  raw?: boolean;
  /** The profile's status names, written beside the codes (CSV and workbook). */
  labels?: StatusLabels;
  /** Workbook only: the IANA zone times are shown in (default: this computer's). */
  timeZone?: string;
}

/** A chunk of output text, with how many orders and rows it carries. */
export interface ExportChunk {
  text: string;
  orders: number;
  rows: number;
}

/**
 * The export as text chunks: the CSV header (with the byte-order mark) first, then one chunk per page. Validates the
 * input before yielding anything; the iteration's return value is the outcome (an error ends it, never a throw).
 */
export async function* exportChunks(
  cache: OrderCache,
  input: unknown,
  options: ExportOptions & { format: 'csv' | 'jsonl' },
): AsyncGenerator<ExportChunk, Result<void, ExportError>> {
  const parsed = parseExportQuery(input);
  if (!parsed.ok) return parsed;
  const style: CsvStyle = { raw: options.raw ?? false, labels: exportLabels(options.labels) };
  if (options.format === 'csv') yield { text: `${UTF8_BOM}${csvHeaderLine(style)}`, orders: 0, rows: 0 };
  const paging = { ...parsed.value, limit: options.pageSize ?? 1000 };
  let cursor: string | null = null;
  do {
    if (options.signal?.aborted) return err({ kind: 'cancelled' });
    const query = { ...paging, ...(cursor ? { cursor } : {}) };
    let chunk: ExportChunk;
    if (options.format === 'csv') {
      const page = cache.queryPage(query);
      if (!page.ok) return page;
      chunk = {
        text: page.value.list.map((o) => orderCsvLines(o, style)).join(''),
        orders: page.value.list.length,
        rows: 0,
      };
      for (const order of page.value.list) chunk.rows += Math.max(1, order.orderItems?.length ?? 0);
      cursor = page.value.nextCursor;
    } else {
      // The stored JSON is the order as JSON already: passed on without a parse and a stringify per order.
      const page = cache.queryPageJson(query);
      if (!page.ok) return page;
      chunk = { text: page.value.list.map((json) => `${json}\n`).join(''), orders: page.value.list.length, rows: 0 };
      chunk.rows = chunk.orders;
      cursor = page.value.nextCursor;
    }
    yield chunk;
    // A turn of the event loop between pages: a cancel (Ctrl+C, the app's button) is seen, and the app stays live.
    await setImmediate();
  } while (cursor !== null);
  return ok(undefined);
}

/**
 * Writes the export to `out` (a file or any Node stream), waiting for the stream to drain between pages. Does not
 * end `out`: the caller owns it (and removes a partial file after an error).
 */
export async function writeExport(
  cache: OrderCache,
  input: unknown,
  out: Writable,
  options: ExportOptions,
): Promise<Result<ExportSummary, ExportError>> {
  if (options.format === 'xlsx') {
    const parsed = parseExportQuery(input);
    if (!parsed.ok) return parsed;
    return writeXlsx(cache, parsed.value, out, {
      labels: exportLabels(options.labels),
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.pageSize ? { pageSize: options.pageSize } : {}),
    });
  }
  const textFormat = { ...options, format: options.format };
  const summary: ExportSummary = { orders: 0, rows: 0 };
  let streamError: Error | undefined;
  const onError = (e: Error) => (streamError ??= e);
  out.on('error', onError);
  try {
    const chunks = exportChunks(cache, input, textFormat);
    for (;;) {
      const next = await chunks.next();
      if (next.done) return next.value.ok ? ok(summary) : next.value;
      if (streamError) return err({ kind: 'write', detail: streamError.message });
      summary.orders += next.value.orders;
      summary.rows += next.value.rows;
      if (!out.write(next.value.text)) {
        const drained = await waitForDrain(out, options.signal);
        if (drained === 'cancelled') return err({ kind: 'cancelled' });
        if (drained !== 'drained') return err({ kind: 'write', detail: drained.message });
      }
    }
  } finally {
    out.off('error', onError);
  }
}

/** Resolves when the stream drains, errors, closes or the export is cancelled. */
function waitForDrain(out: Writable, signal: AbortSignal | undefined): Promise<'drained' | 'cancelled' | Error> {
  return new Promise((resolve) => {
    const done = (r: 'drained' | 'cancelled' | Error) => {
      out.off('drain', onDrain);
      out.off('error', onError);
      out.off('close', onClose);
      signal?.removeEventListener('abort', onAbort);
      resolve(r);
    };
    const onDrain = () => done('drained');
    const onError = (e: Error) => done(e);
    const onClose = () => done(new Error('the output closed before the export finished'));
    const onAbort = () => done('cancelled');
    out.on('drain', onDrain);
    out.on('error', onError);
    out.on('close', onClose);
    signal?.addEventListener('abort', onAbort);
  });
}
