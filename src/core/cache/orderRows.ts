import { hash } from 'node:crypto';
import type { Order } from '../../shared/domain/order';
import { parseIsoInstant } from '../../shared/time/isoInstant';

/** The indexed columns of one order row (everything but rid and the time bookkeeping). */
export interface OrderColumns {
  id: string;
  order_num: string | null;
  buyer_id: string | null;
  buyer_name: string;
  order_status: number | null;
  after_sales_status: number | null;
  delivery_status: number | null;
  delivery_exception: 0 | 1;
  has_after_sales: 0 | 1;
  has_dispute: 0 | 1;
  create_ms: number;
  pay_ms: number;
  titles: string;
  /** The titles lower-cased: the key of the order's title_group (the product-title filter). */
  title_key: string;
  sku_attrs: string;
  remark: string;
  /** The order as stored (JSON.stringify of the parsed order). */
  json: string;
  /** 80 bits of the JSON's SHA-1: an unchanged order is recognised without reading its JSON back. */
  content_hash: string;
  /** The JSON's UTF-8 bytes, when they were made for the hash (orderColumns' `keepBytes`): compressed as they are. */
  json_bytes?: Buffer;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));

function skuAttrLines(order: Order): string[] {
  const lines: string[] = [];
  for (const item of order.orderItems ?? []) {
    for (const [name, value] of Object.entries(item.productSkuAttr ?? {})) {
      lines.push(`${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
    }
  }
  return lines;
}

/**
 * The order's creation time in ms (0 when absent or unreadable — such an order sorts last and matches no
 * creation range).
 */
export function createdMs(order: Pick<Order, 'createTime'>): number {
  return parseIsoInstant(order.createTime) ?? 0;
}

/**
 * Row columns for an order as the platform sent it. The JSON is the whole order, IDs as decimal strings: `json`,
 * when given, is JSON.stringify(order) made already. `keepBytes`: the JSON's UTF-8 bytes are made once, hashed, and
 * kept in `json_bytes` for the compressor (hashing the text encodes it to UTF-8 too: the same hash, one encoding).
 */
export function orderColumns(order: Order, json: string = JSON.stringify(order), keepBytes = false): OrderColumns {
  const titles = (order.orderItems ?? [])
    .map((i) => text(i.productSpuTitle))
    .filter(Boolean)
    .join('\n');
  return {
    id: order.id,
    order_num: order.orderNum ?? null,
    buyer_id: order.buyerId ?? null,
    buyer_name: text(order.buyerName),
    order_status: order.orderStatus ?? null,
    // Learned through the list filter only (afterSalesLearning.ts): an upsert keeps what was learned.
    after_sales_status: null,
    delivery_status: order.orderDeliveryStatus ?? null,
    delivery_exception: order.deliveryType === 2 ? 1 : 0,
    has_after_sales: order.isExistAfterSales === true ? 1 : 0,
    has_dispute: order.isExistDispute === true ? 1 : 0,
    create_ms: createdMs(order),
    pay_ms: parseIsoInstant(order.payTime) ?? 0,
    titles,
    title_key: titles.toLowerCase(),
    sku_attrs: skuAttrLines(order).join('\n'),
    remark: text(order.remark),
    json,
    ...hashed(json, keepBytes),
  };
}

function hashed(json: string, keepBytes: boolean): Pick<OrderColumns, 'content_hash' | 'json_bytes'> {
  if (!keepBytes) return { content_hash: contentHash(json) };
  const bytes = Buffer.from(json, 'utf8');
  return { content_hash: contentHash(bytes), json_bytes: bytes };
}

/** The hash of the JSON text, or of its UTF-8 bytes (the same value). */
export function contentHash(json: string | Buffer): string {
  return hash('sha1', json, 'hex').slice(0, 20);
}

/**
 * The newest instant an order carries (creation, payment, delivery records). For an order first stored by the
 * baseline full sync this is the best known lower bound of its hidden update time (see docs/PERFORMANCE.md).
 * `columns`: the order's row columns, whose creation and payment times are already read.
 */
export function newestKnownMs(order: Order, columns: Pick<OrderColumns, 'create_ms' | 'pay_ms'>): number {
  let newest = Math.max(columns.create_ms, columns.pay_ms);
  const consider = (t: unknown) => {
    const ms = typeof t === 'string' ? parseIsoInstant(t) : undefined;
    if (ms !== undefined && ms > newest) newest = ms;
  };
  const deliveries = order.orderDeliveryList;
  if (deliveries) for (const d of deliveries) consider(d.createTime);
  consider(order.deliveryErrorInfo?.['occurredAt']);
  return newest;
}
