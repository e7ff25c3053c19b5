import { useAfterSalesStore, type JournalEntryView } from '../../stores/afterSalesStore';
import { journalLineText } from './journalLine';

/**
 * Decisions the journal holds unsettled: sent, their answer never came (a crash, a lost connection). No new decision
 * on such an order is sent until "Check again" settles it through the platform's after-sales filter.
 */
export function UnsettledDecisions({ entries }: { entries: readonly JournalEntryView[] }) {
  const errors = useAfterSalesStore((s) => s.checkErrors);
  return (
    <section className="unsettled-decisions" aria-labelledby="unsettled-title">
      <h2 id="unsettled-title">Outcome unknown</h2>
      <ul>
        {entries.map((e) => (
          <li key={e.attemptId} data-testid="unsettled-decision">
            <span>
              Order {e.orderId}: {journalLineText(e)}
            </span>{' '}
            <button
              type="button"
              aria-label={`Check again: order ${e.orderId}`}
              onClick={() => void useAfterSalesStore.getState().checkUnsettled(e.orderId)}
            >
              Check again
            </button>
            {errors[e.orderId] && <p role="alert">{errors[e.orderId]}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
