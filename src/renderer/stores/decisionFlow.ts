import type { IpcData, IpcRequest, IpcResponse } from '../../shared/ipc/contract';
import type { IpcError, IpcErrorKind } from '../../shared/ipc/result';
import { statusText } from '../components/StatusChip';
import { afterSalesStatusOf, orderStatusOf, reviewStateOf, type IpcOrder } from './orderFacts';

/**
 * One after-sales decision, from the merchant's first click to what the platform reports, as plain values and
 * functions of injected calls (tested without a page). The rules it keeps:
 * - just before sending, the order is fetched from the platform again; if it no longer awaits a decision nothing is
 *   sent and the merchant sees what changed;
 * - a decision is sent once: only a confirmation (`confirming`) can start a send, and the send leaves that state
 *   before its first await, so a second click or Enter finds `sending` and does nothing;
 * - an answer that does not prove the decision was refused is an unknown outcome, shown as such; "Check again"
 *   re-fetches the order, it never sends the decision again.
 */

export type Decision = IpcRequest<'afterSales:decide'>;
export type DecisionKind = 'approve' | 'reject';
type Decided = IpcData<'afterSales:decide'>;

/** What the order showed and shows now, line by line ("After-sales status: Awaiting seller review (1) → …"). */
export interface Change {
  field: string;
  from: string;
  to: string;
}

export type DecisionState =
  | { phase: 'idle' }
  /** The approve confirmation or the reject form is open for `order` (as the merchant saw it). */
  | { phase: 'confirming'; kind: DecisionKind; order: IpcOrder }
  /** `checking`: the order is being fetched again; `sending`: the decision is on its way. */
  | { phase: 'sending'; step: 'checking' | 'sending'; decision: Decision; order: IpcOrder }
  /** The platform accepted it; `order` is the order as the platform reports it afterwards (null if that failed). */
  | {
      phase: 'decided';
      decision: Decision | null;
      order: IpcOrder | null;
      refetchError: IpcError | null;
      /** `sent`: the platform accepted it here; `checked`: a re-check after an unknown outcome found it decided. */
      via: 'sent' | 'checked';
    }
  /** The order no longer awaited a decision when fetched again: nothing was sent. */
  | { phase: 'not-sent'; decision: Decision; order: IpcOrder; changes: Change[] }
  /**
   * Sent, with no proof either way. `found` is what the host saw right after; `check` the last "Check again".
   * `checking`: a re-check is running.
   */
  | {
      phase: 'unknown';
      decision: Decision;
      order: IpcOrder;
      error: IpcError;
      checking: boolean;
      check: { order: IpcOrder; review: 'awaiting' | 'unknown' } | { error: IpcError } | null;
    }
  /** Refused or not sent: `stage` says where (a failed re-fetch before sending sent nothing). */
  | { phase: 'failed'; decision: Decision; order: IpcOrder; error: IpcError; stage: 'pre-check' | 'send' };

export const IDLE: DecisionState = { phase: 'idle' };

/**
 * Error kinds that prove the decision was not applied: refused before sending, or answered with a refusal by the
 * platform. Every other kind (a timeout, a lost host, an unreadable answer, a bug) may have come after the platform
 * applied it, so it is an unknown outcome — the safe reading for a money-moving call.
 */
const NOT_APPLIED: ReadonlySet<IpcErrorKind> = new Set<IpcErrorKind>([
  'invalid-request',
  'refused',
  'invalid-input',
  'settings',
  'credentials',
  'keychain',
  'platform',
  'http',
  'not-found',
  'network',
  'check-failed',
  'io',
]);

export function isUnknownOutcome(error: IpcError): boolean {
  return !NOT_APPLIED.has(error.kind);
}

/** A decision can be started (a confirmation opened) only when nothing is pending or unresolved for the order. */
export function canStart(state: DecisionState): boolean {
  return state.phase === 'idle' || state.phase === 'failed' || state.phase === 'not-sent';
}

export function start(state: DecisionState, kind: DecisionKind, order: IpcOrder): DecisionState {
  if (state.phase === 'confirming') return { ...state, kind, order };
  return canStart(state) ? { phase: 'confirming', kind, order } : state;
}

export function cancel(state: DecisionState): DecisionState {
  return state.phase === 'confirming' ? IDLE : state;
}

/** What the merchant may clear from view (never a pending or unresolved decision). */
export function dismiss(state: DecisionState): DecisionState {
  if (state.phase === 'decided' || state.phase === 'not-sent' || state.phase === 'failed') return IDLE;
  // An unknown outcome is let go only once a re-check showed the request still awaiting: deciding again is then a
  // new decision the merchant chose, through a new confirmation and a new pre-check.
  if (state.phase === 'unknown' && state.check && 'review' in state.check && state.check.review === 'awaiting')
    return IDLE;
  return state;
}

