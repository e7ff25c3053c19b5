import { learnedAfterSalesStatus } from '../../../shared/domain/afterSalesReview';
import type { Order } from '../../../shared/domain/order';
import { DateTime } from '../../components/DateTime';
import { Money } from '../../components/Money';
import { StatusBadge } from '../../components/StatusChip';
import { deliveryStatusLabels, deliveryTypeLabels } from '../../orderView/fixedLabels';
import type { StatusLabelSet } from '../../orderView/orderDiff';
import { PlatformText } from '../../components/PlatformText';
import { Badge } from '../../components/ui/Badge';

/** Buyer, times, statuses (the profile's labels), flags, amount and delivery progress of one order. */
export function OrderSummary({ order, labels }: { order: Order; labels: StatusLabelSet | undefined }) {
  return (
    <dl className="od-pairs od-summary">
      <div>
        <dt>Buyer</dt>
        <dd>
          {order.buyerName ? <PlatformText value={order.buyerName} /> : '—'}{' '}
          <span className="muted">
            (buyer ID {order.buyerId ? <PlatformText value={String(order.buyerId)} /> : '—'})
          </span>
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
          <StatusBadge kind="order" value={order.orderStatus} labels={labels?.order} showCode />
        </dd>
      </div>
      <div>
        <dt>Delivery status</dt>
        <dd>
          <StatusBadge kind="delivery" value={order.orderDeliveryStatus} labels={deliveryStatusLabels} showCode />{' '}
          <StatusBadge kind="deliveryType" value={order.deliveryType} labels={deliveryTypeLabels} showCode />
        </dd>
      </div>
      <div>
        <dt>Delivered</dt>
        <dd>
          {order.deliveringNumber ?? '—'} of {order.orderDeliveryTotal ?? '—'}
          {order.deliveryMethodName ? (
            <span className="muted">
              {' '}
              · <PlatformText value={order.deliveryMethodName} />
            </span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>After-sales</dt>
        <dd>
          {order.isExistAfterSales ? (
            <StatusBadge
              kind="afterSales"
              value={learnedAfterSalesStatus(order)}
              labels={labels?.afterSales}
              showCode
            />
          ) : (
            <span className="muted">None</span>
          )}
        </dd>
      </div>
      <div>
        <dt>Dispute</dt>
        <dd>
          {order.isExistDispute ? <Badge tone="critical">Dispute open</Badge> : <span className="muted">None</span>}
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
          {order.orderNum ? <PlatformText value={String(order.orderNum)} /> : '—'}
          {order.masterOrderNum ? (
            <span className="muted">
              {' '}
              · master <PlatformText value={String(order.masterOrderNum)} />
            </span>
          ) : null}
        </dd>
      </div>
      <div className="od-wide">
        <dt>Remark</dt>
        <dd className="od-lines">
          {order.remark ? <PlatformText value={order.remark} controls="kept" /> : <span className="muted">None</span>}
        </dd>
      </div>
    </dl>
  );
}
