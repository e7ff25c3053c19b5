import { randomUUID } from 'node:crypto';
import type { ChangeEvent } from '../sync/changeEvents';
import { validateInput } from '../api/clientDeps';
import type { JournalEntry, JournalState } from '../afterSales/decisionJournal';
import { checkAwaitingReview, type ReviewCheck } from '../afterSales/reviewCheck';
import type { Order } from '../../shared/domain/order';
import { DEFAULT_AWAITING_REVIEW, reviewStateOf, type ReviewState } from '../../shared/domain/afterSalesReview';
import { afterSalesDecisionSchema, type AfterSalesDecision } from '../../shared/domain/requests';
import type { ApiError } from '../../shared/errors/apiError';
import { statusLabel } from '../profiles/profileSchema';
import { err, ok, type Result } from '../result';
import type { AppError } from '../../shared/errors/appError';
import { storeOrder } from './orders';
import { PlatformClock } from '../sync/platformClock';
import { APP_SESSION_WORDING, type Session, type SessionWording } from './session';
import { appErrorFromApi } from './sessionErrors';

/**
 * Deciding an after-sales request, the one policy every caller (CLI, window, browser host) gets:
 * - an unsettled decision of the order in the journal (sent, outcome unknown — a crash, a lost answer) refuses
 *   any new one, nothing sent, until a check settles it;
 * - the platform is asked the precise question first, `{ id, orderAfterSalesStatus: <awaiting> }` (the spec's
 *   Order has no status field): a hit sends, no hit refuses locally (nothing sent), a failed check sends nothing
 *   (the merchant checks again);
 * - the decision is written to the journal and fsynced BEFORE the request leaves, then sent once (the API client
 *   retries only a refused connection and 10004) and settled by the platform's definite answer; an unknown outcome
 *   stays unsettled unless the filter shows the request no longer awaiting;
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
   * What writing the re-fetched order into the cache changed: published like a sync's changes, so lists, counts
   * and the tray follow the decision without waiting for the next poll.
   */
  events: ChangeEvent[];
  /** The journal row of this decision (settled), or null when the journal could not record the answer. */
  journal: JournalEntry | null;
}

/** The session's profile values (labelled defaults until the merchant confirms them). */
export function policyOf(session: Session): AfterSalesPolicy {
  return { awaitingReview: session.afterSalesSettings.awaitingReview };
}

/** What the order's after-sales fields say: awaiting review, not awaiting, or unknown (nothing reported). */
export function reviewState(order: Order, policy: AfterSalesPolicy): ReviewState {
  return reviewStateOf(order, policy.awaitingReview);
}

const hhmm = (ms: number) => new Date(ms).toTimeString().slice(0, 5);

function awaitingLabel(session: Session, policy: AfterSalesPolicy): string {
  return policy.awaitingReview
    .map((v) => {
      const named = session.statusLabels ? statusLabel(session.statusLabels.afterSales, v) : String(v);
      return named === String(v) ? named : `${v} "${named}"`;
    })
    .join(', ');
}

function notAwaiting(session: Session, orderId: string, policy: AfterSalesPolicy): AppError {
  return {
    kind: 'platform',
    code: 'not-awaiting-review',
    message: `The platform does not list order ${orderId} as awaiting review (after-sales status filter: ${awaitingLabel(session, policy)}). Nothing was sent.`,
    action: 'Already decided? Check the order before deciding again.',
  };
}

function checkFailed(orderId: string, error: ApiError): AppError {
  const cause = appErrorFromApi(error);
  return {
    ...cause,
    code: 'review-unknown',
    message: `Could not ask the platform whether order ${orderId} awaits review (${cause.message}). Nothing was sent.`,
    action: 'Check again.',
  };
}

