/**
 * The order as the sandbox sends it on the wire, the hidden state kept beside it, and the order-list query.
 * Wire shapes are type aliases (not interfaces) so they stay assignable to the shared, looser `Order` type.
 */

export type SandboxOrderItem = {
  productSpuId: number;
  productSkuId: number;
  productSpuNum: string;
  productSkuNum: string;
  productSpuTitle: string;
  quantity: number;
  deliveryType: number;
  deliveryTime: number;
  /** 1 Day, 2 Hour, 3 Minute */
  deliveryTimeUnit: number;
  categoryId3: number;
  categoryName: string;
  brandId: number;
  brandName: string;
  originalCurrencyProductUnitPrice: string;
  originalCurrencyProductTotalPrice: string;
  productSpuAttr: Record<string, unknown>;
  productSkuAttr: Record<string, string>;
  productSkuImagesUrl: string[];
};

/** type: 1 Text, 2 Textarea, 3 Select, 4 Multi-select, 5 Image (values are URLs). */
export type SandboxDeliveryInfoEntry = {
  key: string;
  value: string[];
  type: 1 | 2 | 3 | 4 | 5;
};

export type SandboxDeliveryRecord = {
  imageUrls: string[];
  description: string;
  createTime: string;
  deliveringNumber: number;
};

/** The spec leaves the inner fields open; these are the sandbox's. */
export type SandboxDeliveryErrorInfo = {
  errorCode: string;
  errorMessage: string;
  occurredAt: string;
};

export type SandboxOrder = {
  /** 64-bit decimal string. */
  id: string;
  orderNum: string;
  masterOrderNum: string;
  /** 64-bit decimal string. */
  buyerId: string;
  buyerName: string;
  orderStatus: number;
  orderDeliveryStatus: number;
  /** null while unpaid. */
  payTime: string | null;
  createTime: string;
  /** 1 Order delivery, 2 Delivery exception */
  deliveryType: number;
  deliveryMethodName: string;
  originalCurrencyProductPrice: string;
  originalCurrencyCode: string;
  originalCurrencySymbol: string;
  orderDeliveryTotal: number;
  deliveringNumber: number;
  /** "" when the buyer left no remark. */
  remark: string;
  isExistAfterSales: boolean;
  isExistDispute: boolean;
  orderItems: SandboxOrderItem[];
  deliveryInfo: SandboxDeliveryInfoEntry[];
  orderDeliveryList: SandboxDeliveryRecord[];
  deliveryErrorInfo: SandboxDeliveryErrorInfo | null;
  /**
   * Sandbox-only: the after-sales status (see SANDBOX_AFTER_SALES_STATUSES). The store keeps it here; it is sent
   * only with `--extended-order-fields` (wireOrder.ts) — by default, as the spec says, it is learned through the
   * list's `orderAfterSalesStatus` filter.
   */
  orderAfterSalesStatus: number;
};

/**
 * A snapshot of one stored order: the wire object plus state the platform does not send. Changing the snapshot
 * changes nothing; change orders through OrderStore methods (audit, setAfterSalesStatus, setOrderStatus,
 * update, touchOrders).
 */
export interface StoredOrder {
  /** A copy of the wire object, exactly as the list endpoint would send it now. */
  readonly order: SandboxOrder;
  readonly createTimeMs: number;
  /** Hidden: last change, matched by the update-date filters. */
  readonly updateTimeMs: number;
  /** Hidden: set when the seller rejected an after-sales request. */
  readonly rejectDescription?: string;
  readonly rejectImageUrls?: readonly string[];
  /** Hidden: when the seller last audited (approve or reject). */
  readonly auditedAtMs?: number;
  /** Hidden: every decision the audit endpoint received for the order, applied or refused, oldest first. */
  readonly decisions: ReadonlyArray<{ readonly isApproved: boolean; readonly atMs: number }>;
}

/** A validated order-list request. Dates are epoch ms; begin/end bounds are inclusive. */
export interface OrderQuery {
  pageIndex: number;
  pageSize: number;
  id?: string;
  orderNum?: string;
  buyerId?: string;
  productTitle?: string;
  sellerOrderStatus?: readonly number[];
  orderAfterSalesStatus?: readonly number[];
  createBeginMs?: number;
  createEndMs?: number;
  updateBeginMs?: number;
  updateEndMs?: number;
}

export type OrderPage = {
  pageIndex: number;
  pageSize: number;
  totalCount: number;
  pageCount: number;
  list: SandboxOrder[];
};
