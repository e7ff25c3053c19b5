/**
 * Which after-sales status values mean "a request awaits the seller's review". The spec names the status but gives
 * no values; the default is the sandbox's 1 ("Awaiting seller review"), a labelled default listed in the README's
 * gap table. This is the one copy: the core's decision policy and attention queue, main's tray count and the
 * renderer's after-sales inbox read it here (the renderer may not import the core).
 */
export const DEFAULT_AWAITING_REVIEW: readonly number[] = Object.freeze([1]);

export type ReviewState = 'awaiting' | 'not-awaiting' | 'unknown';

/** The after-sales fields of an order, as the core decodes them or as they cross the bridge. */
export interface AfterSalesFields {
  orderAfterSalesStatus?: unknown;
  isExistAfterSales?: unknown;
}

/**
 * Whether the order's after-sales request awaits a decision, as its fields say. Without a status (a platform that
 * sends none) only `isExistAfterSales: false` says no; anything else is left to the platform to refuse.
 */
export function reviewStateOf(
  order: AfterSalesFields,
  awaiting: readonly number[] = DEFAULT_AWAITING_REVIEW,
): ReviewState {
  const status = order.orderAfterSalesStatus;
  if (typeof status === 'number' && Number.isInteger(status))
    return awaiting.includes(status) ? 'awaiting' : 'not-awaiting';
  return order.isExistAfterSales === false ? 'not-awaiting' : 'unknown';
}
