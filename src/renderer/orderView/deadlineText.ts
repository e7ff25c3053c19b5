import { translate as t } from '../i18n/t';
import type { Order } from '../../shared/domain/order';
import { orderDeadline } from '../../shared/due/deliveryDeadline';
import { dueSoonWindowMs, dueState } from '../../shared/due/dueState';
import type { DeadlineRules, DueSoonRule } from '../../shared/due/rules';
import { dueText } from '../screens/Attention/attentionText';

/**
 * An order's delivery deadline as the order page says it, in the app's language at the call (the page calls `useT`,
 * so it re-renders on a change of language): where it stands, when, and the rule that gave it. */
export interface DeadlineView {
  state: 'overdue' | 'due-soon' | 'not-due' | 'delivered' | 'unpaid' | 'none';
  /** "Overdue by 348 days", "Due soon: due in 20 min", "Delivered: no deadline". */
  headline: string;
  dueMs: number | null;
  /** How the deadline was found, in words (the profile's rules: README "Gaps in the spec"). */
  rule: string;
}

/** "overdue by …" starts the headline (a no-op for scripts without case). */
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A delivery time in the app's language: "1 day 6 h" / "1 天 6 小时" (whole units, largest first). */
function allowedText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const days = Math.floor(minutes / 1_440);
  const hours = Math.floor((minutes % 1_440) / 60);
  const mins = minutes % 60;
  const parts: string[] = [];
  if (days > 0) parts.push(t('deadline.days', { n: days }));
  if (hours > 0) parts.push(t('deadline.hours', { n: hours }));
  if (mins > 0 || parts.length === 0) parts.push(t('deadline.minutes', { n: mins }));
  return parts.join(' ');
}

/** The same rules as the cache and the attention queue (src/shared/due), so the page and the queue agree. */
export function deadlineView(
  order: Order,
  settings: { rules: DeadlineRules; dueSoon: DueSoonRule },
  nowMs: number,
): DeadlineView {
  const { rules, dueSoon } = settings;
  const deadline = orderDeadline(order, rules);
  const start = rules.clockStart === 'paid' ? 'paid' : 'created';
  switch (deadline.kind) {
    case 'unpaid':
      return {
        state: 'unpaid',
        headline: t('deadline.unpaid'),
        dueMs: null,
        rule: t('deadline.rule.starts', { start }),
      };
    case 'delivered':
      return {
        state: 'delivered',
        headline: t('deadline.delivered'),
        dueMs: null,
        rule: t('deadline.rule.delivered'),
      };
    case 'none': {
      const closed = typeof order.orderStatus === 'number' && rules.closedOrderStatuses.includes(order.orderStatus);
      return {
        state: 'none',
        headline: closed ? t('deadline.closed') : t('deadline.noTime'),
        dueMs: null,
        rule: closed
          ? t('deadline.rule.closed', { statuses: rules.closedOrderStatuses.join(', ') })
          : t('deadline.rule.none'),
      };
    }
    case 'due': {
      const state = dueState(deadline, nowMs, dueSoon) as 'overdue' | 'due-soon' | 'not-due';
      const when = dueText(deadline.dueMs, nowMs);
      const windowMs = dueSoonWindowMs(deadline.allowedMs, dueSoon);
      return {
        state,
        headline: state === 'due-soon' ? t('deadline.dueSoon', { when }) : capitalised(when),
        dueMs: deadline.dueMs,
        rule: t('deadline.rule.due', {
          start,
          allowed: allowedText(deadline.allowedMs),
          partial: rules.partialDelivery === 'earliest-first' ? 'earliest' : 'whole',
          window: allowedText(windowMs),
          percent: Math.round(dueSoon.fraction * 100),
          cap: dueSoon.capMinutes,
        }),
      };
    }
  }
}
