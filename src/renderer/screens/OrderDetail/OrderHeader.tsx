import { CircleAlert, Clock, Gavel, Undo2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Order } from '../../../shared/domain/order';
import { learnedAfterSalesStatus } from '../../../shared/domain/afterSalesReview';
import { DEFAULT_RULES } from '../../../shared/due/rules';
import { Money } from '../../components/Money';
import { badgeTitle, StatusBadge, statusLabel } from '../../components/StatusChip';
import { Badge } from '../../components/ui/Badge';
import { deadlineView } from '../../orderView/deadlineText';
import { deliveryStatusLabels } from '../../orderView/fixedLabels';
import type { StatusLabelSet } from '../../orderView/orderDiff';
import { activeProfile, useProfilesStore } from '../../stores/profilesStore';
import { useT } from '../../i18n/t';

/**
 * The order's header card (Polaris' order page): its statuses as toned badges, the delivery deadline when it is due
 * soon or overdue, and the total, large. The number itself is the screen's heading just above.
 */
export function OrderHeader({ order, labels }: { order: Order; labels: StatusLabelSet | undefined }) {
  const t = useT();
  const settings = useProfilesStore((s) => activeProfile(s.list.data)?.deliveryDeadlines) ?? DEFAULT_RULES;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const deadline = deadlineView(order, settings, now);
  const exception = order.deliveryType === 2 || Boolean(order.deliveryErrorInfo);
  // The spec's orders carry no after-sales status: until the list's filter has taught one, it is said unknown (it read
  // "After-sales: —").
  const learned = learnedAfterSalesStatus(order);
  const afterSalesStatus =
    typeof learned === 'number' ? statusLabel(learned, labels?.afterSales) : t('afterSales.review.unknown');
  const afterSalesTitle =
    typeof learned === 'number'
      ? badgeTitle('afterSales', learned, afterSalesStatus)
      : t('table.afterSalesWithStatus', { status: afterSalesStatus });
  return (
    <div className="card od-header" data-testid="order-header">
      <div className="od-badges" role="group" aria-label={t('design.detail.status')}>
        <StatusBadge kind="order" value={order.orderStatus} labels={labels?.order} />
        <StatusBadge kind="delivery" value={order.orderDeliveryStatus} labels={deliveryStatusLabels()} />
        {exception && (
          <Badge tone="critical" icon={CircleAlert}>
            {t('table.deliveryException')}
          </Badge>
        )}
        {order.isExistAfterSales && (
          <Badge tone="attention" icon={Undo2} title={afterSalesTitle}>
            {t('table.afterSalesWithStatus', { status: afterSalesStatus })}
          </Badge>
        )}
        {order.isExistDispute && (
          <Badge tone="critical" icon={Gavel}>
            {t('design.detail.disputeOpen')}
          </Badge>
        )}
        {deadline.state === 'overdue' && (
          <Badge tone="critical" icon={Clock}>
            {deadline.headline}
          </Badge>
        )}
        {deadline.state === 'due-soon' && (
          <Badge tone="attention" icon={Clock}>
            {deadline.headline}
          </Badge>
        )}
      </div>
      <p className="od-total">
        <span className="od-total-label">{t('design.detail.total')}</span>
        <Money amount={order.originalCurrencyProductPrice} currency={order.originalCurrencyCode} />
      </p>
    </div>
  );
}
