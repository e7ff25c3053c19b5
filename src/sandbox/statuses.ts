/**
 * Sandbox-only status values. The spec names order status and after-sales status but does not give their
 * numeric values; these are the sandbox's own choice (see README.md).
 */
export const SANDBOX_ORDER_STATUSES = {
  1: 'Awaiting payment',
  2: 'Paid – awaiting delivery',
  3: 'Delivering',
  4: 'Completed',
  5: 'Cancelled',
  6: 'Refunded',
} as const;

export const SANDBOX_AFTER_SALES_STATUSES = {
  0: 'None',
  1: 'Awaiting seller review',
  2: 'Refund approved',
  3: 'Refund rejected',
  4: 'Closed by buyer',
} as const;

/** The sandbox's status values as a profile's status labels (a new sandbox profile starts with them). */
export const SANDBOX_STATUS_LABELS: { order: Record<string, string>; afterSales: Record<string, string> } = {
  order: { ...SANDBOX_ORDER_STATUSES },
  afterSales: { ...SANDBOX_AFTER_SALES_STATUSES },
};

export const OrderStatus = {
  AwaitingPayment: 1,
  Paid: 2,
  Delivering: 3,
  Completed: 4,
  Cancelled: 5,
  Refunded: 6,
} as const;
export type OrderStatusValue = (typeof OrderStatus)[keyof typeof OrderStatus];

export const AfterSalesStatus = {
  None: 0,
  AwaitingReview: 1,
  RefundApproved: 2,
  RefundRejected: 3,
  ClosedByBuyer: 4,
} as const;
export type AfterSalesStatusValue = (typeof AfterSalesStatus)[keyof typeof AfterSalesStatus];

/** Delivery status (from the spec): 0 Pending, 1 Shipped, 2 Buyer signed, 3 Auto signed. */
export const DeliveryStatus = { Pending: 0, Shipped: 1, BuyerSigned: 2, AutoSigned: 3 } as const;
