import { PassThrough, type Writable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import type * as exceljsModule from 'exceljs';
import type { Order } from '../../shared/domain/order';
import { parseIsoInstant } from '../../shared/time/isoInstant';
import { err, ok, type Result } from '../result';
import {
  ITEM_COLUMNS,
  ORDER_COLUMNS,
  type Cell,
  type ColumnKind,
  type ExportColumn,
  type ExportLabels,
} from './exportColumns';
import type { ExportQuery } from './exportQuery';
import type { OrderCache } from './orderCache';
import type { CacheError } from '../../shared/errors/cacheErrors';

/**
 * The export as an Excel workbook (.xlsx), written by ExcelJS's streaming writer (a maintained library: the format
 * is a zip of XML parts, not worth writing by hand), so 100,000 orders never sit in memory: each row is committed
 * as it is written. Two sheets, each read from the cache in its own pass of keyset pages (a streamed zip holds one
 * part open at a time; filling both at once would buffer the second whole):
 * - "Orders": one row per order; IDs and order numbers as text cells (a 19-digit ID is no float), status codes as
 *   numbers with their names beside them, times as dates in local time with the zone named in the header.
 * - "Items": one row per order item, with the order's ID and number to find it.
 * Cells are values, never formulas: nothing a buyer typed runs when the file opens.
 */

type ExcelJs = typeof exceljsModule;

/**
 * ExcelJS, loaded by the first workbook written: loading it takes ~0.4 s, which every process that imports this
 * module (the core host, the CLI) would otherwise pay as it starts — the core host before its first read.
 */
let excelJs: Promise<ExcelJs> | undefined;
function loadExcelJs(): Promise<ExcelJs> {
  // ExcelJS is CommonJS: Node's ESM loader offers only its default export, a bundler's interop the namespace.
  excelJs ??= import('exceljs').then((m) => (m as unknown as { default?: ExcelJs }).default ?? m);
  return excelJs;
}

type Row = Array<string | number | boolean | Date | null>;

export interface XlsxOptions {
  labels: ExportLabels;
  /** IANA zone the times are shown in (default: this computer's). */
  timeZone?: string;
  signal?: AbortSignal;
  pageSize?: number;
}

export type XlsxError = CacheError | { kind: 'cancelled' } | { kind: 'write'; detail: string };

export interface XlsxSummary {
  orders: number;
  rows: number;
}

const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';
const ORDER_ID_COLUMNS = ['order_id', 'order_num'] as const;

/** Writes the workbook to `out` (not ended: the caller owns it). Rows: order rows plus item rows. */
export async function writeXlsx(
  cache: OrderCache,
  query: ExportQuery,
  out: Writable,
  options: XlsxOptions,
): Promise<Result<XlsxSummary, XlsxError>> {
  const timeZone = options.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const local = localWallClock(timeZone);
  // The zip is written into `zip` and passed on without ending `out` (it may be standard output).
  const zip = new PassThrough();
  let outError: Error | undefined;
  const onOutError = (e: Error) => (outError ??= e);
  out.on('error', onOutError);
  zip.pipe(out, { end: false });
  const zipEnded = new Promise<void>((resolve) => zip.once('end', resolve));
  const ExcelJS = await loadExcelJs();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: zip, useStyles: true, useSharedStrings: false });
  const summary: XlsxSummary = { orders: 0, rows: 0 };
  try {
    const ordersSheet = book.addWorksheet('Orders', { views: [{ state: 'frozen', ySplit: 1 }] });
    const orderColumns = ORDER_COLUMNS.map((c) => columnOf(c, timeZone));
    ordersSheet.columns = orderColumns;
    const orderStyles = sharedStyles(orderColumns);
    const itemsSheet = book.addWorksheet('Items', { views: [{ state: 'frozen', ySplit: 1 }] });
    const itemColumns = [
      ...ORDER_ID_COLUMNS.map((name) => columnOf({ name, kind: 'id' }, timeZone)),
      columnOf({ name: 'item_index', kind: 'number' }, timeZone),
      ...ITEM_COLUMNS.map((c) => columnOf(c, timeZone)),
    ];
    itemsSheet.columns = itemColumns;
    const itemStyles = sharedStyles(itemColumns);
    // Pass 1: the orders; pass 2: their items (the first sheet's part is closed before the second is filled).
    const first = await eachPage(cache, query, options, out, async (orders) => {
      for (const order of orders) {
        commitRow(
          ordersSheet,
          ORDER_COLUMNS.map((c) => value(c, order, options.labels, local)),
          orderStyles,
        );
        summary.orders++;
        summary.rows++;
      }
    });
    if (!first.ok) return first;
    ordersSheet.commit();
    const second = await eachPage(cache, query, options, out, async (orders) => {
      for (const order of orders) {
        const items = order.orderItems ?? [];
        for (const [i, item] of items.entries()) {
          const row: Row = [text(order.id), text(order.orderNum ?? null), i + 1];
          for (const c of ITEM_COLUMNS) row.push(value(c, item, options.labels, local));
          commitRow(itemsSheet, row, itemStyles);
          summary.rows++;
        }
      }
    });
    if (!second.ok) return second;
    itemsSheet.commit();
    await book.commit();
    await zipEnded;
    if (outError) return err({ kind: 'write', detail: outError.message });
    return ok(summary);
  } catch (e) {
    return err({ kind: 'write', detail: e instanceof Error ? e.message : String(e) });
  } finally {
    zip.unpipe(out);
    out.off('error', onOutError);
  }
}