/** The refusal while an earlier decision of the order has no known outcome. */
export function unsettledError(entry: JournalEntry, wording: SessionWording = APP_SESSION_WORDING): AppError {
  const verb = entry.approved ? 'approval' : 'rejection';
  return {
    kind: 'outcome-unknown',
    code: 'decision-unsettled',
    message: `Outcome unknown — the ${verb} of order ${entry.orderId} was sent at ${hhmm(entry.sentAtMs)} and its answer never came. No new decision is sent until it is checked.`,
    action: wording.checkDecisionHint(entry.orderId),
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

/**
 * Writes what a check (or a decision) proved into the cache: an order decided leaves the awaiting list at once.
 * Answers the change it made to the learned state (none when it stood, or there is no usable cache).
 */
function noteReview(session: Session, orderId: string, awaitingNow: boolean, policy: AfterSalesPolicy): ChangeEvent[] {
  const changed = session.cacheIfUsable()?.recordReview(orderId, awaitingNow, policy.awaitingReview, session.now());
  return changed?.ok && changed.value ? [changed.value] : [];
}

/** How a definite error answer settles a decision: never sent, or answered no. */
function settledStateOf(e: ApiError): Exclude<JournalState, 'pending' | 'applied'> {
  return e.kind === 'network' || e.kind === 'credentials' || e.kind === 'invalid-input' ? 'not-sent' : 'refused';
}

/** Settles a row, tolerating a failing disk: the row then stays unsettled and is checked later (never resent). */
function settle(
  session: Session,
  orderId: string,
  attemptId: string,
  state: Exclude<JournalState, 'pending'>,
  by: string,
): JournalEntry | null {
  const journal = session.decisionJournal();
  if (!journal.ok) return null;
  try {
    journal.value.settle(attemptId, state, by, session.now());
    return journal.value.forOrder(orderId).find((e) => e.attemptId === attemptId) ?? null;
  } catch {
    return null;
  }
}

export async function decideAfterSales(
  session: Session,
  input: unknown,
  policy: AfterSalesPolicy = policyOf(session),
): Promise<Result<DecisionOutcome, AppError>> {
  const decision = validateInput(afterSalesDecisionSchema, input);
  if (!decision.ok) return err(appErrorFromApi(decision.error));
  const valid = decision.value;
  return session.decisionsInFlight.around(valid.orderId, () => sendDecision(session, valid, policy));
}

/** The decision is still being sent by this session: the filter's "awaiting" may only mean it has not arrived. */
function stillSending(orderId: string): AppError {
  return {
    kind: 'outcome-unknown',
    code: 'decision-in-flight',
    message: `The decision on order ${orderId} is still on its way: the platform has not answered it yet, and its after-sales filter still lists the order as awaiting review. Nothing was settled.`,
    action: 'Check again in a moment; nothing is sent again.',
  };
}

async function sendDecision(
  session: Session,
  decision: AfterSalesDecision,
  policy: AfterSalesPolicy,
): Promise<Result<DecisionOutcome, AppError>> {
  const { orderId, isApproved } = decision;

  const journal = session.decisionJournal();
  if (!journal.ok) return journal;
  const open = journal.value.unsettled(orderId);
  if (open) return err(unsettledError(open, session.wording));

  const check = await checkAwaitingReview(session.sellerApi(), orderId, policy.awaitingReview, session.now);
  if (check.review === 'unknown') return err(checkFailed(orderId, check.error));
  noteReview(session, orderId, check.review === 'awaiting', policy);
  if (check.review === 'not-awaiting') return err(notAwaiting(session, orderId, policy));

  const attemptId = randomUUID();
  let begun: ReturnType<typeof journal.value.begin>;
  try {
    begun = journal.value.begin({
      attemptId,
      orderId,
      approved: isApproved,
      reason: decision.isApproved ? null : decision.rejectDescription,
      imageUrls: decision.isApproved ? [] : (decision.rejectImageUrls ?? []),
      sentAtMs: session.now(),
      actor: session.actor,
    });
  } catch (e) {
    return err({
      kind: 'io',
      code: 'journal',
      message: `The decision could not be written to the journal (${e instanceof Error ? e.message : String(e)}). Nothing was sent.`,
      action: 'Check that the data directory is writable and has free space, then decide again.',
    });
  }
  if (!begun.ok) return err(unsettledError(begun.error.entry, session.wording));

  const sent = await session.sellerApi().auditAfterSales(decision);
  if (!sent.ok) {
    const e = sent.error;
    if (e.kind === 'outcome-unknown') {
      // Re-fetched by the API client: no envelope time reaches here, so the copy is ordered by nothing (applied).
      if (e.observed.kind === 'found')
        storeOrder(session, e.observed.order as Order, {
          seenAtMs: new PlatformClock(session.now).standIn(),
          answeredMs: null,
        });
      // The filter may already prove it applied (a lost answer); otherwise it stays unsettled, never resent.
      const after = await checkAwaitingReview(session.sellerApi(), orderId, policy.awaitingReview, session.now);
      if (after.review === 'not-awaiting') noteReview(session, orderId, false, policy);
      if (after.review === 'not-awaiting')
        settle(
          session,
          orderId,
          attemptId,
          'applied',
          'the answer was lost; the after-sales filter no longer lists it as awaiting',
        );
      return err(appErrorFromApi(e));
    }
    settle(session, orderId, attemptId, settledStateOf(e), `the platform answered: ${appErrorFromApi(e).message}`);
    return err(appErrorFromApi(e));
  }
  const entry = settle(session, orderId, attemptId, 'applied', 'the platform answered success');
  const reviewed = noteReview(session, orderId, false, policy);
  const after = await refetch(session, orderId);
  // The cached order carries what the filter taught (afterSalesLearned): the spec's Order has no status field.
  const cachedNow = after.ok && after.value.order ? session.cacheIfUsable()?.getOrder(orderId) : undefined;
  const order = after.ok ? ((cachedNow?.ok ? cachedNow.value : undefined) ?? after.value.order) : null;
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
    events: [...reviewed, ...(after.ok ? after.value.events : [])],
    journal: entry,
  });
}

