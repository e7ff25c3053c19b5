import { learnedAfterSalesStatus } from '../shared/domain/afterSalesReview';
import type { StatusLabels } from '../core/profiles/profileSchema';
import type { Order, OrderListData } from '../shared/domain/order';
import { orderDeliveryStatuses } from '../shared/domain/order';

/** Display width: East Asian wide characters and emoji take two columns. */
export function displayWidth(text: string): number {
  let w = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    w +=
      cp >= 0x1100 &&
      (cp <= 0x115f ||
        (cp >= 0x2e80 && cp <= 0xa4cf) ||
        (cp >= 0xac00 && cp <= 0xd7a3) ||
        (cp >= 0xf900 && cp <= 0xfaff) ||
        (cp >= 0xfe30 && cp <= 0xfe4f) ||
        (cp >= 0xff00 && cp <= 0xff60) ||
        (cp >= 0xffe0 && cp <= 0xffe6) ||
        (cp >= 0x1f300 && cp <= 0x1faff) ||
        (cp >= 0x20000 && cp <= 0x3fffd))
        ? 2
        : 1;
  }
  return w;
}

function truncate(text: string, max: number): string {
  if (displayWidth(text) <= max) return text;
  let out = '';
  for (const ch of text) {
    if (displayWidth(out + ch) > max - 1) break;
    out += ch;
  }
  return `${out}…`;
}