/** Calls `fn` with each keyset page of matching orders; waits for `out` to drain between pages. */
async function eachPage(
  cache: OrderCache,
  query: ExportQuery,
  options: XlsxOptions,
  out: Writable,
  fn: (orders: readonly Order[]) => Promise<void>,
): Promise<Result<void, XlsxError>> {
  const paging = { ...query, limit: options.pageSize ?? 1000 };
  let cursor: string | null = null;
  do {
    if (options.signal?.aborted) return err({ kind: 'cancelled' });
    const page = cache.queryPage({ ...paging, ...(cursor ? { cursor } : {}) });
    if (!page.ok) return page;
    await fn(page.value.list);
    cursor = page.value.nextCursor;
    // A turn of the event loop between pages (a cancel is seen), and the output's backlog bounded.
    if (out.writableNeedDrain) await new Promise<void>((resolve) => out.once('drain', resolve));
    else await setImmediate();
  } while (cursor !== null);
  return ok(undefined);
}

type Sheet = ReturnType<InstanceType<ExcelJs['stream']['xlsx']['WorkbookWriter']>['addWorksheet']>;
type CellStyle = Sheet['columns'][number]['style'];

/**
 * One style object per column, shared by every cell of it. ExcelJS gives each cell its own copy of the column's
 * style (an empty one where the column has none) and, writing the row, turns each style into XML to find its ID —
 * unless it has seen that very object before (a WeakMap). With a new object per cell that was a fifth of the
 * export's time; shared, it is one lookup a cell.
 */
function sharedStyles(columns: readonly SheetColumn[]): CellStyle[] {
  return columns.map((c) => ({ ...(c.style ?? {}) }) as CellStyle);
}

function commitRow(sheet: Sheet, values: Row, styles: readonly CellStyle[]): void {
  const row = sheet.addRow(values);
  row.eachCell((cell, column) => {
    cell.style = styles[column - 1]!;
  });
  row.commit();
}

interface SheetColumn {
  header: string;
  key: string;
  width: number;
  style?: { numFmt: string };
}

function columnOf(c: { name: string; kind: ColumnKind }, timeZone: string): SheetColumn {
  switch (c.kind) {
    case 'id':
      return { header: c.name, key: c.name, width: 22, style: { numFmt: '@' } };
    case 'time':
      return { header: `${c.name} (${timeZone})`, key: c.name, width: 20, style: { numFmt: DATE_FORMAT } };
    case 'text':
    case 'label':
      return { header: c.name, key: c.name, width: c.name === 'remark' || c.name === 'product_title' ? 40 : 18 };
    default:
      return { header: c.name, key: c.name, width: 12 };
  }
}

function value<T>(c: ExportColumn<T>, row: T, labels: ExportLabels, local: (ms: number) => Date): Row[number] {
  const v: Cell = c.get(row, labels);
  if (v === null || v === undefined) return null;
  switch (c.kind) {
    case 'time': {
      const ms = typeof v === 'string' ? parseIsoInstant(v) : undefined;
      return ms === undefined ? text(v) : local(ms);
    }
    case 'number':
      return typeof v === 'number' ? v : decimal(String(v));
    case 'code':
      return typeof v === 'number' ? v : text(v);
    case 'flag':
      return typeof v === 'boolean' ? v : text(v);
    default:
      return text(v);
  }
}

const text = (v: Cell): string | null => (v === null || v === undefined ? null : String(v));

/** A price or quantity sent as text: a number when it is one that a double holds exactly enough, else the text. */
function decimal(s: string): number | string {
  return /^-?\d{1,15}(\.\d{1,6})?$/.test(s) ? Number(s) : s;
}

/**
 * A Date whose UTC fields are the wall-clock time in `timeZone` (Excel dates have no zone: ExcelJS writes the UTC
 * fields). Offsets change at most every quarter hour, so each quarter hour's offset is computed once.
 */
export function localWallClock(timeZone: string): (ms: number) => Date {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const QUARTER = 15 * 60_000;
  const offsets = new Map<number, number>();
  return (ms) => {
    const quarter = Math.floor(ms / QUARTER);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      const at = quarter * QUARTER;
      const p = Object.fromEntries(format.formatToParts(at).map((x) => [x.type, x.value]));
      const wall = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
      offset = wall - at;
      if (offsets.size > 100_000) offsets.clear();
      offsets.set(quarter, offset);
    }
    return new Date(ms + offset);
  };
}
