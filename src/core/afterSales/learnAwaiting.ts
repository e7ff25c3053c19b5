import type { SellerApi } from '../api/sellerApi';
import type { OrderCache } from '../cache/orderCache';
import type { ApiError } from '../../shared/errors/apiError';
import type { CacheError } from '../../shared/errors/cacheErrors';
import { err, ok, type Result } from '../result';

/**
 * The awaiting set, learned after each poll: the order list filtered by `orderAfterSalesStatus = [awaiting]`
 * (the spec's only source of after-sales status), paged at the platform's maximum page size, newest first, and
 * bounded — usually one page, so one extra request per poll. The cache records it (afterSalesLearning.ts).
 */

/** The platform's maximum page size. */
export const AWAITING_PAGE_SIZE = 100;
/** At most this many pages (1,000 requests awaiting a decision); beyond, the set is recorded as partial. */
export const AWAITING_MAX_PAGES = 10;

export interface LearnedAwaiting {
  /** Orders the filter lists as awaiting review. */
  awaiting: number;
  /** Every page was read (orders not listed are then known not to await review). */
  complete: boolean;
  /** Order-list requests made. */
  requests: number;
  /** Cached orders whose state changed. */
  changed: number;
  learnedAtMs: number;
}

export type LearnError = { kind: 'api'; error: ApiError } | { kind: 'cache'; error: CacheError };

export async function learnAwaitingSet(
  api: SellerApi,
  cache: OrderCache,
  awaiting: readonly number[],
  nowMs: () => number,
  maxPages = AWAITING_MAX_PAGES,
): Promise<Result<LearnedAwaiting, LearnError>> {
  const ids: string[] = [];
  let requests = 0;
  let complete = false;
  let learnedAtMs = nowMs();
  for (let pageIndex = 1; pageIndex <= maxPages; pageIndex++) {
    const page = await api.listOrders({
      orderAfterSalesStatus: [...awaiting],
      pageIndex,
      pageSize: AWAITING_PAGE_SIZE,
    });
    requests++;
    if (!page.ok) return err({ kind: 'api', error: page.error });
    // The platform's time of the first page: the set is as of then (a decision after it shows next poll).
    if (pageIndex === 1) learnedAtMs = (page.value.time && Date.parse(page.value.time)) || learnedAtMs;
    const { list, pageCount, totalCount } = page.value.data;
    for (const o of list) ids.push(o.id);
    if (pageIndex >= (pageCount ?? 0) || list.length < AWAITING_PAGE_SIZE || ids.length >= (totalCount ?? Infinity)) {
      complete = true;
      break;
    }
  }
  const recorded = cache.recordAwaitingSet(ids, awaiting, complete, learnedAtMs);
  if (!recorded.ok) return err({ kind: 'cache', error: recorded.error });
  return ok({ awaiting: ids.length, complete, requests, changed: recorded.value, learnedAtMs });
}
