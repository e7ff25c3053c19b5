import type { Order, OrderItem } from '../../shared/domain/order';
import { formatIsoInstant, parseIsoInstant } from '../../shared/time/isoInstant';

/**
 * CSV of orders for spreadsheets (RFC 4180): one row per order item (an order without items gets one row with
 * the item columns empty), a header row first. Every ID and number the platform sends as text stays text; times
 * are ISO 8601 in UTC with the zone (`Z`). The file starts with a UTF-8 byte-order mark so Excel reads it as
 * UTF-8. A cell that a spreadsheet would run as a formula (starting with = + - @, tab or carriage return) gets a
 * leading apostrophe: the export carries buyers' text, and opening it must not run what a buyer typed.
 */

/** UTF-8 byte-order mark: Excel reads a CSV without it in the system's legacy code page. */
export const UTF8_BOM = '\uFEFF';

type Cell = string | number | boolean | null | undefined;

const ORDER_COLUMNS: ReadonlyArray<[string, (o: Order) => Cell]> = [
  ['order_id', (o) => o.id],
  ['order_num', (o) => o.orderNum],
  ['master_order_num', (o) => o.masterOrderNum],
  ['created_at', (o) => isoTime(o.createTime)],
  ['paid_at', (o) => isoTime(o.payTime)],
  ['order_status', (o) => o.orderStatus],
  ['delivery_status', (o) => o.orderDeliveryStatus],
  ['delivery_type', (o) => o.deliveryType],
  ['after_sales_status', (o) => o.orderAfterSalesStatus],
  ['has_after_sales', (o) => o.isExistAfterSales],
  ['has_dispute', (o) => o.isExistDispute],
  ['buyer_id', (o) => o.buyerId],
  ['buyer_name', (o) => o.buyerName],
  ['currency', (o) => o.originalCurrencyCode],
  ['order_price', (o) => o.originalCurrencyProductPrice],
  ['delivery_method', (o) => o.deliveryMethodName],
  ['remark', (o) => o.remark],
];

const ITEM_COLUMNS: ReadonlyArray<[string, (i: OrderItem) => Cell]> = [
  ['product_spu_id', (i) => idText(i.productSpuId)],
  ['product_sku_id', (i) => idText(i.productSkuId)],
  ['product_spu_num', (i) => i.productSpuNum],
  ['product_sku_num', (i) => i.productSkuNum],
  ['product_title', (i) => i.productSpuTitle],
  ['sku_attributes', (i) => attributes(i.productSkuAttr)],
  ['quantity', (i) => i.quantity],
  ['unit_price', (i) => i.originalCurrencyProductUnitPrice],
  ['item_total', (i) => i.originalCurrencyProductTotalPrice],
];

export const CSV_HEADER: readonly string[] = [
  ...ORDER_COLUMNS.map(([n]) => n),
  'item_index',
  ...ITEM_COLUMNS.map(([n]) => n),
];

/** The header line (with CRLF). */
export function csvHeaderLine(): string {
  return `${CSV_HEADER.join(',')}\r\n`;
}

/** The lines of one order (with CRLF): one per item, at least one. */
export function orderCsvLines(order: Order): string {
  const head = ORDER_COLUMNS.map(([, get]) => csvCell(get(order)));
  const items = order.orderItems ?? [];
  if (items.length === 0) return `${[...head, '', ...ITEM_COLUMNS.map(() => '')].join(',')}\r\n`;
  return items
    .map((item, i) => `${[...head, String(i + 1), ...ITEM_COLUMNS.map(([, get]) => csvCell(get(item)))].join(',')}\r\n`)
    .join('');
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: quoted when it holds a comma, quote or line break; a formula-like start made inert. */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  // Numbers we write ourselves (statuses, quantities) are never formulas; text from the platform or a buyer may be.
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A time as ISO 8601 UTC with its zone; text the cache could not read as a time is kept as sent. */
function isoTime(text: string | null | undefined): string | undefined {
  if (!text) return undefined;
  const ms = parseIsoInstant(text);
  return ms === undefined ? text : formatIsoInstant(ms);
}

/** IDs as decimal text, never through a float's exponent form. */
function idText(v: string | number | null | undefined): string | undefined {
  if (v === null || v === undefined) return undefined;
  return typeof v === 'number' ? BigInt(Math.trunc(v)).toString() : v;
}

/** SKU attributes as "name: value" joined with "; ". */
function attributes(attrs: Record<string, unknown> | null | undefined): string | undefined {
  if (!attrs) return undefined;
  return Object.entries(attrs)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join('; ');
}
