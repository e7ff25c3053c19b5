import type { JournalEntryView } from '../../stores/afterSalesStore';

const hhmm = (iso: string) => new Date(iso).toTimeString().slice(0, 5);

/**
 * Who decided what, when, from this app — one line from the decision journal's latest row for an order: an
 * unsettled one says "Outcome unknown — sent at HH:MM" (nothing new is sent until it is checked).
 */
export function journalLineText(e: JournalEntryView): string {
  const what = e.approved ? 'approval' : 'rejection';
  switch (e.state) {
    case 'pending':
      return `Outcome unknown — ${what} sent at ${hhmm(e.sentAt)} by ${e.actor}. No new decision is sent until it is checked.`;
    case 'applied':
      return `${e.approved ? 'Approved' : 'Rejected'} from this app at ${hhmm(e.sentAt)} by ${e.actor}.`;
    case 'refused':
      return `The ${what} sent at ${hhmm(e.sentAt)} by ${e.actor} was refused: the request no longer awaited review.`;
    case 'not-sent':
      return `The ${what} of ${hhmm(e.sentAt)} by ${e.actor} was not sent: the request no longer awaited review.`;
  }
}

/** The newest journal row of an order among `entries` (newest first, as the journal answers). */
export function latestEntryOf(entries: readonly JournalEntryView[], orderId: string): JournalEntryView | undefined {
  return entries.find((e) => e.orderId === orderId);
}
