import type { MessageId } from '../../i18n/catalogs';
import { translate as t } from '../../i18n/t';
import { countAtLeast, type AttentionQueue, type AttentionRow } from '../../stores/attentionStore';

type Counts = AttentionQueue['counts'];
type Kind = AttentionRow['kind'];

/** The kinds in the queue's order, each with its count's message ("2 refunds", "2 个退款"). */
const COUNT_WORDS: ReadonlyArray<[keyof Omit<Counts, 'total'>, MessageId]> = [
  ['refunds', 'attention.count.refunds'],
  ['overdue', 'attention.count.overdue'],
  ['dueSoon', 'attention.count.dueSoon'],
  ['exceptions', 'attention.count.exceptions'],
  ['disputes', 'attention.count.disputes'],
];

/** ICU `more`: "yes" puts a "+" after a count that is a "more than" figure ("10,000+"). */
const more = (queue: AttentionQueue, name: keyof Counts) => (countAtLeast(queue, name) ? 'yes' : 'no');

/**
 * "Needs attention: 7 — 2 refunds, 4 overdue, 1 exception" (kinds with none left out); "10,000+" for a count over
 * the quick counts' cap while the exact one is counted.
 */
export function attentionSummary(queue: AttentionQueue): string {
  const { counts } = queue;
  if (counts.total === 0) return t('attention.summaryNone');
  const parts = COUNT_WORDS.filter(([k]) => counts[k] > 0).map(([k, id]) =>
    t(id, { count: counts[k], more: more(queue, k) }),
  );
  return t('attention.summary', {
    total: counts.total,
    more: more(queue, 'total'),
    parts: parts.join(t('attention.listSeparator')),
  });
}

/** A row's kind as a short label (its chip), in the app's language. */
export function kindLabel(kind: Kind): string {
  return t(`attention.kind.${kind}`);
}

/** "12 min", "2 h 5 min", "3 days" — a span rounded down to what a merchant reads at a glance. */
function span(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return t('attention.span.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48)
    return minutes % 60 === 0
      ? t('attention.span.hours', { hours })
      : t('attention.span.hoursMinutes', { hours, minutes: minutes % 60 });
  return t('attention.span.days', { days: Math.floor(hours / 24) });
}

/** "overdue by 12 min" / "due in 8 min" from the deadline and the clock; under a minute said so. */
export function dueText(dueMs: number, nowMs: number): string {
  const ms = dueMs - nowMs;
  if (ms <= 0) return -ms < 60_000 ? t('attention.overdueUnderMinute') : t('attention.overdueBy', { span: span(-ms) });
  // Rounded up: "due in 1 min" until the very deadline, never "due in 0 min".
  if (ms < 60_000) return t('attention.dueUnderMinute');
  return t('attention.dueIn', { span: span(Math.ceil(ms / 60_000) * 60_000) });
}

/**
 * How many rows the host left off (at most `limitPerKind` of each kind are sent): a line under the list says so.
 * `unknown` while the total is a "more than" figure: some are left off, how many follows with the exact count.
 */
export function leftOffCount(queue: AttentionQueue): number | 'unknown' {
  if (countAtLeast(queue, 'total')) return 'unknown';
  return Math.max(0, queue.counts.total - queue.rows.length);
}
