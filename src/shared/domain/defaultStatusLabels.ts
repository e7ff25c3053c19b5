/**
 * The status names shown when no profile names them (the environment mode: no profile, the MERCHANT_DESK_*
 * settings). The spec names order and after-sales statuses but gives no values; these are the sandbox's own choice
 * (PLATFORM-API.md), a labelled default like DEFAULT_AWAITING_REVIEW — the same names a new sandbox profile starts
 * with, kept once here (the sandbox re-exports them; the renderer may not import the sandbox).
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

export interface StatusLabelMaps {
  order: Record<string, string>;
  afterSales: Record<string, string>;
}

/** The labels of a screen served with no profile, until the merchant names the statuses their own way. */
export const DEFAULT_STATUS_LABELS: StatusLabelMaps = Object.freeze({
  order: Object.freeze({ ...SANDBOX_ORDER_STATUSES }),
  afterSales: Object.freeze({ ...SANDBOX_AFTER_SALES_STATUSES }),
});
