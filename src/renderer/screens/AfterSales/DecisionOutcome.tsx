import { ErrorNotice } from '../../components/ErrorNotice';
import { statusText } from '../../components/StatusChip';
import type { DecisionState, Labels } from '../../stores/decisionFlow';
import { afterSalesStatusOf, orderLabelOf, orderStatusOf, reviewStateOf, type IpcOrder } from '../../stores/orderFacts';

type Shown = Exclude<DecisionState, { phase: 'idle' } | { phase: 'confirming' }>;

const verb = (approved: boolean) => (approved ? 'approval' : 'rejection');

/** "Refund rejected — as reported by the platform": the after-sales status the platform reports now, by its label. */
export function reportedLine(order: IpcOrder, labels: Labels): string {
  const status = afterSalesStatusOf(order);
  // The spec's Order has no status field: what the after-sales filter says is all there is to report.
  if (status === null && reviewStateOf(order) === 'not-awaiting')
    return 'No longer awaiting review — as the platform’s after-sales filter reports';
  const label = status === null ? undefined : labels.afterSales?.[String(status)];
  const what = label ?? (status === null ? 'No after-sales status reported' : `After-sales status ${status}`);
  return `${what} — as reported by the platform`;
}

/** What the headline does not say already: the order status (the after-sales status is the headline). */
function Reported({ order, labels }: { order: IpcOrder; labels: Labels }) {
  return (
    <dl className="facts">
      <dt>Order status</dt>
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
  switch (state.phase) {
    case 'sending':
      return (
        <div className="outcome" role="status">
          {state.step === 'checking'
            ? `Checking order ${orderLabelOf(state.order)} on the platform before sending…`
            : `Sending the ${verb(state.decision.isApproved)}…`}
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
                  ? `The platform accepted the ${verb(state.decision.isApproved)}.`
                  : reportedLine(state.order, labels)}
              </strong>
              {state.via === 'checked' && <p>Found on checking again; nothing was sent again.</p>}
              <Reported order={state.order} labels={labels} />
            </>
          ) : (
            <>
              <strong>
                The platform accepted the {state.decision ? verb(state.decision.isApproved) : 'decision'}.
              </strong>
              <p>Reading the order again afterwards failed, so its new state is not shown.</p>
              {state.refetchError && <ErrorNotice error={state.refetchError} />}
            </>
          )}
        </div>
      );
    case 'not-sent':
      return (
        <div className="outcome outcome-attention" role="alert">
          <strong>Not sent: this order no longer awaits a decision.</strong>
          <p>The platform reports a change since the list was read:</p>
          <ul>
            {state.changes.map((c) => (
              <li key={c.field}>
                {c.field}: {c.from} → {c.to}
              </li>
            ))}
          </ul>
          <button type="button" onClick={onDismiss}>
            OK
          </button>
        </div>
      );
    case 'unknown': {
      const check = state.check;
      const found = state.error.found;
      return (
        <div className="outcome outcome-attention" role="alert">
          <strong>Outcome unknown: the {verb(state.decision.isApproved)} may or may not have been applied.</strong>
          <p>{state.error.message}</p>
          <p>It will not be sent again. Check the order on the platform to see what happened.</p>
          {!check && found?.kind === 'found' && !state.error.message.includes(found.summary) && (
            <p>Right after the call the platform showed: {found.summary}.</p>
          )}
          {check && 'error' in check && <ErrorNotice error={check.error} title="Checking again failed" />}
          {check && 'review' in check && (
            <p>
              {check.review === 'awaiting'
                ? 'Checked again: the platform still shows the request awaiting a decision — the decision was not applied. You may decide again.'
                : 'Checked again: the platform does not say whether the request still awaits a decision.'}
            </p>
          )}
          <div className="form-actions">
            <button type="button" className="primary" onClick={onCheckAgain} disabled={state.checking}>
              {state.checking ? 'Checking…' : 'Check again'}
            </button>
            {check && 'review' in check && check.review === 'awaiting' && (
              <button type="button" onClick={onDismiss}>
                Decide again
              </button>
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
                ? 'Not sent: the order could not be checked on the platform first.'
                : `The platform refused the ${verb(state.decision.isApproved)}.`
            }
          />
          <button type="button" onClick={onDismiss}>
            OK
          </button>
        </div>
      );
  }
}
