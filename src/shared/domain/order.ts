import { z } from 'zod';

// The code tables (orderCodes.ts, without zod: the renderer's first load reads them and builds no schema).
export { deliveryInfoTypes, deliveryTimeUnits, orderDeliveryStatuses, orderDeliveryTypes } from './orderCodes';

/**
 * The platform's Order resource, as the spec lists it, after decoding (orderDecoding.ts): unknown fields pass
 * through, absent or null optional fields are kept as sent, and every ID-like integer is decimal text.
 *
 * Integers kept as text (they can exceed 2^53 and must keep every digit): the order and buyer IDs (the spec's
 * strings), and the item's productSpuId, productSkuId, categoryId3 and brandId (the spec's integers, which are IDs;
 * sent as JSON numbers, read from the response text digit for digit). Every other integer of the spec is a status,
 * a type, a count or a duration: a JS number, refused beyond 2^53.
 */
type Opt<T> = T | null | undefined;

export interface OrderItem {
  productSpuId?: Opt<string>;
  productSkuId?: Opt<string>;
  productSpuNum?: Opt<string>;
  productSkuNum?: Opt<string>;
  productSpuTitle?: Opt<string>;
  quantity?: Opt<number>;
  deliveryType?: Opt<number>;
  deliveryTime?: Opt<number>;
  /** 1 Day, 2 Hour, 3 Minute */
  deliveryTimeUnit?: Opt<number>;
  categoryId3?: Opt<string>;
  categoryName?: Opt<string>;
  brandId?: Opt<string>;
  brandName?: Opt<string>;
  originalCurrencyProductUnitPrice?: Opt<string>;
  originalCurrencyProductTotalPrice?: Opt<string>;
  productSpuAttr?: Opt<Record<string, unknown>>;
  productSkuAttr?: Opt<Record<string, unknown>>;
  productSkuImagesUrl?: Opt<string[]>;
  [field: string]: unknown;
}

export interface DeliveryInfoEntry {
  key?: Opt<string>;
  value?: Opt<string[]>;
  type?: Opt<number>;
  [field: string]: unknown;
}

export interface DeliveryRecord {
  imageUrls?: Opt<string[]>;
  description?: Opt<string>;
  createTime?: Opt<string>;
  deliveringNumber?: Opt<number>;
  [field: string]: unknown;
}

export interface Order {
  /** Canonical decimal, 1 … 2^63−1 ("0042" is read as "42"). */
  id: string;
  orderNum?: Opt<string>;
  masterOrderNum?: Opt<string>;
  /** Canonical decimal, 1 … 2^63−1. */
  buyerId?: Opt<string>;
  buyerName?: Opt<string>;
  orderStatus?: Opt<number>;
  orderDeliveryStatus?: Opt<number>;
  payTime?: Opt<string>;
  createTime?: Opt<string>;
  deliveryType?: Opt<number>;
  deliveryMethodName?: Opt<string>;
  originalCurrencyProductPrice?: Opt<string>;
  originalCurrencyCode?: Opt<string>;
  originalCurrencySymbol?: Opt<string>;
  orderDeliveryTotal?: Opt<number>;
  deliveringNumber?: Opt<number>;
  remark?: Opt<string>;
  isExistAfterSales?: Opt<boolean>;
  isExistDispute?: Opt<boolean>;
  orderItems?: Opt<OrderItem[]>;
  deliveryInfo?: Opt<DeliveryInfoEntry[]>;
  orderDeliveryList?: Opt<DeliveryRecord[]>;
  deliveryErrorInfo?: Opt<Record<string, unknown>>;
  // No `orderAfterSalesStatus`: the spec's Order has no such field (only the list filter of that name). The
  // sandbox's demo flag still sends it; it passes through as an unknown field and nothing reads it — the status is
  // learned through the filter (core/afterSales/learnStatuses.ts) and read as `afterSalesLearned`.
  [field: string]: unknown;
}

/** An order of a page that could not be read or stored: reported by ID and skipped, the rest of the page kept. */
export interface SkippedOrder {
  /** The order's ID in canonical form, or as sent (quoted, shortened) when the ID itself is unreadable. */
  id: string;
  /** As sent, when readable: places the order in its creation window. */
  createTime?: string | undefined;
  /** Where and why, e.g. "data.list[3].deliveryErrorInfo.a: nested deeper than 64 levels". */
  reason: string;
}

export interface OrderListData {
  pageIndex?: Opt<number>;
  pageSize?: Opt<number>;
  /** Required: without it no page can be trusted to be complete (the sync verifies windows by it). */
  totalCount: number;
  pageCount?: Opt<number>;
  /** The orders that decoded. */
  list: Order[];
  /** The page's orders that did not, in page order. They count towards `totalCount`. */
  skipped: SkippedOrder[];
  [field: string]: unknown;
}

export const buyerSyncResultSchema = z.looseObject({
  userId: z.union([z.string(), z.number()]).transform(String),
  authorizationCode: z.string().min(1),
});
export type BuyerSyncResult = z.infer<typeof buyerSyncResultSchema>;
