import { useT } from '../../i18n/t';
import { Button } from '../../components/ui/Button';
import { useAfterSalesStore, useDecisionState } from '../../stores/afterSalesStore';
import { canStart } from '../../stores/decisionFlow';
import { reviewStateOf, type IpcOrder } from '../../stores/orderFacts';
import { ApproveDialog } from './ApproveDialog';
import { DecisionOutcome } from './DecisionOutcome';
import { RejectForm } from './RejectForm';
import { useServedLabels } from '../../stores/servedLabels';

/**
 * Approve / Reject for one order, with everything after: the approve confirmation, the reject form, and where the
 * decision stands (sending, decided as the platform reports it, not sent, unknown with "Check again", refused).
 * Its state lives in the after-sales store, so the inbox and the order detail show the same decision.
 */
export function DecisionActions({ order }: { order: IpcOrder }) {
  const state = useDecisionState(order.id);
  const t = useT();
  const labels = useServedLabels();
  const { start, cancel, confirm, checkAgain, dismiss } = useAfterSalesStore.getState();
  const open = reviewStateOf(order) !== 'not-awaiting';
  const enabled = open && canStart(state);

  return (
    <div className="decision-actions">
      {/* While a decision is pending or unresolved, its own controls stand in for these. They stay while one is
          being confirmed: the confirmation gives the focus back to them. */}
      {canStart(state) || state.phase === 'confirming' ? (
        <div className="form-actions">
          <Button variant="primary" disabled={!enabled} onClick={() => start('approve', order)}>
            {t('afterSales.approveStart')}
          </Button>
          <Button variant="critical" disabled={!enabled} onClick={() => start('reject', order)}>
            {t('afterSales.rejectStart')}
          </Button>
          {!open && state.phase === 'idle' && <span className="muted">{t('afterSales.noneAwaiting')}</span>}
        </div>
      ) : null}
      {state.phase === 'confirming' && state.kind === 'approve' && (
        <ApproveDialog
          order={state.order}
          onConfirm={() => void confirm({ orderId: order.id, isApproved: true })}
          onCancel={() => cancel(order.id)}
        />
      )}
      {state.phase === 'confirming' && state.kind === 'reject' && (
        <RejectForm order={state.order} onSend={(d) => void confirm(d)} onCancel={() => cancel(order.id)} />
      )}
      {state.phase !== 'idle' && state.phase !== 'confirming' && (
        <DecisionOutcome
          state={state}
          labels={labels}
          onCheckAgain={() => void checkAgain(order.id)}
          onDismiss={() => dismiss(order.id)}
        />
      )}
    </div>
  );
}
