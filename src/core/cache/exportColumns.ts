import { learnedAfterSalesStatus } from '../../shared/domain/afterSalesReview';
import { orderDeliveryStatuses, type Order, type OrderItem } from '../../shared/domain/order';
import type { StatusLabels } from '../profiles/profileSchema';

/**
 * The columns of an export, one table for CSV and Excel. Each says what kind of value it holds, so each format
 * writes it the way a spreadsheet keeps it: `id` (64-bit decimal IDs and order numbers: text, never a float),
 * `time` (an instant), `code` (a status number, with a `label` column beside it), `number`, `flag`, `text`.
 */

export type Cell = string | number | boolean | null | undefined;
export type ColumnKind = 'id' | 'time' | 'code' | 'label' | 'number' | 'flag' | 'text';

export interface ExportColumn<T> {
  name: string;
  kind: ColumnKind;
  get: (row: T, labels: ExportLabels) => Cell;
}

/** Names for status codes: the profile's for order and after-sales statuses, the spec's for delivery. */
export interface ExportLabels {
  order: Readonly<Record<string, string>>;
  afterSales: Readonly<Record<string, string>>;
}

export function exportLabels(labels: StatusLabels | undefined): ExportLabels {
  return { order: labels?.order ?? {}, afterSales: labels?.afterSales ?? {} };
}

const DELIVERY_LABELS: Readonly<Record<string, string>> = orderDeliveryStatuses;
/** deliveryType: 2 is the spec's "Delivery exception"; other values have no documented name. */
const DELIVERY_TYPE_LABELS: Readonly<Record<string, string>> = { 2: 'Delivery exception' };

/** The label of a code, or nothing when the code has no name (the code column beside it says the number). */
const label = (names: Readonly<Record<string, string>>, code: number | null | undefined): string | undefined =>
  code == null ? undefined : names[String(code)];

export const ORDER_COLUMNS: ReadonlyArray<ExportColumn<Order>> = [
  { name: 'order_id', kind: 'id', get: (o) => o.id },
  { name: 'order_num', kind: 'id', get: (o) => o.orderNum },
  { name: 'master_order_num', kind: 'id', get: (o) => o.masterOrderNum },
  { name: 'created_at', kind: 'time', get: (o) => o.createTime },
  { name: 'paid_at', kind: 'time', get: (o) => o.payTime },
  { name: 'order_status', kind: 'code', get: (o) => o.orderStatus },
  { name: 'order_status_label', kind: 'label', get: (o, l) => label(l.order, o.orderStatus) },
  { name: 'delivery_status', kind: 'code', get: (o) => o.orderDeliveryStatus },
  { name: 'delivery_status_label', kind: 'label', get: (o) => label(DELIVERY_LABELS, o.orderDeliveryStatus) },
  { name: 'delivery_type', kind: 'code', get: (o) => o.deliveryType },
  { name: 'delivery_type_label', kind: 'label', get: (o) => label(DELIVERY_TYPE_LABELS, o.deliveryType) },
  // Learned through the list filter (the spec's Order has no status field).
  { name: 'after_sales_status', kind: 'code', get: (o) => learnedAfterSalesStatus(o) },
  { name: 'after_sales_status_label', kind: 'label', get: (o, l) => label(l.afterSales, learnedAfterSalesStatus(o)) },
  { name: 'has_after_sales', kind: 'flag', get: (o) => o.isExistAfterSales },
  { name: 'has_dispute', kind: 'flag', get: (o) => o.isExistDispute },
  { name: 'buyer_id', kind: 'id', get: (o) => o.buyerId },
  { name: 'buyer_name', kind: 'text', get: (o) => o.buyerName },
  { name: 'currency', kind: 'text', get: (o) => o.originalCurrencyCode },
  { name: 'order_price', kind: 'number', get: (o) => o.originalCurrencyProductPrice },
  { name: 'delivery_method', kind: 'text', get: (o) => o.deliveryMethodName },
  { name: 'remark', kind: 'text', get: (o) => o.remark },
];

export const ITEM_COLUMNS: ReadonlyArray<ExportColumn<OrderItem>> = [
  { name: 'product_spu_id', kind: 'id', get: (i) => idText(i.productSpuId) },
  { name: 'product_sku_id', kind: 'id', get: (i) => idText(i.productSkuId) },
  { name: 'product_spu_num', kind: 'id', get: (i) => i.productSpuNum },
  { name: 'product_sku_num', kind: 'id', get: (i) => i.productSkuNum },
  { name: 'product_title', kind: 'text', get: (i) => i.productSpuTitle },
  { name: 'sku_attributes', kind: 'text', get: (i) => attributes(i.productSkuAttr) },
  { name: 'quantity', kind: 'number', get: (i) => i.quantity },
  { name: 'unit_price', kind: 'number', get: (i) => i.originalCurrencyProductUnitPrice },
  { name: 'item_total', kind: 'number', get: (i) => i.originalCurrencyProductTotalPrice },
];

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
