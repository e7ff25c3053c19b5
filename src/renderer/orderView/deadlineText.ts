import type { Order } from '../../shared/domain/order';
import { orderDeadline } from '../../shared/due/deliveryDeadline';
import { dueSoonWindowMs, dueState } from '../../shared/due/dueState';
import { formatAllowed } from '../../shared/due/formatAllowed';
import type { DeadlineRules, DueSoonRule } from '../../shared/due/rules';
import { dueText } from '../screens/Attention/attentionText';

/** An order's delivery deadline as the order page says it: where it stands, when, and the rule that gave it. */
export interface DeadlineView {
  state: 'overdue' | 'due-soon' | 'not-due' | 'delivered' | 'unpaid' | 'none';
  /** "Overdue by 348 days", "Due soon: due in 20 min", "Delivered: no deadline". */
  headline: string;
  dueMs: number | null;
  /** How the deadline was found, in words (the profile's rules: README "Gaps in the spec"). */
  rule: string;
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The same rules as the cache and the attention queue (src/shared/due), so the page and the queue agree. */
export function deadlineView(
  order: Order,
  settings: { rules: DeadlineRules; dueSoon: DueSoonRule },
  nowMs: number,
): DeadlineView {
  const { rules, dueSoon } = settings;
  const deadline = orderDeadline(order, rules);
  const start = rules.clockStart === 'paid' ? 'payment' : 'creation';
  switch (deadline.kind) {
    case 'unpaid':
      return {
        state: 'unpaid',
        headline: 'Not paid: the delivery clock has not started.',
        dueMs: null,
        rule: `The clock starts at ${start}.`,
      };
    case 'delivered':
      return {
        state: 'delivered',
        headline: 'Delivered: no deadline.',
        dueMs: null,
        rule: 'Every item counts as delivered (the delivered quantity reaches the total, or the buyer signed).',
      };
    case 'none': {
      const closed = typeof order.orderStatus === 'number' && rules.closedOrderStatuses.includes(order.orderStatus);
      return {
        state: 'none',
        headline: closed ? 'No deadline: the order is closed.' : 'No deadline: no pending item has a delivery time.',
        dueMs: null,
        rule: closed
          ? `Orders of status ${rules.closedOrderStatuses.join(', ')} are never due.`
          : 'The deadline is the clock start plus the delivery time of the items not yet delivered.',
      };
    }
    case 'due': {
      const state = dueState(deadline, nowMs, dueSoon) as 'overdue' | 'due-soon' | 'not-due';
      const when = dueText(deadline.dueMs, nowMs);
      const windowMs = dueSoonWindowMs(deadline.allowedMs, dueSoon);
      return {
        state,
        headline: state === 'due-soon' ? `Due soon: ${when}` : capitalised(when),
        dueMs: deadline.dueMs,
        rule:
          `From ${start} + ${formatAllowed(deadline.allowedMs)} (the shortest delivery time among the items not yet ` +
          `delivered${rules.partialDelivery === 'earliest-first' ? '; delivered quantities count for the most urgent items first' : '; nothing counts until the whole order is delivered'}). ` +
          `Due soon in its last ${formatAllowed(windowMs)} (${Math.round(dueSoon.fraction * 100)} % of the delivery time, at most ${dueSoon.capMinutes} min).`,
      };
    }
  }
}
