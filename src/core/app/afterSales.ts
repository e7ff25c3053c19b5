import type { ChangeEvent } from '../sync/changeEvents';
import { validateInput } from '../api/clientDeps';
import type { Order } from '../../shared/domain/order';
import { DEFAULT_AWAITING_REVIEW, reviewStateOf, type ReviewState } from '../../shared/domain/afterSalesReview';
import { afterSalesDecisionSchema } from '../../shared/domain/requests';
import { statusLabel } from '../profiles/profileSchema';
import { err, ok, type Result } from '../result';
import type { AppError } from '../../shared/errors/appError';
import { storeOrder } from './orders';
import { PlatformClock } from '../sync/platformClock';
import type { Session } from './session';
import { appErrorFromApi } from './sessionErrors';

/**
 * Deciding an after-sales request, the one policy every caller (CLI, window, browser host) gets:
 * - refused locally, nothing sent, when the cached order shows no request awaiting review AND the platform, asked
 *   again first (the cache may be stale), reports an after-sales status that is not awaiting review;
 * - otherwise sent once: the API client retries only a refused connection and 10004, never an answer that may
 *   have been applied;
 * - an unknown outcome (timeout, dropped connection, 5xx) is re-fetched and reported with what the platform shows
 *   (`found`), never resent;
 * - the re-fetched order is written into the cache.
 */

/** Which after-sales status values mean "a request awaits the seller's review" (default: src/shared's). */
export interface AfterSalesPolicy {
  awaitingReview: readonly number[];
}

export const DEFAULT_AFTER_SALES_POLICY: AfterSalesPolicy = { awaitingReview: DEFAULT_AWAITING_REVIEW };

export interface DecisionOutcome {
  orderId: string;
  approved: boolean;
  /** The order as the platform reports it after the decision; null when the re-fetch found none or failed. */
  order: Order | null;
  /** Why the re-fetch after an accepted decision gave no order (the decision itself was accepted). */
  refetchError: AppError | null;
  /** The re-fetched order was written into the cache. */
  cached: boolean;
  /**
   * What writing the re-fetched order into the cache changed (its after-sales status, usually): published like a
   * sync's changes, so lists, counts and the tray follow the decision without waiting for the next poll.
   */
  events: ChangeEvent[];
}

/** What the order's after-sales fields say: awaiting review, not awaiting, or unknown (nothing reported). */
export function reviewState(order: Order, policy: AfterSalesPolicy): ReviewState {
  return reviewStateOf(order, policy.awaitingReview);
}

function notAwaiting(session: Session, order: Order): AppError {
  const status = order.orderAfterSalesStatus!;
  const named = session.statusLabels ? statusLabel(session.statusLabels.afterSales, status) : String(status);
  const label = named === String(status) ? named : `${named} (${status})`;
  return {
    kind: 'platform',
    code: 'not-awaiting-review',
    message: `Order ${order.id} has no after-sales request awaiting review: the platform reports after-sales status ${label}. Nothing was sent.`,
    action: 'Already decided? Check the order before deciding again.',
  };
}

/** Asks the platform for the order (listing it by id) and writes the answer into the cache. */
async function refetch(
  session: Session,
  id: string,
): Promise<Result<{ order: Order | null; events: ChangeEvent[] }, AppError>> {
  const page = await session.sellerApi().listOrders({ id, pageIndex: 1, pageSize: 1 });
  if (!page.ok) return err(appErrorFromApi(page.error));
  const order = page.value.data.list.find((o) => o.id === id) ?? null;
  if (!order) return ok({ order, events: [] });
  const { events } = storeOrder(session, order, new PlatformClock(session.now).answer(page.value.time));
  return ok({ order, events });
}

export async function decideAfterSales(
  session: Session,
  input: unknown,
  policy: AfterSalesPolicy = DEFAULT_AFTER_SALES_POLICY,
): Promise<Result<DecisionOutcome, AppError>> {
  const decision = validateInput(afterSalesDecisionSchema, input);
  if (!decision.ok) return err(appErrorFromApi(decision.error));
  const { orderId, isApproved } = decision.value;

  const cached = session.cacheIfUsable()?.getOrder(orderId);
  if (cached?.ok && cached.value && reviewState(cached.value, policy) === 'not-awaiting') {
    // The cache may be stale: only the platform's own answer refuses. A failed re-check leaves it to the platform.
    const fresh = await refetch(session, orderId);
    if (fresh.ok && fresh.value.order) {
      const status = fresh.value.order.orderAfterSalesStatus;
      if (status !== undefined && status !== null && !policy.awaitingReview.includes(status))
        return err(notAwaiting(session, fresh.value.order));
    }
  }

  const sent = await session.sellerApi().auditAfterSales(decision.value);
  if (!sent.ok) {
    const e = sent.error;
    if (e.kind === 'outcome-unknown' && e.observed.kind === 'found')
      // Re-fetched by the API client: no envelope time reaches here, so the copy is ordered by nothing (applied).
      storeOrder(session, e.observed.order as Order, {
        seenAtMs: new PlatformClock(session.now).standIn(),
        answeredMs: null,
      });
    return err(appErrorFromApi(e));
  }
  const after = await refetch(session, orderId);
  const order = after.ok ? after.value.order : null;
  const refetchError: AppError | null = !after.ok
    ? after.error
    : order === null
      ? { kind: 'not-found', message: `No order with ID ${orderId} on re-fetch.` }
      : null;
  const cache = session.cacheIfUsable();
  return ok({
    orderId,
    approved: isApproved,
    order,
    refetchError,
    cached: order !== null && cache !== undefined,
    events: after.ok ? after.value.events : [],
  });
}
