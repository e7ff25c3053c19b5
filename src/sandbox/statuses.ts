/**
 * Sandbox-only status values. The spec names order status and after-sales status but does not give their
 * numeric values; these are the sandbox's own choice (see README.md).
 */
import { SANDBOX_AFTER_SALES_STATUSES, SANDBOX_ORDER_STATUSES } from '../shared/domain/defaultStatusLabels';

// The names live in src/shared (the renderer shows them with no profile); the sandbox's values are these.
export { SANDBOX_AFTER_SALES_STATUSES, SANDBOX_ORDER_STATUSES };

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
