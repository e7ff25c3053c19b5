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
  return (
    <>
      <h2 id="after-sales-selected">
        Order <PlatformText value={orderLabelOf(order)} />
      </h2>
      <dl className="facts">
        <dt>Buyer</dt>
        <dd>{buyerNameOf(order) !== null ? <PlatformText value={buyerNameOf(order)!} /> : '—'}</dd>
        <dt>Amount</dt>
        <dd>
          <Money amount={amount} currency={currency} />
        </dd>
        <dt>Ordered</dt>
        <dd>
          <DateTime value={createTimeOf(order)} />
        </dd>
        <dt>After-sales status</dt>
        <dd>{statusText(afterSalesStatusOf(order), labels.afterSales)}</dd>
        <dt>Order status</dt>
        <dd>{statusText(orderStatusOf(order), labels.order)}</dd>
        <dt>Order ID</dt>
        <dd>
          <a href={formatRoute('order', [order.id])}>{order.id}</a>
        </dd>
      </dl>
    </>
  );
}
