import { z } from 'zod';

/**
 * The platform's Order resource, as the spec lists it. Parsing is tolerant: unknown fields pass through
 * (z.looseObject), absent or null optional fields do not fail, a wrong type fails naming the field path.
 */
const optional = <T extends z.ZodType>(schema: T) => schema.nullish();

/** A decimal integer ID as text. The platform sends IDs as strings; 64-bit values never pass through a JS number. */
export const decimalIdSchema = z.string().regex(/^\d{1,20}$/, 'expected a decimal integer ID');

export const orderItemSchema = z.looseObject({
  productSpuId: optional(z.union([z.number(), z.string()])),
  productSkuId: optional(z.union([z.number(), z.string()])),
  productSpuNum: optional(z.string()),
  productSkuNum: optional(z.string()),
  productSpuTitle: optional(z.string()),
  quantity: optional(z.number().int()),
  deliveryType: optional(z.number().int()),
  deliveryTime: optional(z.number().int()),
  /** 1 Day, 2 Hour, 3 Minute */
  deliveryTimeUnit: optional(z.number().int()),
  categoryId3: optional(z.union([z.number(), z.string()])),
  categoryName: optional(z.string()),
  brandId: optional(z.union([z.number(), z.string()])),
  brandName: optional(z.string()),
  originalCurrencyProductUnitPrice: optional(z.string()),
  originalCurrencyProductTotalPrice: optional(z.string()),
  productSpuAttr: optional(z.record(z.string(), z.unknown())),
  productSkuAttr: optional(z.record(z.string(), z.unknown())),
  productSkuImagesUrl: optional(z.array(z.string())),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** Delivery info field types: 1 Text, 2 Textarea, 3 Select, 4 Multi-select, 5 Image. */
export const deliveryInfoTypes = { 1: 'Text', 2: 'Textarea', 3: 'Select', 4: 'Multi-select', 5: 'Image' } as const;

export const deliveryInfoEntrySchema = z.looseObject({
  key: optional(z.string()),
  value: optional(z.array(z.string())),
  type: optional(z.number().int()),
});
export type DeliveryInfoEntry = z.infer<typeof deliveryInfoEntrySchema>;

export const deliveryRecordSchema = z.looseObject({
  imageUrls: optional(z.array(z.string())),
  description: optional(z.string()),
  createTime: optional(z.string()),
  deliveringNumber: optional(z.number().int()),
});
export type DeliveryRecord = z.infer<typeof deliveryRecordSchema>;

/** Delivery status: 0 Pending, 1 Shipped, 2 Buyer signed, 3 Auto signed. */
export const orderDeliveryStatuses = { 0: 'Pending', 1: 'Shipped', 2: 'Buyer signed', 3: 'Auto signed' } as const;
/** Order delivery type: 1 Order delivery, 2 Delivery exception. */
export const orderDeliveryTypes = { 1: 'Order delivery', 2: 'Delivery exception' } as const;
/** Delivery time unit of an item: 1 Day, 2 Hour, 3 Minute. */
export const deliveryTimeUnits = { 1: 'Day', 2: 'Hour', 3: 'Minute' } as const;

export const orderSchema = z.looseObject({
  id: decimalIdSchema,
  orderNum: optional(z.string()),
  masterOrderNum: optional(z.string()),
  buyerId: optional(decimalIdSchema),
  buyerName: optional(z.string()),
  orderStatus: optional(z.number().int()),
  orderDeliveryStatus: optional(z.number().int()),
  payTime: optional(z.string()),
  createTime: optional(z.string()),
  deliveryType: optional(z.number().int()),
  deliveryMethodName: optional(z.string()),
  originalCurrencyProductPrice: optional(z.string()),
  originalCurrencyCode: optional(z.string()),
  originalCurrencySymbol: optional(z.string()),
  orderDeliveryTotal: optional(z.number().int()),
  deliveringNumber: optional(z.number().int()),
  remark: optional(z.string()),
  isExistAfterSales: optional(z.boolean()),
  isExistDispute: optional(z.boolean()),
  orderItems: optional(z.array(orderItemSchema)),
  deliveryInfo: optional(z.array(deliveryInfoEntrySchema)),
  orderDeliveryList: optional(z.array(deliveryRecordSchema)),
  deliveryErrorInfo: optional(z.record(z.string(), z.unknown())),
  /**
   * Not in the spec's Order resource (the spec only has it as a list filter). The sandbox sends it; a real
   * platform may not. Read when present.
   */
  orderAfterSalesStatus: optional(z.number().int()),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListDataSchema = z.looseObject({
  pageIndex: optional(z.number().int()),
  pageSize: optional(z.number().int()),
  /** Required: without it no page can be trusted to be complete (the sync verifies windows by it). */
  totalCount: z.number().int().nonnegative(),
  pageCount: optional(z.number().int().nonnegative()),
  list: z
    .array(orderSchema)
    .nullish()
    .transform((l) => l ?? []),
});
export type OrderListData = z.infer<typeof orderListDataSchema>;

export const buyerSyncResultSchema = z.looseObject({
  userId: z.union([z.string(), z.number()]).transform(String),
  authorizationCode: z.string().min(1),
});
export type BuyerSyncResult = z.infer<typeof buyerSyncResultSchema>;
