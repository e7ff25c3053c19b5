import type { MessageId } from '../../i18n/catalogs';
import { Badge } from '../../components/ui/Badge';
import { useT } from '../../i18n/t';
import { useEffect, useState, type Ref } from 'react';
import { Money } from '../../components/Money';
import { MAIN_LIST } from '../../frame/screenFocus';
import { AfterSalesChip } from './AfterSalesChip';
import { journalLineText, latestEntryOf } from './journalLine';
import { formatAgo, instantMs } from '../../format/time';
import { requestFacts } from '../../stores/requestFacts';
import { stateOf, useAfterSalesStore } from '../../stores/afterSalesStore';
import type { DecisionState } from '../../stores/decisionFlow';
import {
  afterSalesStatusOf,
  amountOf,
  buyerNameOf,
  createTimeOf,
  orderLabelOf,
  reviewStateOf,
  type IpcOrder,
} from '../../stores/orderFacts';
import { PlatformText } from '../../components/PlatformText';

/** The clock the ages are counted against, moving once a minute. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

const optionId = (orderId: string) => `after-sales-option-${orderId}`;

const pendingNote: Partial<Record<DecisionState['phase'], MessageId>> = {
  sending: 'afterSales.note.sending',
  unknown: 'afterSales.note.unknown',
  'not-sent': 'afterSales.note.notSent',
  failed: 'afterSales.note.notSent',
};

function Row({
  order,
  selected,
  labels,
  nowMs,
}: {
  order: IpcOrder;
  selected: boolean;
  labels?: Record<string, string>;
  nowMs: number;
}) {
  const { amount, currency } = amountOf(order);
  const created = instantMs(createTimeOf(order));
  const note = pendingNote[useAfterSalesStore((s) => stateOf(s, order.id).phase)];
  // Who decided what, when, from this app (the journal), on awaiting and decided rows alike.
  const journal = useAfterSalesStore((s) => latestEntryOf(s.inbox.data?.decided ?? [], order.id));
  const facts = requestFacts(order);
  const lastAt = instantMs(facts.lastDelivery?.at ?? null);
  const t = useT();
  return (
    <li
      id={optionId(order.id)}
      role="option"
      aria-selected={selected}
      className="inbox-row queue-row"
      onClick={() => useAfterSalesStore.getState().select(order.id)}
    >
      <span className="inbox-main">
        <strong>
          <PlatformText value={orderLabelOf(order)} clamp />
        </strong>
        {t('afterSales.buyerSeparator')}
        {buyerNameOf(order) !== null ? (
          <PlatformText value={buyerNameOf(order)!} clamp />
        ) : (
          t('afterSales.unknownBuyer')
        )}
      </span>
      <span className="inbox-meta">
        <Money amount={amount} currency={currency} />
        {created !== undefined && (
          <span title={t('afterSales.ageHint')}>
            {t('afterSales.orderCreated', { ago: formatAgo(created, nowMs) })}
          </span>
        )}
        <AfterSalesChip status={afterSalesStatusOf(order)} review={reviewStateOf(order)} labels={labels} />
        {note && <span className="inbox-note">{t(note)}</span>}
      </span>
      {journal && <span className="inbox-journal">{journalLineText(journal)}</span>}
      <span className="inbox-facts">
        {facts.items && <span>{facts.items}</span>}
        {facts.delivered && <span>{facts.delivered}</span>}
        {facts.lastDelivery && (
          <span>
            {lastAt !== undefined
              ? t('afterSales.lastDeliveryAgo', { ago: formatAgo(lastAt, nowMs) })
              : t('afterSales.lastDelivery')}
            {facts.lastDelivery.description
              ? t('afterSales.descriptionSuffix', { description: facts.lastDelivery.description })
              : null}
          </span>
        )}
        {facts.flags.map((flag) => (
          <Badge key={flag} tone="attention">
            {flag}
          </Badge>
        ))}
      </span>
    </li>
  );
}

/**
 * The inbox as one listbox in two groups (awaiting a decision, recent decisions); the selection is the store's, so
 * the keys (↑/↓, j/k, Home/End) and a click move the same one. The screen handles a and r.
 */
export function InboxList({
  awaiting,
  awaitingTotal,
  recent,
  selectedId,
  labels,
  listRef,
}: {
  awaiting: IpcOrder[];
  /** How many await a decision in all (the list shows a page at a time), or null when not known. */
  awaitingTotal: number | null;
  recent: IpcOrder[];
  selectedId: string | null;
  labels?: Record<string, string>;
  listRef: Ref<HTMLUListElement>;
}) {
  const nowMs = useMinuteClock();
  const t = useT();
  const group = (id: string, title: string, orders: IpcOrder[], empty: string) => (
    <li role="presentation" className="inbox-group">
      <span id={id} className="inbox-group-title" role="presentation">
        {title}
      </span>
      <ul role="group" aria-labelledby={id}>
        {orders.length === 0 ? (
          <li role="presentation" className="muted inbox-empty">
            {empty}
          </li>
        ) : (
          orders.map((o) => <Row key={o.id} order={o} selected={o.id === selectedId} labels={labels} nowMs={nowMs} />)
        )}
      </ul>
    </li>
  );
  return (
    <ul
      ref={listRef}
      role="listbox"
      aria-label={t('afterSales.listLabel')}
      tabIndex={0}
      {...MAIN_LIST}
      className="inbox-list queue-list"
      aria-activedescendant={selectedId ? optionId(selectedId) : undefined}
    >
      {group(
        'inbox-awaiting',
        awaitingTotal !== null && awaitingTotal > awaiting.length
          ? t('afterSales.awaitingGroupPart', { shown: awaiting.length, count: awaitingTotal })
          : t('afterSales.awaitingGroup', { count: awaiting.length }),
        awaiting,
        t('afterSales.noneAwaitingList'),
      )}
      {group('inbox-recent', t('afterSales.recentGroup'), recent, t('afterSales.noRecent'))}
    </ul>
  );
}

/** Keeps the selected option in view as the selection moves. */
export function scrollSelectedIntoView(orderId: string | null): void {
  if (orderId) document.getElementById(optionId(orderId))?.scrollIntoView?.({ block: 'nearest' });
}
