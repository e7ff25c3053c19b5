import type { Order } from '../../shared/domain/order';
import { formatIsoInstant, parseIsoInstant } from '../../shared/time/isoInstant';
import {
  ITEM_COLUMNS,
  ORDER_COLUMNS,
  type Cell,
  type ColumnKind,
  type ExportColumn,
  type ExportLabels,
} from './exportColumns';

/**
 * CSV of orders (RFC 4180): one row per order item (an order without items gets one row with the item columns
 * empty; `item_index` says which item a row is), a header row first. Times are ISO 8601 in UTC with the zone (`Z`).
 * The file starts with a UTF-8 byte-order mark so Excel reads it as UTF-8.
 *
 * By default the file is safe to open in a spreadsheet:
 * - IDs and order numbers made of digits are written `="1575510000000000000"`: a 19-digit ID written as plain
 *   digits becomes 1.57551E+18 in Excel (its last digits lost, quoting or not); this form stays text in Excel,
 *   LibreOffice and Google Sheets. Only digits are ever put inside it.
 * - status codes have their names beside them (`order_status_label`, …).
 * - a cell a spreadsheet would run as a formula (= + - @ or their full-width forms, after any spaces; a tab or line
 *   break first) gets a leading apostrophe: the export carries buyers' text, and opening it must not run what a
 *   buyer typed. A field holding a comma, semicolon, tab, quote or line break is quoted, so an Excel whose list
 *   separator is `;` does not split `x;=1+2;y` into a formula cell either.
 * `raw` is for programs: the values exactly as stored (plain digits, no apostrophes, codes without label columns),
 * quoted the same way; never open it in a spreadsheet (JSON Lines is the other exact form).
 */

/** UTF-8 byte-order mark: Excel reads a CSV without it in the system's legacy code page. */
export const UTF8_BOM = '\uFEFF';

export interface CsvStyle {
  /** Exact values for programs (see above); default false: spreadsheet-safe. */
  raw: boolean;
  labels: ExportLabels;
}

const NO_LABELS: ExportLabels = { order: {}, afterSales: {} };
export const SPREADSHEET_CSV: CsvStyle = { raw: false, labels: NO_LABELS };

const kept = (raw: boolean) => (c: { kind: ColumnKind }) => !raw || c.kind !== 'label';

/** The header fields of a style. */
export function csvHeader(style: Pick<CsvStyle, 'raw'> = SPREADSHEET_CSV): string[] {
  return [
    ...ORDER_COLUMNS.filter(kept(style.raw)).map((c) => c.name),
    'item_index',
    ...ITEM_COLUMNS.filter(kept(style.raw)).map((c) => c.name),
  ];
}

/** The spreadsheet-safe header fields. */
export const CSV_HEADER: readonly string[] = csvHeader();

/** The header line (with CRLF). */
export function csvHeaderLine(style: Pick<CsvStyle, 'raw'> = SPREADSHEET_CSV): string {
  return `${csvHeader(style).join(',')}\r\n`;
}

/** The lines of one order (with CRLF): one per item, at least one. */
export function orderCsvLines(order: Order, style: CsvStyle = SPREADSHEET_CSV): string {
  const field = <T>(c: ExportColumn<T>, row: T): string => {
    let value = c.get(row, style.labels);
    if (c.kind === 'time' && typeof value === 'string') value = isoTime(value);
    return style.raw ? rawCell(value) : csvCell(value, c.kind);
  };
  const head = ORDER_COLUMNS.filter(kept(style.raw)).map((c) => field(c, order));
  const itemColumns = ITEM_COLUMNS.filter(kept(style.raw));
  const items = order.orderItems ?? [];
  if (items.length === 0) return `${[...head, '', ...itemColumns.map(() => '')].join(',')}\r\n`;
  return items
    .map((item, i) => `${[...head, String(i + 1), ...itemColumns.map((c) => field(c, item))].join(',')}\r\n`)
    .join('');
}

/** Starts a spreadsheet runs as a formula: = + - @ (or full-width) after any spaces, or a tab or line break. */
const FORMULA_START = /^(?:[\t\r\n]|[ \u00a0\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20])/;
/** What makes a field be quoted: the separators of both list-separator locales, quotes, tabs and line breaks. */
const NEEDS_QUOTES = /[",;\t\r\n]/;
const DIGITS = /^\d+$/;

/**
 * One spreadsheet-safe CSV field: quoted when it holds a separator, quote, tab or line break; a formula-like start
 * made inert; an ID column's digits kept as text (`kind` 'id').
 */
export function csvCell(value: Cell, kind?: ColumnKind): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (kind === 'id' && DIGITS.test(text)) return `"=""${text}"""`;
  // Numbers we write ourselves (statuses, quantities) are never formulas; text from the platform or a buyer may be.
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return quoted(text);
}

/** One exact CSV field (raw): quoted as csvCell quotes, nothing else changed. */
export function rawCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  return quoted(typeof value === 'string' ? value : String(value));
}

function quoted(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A time as ISO 8601 UTC with its zone; text the cache could not read as a time is kept as sent. */
function isoTime(text: string | null | undefined): string | undefined {
  if (!text) return undefined;
  const ms = parseIsoInstant(text);
  return ms === undefined ? text : formatIsoInstant(ms);
}
