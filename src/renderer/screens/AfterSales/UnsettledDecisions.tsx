import { SPACE, useT } from '../../i18n/t';
import { Button } from '../../components/ui/Button';
import { useAfterSalesStore, type JournalEntryView } from '../../stores/afterSalesStore';
import { journalLineText } from './journalLine';

/**
 * Decisions the journal holds unsettled: sent, their answer never came (a crash, a lost connection). No new decision
 * on such an order is sent until "Check again" settles it through the platform's after-sales filter.
 */
export function UnsettledDecisions({ entries }: { entries: readonly JournalEntryView[] }) {
  const errors = useAfterSalesStore((s) => s.checkErrors);
  const t = useT();
  return (
    <section className="unsettled-decisions" aria-labelledby="unsettled-title">
      <h2 id="unsettled-title">{t('afterSales.unsettled')}</h2>
      <ul>
        {entries.map((e) => (
          <li key={e.attemptId} data-testid="unsettled-decision">
            <span>{t('afterSales.unsettledLine', { order: e.orderId, line: journalLineText(e, t) })}</span>
            {SPACE}
            <Button
              aria-label={t('afterSales.checkAgainOrder', { order: e.orderId })}
              onClick={() => void useAfterSalesStore.getState().checkUnsettled(e.orderId)}
            >
              {t('afterSales.checkAgain')}
            </Button>
            {errors[e.orderId] && <p role="alert">{errors[e.orderId]}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
