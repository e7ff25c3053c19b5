import { MARK } from '../../i18n/marks';
import { Msg, SPACE, useT } from '../../i18n/t';
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
  const t = useT();
  const none = <span className="muted">{t('detail.none')}</span>;
  return (
    <dl className="od-pairs od-summary">
      <div>
        <dt>{t('detail.buyer')}</dt>
        <dd>
          {order.buyerName ? <PlatformText value={order.buyerName} /> : MARK.none}
          {SPACE}
          <span className="muted">
            <Msg
              id="detail.buyerId"
              values={{ id: order.buyerId ? <PlatformText value={String(order.buyerId)} /> : MARK.none }}
            />
          </span>
        </dd>
      </div>
      <div>
        <dt>{t('detail.created')}</dt>
        <dd>
          <DateTime value={order.createTime} />
        </dd>
      </div>
      <div>
        <dt>{t('detail.paid')}</dt>
        <dd>
          {order.payTime ? <DateTime value={order.payTime} /> : <span className="muted">{t('detail.notPaid')}</span>}
        </dd>
      </div>
      <div>
        <dt>{t('detail.orderStatus')}</dt>
        <dd>
          <StatusBadge kind="order" value={order.orderStatus} labels={labels?.order} showCode />
        </dd>
      </div>
      <div>
        <dt>{t('detail.deliveryStatus')}</dt>
        <dd>
          <StatusBadge kind="delivery" value={order.orderDeliveryStatus} labels={deliveryStatusLabels()} showCode />
          {SPACE}
          <StatusBadge kind="deliveryType" value={order.deliveryType} labels={deliveryTypeLabels()} showCode />
        </dd>
      </div>
      <div>
        <dt>{t('detail.delivered')}</dt>
        <dd>
          {t('detail.deliveredOf', {
            done: order.deliveringNumber ?? MARK.none,
            total: order.orderDeliveryTotal ?? MARK.none,
          })}
          {order.deliveryMethodName ? (
            <span className="muted">
              {MARK.dot}
              <PlatformText value={order.deliveryMethodName} />
            </span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>{t('detail.afterSales')}</dt>
        <dd>
          {order.isExistAfterSales ? (
            <StatusBadge
              kind="afterSales"
              value={learnedAfterSalesStatus(order)}
              labels={labels?.afterSales}
              showCode
            />
          ) : (
            none
          )}
        </dd>
      </div>
      <div>
        <dt>{t('detail.dispute')}</dt>
        <dd>{order.isExistDispute ? <Badge tone="critical">{t('detail.disputeOpen')}</Badge> : none}</dd>
      </div>
      <div>
        <dt>{t('detail.total')}</dt>
        <dd>
          <Money amount={order.originalCurrencyProductPrice} currency={order.originalCurrencyCode} />
        </dd>
      </div>
      <div>
        <dt>{t('detail.orderNumber')}</dt>
        <dd>
          {order.orderNum ? <PlatformText value={String(order.orderNum)} /> : MARK.none}
          {order.masterOrderNum ? (
            <span className="muted">
              {MARK.dot}
              <Msg id="detail.masterOrder" values={{ num: <PlatformText value={String(order.masterOrderNum)} /> }} />
            </span>
          ) : null}
        </dd>
      </div>
      <div className="od-wide">
        <dt>{t('detail.remark')}</dt>
        <dd className="od-lines">{order.remark ? <PlatformText value={order.remark} controls="kept" /> : none}</dd>
      </div>
    </dl>
  );
}
