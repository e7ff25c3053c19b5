import { SPACE, useT } from '../../i18n/t';
import { Button } from '../../components/ui/Button';
import { useEffect, useState } from 'react';
import { invoke } from '../../ipc';
import { useAfterSalesStore, type JournalEntryView } from '../../stores/afterSalesStore';
import { useChangesStore } from '../../stores/changesStore';
import { journalLineText } from '../AfterSales/journalLine';

/**
 * The order's decisions from this app's journal (afterSales:status): who decided what and when, and for a decision
 * whose outcome is unknown "Outcome unknown — sent at HH:MM" with "Check again" (a read of the after-sales filter,
 * never a resend). Nothing shows for an order never decided here. Read again when the cache changes.
 */
export function OrderJournal({ orderId }: { orderId: string }) {
  const [entry, setEntry] = useState<JournalEntryView | null>(null);
  const [checks, setChecks] = useState(0);
  const revision = useChangesStore((s) => s.revision);
  const error = useAfterSalesStore((s) => s.checkErrors[orderId]);
  const t = useT();
  useEffect(() => {
    let live = true;
    void invoke('afterSales:status', { orderId }).then((r) => {
      if (live) setEntry(r.ok ? (r.data.unsettled ?? r.data.entries[0] ?? null) : null);
    });
    return () => {
      live = false;
    };
  }, [orderId, revision, checks]);
  if (entry === null) return null;
  return (
    <p className="od-journal" data-testid="order-journal" role={entry.state === 'pending' ? 'status' : undefined}>
      {journalLineText(entry, t)}
      {SPACE}
      {entry.state === 'pending' && (
        <Button
          onClick={() =>
            void useAfterSalesStore
              .getState()
              .checkUnsettled(orderId)
              .then(() => setChecks((n) => n + 1))
          }
        >
          {t('afterSales.checkAgain')}
        </Button>
      )}
      {error && <span role="alert">{error}</span>}
    </p>
  );
}
