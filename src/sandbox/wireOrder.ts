/**
 * What the order list sends of an order. By default exactly the spec's Order fields (docs/PLATFORM-API.md): the
 * after-sales status is then learned only through the list's `orderAfterSalesStatus` filter, as on the platform.
 * `--extended-order-fields` (demos only) adds the sandbox's extras, today `orderAfterSalesStatus`.
 */
import type { SandboxOrder } from './orderTypes';

/** The spec's Order fields, in the spec's order. Anything else the store keeps is never sent by default. */
export const SPEC_ORDER_FIELDS = [
  'id',
  'orderNum',
  'masterOrderNum',
  'buyerId',
  'buyerName',
  'orderStatus',
  'orderDeliveryStatus',
  'payTime',
  'createTime',
  'deliveryType',
  'deliveryMethodName',
  'originalCurrencyProductPrice',
  'originalCurrencyCode',
  'originalCurrencySymbol',
  'orderDeliveryTotal',
  'deliveringNumber',
  'remark',
  'isExistAfterSales',
  'isExistDispute',
  'orderItems',
  'deliveryInfo',
  'orderDeliveryList',
  'deliveryErrorInfo',
] as const satisfies ReadonlyArray<keyof SandboxOrder>;

/** The sandbox's extras, sent only with `extendedOrderFields`. */
export const EXTENDED_ORDER_FIELDS = ['orderAfterSalesStatus'] as const satisfies ReadonlyArray<keyof SandboxOrder>;

/** The order as the spec shapes it (no sandbox extras). */
export type SpecOrder = Pick<SandboxOrder, (typeof SPEC_ORDER_FIELDS)[number]>;

/** The wire object of one order: the spec's fields, plus the extras when `extended`. */
export function wireOrder(order: SandboxOrder, extended: boolean): SpecOrder | SandboxOrder {
  if (extended) return order;
  const out: Record<string, unknown> = {};
  for (const field of SPEC_ORDER_FIELDS) out[field] = order[field];
  return out as SpecOrder;
}
