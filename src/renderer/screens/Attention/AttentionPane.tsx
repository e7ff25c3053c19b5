import { useT } from '../../i18n/t';
import { ErrorNotice } from '../../components/ErrorNotice';
import type { IpcError } from '../../../shared/ipc/result';
import type { AttentionRow } from '../../stores/attentionStore';
import type { Labels } from '../../stores/decisionFlow';
import type { IpcOrder } from '../../stores/orderFacts';
import { DecisionActions, OrderSummary } from '../AfterSales';
import { kindLabel } from './attentionText';

/**
 * Beside the queue: the selected order and why it is listed; for a refund request, the after-sales inbox's own
 * decision (`<DecisionActions>`: the confirmation, the check before sending, the outcome with "Check again"),
 * sharing its state, so a decision pending here is pending in the inbox and the order detail too.
 */
export function AttentionPane({
  orderId,
  rows,
  order,
  error,
  decidable,
  labels,
}: {
  orderId: string;
  /** The queue's rows of this order (none once a decision here took it out of the queue). */
  rows: AttentionRow[];
  order: IpcOrder | null;
  error: IpcError | null;
  decidable: boolean;
  labels: Labels;
}) {
  const t = useT();
  return (
    <section className="after-sales-pane attention-pane" aria-labelledby="after-sales-selected">
      {order ? (
        <OrderSummary order={order} labels={labels} />
      ) : (
        <h2 id="after-sales-selected">{t('attention.order', { orderNum: rows[0]?.orderNum ?? orderId })}</h2>
      )}
      {rows.length > 0 && (
        <ul className="attention-reasons">
          {rows.map((r) => (
            <li key={r.kind}>{t('attention.reason', { kind: kindLabel(r.kind), reason: r.reason })}</li>
          ))}
        </ul>
      )}
      {error && <ErrorNotice error={error} title={t('attention.readFailed')} />}
      {decidable && order ? (
        <DecisionActions key={order.id} order={order} />
      ) : (
        <p className="muted">{t('attention.enterOpens')}</p>
      )}
    </section>
  );
}
