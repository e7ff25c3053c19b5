import type { AttentionEntry, AttentionKind } from '../cache/attentionQueries';
import { COUNT_CAP } from '../cache/countMatches';
import { formatAllowed } from '../due/formatAllowed';
import { statusLabel } from '../profiles/profileSchema';
import { err, ok, type Result } from '../result';
import { deliveryErrorText } from '../../shared/domain/deliveryError';
import type { AppError } from '../../shared/errors/appError';
import type { AttentionCounts } from '../../shared/ipc/orders';
import { policyOf } from './afterSales';
import type { Session } from './session';
import { appErrorFromCache } from './sessionErrors';

/**
 * What needs the merchant now, in one queue, each row saying why: after-sales requests awaiting a decision (oldest
 * first), overdue deliveries (most overdue first), deliveries due soon (soonest first), delivery exceptions (with
 * the error) and disputes (oldest first). Read from the cache at the session's clock; bounded per kind.
 */

export const ATTENTION_LIMIT_DEFAULT = 50;
export const ATTENTION_LIMIT_MAX = 500;

export interface AttentionRow {
  kind: AttentionKind;
  orderId: string;
  orderNum: string | null;
  /** Why the order is in the queue, in words. */
  reason: string;
  /** Since when (refunds, exceptions, disputes): the cache's known update time of the order; else null. */
  sinceMs: number | null;
  /** The delivery deadline (overdue, due soon); else null. */
  dueMs: number | null;
  /** What to look at: the products and their delivery time, the error of an exception, the after-sales status. */
  detail: string;
  /** A decision on this order was sent and its outcome is unknown (the journal): "Check again" settles it. */
  unsettled?: true;
}

export type { AttentionCounts };

export interface Attention {
  /** The instant the queue was read at. */
  asOfMs: number;
  counts: AttentionCounts;
  /** With `quickCounts`: the counts that are "more than" figures (each the cap). Empty: every count is exact. */
  countsAtLeast: Array<keyof AttentionCounts>;
  /** The queue: the kinds in the order above, each in its own order, at most `limitPerKind` of each. */
  rows: AttentionRow[];
  /** The earliest instant an order becomes due soon or overdue without any platform change (a timer's target). */
  nextChangeMs: number | null;
}

const REASONS: Record<AttentionKind, string> = {
  refund: 'After-sales request awaiting your decision',
  overdue: 'Delivery overdue',
  'due-soon': 'Delivery due soon',
  exception: 'Delivery exception',
  dispute: 'Dispute open',
};

/** The cache's kinds and distinct total under the channel's count names. */
const COUNT_NAMES: Record<AttentionKind | 'distinct', keyof AttentionCounts> = {
  refund: 'refunds',
  overdue: 'overdue',
  'due-soon': 'dueSoon',
  exception: 'exceptions',
  dispute: 'disputes',
  distinct: 'total',
};

/**
 * `quickCounts`: each count exact up to the session's count cap (COUNT_CAP, 10,000), else "more than" it — the first
 * answer at a million orders (a few ms), the exact counts asked for after it (tens of ms there).
 */
export function attentionQueue(
  session: Session,
  options: { limitPerKind?: number | undefined; quickCounts?: boolean | undefined } = {},
): Result<Attention, AppError> {
  const limit = options.limitPerKind ?? ATTENTION_LIMIT_DEFAULT;
  if (!Number.isInteger(limit) || limit < 1 || limit > ATTENTION_LIMIT_MAX)
    return err({
      kind: 'invalid-input',
      message: `limitPerKind must be 1 to ${ATTENTION_LIMIT_MAX}`,
      issues: [{ path: 'limitPerKind', message: `must be 1 to ${ATTENTION_LIMIT_MAX}` }],
    });
  const c = session.existingCache();
  if (!c.ok) return c;
  const asOfMs = session.now();
  const q = c.value.attention({
    awaitingReview: policyOf(session).awaitingReview,
    limit,
    countCap: options.quickCounts ? (session.countCap ?? COUNT_CAP) : undefined,
  });
  if (!q.ok) return err(appErrorFromCache(q.error, session.wording.rebuildHint));
  const { counts: n, distinct, entries, nextChangeMs } = q.value;
  const countsAtLeast = q.value.atLeast.map((k) => COUNT_NAMES[k]);
  const rows: AttentionRow[] = [];
  for (const e of entries) {
    const detail = detailOf(session, e);
    if (!detail.ok) return detail;
    rows.push({
      kind: e.kind,
      orderId: e.id,
      orderNum: e.orderNum,
      reason: REASONS[e.kind],
      sinceMs: e.dueMs === null ? e.changedMs || null : null,
      dueMs: e.dueMs,
      detail: detail.value,
    });
  }
  const counts = {
    refunds: n.refund,
    overdue: n.overdue,
    dueSoon: n['due-soon'],
    exceptions: n.exception,
    disputes: n.dispute,
    // Distinct orders: one both a refund and overdue counts once.
    total: distinct,
  };
  // Decisions sent whose outcome is unknown (a crash, a lost answer) lead the refunds: checked before anything else.
  const journal = session.decisionJournal();
  for (const entry of journal.ok ? journal.value.allUnsettled().reverse() : []) {
    const reason = `Outcome unknown — ${entry.approved ? 'approval' : 'rejection'} sent at ${hhmm(entry.sentAtMs)}; check it before deciding again`;
    const at = rows.findIndex((r) => r.kind === 'refund' && r.orderId === entry.orderId);
    const cached = c.value.getOrder(entry.orderId);
    const row: AttentionRow = {
      kind: 'refund',
      orderId: entry.orderId,
      orderNum:
        at >= 0 ? rows[at]!.orderNum : cached.ok ? ((cached.value?.orderNum as string | undefined) ?? null) : null,
      reason,
      sinceMs: entry.sentAtMs,
      dueMs: null,
      detail: at >= 0 ? rows[at]!.detail : `Sent by ${entry.actor}`,
      unsettled: true,
    };
    if (at >= 0) rows.splice(at, 1);
    else {
      // A "more than" figure stays the cap: it is still true, and is shown as such ("10,000+").
      if (!countsAtLeast.includes('refunds')) counts.refunds++;
      if (!countsAtLeast.includes('total')) counts.total++;
    }
    rows.splice(
      rows.findIndex((r) => r.kind === 'refund') === -1 ? 0 : rows.findIndex((r) => r.kind === 'refund'),
      0,
      row,
    );
  }
  return ok({ asOfMs, counts, countsAtLeast, rows, nextChangeMs: nextChangeMs ?? null });
}

const hhmm = (ms: number) => new Date(ms).toTimeString().slice(0, 5);

function detailOf(session: Session, e: AttentionEntry): Result<string, AppError> {
  const products = e.titles.split('\n').filter(Boolean).join(', ');
  switch (e.kind) {
    case 'overdue':
    case 'due-soon':
      return ok(`${products || 'Items'} — delivery time ${formatAllowed(e.allowedMs ?? 0)}`);
    case 'refund': {
      if (e.afterSalesStatus === null) return ok(`${products} — after-sales status not known yet`);
      const labels = session.statusLabels?.afterSales ?? {};
      return ok(`${products} — after-sales status ${statusLabel(labels, e.afterSalesStatus)}`);
    }
    case 'exception': {
      const order = session.existingCache();
      if (!order.ok) return order;
      const found = order.value.getOrder(e.id);
      if (!found.ok) return err(appErrorFromCache(found.error, session.wording.rebuildHint));
      return ok(deliveryErrorText(found.value?.deliveryErrorInfo) || 'No error text sent');
    }
    case 'dispute':
      return ok(products);
  }
}
