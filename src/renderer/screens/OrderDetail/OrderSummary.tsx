import { orderDeliveryStatuses, orderDeliveryTypes, type Order } from '../../../shared/domain/order';
import { DateTime } from '../../components/DateTime';
import { Money } from '../../components/Money';
import { StatusChip } from '../../components/StatusChip';

const names = (table: Record<number, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(table).map(([k, v]) => [k, v]));
const deliveryStatusNames = names(orderDeliveryStatuses);
const deliveryTypeNames = names(orderDeliveryTypes);

export interface StatusLabels {
  order?: Record<string, string> | undefined;
  afterSales?: Record<string, string> | undefined;
}

/** Buyer, times, statuses (the profile's labels), flags, amount and delivery progress of one order. */
export function OrderSummary({ order, labels }: { order: Order; labels: StatusLabels | undefined }) {
  const exception = order.deliveryType === 2 || Boolean(order.deliveryErrorInfo);
  return (
    <dl className="od-pairs od-summary">
      <div>
        <dt>Buyer</dt>
        <dd>
          {order.buyerName ?? '—'} <span className="muted">(buyer ID {order.buyerId ?? '—'})</span>
        </dd>
      </div>
      <div>
        <dt>Created</dt>
        <dd>
          <DateTime value={order.createTime} />
        </dd>
      </div>
      <div>
        <dt>Paid</dt>
        <dd>{order.payTime ? <DateTime value={order.payTime} /> : <span className="muted">Not paid</span>}</dd>
      </div>
      <div>
        <dt>Order status</dt>
        <dd>
          <StatusChip value={order.orderStatus} labels={labels?.order} />
        </dd>
      </div>
      <div>
        <dt>Delivery status</dt>
        <dd>
          <StatusChip value={order.orderDeliveryStatus} labels={deliveryStatusNames} />{' '}
          <StatusChip value={order.deliveryType} labels={deliveryTypeNames} tone={exception ? 'danger' : 'neutral'} />
        </dd>
      </div>
      <div>
        <dt>Delivered</dt>
        <dd>
          {order.deliveringNumber ?? '—'} of {order.orderDeliveryTotal ?? '—'}
          {order.deliveryMethodName ? <span className="muted"> · {order.deliveryMethodName}</span> : null}
        </dd>
      </div>
      <div>
        <dt>After-sales</dt>
        <dd>
          {order.isExistAfterSales ? (
            <StatusChip value={order.orderAfterSalesStatus} labels={labels?.afterSales} tone="attention" />
          ) : (
            <span className="muted">None</span>
          )}
        </dd>
      </div>
      <div>
        <dt>Dispute</dt>
        <dd>
          {order.isExistDispute ? (
            <span className="chip chip-danger">Dispute open</span>
          ) : (
            <span className="muted">None</span>
          )}
        </dd>
      </div>
      <div>
        <dt>Total</dt>
        <dd>
          <Money amount={order.originalCurrencyProductPrice} currency={order.originalCurrencyCode} />
        </dd>
      </div>
      <div>
        <dt>Order number</dt>
        <dd>
          {order.orderNum ?? '—'}
          {order.masterOrderNum ? <span className="muted"> · master {order.masterOrderNum}</span> : null}
        </dd>
      </div>
      <div className="od-wide">
        <dt>Remark</dt>
        <dd className="od-lines">{order.remark ? order.remark : <span className="muted">None</span>}</dd>
      </div>
    </dl>
  );
}
