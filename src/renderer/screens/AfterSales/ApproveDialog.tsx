import { Msg, translate, useT } from '../../i18n/t';
import { amountOf, buyerNameOf, orderLabelOf, type IpcOrder } from '../../stores/orderFacts';
import { ConfirmDialog } from './ConfirmDialog';

/** "Refund 12.99 EUR to Anna Müller?": the amount exactly as the platform holds it, in its currency. */
export function approveQuestion(order: IpcOrder): string {
  const { amount, currency } = amountOf(order);
  const buyer = buyerNameOf(order);
  const money = amount ? `${amount}${currency ? ` ${currency}` : ''}` : null;
  return translate('afterSales.approveQuestion', {
    money: money ?? translate('afterSales.theOrderAmount'),
    buyer: buyer ?? translate('afterSales.theBuyer'),
  });
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
  const t = useT();
  return (
    <ConfirmDialog
      title={approveQuestion(order)}
      confirmLabel={t('afterSales.approveRefund')}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        <Msg id="afterSales.approveBody" values={{ order: orderLabelOf(order), b: (c) => <strong>{c}</strong> }} />
      </p>
      <p className="muted">{t('afterSales.approveRecheck')}</p>
    </ConfirmDialog>
  );
}
