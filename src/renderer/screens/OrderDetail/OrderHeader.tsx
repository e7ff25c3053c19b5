import { CircleAlert, Clock, Gavel, Undo2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Order } from '../../../shared/domain/order';
import { DEFAULT_RULES } from '../../../shared/due/rules';
import { Money } from '../../components/Money';
import { StatusBadge, statusLabel } from '../../components/StatusChip';
import { Badge } from '../../components/ui/Badge';
import { deadlineView } from '../../orderView/deadlineText';
import { deliveryStatusLabels } from '../../orderView/fixedLabels';
import type { StatusLabelSet } from '../../orderView/orderDiff';
import { activeProfile, useProfilesStore } from '../../stores/profilesStore';

/**
 * The order's header card (Polaris' order page): its statuses as toned badges, the delivery deadline when it is due
 * soon or overdue, and the total, large. The number itself is the screen's heading just above.
 */
export function OrderHeader({ order, labels }: { order: Order; labels: StatusLabelSet | undefined }) {
  const settings = useProfilesStore((s) => activeProfile(s.list.data)?.deliveryDeadlines) ?? DEFAULT_RULES;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const deadline = deadlineView(order, settings, now);
  const exception = order.deliveryType === 2 || Boolean(order.deliveryErrorInfo);
  return (
    <div className="card od-header" data-testid="order-header">
      <div className="od-badges" role="group" aria-label="Status">
        <StatusBadge kind="order" value={order.orderStatus} labels={labels?.order} />
        <StatusBadge kind="delivery" value={order.orderDeliveryStatus} labels={deliveryStatusLabels} />
        {exception && (
          <Badge tone="critical" icon={CircleAlert}>
            Delivery exception
          </Badge>
        )}
        {order.isExistAfterSales && (
          <Badge
            tone="attention"
            icon={Undo2}
            title={`After-sales status ${order.orderAfterSalesStatus ?? '—'}`}
          >{`After-sales: ${statusLabel(order.orderAfterSalesStatus, labels?.afterSales)}`}</Badge>
        )}
        {order.isExistDispute && (
          <Badge tone="critical" icon={Gavel}>
            Dispute open
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
        <span className="od-total-label">Total</span>
        <Money amount={order.originalCurrencyProductPrice} currency={order.originalCurrencyCode} />
      </p>
    </div>
  );
}
