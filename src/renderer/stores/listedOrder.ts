import { learnedAfterSalesStatus } from '../../shared/domain/afterSalesReview';
import type { Order } from '../../shared/domain/order';

/**
 * One line of the orders list, from an order as the cache returns it. The orders store keeps these, not the orders:
 * the list reads nothing else, and a long scroll keeps tens of thousands of them (the whole orders' objects made the
 * heap, and each major garbage collection, several times larger — the collections were in the long tasks left). The bridge checks only that an order has an
 * ID (ipcOrderSchema is loose): every other field is read defensively, so an odd order shows "—" where a field
 * is missing or of the wrong type instead of breaking the list.
 */
export interface OrderRow {
  id: string;
  orderNum: string | null;
  createTime: string | null;
  payTime: string | null;
  /** The buyer's name, else the buyer ID. */
  buyer: string | null;
  buyerId: string | null;
  firstItemTitle: string | null;
  /** How many more items the order has beyond the first. */
  moreItems: number;
  total: string | null;
  currency: string | null;
  orderStatus: number | null;
  deliveryStatus: number | null;
  /** deliveryType 2 is "Delivery exception" (the spec's order delivery types). */
  deliveryException: boolean;
  afterSales: boolean;
  afterSalesStatus: number | null;
  dispute: boolean;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);
const money = (v: unknown): string | null => (typeof v === 'number' && Number.isFinite(v) ? String(v) : text(v));

export function orderRow(order: { id: string } & Record<string, unknown>): OrderRow {
  const o = order as Partial<Order> & { id: string };
  const items = Array.isArray(o.orderItems) ? o.orderItems : [];
  const first = items[0] as Record<string, unknown> | undefined;
  const buyerId = text(o.buyerId);
  return {
    id: o.id,
    orderNum: text(o.orderNum),
    createTime: text(o.createTime),
    payTime: text(o.payTime),
    buyer: text(o.buyerName) ?? buyerId,
    buyerId,
    firstItemTitle: first && typeof first === 'object' ? text(first.productSpuTitle) : null,
    moreItems: Math.max(0, items.length - 1),
    total: money(o.originalCurrencyProductPrice),
    currency: text(o.originalCurrencyCode),
    orderStatus: int(o.orderStatus),
    deliveryStatus: int(o.orderDeliveryStatus),
    deliveryException: o.deliveryType === 2,
    afterSales: o.isExistAfterSales === true,
    afterSalesStatus: learnedAfterSalesStatus(o),
    dispute: o.isExistDispute === true,
  };
}
