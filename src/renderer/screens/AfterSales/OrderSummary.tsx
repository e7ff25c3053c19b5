import { MARK } from '../../i18n/marks';
import { Msg, useT } from '../../i18n/t';
import { DateTime } from '../../components/DateTime';
import { Money } from '../../components/Money';
import { statusText } from '../../components/StatusChip';
import { formatRoute } from '../../router';
import type { Labels } from '../../stores/decisionFlow';
import {
  afterSalesStatusOf,
  amountOf,
  buyerNameOf,
  createTimeOf,
  orderLabelOf,
  orderStatusOf,
  type IpcOrder,
} from '../../stores/orderFacts';
import { PlatformText } from '../../components/PlatformText';

/** The selected request's order: what the merchant decides on. */
export function OrderSummary({ order, labels }: { order: IpcOrder; labels: Labels }) {
  const { amount, currency } = amountOf(order);
  const t = useT();
  return (
    <>
      <h2 id="after-sales-selected">
        <Msg id="afterSales.order" values={{ order: <PlatformText value={orderLabelOf(order)} /> }} />
      </h2>
      <dl className="facts">
        <dt>{t('detail.buyer')}</dt>
        <dd>{buyerNameOf(order) !== null ? <PlatformText value={buyerNameOf(order)!} /> : MARK.none}</dd>
        <dt>{t('afterSales.amount')}</dt>
        <dd>
          <Money amount={amount} currency={currency} />
        </dd>
        <dt>{t('afterSales.ordered')}</dt>
        <dd>
          <DateTime value={createTimeOf(order)} />
        </dd>
        <dt>{t('afterSales.status')}</dt>
        <dd>{statusText(afterSalesStatusOf(order), labels.afterSales)}</dd>
        <dt>{t('detail.orderStatus')}</dt>
        <dd>{statusText(orderStatusOf(order), labels.order)}</dd>
        <dt>{t('afterSales.orderId')}</dt>
        <dd>
          <a href={formatRoute('order', [order.id])}>{order.id}</a>
        </dd>
      </dl>
    </>
  );
}