/** An order's decisions from this profile, newest first, and the one without a known outcome, if any. */
export interface DecisionStatus {
  orderId: string;
  unsettled: JournalEntry | null;
  entries: JournalEntry[];
}

export function decisionStatus(session: Session, orderId: string): Result<DecisionStatus, AppError> {
  const journal = session.decisionJournal();
  if (!journal.ok) return journal;
  const entries = journal.value.forOrder(orderId);
  return ok({ orderId, unsettled: entries.find((e) => e.state === 'pending') ?? null, entries });
}

/** The newest decisions of the profile (at most `limit`) and every unsettled one. */
export function decisionJournalEntries(
  session: Session,
  limit = 100,
): Result<{ recent: JournalEntry[]; unsettled: JournalEntry[] }, AppError> {
  const journal = session.decisionJournal();
  if (!journal.ok) return journal;
  return ok({ recent: journal.value.recent(limit), unsettled: journal.value.allUnsettled() });
}

/** What checking an unsettled decision found. */
export interface CheckOutcome {
  orderId: string;
  /** What the filter says now. */
  review: 'awaiting' | 'not-awaiting';
  /** The decision settled by the check (null when none was unsettled). */
  settled: JournalEntry | null;
  /** What the check changed in the cache (the learned state, the re-fetched order): published so counts follow. */
  events: ChangeEvent[];
}

/**
 * "Check again": asks the filter whether the order still awaits review and settles its unsettled decision by it —
 * still awaiting: the decision was not applied (the merchant may decide again); no longer awaiting: applied. A
 * failed check settles nothing.
 */
export async function checkDecision(
  session: Session,
  orderId: string,
  policy: AfterSalesPolicy = policyOf(session),
): Promise<Result<CheckOutcome, AppError>> {
  const journal = session.decisionJournal();
  if (!journal.ok) return journal;
  const check: ReviewCheck = await checkAwaitingReview(
    session.sellerApi(),
    orderId,
    policy.awaitingReview,
    session.now,
  );
  if (check.review === 'unknown') {
    const cause = appErrorFromApi(check.error);
    return err({
      ...cause,
      code: 'review-unknown',
      message: `Could not check order ${orderId}: ${cause.message}`,
      action: 'Check again.',
    });
  }
  // Read as "not applied" only once this session's own call has ended (else it may just not have arrived yet).
  if (check.review === 'awaiting' && session.decisionsInFlight.has(orderId)) return err(stillSending(orderId));
  const reviewed = noteReview(session, orderId, check.review === 'awaiting', policy);
  const open = journal.value.unsettled(orderId);
  if (!open) return ok({ orderId, review: check.review, settled: null, events: reviewed });
  const applied = check.review === 'not-awaiting';
  const settled = settle(
    session,
    orderId,
    open.attemptId,
    applied ? 'applied' : 'not-sent',
    applied
      ? 'checked: the after-sales filter no longer lists it as awaiting'
      : 'checked: the after-sales filter still lists it as awaiting (not applied)',
  );
  const after = applied ? await refetch(session, orderId) : null;
  return ok({
    orderId,
    review: check.review,
    settled,
    events: [...reviewed, ...(after?.ok ? after.value.events : [])],
  });
}
