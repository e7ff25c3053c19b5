import { amountOf, buyerNameOf, orderLabelOf, type IpcOrder } from '../../stores/orderFacts';
import { ConfirmDialog } from './ConfirmDialog';

/** "Refund 12.99 EUR to Anna Müller?": the amount exactly as the platform holds it, in its currency. */
export function approveQuestion(order: IpcOrder): string {
  const { amount, currency } = amountOf(order);
  const buyer = buyerNameOf(order) ?? 'the buyer';
  const money = amount ? `${amount}${currency ? ` ${currency}` : ''}` : 'the order amount';
  return `Refund ${money} to ${buyer}?`;
}

export function ApproveDialog({
  order,
  onConfirm,
  onCancel,
}: {
  order: IpcOrder;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <ConfirmDialog
      title={approveQuestion(order)}
      confirmLabel="Approve refund"
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        Approve the after-sales request of order <strong>{orderLabelOf(order)}</strong>.
      </p>
      <p className="muted">
        The order is fetched from the platform again first: if it no longer awaits a decision, nothing is sent.
      </p>
    </ConfirmDialog>
  );
}
