import type { SellerApi } from '../api/sellerApi';
import type { ApiError } from '../../shared/errors/apiError';

/**
 * Whether an order's after-sales request awaits the seller's review, asked the one way the spec allows: the order
 * list filtered by `{ id, orderAfterSalesStatus: <awaiting values> }`. The spec's Order carries no status field,
 * so a hit means awaiting, no hit means not awaiting (decided, closed, or none), and a failed request means unknown.
 */
export type ReviewCheck =
  | { review: 'awaiting'; checkedAtMs: number }
  | { review: 'not-awaiting'; checkedAtMs: number }
  | { review: 'unknown'; error: ApiError };

export async function checkAwaitingReview(
  api: SellerApi,
  orderId: string,
  awaitingValues: readonly number[],
  nowMs: () => number,
): Promise<ReviewCheck> {
  const page = await api.listOrders({
    id: orderId,
    orderAfterSalesStatus: [...awaitingValues],
    pageIndex: 1,
    pageSize: 1,
  });
  if (!page.ok) return { review: 'unknown', error: page.error };
  const time = (page.value.time && Date.parse(page.value.time)) || nowMs();
  const hit = page.value.data.list.some((o) => o.id === orderId);
  return { review: hit ? 'awaiting' : 'not-awaiting', checkedAtMs: time };
}
