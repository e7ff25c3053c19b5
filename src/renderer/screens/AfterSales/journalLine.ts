import { currentFormatLocale } from '../../i18n/localeStore';
import { translate, type Translate } from '../../i18n/t';
import type { JournalEntryView } from '../../stores/afterSalesStore';

const hhmm = (iso: string) =>
  new Date(iso).toLocaleTimeString(currentFormatLocale(), { hour: '2-digit', minute: '2-digit', hour12: false });

/**
 * Who decided what, when, from this app — one line from the decision journal's latest row for an order: an
 * unsettled one says "Outcome unknown — sent at HH:MM" (nothing new is sent until it is checked).
 */
export function journalLineText(e: JournalEntryView, t: Translate = translate): string {
  const values = { what: e.approved ? 'approve' : 'reject', time: hhmm(e.sentAt), actor: e.actor };
  return t(`afterSales.journal.${e.state}`, values);
}

/** The newest journal row of an order among `entries` (newest first, as the journal answers). */
export function latestEntryOf(entries: readonly JournalEntryView[], orderId: string): JournalEntryView | undefined {
  return entries.find((e) => e.orderId === orderId);
}
