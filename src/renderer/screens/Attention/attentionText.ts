import type { AttentionQueue, AttentionRow } from '../../stores/attentionStore';

type Counts = AttentionQueue['counts'];
type Kind = AttentionRow['kind'];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The kinds in the queue's order, each with how its count reads. */
const COUNT_WORDS: ReadonlyArray<[keyof Omit<Counts, 'total'>, (n: number) => string]> = [
  ['refunds', (n) => plural(n, 'refund', 'refunds')],
  ['overdue', (n) => `${n} overdue`],
  ['dueSoon', (n) => `${n} due soon`],
  ['exceptions', (n) => plural(n, 'exception', 'exceptions')],
  ['disputes', (n) => plural(n, 'dispute', 'disputes')],
];

/** "Needs attention: 7 — 2 refunds, 4 overdue, 1 exception" (kinds with none left out). */
export function attentionSummary(counts: Counts): string {
  if (counts.total === 0) return 'Nothing needs attention';
  const parts = COUNT_WORDS.filter(([k]) => counts[k] > 0).map(([k, words]) => words(counts[k]));
  return `Needs attention: ${counts.total} — ${parts.join(', ')}`;
}

/** A row's kind as a short label (its chip). */
export const KIND_LABELS: Record<Kind, string> = {
  refund: 'Refund',
  overdue: 'Overdue',
  'due-soon': 'Due soon',
  exception: 'Exception',
  dispute: 'Dispute',
};

/** "12 min", "2 h 5 min", "3 days" — a span rounded down to what a merchant reads at a glance. */
function span(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days`;
}

/** "overdue by 12 min" / "due in 8 min" from the deadline and the clock; under a minute said so. */
export function dueText(dueMs: number, nowMs: number): string {
  const ms = dueMs - nowMs;
  if (ms <= 0) return -ms < 60_000 ? 'overdue by less than a minute' : `overdue by ${span(-ms)}`;
  // Rounded up: "due in 1 min" until the very deadline, never "due in 0 min".
  if (ms < 60_000) return 'due in less than a minute';
  return `due in ${span(Math.ceil(ms / 60_000) * 60_000)}`;
}

/** How many rows the host left off (at most `limitPerKind` of each kind are sent): a line under the list says so. */
export function leftOffCount(queue: AttentionQueue): number {
  return Math.max(0, queue.counts.total - queue.rows.length);
}
