import { useT } from '../../i18n/t';
import { Button } from '../../components/ui/Button';
import { useState } from 'react';
import { useAfterSalesStore } from '../../stores/afterSalesStore';
import { useAttentionStore } from '../../stores/attentionStore';

/**
 * "Check again" on a Needs attention row whose decision was sent and whose outcome is unknown (the journal): asks the
 * after-sales filter through the core, which settles the journal by it, then reads the queue again. A read, never a
 * resend. The click does not open the row.
 */
export function CheckAgainButton({ orderId }: { orderId: string }) {
  const [busy, setBusy] = useState(false);
  const error = useAfterSalesStore((s) => s.checkErrors[orderId]);
  const t = useT();
  return (
    <span className="attention-check">
      <Button
        disabled={busy}
        aria-label={t('afterSales.checkAgainOrder', { order: orderId })}
        onClick={(e) => {
          e.stopPropagation();
          setBusy(true);
          void useAfterSalesStore
            .getState()
            .checkUnsettled(orderId)
            .then(() => useAttentionStore.getState().load())
            .finally(() => setBusy(false));
        }}
      >
        {t('afterSales.checkAgain')}
      </Button>
      {error && <span role="alert">{error}</span>}
    </span>
  );
}