export interface Labels {
  order?: Record<string, string> | undefined;
  afterSales?: Record<string, string> | undefined;
}

/** What differs between the order as shown and as the platform reports it now. */
export function changesBetween(before: IpcOrder, after: IpcOrder, labels: Labels): Change[] {
  const changes: Change[] = [];
  const a0 = afterSalesStatusOf(before);
  const a1 = afterSalesStatusOf(after);
  // The filter no longer lists it as awaiting and has not said which state it is in now (the spec's Order has no
  // status field): said in words, not as a status turned into "—".
  const leftUnnamed = a1 === null && reviewStateOf(after) === 'not-awaiting';
  if (a0 !== a1 && !leftUnnamed)
    changes.push({
      field: 'After-sales status',
      from: statusText(a0, labels.afterSales),
      to: statusText(a1, labels.afterSales),
    });
  const o0 = orderStatusOf(before);
  const o1 = orderStatusOf(after);
  if (o0 !== o1)
    changes.push({ field: 'Order status', from: statusText(o0, labels.order), to: statusText(o1, labels.order) });
  if (before.isExistAfterSales !== after.isExistAfterSales && typeof after.isExistAfterSales === 'boolean')
    changes.push({
      field: 'After-sales request',
      from: before.isExistAfterSales ? 'open' : 'none',
      to: after.isExistAfterSales ? 'open' : 'none',
    });
  if (changes.length === 0)
    changes.push({ field: 'After-sales request', from: 'awaiting a decision', to: 'no longer awaiting one' });
  return changes;
}

/** The calls a decision makes; the store passes `invoke`, tests pass fakes. */
export interface DecisionIo {
  refresh(id: string): Promise<IpcResponse<'orders:refresh'>>;
  decide(decision: Decision): Promise<IpcResponse<'afterSales:decide'>>;
  /** Settles the order's unsettled decision in the journal through the after-sales filter ("Check again"). */
  check?(orderId: string): Promise<IpcResponse<'afterSales:check'>>;
}

function outcomeOf(sent: IpcResponse<'afterSales:decide'>, decision: Decision, order: IpcOrder): DecisionState {
  if (sent.ok) return decidedState(sent.data, decision);
  if (isUnknownOutcome(sent.error))
    return { phase: 'unknown', decision, order, error: sent.error, checking: false, check: null };
  return { phase: 'failed', decision, order, error: sent.error, stage: 'send' };
}

function decidedState(data: Decided, decision: Decision): DecisionState {
  return { phase: 'decided', decision, order: data.order, refetchError: data.refetchError, via: 'sent' };
}

/**
 * From `sending/checking`: fetch the order again, send only if it still awaits a decision. `report` receives the
 * `sending/sending` step (the pre-check passed) before the decision goes out.
 */
export async function runDecision(
  io: DecisionIo,
  sending: Extract<DecisionState, { phase: 'sending' }>,
  labels: Labels,
  report: (state: DecisionState) => void = () => {},
): Promise<DecisionState> {
  const { decision, order } = sending;
  const fresh = await io.refresh(order.id);
  if (!fresh.ok) return { phase: 'failed', decision, order, error: fresh.error, stage: 'pre-check' };
  if (reviewStateOf(fresh.data.order) === 'not-awaiting')
    return {
      phase: 'not-sent',
      decision,
      order: fresh.data.order,
      changes: changesBetween(order, fresh.data.order, labels),
    };
  report({ ...sending, step: 'sending', order: fresh.data.order });
  return outcomeOf(await io.decide(decision), decision, fresh.data.order);
}

/** "Check again" after an unknown outcome: the order is fetched again; nothing is sent. */
export async function checkAgain(
  io: Pick<DecisionIo, 'refresh' | 'check'>,
  unknown: Extract<DecisionState, { phase: 'unknown' }>,
): Promise<DecisionState> {
  // The core settles the journal from the filter first: until then, no new decision on this order is sent.
  if (io.check) {
    const checked = await io.check(unknown.order.id);
    if (!checked.ok) return { ...unknown, checking: false, check: { error: checked.error } };
  }
  const fresh = await io.refresh(unknown.order.id);
  if (!fresh.ok) return { ...unknown, checking: false, check: { error: fresh.error } };
  const order = fresh.data.order;
  const review = reviewStateOf(order);
  if (review === 'not-awaiting')
    return { phase: 'decided', decision: unknown.decision, order, refetchError: null, via: 'checked' };
  return { ...unknown, checking: false, check: { order, review } };
}
