import type { IpcError } from '../../shared/ipc/result';
import type { Decision, DecisionState } from './decisionFlow';

/**
 * Decisions on their way, noted in local storage from just before the send until their outcome is known (answered,
 * or resolved by "Check again"), so a window closed or reloaded mid-call shows the decision as an unknown outcome
 * when it opens again instead of forgetting it. Only what a re-check needs is kept: the profile, the order's ID and
 * number, the decision.
 */

export const PENDING_KEY = 'merchant-desk.pendingDecisions';
const VERSION = 1;

export interface PendingDecision {
  /** `profileId/orderId`, the after-sales store's key. */
  key: string;
  orderNum: string | null;
  decision: Decision;
  sentAtMs: number;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

function read(storage: Storage | null): PendingDecision[] {
  try {
    const parsed = JSON.parse(storage?.getItem(PENDING_KEY) ?? 'null') as unknown;
    if (typeof parsed !== 'object' || parsed === null) return [];
    const { version, pending } = parsed as Record<string, unknown>;
    if (version !== VERSION || !Array.isArray(pending)) return [];
    return pending.filter(
      (p): p is PendingDecision =>
        typeof p === 'object' &&
        p !== null &&
        typeof (p as PendingDecision).key === 'string' &&
        typeof (p as PendingDecision).decision?.orderId === 'string' &&
        typeof (p as PendingDecision).decision?.isApproved === 'boolean',
    );
  } catch {
    return [];
  }
}

function write(storage: Storage | null, pending: PendingDecision[]): void {
  try {
    storage?.setItem(PENDING_KEY, JSON.stringify({ version: VERSION, pending }));
  } catch {
    // Storage full or unavailable: the decision is still sent once; only a window closed mid-call would forget it.
  }
}

export function notePending(storage: Storage | null, entry: PendingDecision): void {
  write(storage, [...read(storage).filter((p) => p.key !== entry.key), entry]);
}

export function clearPending(storage: Storage | null, key: string): void {
  const pending = read(storage);
  if (pending.some((p) => p.key === key))
    write(
      storage,
      pending.filter((p) => p.key !== key),
    );
}

const closedMidCall: IpcError = {
  kind: 'host-restarted',
  message:
    'The window was closed or reloaded before the outcome of this decision was known: whether the platform applied it is not known.',
  action: 'Check again: the order is fetched from the platform; nothing is sent again.',
};

/** The decisions a previous window left on their way, as unknown outcomes by store key. */
export function leftPending(storage: Storage | null): Record<string, DecisionState> {
  const states: Record<string, DecisionState> = {};
  for (const p of read(storage))
    states[p.key] = {
      phase: 'unknown',
      decision: p.decision,
      order: { id: p.decision.orderId, ...(p.orderNum ? { orderNum: p.orderNum } : {}) },
      error: closedMidCall,
      checking: false,
      check: null,
    };
  return states;
}
