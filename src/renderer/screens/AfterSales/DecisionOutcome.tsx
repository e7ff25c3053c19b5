import { errorWords } from '../../i18n/errorText';
import { Button } from '../../components/ui/Button';
import { useLocaleStore } from '../../i18n/localeStore';
import { translate, useT, type Translate } from '../../i18n/t';
import { ErrorNotice } from '../../components/ErrorNotice';
import { statusText } from '../../components/StatusChip';
import { changeLine, type DecisionState, type Labels } from '../../stores/decisionFlow';
import { afterSalesStatusOf, orderLabelOf, orderStatusOf, reviewStateOf, type IpcOrder } from '../../stores/orderFacts';

type Shown = Exclude<DecisionState, { phase: 'idle' } | { phase: 'confirming' }>;

/** The decision as a select argument of the messages (`{what, select, approve {…} other {…}}`). */
const verb = (approved: boolean) => (approved ? 'approve' : 'reject');

/** "Refund rejected — as reported by the platform": the after-sales status the platform reports now, by its label. */
export function reportedLine(order: IpcOrder, labels: Labels, t: Translate = translate): string {
  const status = afterSalesStatusOf(order);
  // The spec's Order has no status field: what the after-sales filter says is all there is to report.
  if (status === null && reviewStateOf(order) === 'not-awaiting') return t('afterSales.outcome.notAwaiting');
  const label = status === null ? undefined : labels.afterSales?.[String(status)];
  const what =
    label ?? (status === null ? t('afterSales.outcome.noStatus') : t('afterSales.outcome.statusN', { status }));
  return t('afterSales.outcome.reported', { what });
}

/** What the headline does not say already: the order status (the after-sales status is the headline). */
function Reported({ order, labels }: { order: IpcOrder; labels: Labels }) {
  const t = useT();
  return (
    <dl className="facts">
      <dt>{t('detail.orderStatus')}</dt>
      <dd>{statusText(orderStatusOf(order), labels.order)}</dd>
    </dl>
  );
}

/** Where a decision stands after the merchant confirmed it. */
export function DecisionOutcome({
  state,
  labels,
  onCheckAgain,
  onDismiss,
}: {
  state: Shown;
  labels: Labels;
  onCheckAgain(): void;
  onDismiss(): void;
}) {
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);
  switch (state.phase) {
    case 'sending':
      return (
        <div className="outcome" role="status">
          {state.step === 'checking'
            ? t('afterSales.outcome.checking', { order: orderLabelOf(state.order) })
            : t('afterSales.outcome.sending', { what: verb(state.decision.isApproved) })}
        </div>
      );
    case 'decided':
      return (
        <div className="outcome outcome-ok" role="status">
          {state.order ? (
            <>
              <strong>
                {afterSalesStatusOf(state.order) === null &&
                reviewStateOf(state.order) !== 'not-awaiting' &&
                state.decision &&
                state.via !== 'checked'
                  ? t('afterSales.outcome.accepted', { what: verb(state.decision.isApproved) })
                  : reportedLine(state.order, labels, t)}
              </strong>
              {state.via === 'checked' && <p>{t('afterSales.outcome.foundOnCheck')}</p>}
              <Reported order={state.order} labels={labels} />
            </>
          ) : (
            <>
              <strong>
                {t('afterSales.outcome.accepted', {
                  what: state.decision ? verb(state.decision.isApproved) : 'decision',
                })}
              </strong>
              <p>{t('afterSales.outcome.rereadFailed')}</p>
              {state.refetchError && <ErrorNotice error={state.refetchError} />}
            </>
          )}
        </div>
      );
    case 'not-sent':
      return (
        <div className="outcome outcome-attention" role="alert">
          <strong>{t('afterSales.outcome.notSent')}</strong>
          <p>{t('afterSales.outcome.changed')}</p>
          <ul>
            {state.changes.map((c) => (
              <li key={c.field}>{changeLine(c, t)}</li>
            ))}
          </ul>
          <Button onClick={onDismiss}>{t('afterSales.ok')}</Button>
        </div>
      );
    case 'unknown': {
      const check = state.check;
      const found = state.error.found;
      return (
        <div className="outcome outcome-attention" role="alert">
          <strong>{t('afterSales.outcome.unknown', { what: verb(state.decision.isApproved) })}</strong>
          <p>{errorWords(state.error, t, locale).text}</p>
          <p>{t('afterSales.outcome.notResent')}</p>
          {!check && found?.kind === 'found' && !state.error.message.includes(found.summary) && (
            <p>{t('afterSales.outcome.foundAfter', { summary: found.summary })}</p>
          )}
          {check && 'error' in check && <ErrorNotice error={check.error} title={t('afterSales.outcome.checkFailed')} />}
          {check && 'review' in check && (
            <p>
              {check.review === 'awaiting' ? t('afterSales.outcome.stillAwaiting') : t('afterSales.outcome.notSaid')}
            </p>
          )}
          <div className="form-actions">
            <Button variant="primary" onClick={onCheckAgain} disabled={state.checking}>
              {state.checking ? t('afterSales.checking') : t('afterSales.checkAgain')}
            </Button>
            {check && 'review' in check && check.review === 'awaiting' && (
              <Button onClick={onDismiss}>{t('afterSales.outcome.decideAgain')}</Button>
            )}
          </div>
        </div>
      );
    }
    case 'failed':
      return (
        <div className="outcome">
          <ErrorNotice
            error={state.error}
            title={
              state.stage === 'pre-check'
                ? t('afterSales.outcome.preCheckFailed')
                : t('afterSales.outcome.refused', { what: verb(state.decision.isApproved) })
            }
          />
          <Button onClick={onDismiss}>{t('afterSales.ok')}</Button>
        </div>
      );
  }
}