/** "1 order", "2 orders": a count with its noun. */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : nouns}`;
}

const LINE_BREAK = /\r\n|\r|\n|\u2028|\u2029/g;
// Other control characters (an escape sequence in a buyer's field) would act on the terminal: shown as spaces.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** One table cell: a platform value may hold line breaks, which would break the rows apart. */
function cellText(text: string): string {
  return text.replace(LINE_BREAK, ' ↵ ').replace(CONTROL, ' ');
}

/** A labelled detail line: the label column, and continuation lines indented under the value. */
function detail(label: string, value: string): string {
  const indent = ' '.repeat(DETAIL_LABEL_WIDTH);
  const lines = value.replace(CONTROL, ' ').split(LINE_BREAK);
  return `${`${label}: `.padEnd(DETAIL_LABEL_WIDTH)}${lines.join(`\n${indent}`)}`.trimEnd();
}
const DETAIL_LABEL_WIDTH = 11;

/** A plain-text table with a header row; columns sized to content (capped). */
export function table(headers: string[], rows: string[][], maxWidth = 32): string {
  const cells = [headers, ...rows].map((r) => r.map((c) => truncate(cellText(c), maxWidth)));
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => displayWidth(r[i] ?? ''))));
  return cells
    .map((r) =>
      r
        .map((c, i) => c + ' '.repeat(widths[i]! - displayWidth(c)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** "Shipped (3)" with the merchant's label for the value, else the bare value; '' when there is none. */
export function statusText(value: number | null | undefined, labels?: Readonly<Record<string, string>>): string {
  if (value == null) return '';
  const label = labels?.[String(value)];
  return label ? `${label} (${value})` : String(value);
}

const DELIVERY_LABELS: Readonly<Record<string, string>> = orderDeliveryStatuses;

/** How orders are shown: the profile's status labels, and the time column the list is sorted by. */
export interface OrderDisplay {
  labels?: StatusLabels;
  sort?: 'created' | 'paid' | 'due';
  /** The delivery deadline of an order for a "Due" column (a query by due time shows one). */
  due?: (o: Order) => string;
}

/**
 * The after-sales state as far as it is known: the status the list filter taught the cache, else only whether a
 * request exists (the spec's Order has no status field).
 */
export function afterSalesText(o: Order, labels?: StatusLabels): string {
  const learned = learnedAfterSalesStatus(o);
  if (learned != null) return statusText(learned, labels?.afterSales);
  if (o.isExistAfterSales === true) return 'requested';
  if (o.isExistAfterSales === false) return 'none';
  return '';
}

function productText(o: Order): string {
  const items = o.orderItems ?? [];
  if (items.length === 0) return '';
  const first = items[0]!.productSpuTitle ?? '';
  return items.length > 1 ? `${first} +${items.length - 1}` : first;
}

export function formatOrderTable(data: OrderListData, display: OrderDisplay = {}): string {
  const pages = data.pageCount ?? (data.pageSize ? Math.ceil(data.totalCount / data.pageSize) : '?');
  if (data.list.length === 0) return `No orders match (page ${data.pageIndex ?? '?'}, ${data.totalCount} in all).`;
  const paid = display.sort === 'paid';
  const rows = data.list.map((o) => [
    o.id,
    o.orderNum ?? '',
    o.buyerName ?? '',
    productText(o),
    statusText(o.orderStatus, display.labels?.order),
    afterSalesText(o, display.labels),
    statusText(o.orderDeliveryStatus, DELIVERY_LABELS),
    `${o.originalCurrencySymbol ?? ''}${o.originalCurrencyProductPrice ?? ''} ${o.originalCurrencyCode ?? ''}`.trim(),
    o.createTime ?? '',
    ...(paid ? [o.payTime ?? ''] : []),
    ...(display.due ? [display.due(o)] : []),
    [o.isExistDispute ? 'dispute' : '', o.deliveryType === 2 ? 'delivery-error' : ''].filter(Boolean).join(','),
  ]);
  const headers = [
    'ID',
    'Order no.',
    'Buyer',
    'Product',
    'Status',
    'After-sales',
    'Delivery',
    'Amount',
    'Created',
    ...(paid ? ['Paid'] : []),
    ...(display.due ? ['Due'] : []),
    'Flags',
  ];
  return `${table(headers, rows)}\nPage ${data.pageIndex ?? '?'} of ${pages} · ${plural(data.totalCount, 'order')}`;
}

export function formatOrderDetail(o: Order, display: OrderDisplay = {}): string {
  const labels = display.labels;
  const lines = [
    `Order ${o.id}  (${o.orderNum ?? 'no number'}${o.masterOrderNum ? `, master ${o.masterOrderNum}` : ''})`,
    detail('Buyer', `${o.buyerName ?? ''} (${o.buyerId ?? '?'})`),
    detail(
      'Status',
      `${statusText(o.orderStatus, labels?.order) || '?'} · delivery ${statusText(o.orderDeliveryStatus, DELIVERY_LABELS) || '?'} · ${o.deliveringNumber ?? 0}/${o.orderDeliveryTotal ?? 0} delivered`,
    ),
    detail('After-sales', afterSalesText(o, labels) || 'not reported'),
    detail(
      'Amount',
      `${o.originalCurrencySymbol ?? ''}${o.originalCurrencyProductPrice ?? ''} ${o.originalCurrencyCode ?? ''}`,
    ),
    detail('Created', `${o.createTime ?? ''}   Paid: ${o.payTime ?? ''}`),
    detail('Delivery', `${o.deliveryMethodName ?? ''}${o.deliveryType === 2 ? ' — DELIVERY EXCEPTION' : ''}`),
  ];
  if (o.remark) lines.push(detail('Remark', o.remark));
  if (o.isExistDispute) lines.push(detail('Flags', 'dispute'));
  for (const item of o.orderItems ?? []) {
    const attrs = Object.entries(item.productSkuAttr ?? {})
      .map(([k, v]) => `${k}: ${String(v)}`)
      .join(', ');
    lines.push(
      detail(
        'Item',
        `${item.quantity ?? 1} × ${item.productSpuTitle ?? ''}${attrs ? ` (${attrs})` : ''} = ${item.originalCurrencyProductTotalPrice ?? ''}`,
      ),
    );
  }
  for (const f of o.deliveryInfo ?? [])
    lines.push(detail('Field', `${f.key ?? '(unnamed)'} = ${(f.value ?? []).join(', ')}`));
  for (const d of o.orderDeliveryList ?? [])
    lines.push(
      detail(
        'Delivered',
        `${d.createTime ?? ''} ×${d.deliveringNumber ?? 0} ${d.description ?? ''} ${(d.imageUrls ?? []).join(' ')}`,
      ),
    );
  if (o.deliveryErrorInfo) lines.push(detail('Error', JSON.stringify(o.deliveryErrorInfo)));
  return lines.join('\n');
}
