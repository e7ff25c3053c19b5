import { ArrowLeft, ChevronDown, ChevronUp, RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { OrderHeader } from './OrderHeader';
import { useT } from '../../i18n/t';
import { useCallback, useEffect, useMemo } from 'react';
import type { DeliveryRecord, Order } from '../../../shared/domain/order';
import { ErrorNotice } from '../../components/ErrorNotice';
import type { Route } from '../../router';
import { useOrderDetailStore } from '../../stores/orderDetailStore';
import { backToList, goToOrder } from './backToList';
import { DeadlineInfo } from './DeadlineInfo';
import { DeliveryErrorInfo } from './DeliveryErrorInfo';
import { DeliveryInfoList } from './DeliveryInfoList';
import { DeliveryRecords } from './DeliveryRecords';
import { LoginLinkPanel } from './LoginLinkPanel';
import { allowedImageHosts } from '../../orderView/imageUrl';
import { ImageHostsProvider } from './OrderImages';
import { OrderItems } from './OrderItems';
import { OrderSummary } from './OrderSummary';
import { OrderJournal } from './OrderJournal';
import { RefreshChanges } from './RefreshChanges';
import { useDetailKeys } from './useDetailKeys';
import './OrderDetail.css';
import { useServedLabels } from '../../stores/servedLabels';
import { activeProfile, useProfilesStore } from '../../stores/profilesStore';

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="od-section card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function OrderBody({ order }: { order: Order }) {
  const t = useT();
  const labels = useServedLabels();
  const extraHosts = useProfilesStore((s) => activeProfile(s.list.data)?.imageHosts);
  const records: DeliveryRecord[] = order.orderDeliveryList ?? [];
  // Images load without a click only from the platform's own image hosts and the ones the merchant added.
  const imageHosts = useMemo(
    () => allowedImageHosts(order.orderItems ?? [], extraHosts ?? []),
    [order.orderItems, extraHosts],
  );
  return (
    <ImageHostsProvider hosts={imageHosts}>
      <OrderHeader order={order} labels={labels} />
      <OrderJournal orderId={order.id} />
      {/* Polaris' order page: what was bought and delivered in the main column; facts, deadline, link beside it. */}
      <div className="od-columns">
        <div className="od-main">
          <Section id="od-items" title={t('detail.items')}>
            <OrderItems items={order.orderItems ?? []} currency={order.originalCurrencyCode} />
          </Section>
          <Section id="od-delivery-info" title={t('detail.deliveryInfo')}>
            <DeliveryInfoList entries={order.deliveryInfo ?? []} />
          </Section>
          <Section id="od-deliveries" title={t('detail.deliveries')}>
            <DeliveryRecords records={records} />
          </Section>
        </div>
        <div className="od-side">
          <Section id="od-summary" title={t('detail.summary')}>
            <OrderSummary order={order} labels={labels} />
          </Section>
          <Section id="od-deadline" title={t('detail.deadline')}>
            <DeadlineInfo order={order} />
          </Section>
          {order.deliveryErrorInfo && typeof order.deliveryErrorInfo === 'object' && (
            <Section id="od-error" title={t('detail.deliveryError')}>
              <DeliveryErrorInfo info={order.deliveryErrorInfo} />
            </Section>
          )}
          <Section id="od-login-link" title={t('detail.loginLink')}>
            <LoginLinkPanel order={order} />
          </Section>
        </div>
      </div>
    </ImageHostsProvider>
  );
}

/** One cached order in full, its refresh from the platform, and j/k through the list it was opened from. */
export function OrderDetailScreen({ route }: { route: Route }) {
  const orderId = route.path[0] ?? null;
  const t = useT();
  const order = useOrderDetailStore((s) => s.order);
  const refresh = useOrderDetailStore((s) => s.refresh);
  const neighbours = useOrderDetailStore((s) => s.neighbours);

  useEffect(() => {
    if (orderId) void useOrderDetailStore.getState().open(orderId);
  }, [orderId]);
  useEffect(() => () => useOrderDetailStore.getState().close(), []);

  const next = useCallback(() => neighbours.next && goToOrder(neighbours.next), [neighbours.next]);
  const prev = useCallback(() => neighbours.prev && goToOrder(neighbours.prev), [neighbours.prev]);
  useDetailKeys({ next, prev, back: backToList });

  const shown = order.data && order.data.id === orderId ? order.data : null;
  const title = shown ? t('detail.title', { orderNum: shown.orderNum ?? shown.id }) : t('screen.order');

  return (
    <section className="screen od" aria-labelledby="screen-title">
      <div className="od-head">
        <Button variant="tertiary" icon={ArrowLeft} onClick={backToList} aria-keyshortcuts="Escape">
          {t('detail.back')}
        </Button>
        <h1 id="screen-title">{title}</h1>
        <div className="od-actions">
          <Button icon={ChevronUp} onClick={prev} disabled={!neighbours.prev} aria-keyshortcuts="k">
            {t('detail.previous')}
          </Button>
          <Button icon={ChevronDown} onClick={next} disabled={!neighbours.next} aria-keyshortcuts="j">
            {t('detail.next')}
          </Button>
          <Button
            variant="primary"
            icon={RefreshCw}
            onClick={() => void useOrderDetailStore.getState().refreshFromPlatform()}
            disabled={!orderId || refresh.status === 'loading'}
          >
            {refresh.status === 'loading' ? t('detail.refreshing') : t('detail.refresh')}
          </Button>
        </div>
      </div>
      {!orderId && <p>{t('detail.noOrder')}</p>}
      <RefreshChanges refresh={refresh} />
      {order.status === 'failed' && order.error && (
        <ErrorNotice error={order.error} title={shown ? t('detail.rereadFailed') : t('detail.openFailed')} />
      )}
      {!shown && order.status === 'loading' && <p className="muted">{t('detail.reading')}</p>}
      {shown && <OrderBody order={shown} />}
    </section>
  );
}
