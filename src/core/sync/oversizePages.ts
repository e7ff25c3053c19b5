import type { OrderPage } from '../api/sellerApi';
import type { ApiError } from '../../shared/errors/apiError';
import type { SkippedOrder } from '../../shared/domain/order';
import { PAGE_INDEX_MAX, type OrderListQueryInput } from '../../shared/domain/requests';
import { err, ok, type Result } from '../result';
import type { OrderSource } from './orderSource';

/**
 * A page whose answer passed the response cap (maxResponseMB) — one order with enormous fields is enough — would
 * fail every sync forever. Instead the page is fetched again as the smaller pages that tile it (pageSize 100 → 50
 * → 25 → 5 → 1: each a divisor of the one before, so page k of the smaller size covers exactly part of the same
 * list positions), each shrinking again when still too large, down to one order a page. A one-order page still too
 * large is that order: it is skipped and reported by ID (read from the answer's first characters; by its list
 * position when they name none), and the rest of the window is stored. The page index cannot pass 100, so a page
 * deep in a large window cannot be tiled this way: `too-deep`, and the sync splits the window by creation time
 * first (windowSync.ts).
 */

type ListQuery = OrderListQueryInput & { pageIndex: number; pageSize: number };

export function isTooLarge(error: ApiError): error is Extract<ApiError, { kind: 'protocol' }> & {
  tooLarge: { limitMB: number; firstListedId?: string };
} {
  return error.kind === 'protocol' && error.tooLarge !== undefined;
}

/** The next smaller page size whose pages tile a page of `size`: its largest divisor up to half of it (1 at least). */
export function smallerPageSize(size: number): number {
  for (let d = Math.floor(size / 2); d > 1; d--) if (size % d === 0) return d;
  return 1;
}

/** The page `query` asked for, from smaller pages; `too-deep` when they would pass page index 100. */
export async function refetchInSmallerPages(
  source: OrderSource,
  query: ListQuery,
  error: ApiError,
): Promise<Result<OrderPage, ApiError> | 'too-deep'> {
  if (query.pageSize === 1) return oneOrderTooLarge(source, query, error);
  const size = smallerPageSize(query.pageSize);
  const per = query.pageSize / size;
  const first = (query.pageIndex - 1) * per + 1;
  const last = query.pageIndex * per;
  if (last > PAGE_INDEX_MAX) return 'too-deep';
  const page: OrderPage = {
    data: { pageIndex: query.pageIndex, pageSize: query.pageSize, totalCount: 0, list: [], skipped: [] },
    time: undefined,
    bodyChars: 0,
  };
  for (let index = first; index <= last; index++) {
    const part = await fetchPage(source, { ...query, pageIndex: index, pageSize: size });
    if (part === 'too-deep') return 'too-deep';
    if (!part.ok) return part;
    const { data } = part.value;
    page.data.list.push(...data.list);
    page.data.skipped.push(...data.skipped);
    page.data.totalCount = Math.max(page.data.totalCount, data.totalCount);
    page.time ??= part.value.time;
    page.bodyChars! += part.value.bodyChars ?? 0;
    // Past the end of the list: the later smaller pages are empty too.
    if (data.list.length + data.skipped.length < size) break;
  }
  return ok(page);
}

/** One page, tiled again when its answer is too large. */
async function fetchPage(source: OrderSource, query: ListQuery): Promise<Result<OrderPage, ApiError> | 'too-deep'> {
  const answer = await source.listOrders(query);
  if (answer.ok || !isTooLarge(answer.error)) return answer;
  return refetchInSmallerPages(source, query, answer.error);
}

/**
 * A one-order page too large to read: the order, skipped and reported. The list's count comes from a page past
 * the order (page 100 of one order: empty, so small, while the window holds fewer than 100 orders from there on).
 */
async function oneOrderTooLarge(
  source: OrderSource,
  query: ListQuery,
  error: ApiError,
): Promise<Result<OrderPage, ApiError>> {
  const limitMB = isTooLarge(error) ? error.tooLarge.limitMB : 0;
  const id = (isTooLarge(error) && error.tooLarge.firstListedId) || unnamed(query);
  const skipped: SkippedOrder = {
    id,
    reason: `its answer alone is larger than ${limitMB} MB once decompressed (the maxResponseMB limit): skipped, every other order stored`,
  };
  const count = await countOf(source, query);
  if (!count.ok) return err(error);
  return ok({
    data: { pageIndex: query.pageIndex, pageSize: 1, totalCount: count.value.total, list: [], skipped: [skipped] },
    time: count.value.time,
    bodyChars: 0,
  });
}

/** An order no readable character names: by its place in the list (window and position). */
function unnamed(query: ListQuery): string {
  const from = query.createBeginDate ?? 'the start';
  const to = query.createEndDate ?? 'now';
  return `(unknown ID: position ${query.pageIndex} of the orders created ${from} – ${to})`;
}

/** The list's total for the same filters, from the smallest answer that carries it. */
async function countOf(
  source: OrderSource,
  query: ListQuery,
): Promise<Result<{ total: number; time: string | undefined }, ApiError>> {
  for (const probe of [
    { pageIndex: PAGE_INDEX_MAX, pageSize: 100 },
    { pageIndex: PAGE_INDEX_MAX, pageSize: 1 },
    { pageIndex: query.pageIndex === 1 ? 2 : 1, pageSize: 1 },
  ]) {
    const answer = await source.listOrders({ ...query, ...probe });
    if (answer.ok) return ok({ total: answer.value.data.totalCount, time: answer.value.time });
    if (!isTooLarge(answer.error)) return answer;
  }
  return err({ kind: 'protocol', message: 'no answer small enough to count the orders' });
}
