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

/** A plain-text table with a header row; columns sized to content (capped). */
export function table(headers: string[], rows: string[][], maxWidth = 32): string {
  const cells = [headers, ...rows].map((r) => r.map((c) => truncate(c, maxWidth)));
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

const deliveryLabel = (s: number | null | undefined) =>
  s == null ? '' : ((orderDeliveryStatuses as Record<number, string>)[s] ?? String(s));

export function formatOrderTable(data: OrderListData): string {
  if (data.list.length === 0) return `No orders match (page ${data.pageIndex ?? '?'}, ${data.totalCount} in all).`;
  const rows = data.list.map((o) => [
    o.id,
    o.orderNum ?? '',
    o.buyerName ?? '',
    o.orderStatus == null ? '' : String(o.orderStatus),
    deliveryLabel(o.orderDeliveryStatus),
    `${o.originalCurrencySymbol ?? ''}${o.originalCurrencyProductPrice ?? ''} ${o.originalCurrencyCode ?? ''}`.trim(),
    o.createTime ?? '',
    [
      o.isExistAfterSales ? 'after-sales' : '',
      o.isExistDispute ? 'dispute' : '',
      o.deliveryType === 2 ? 'delivery-error' : '',
    ]
      .filter(Boolean)
      .join(','),
  ]);
  return `${table(['ID', 'Order no.', 'Buyer', 'Status', 'Delivery', 'Amount', 'Created', 'Flags'], rows)}\nPage ${data.pageIndex ?? '?'} of ${data.pageCount ?? (data.pageSize ? Math.ceil(data.totalCount / data.pageSize) : '?')} · ${data.totalCount} orders`;
}

export function formatOrderDetail(o: Order): string {
  const lines = [
    `Order ${o.id}  (${o.orderNum ?? 'no number'}${o.masterOrderNum ? `, master ${o.masterOrderNum}` : ''})`,
    `Buyer:     ${o.buyerName ?? ''} (${o.buyerId ?? '?'})`,
    `Status:    ${o.orderStatus ?? '?'} · delivery ${deliveryLabel(o.orderDeliveryStatus)} · ${o.deliveringNumber ?? 0}/${o.orderDeliveryTotal ?? 0} delivered`,
    `Amount:    ${o.originalCurrencySymbol ?? ''}${o.originalCurrencyProductPrice ?? ''} ${o.originalCurrencyCode ?? ''}`,
    `Created:   ${o.createTime ?? ''}   Paid: ${o.payTime ?? ''}`,
    `Delivery:  ${o.deliveryMethodName ?? ''}${o.deliveryType === 2 ? ' — DELIVERY EXCEPTION' : ''}`,
  ];
  if (o.remark) lines.push(`Remark:    ${o.remark}`);
  if (o.isExistAfterSales || o.isExistDispute)
    lines.push(
      `Flags:     ${o.isExistAfterSales ? 'after-sales request ' : ''}${o.isExistDispute ? 'dispute' : ''}`.trimEnd(),
    );
  for (const item of o.orderItems ?? []) {
    const attrs = Object.entries(item.productSkuAttr ?? {})
      .map(([k, v]) => `${k}: ${String(v)}`)
      .join(', ');
    lines.push(
      `Item:      ${item.quantity ?? 1} × ${item.productSpuTitle ?? ''}${attrs ? ` (${attrs})` : ''} = ${item.originalCurrencyProductTotalPrice ?? ''}`,
    );
  }
  for (const f of o.deliveryInfo ?? [])
    lines.push(`Field:     ${f.key ?? '(unnamed)'} = ${(f.value ?? []).join(', ')}`);
  for (const d of o.orderDeliveryList ?? [])
    lines.push(
      `Delivered: ${d.createTime ?? ''} ×${d.deliveringNumber ?? 0} ${d.description ?? ''} ${(d.imageUrls ?? []).join(' ')}`.trimEnd(),
    );
  if (o.deliveryErrorInfo) lines.push(`Error:     ${JSON.stringify(o.deliveryErrorInfo)}`);
  return lines.join('\n');
}
