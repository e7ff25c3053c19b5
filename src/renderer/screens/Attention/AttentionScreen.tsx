import { useT } from '../../i18n/t';
import { ScreenTitle } from '../../i18n/ScreenTitle';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatRoute, navigate, type Route } from '../../router';
import { stateOf, useAfterSalesStore } from '../../stores/afterSalesStore';
import { ROWS_PER_KIND, rowKey, useAttentionStore, type AttentionRow } from '../../stores/attentionStore';
import { IDLE } from '../../stores/decisionFlow';
import { reviewStateOf } from '../../stores/orderFacts';
import { AttentionList, scrollSelectedIntoView } from './AttentionList';
import { AttentionPane } from './AttentionPane';
import { attentionSummary, leftOffCount } from './attentionText';
import { useCachedOrder } from './useCachedOrder';
import './Attention.css';
import { useServedLabels } from '../../stores/servedLabels';

/** Keys typed into a field, or meant for an open confirmation or reject form, are not the list's shortcuts. */
function isTyping(target: EventTarget): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || !!target.closest('dialog, form'))
  );
}

const orderOfKey = (key: string) => key.slice(key.indexOf(':') + 1);

const open = (row: AttentionRow) => {
  useAttentionStore.getState().select(rowKey(row));
  navigate(formatRoute('order', [row.orderId]));
};

/**
 * What needs the merchant now, in one list: refunds awaiting a decision, overdue and due-soon deliveries, delivery
 * exceptions, disputes — each row saying why; beside it the selected order, and for a refund request its decision
 * (the after-sales inbox's own). The queue is kept current by the store (change notices and a timer for the next
 * deadline); keys: ↑/↓ or j/k move, Home/End, Enter opens the order, a approves and r rejects a refund request.
 */
export function AttentionScreen(_props: { route: Route }) {
  const t = useT();
  const queue = useAttentionStore((s) => s.queue);
  const selectedKey = useAttentionStore((s) => s.selectedKey);
  const labels = useServedLabels();
  const listRef = useRef<HTMLUListElement>(null);
  const rows = queue.data?.rows ?? [];
  // An order that moves kind (due soon → overdue) keeps the selection.
  const selectedOrder = selectedKey === null ? null : orderOfKey(selectedKey);
  const selected =
    rows.find((r) => rowKey(r) === selectedKey) ?? rows.find((r) => r.orderId === selectedOrder) ?? rows[0] ?? null;
  const shownKey = selected ? rowKey(selected) : null;
  useEffect(() => scrollSelectedIntoView(shownKey), [shownKey]);
  // The first row shown is selected for real, so the pane stays with its order when the queue is read again.
  useEffect(() => {
    if (selectedKey === null && shownKey !== null) useAttentionStore.getState().select(shownKey);
  }, [selectedKey, shownKey]);

  // A decision made here takes its row out of the queue: the pane keeps that order while the decision is on its way
  // or its outcome is unacknowledged (an unknown one with "Check again"), until the merchant moves on.
  const selectedDecision = useAfterSalesStore((s) => (selectedOrder ? stateOf(s, selectedOrder) : IDLE));
  const paneId =
    selectedOrder !== null && (rows.some((r) => r.orderId === selectedOrder) || selectedDecision.phase !== 'idle')
      ? selectedOrder
      : (selected?.orderId ?? null);
  const paneRows = rows.filter((r) => r.orderId === paneId);
  const { order, error: orderError } = useCachedOrder(paneId);
  const paneDecision = paneId === selectedOrder ? selectedDecision : IDLE;
  const decidable =
    order !== null &&
    (paneRows.some((r) => r.kind === 'refund') || reviewStateOf(order) === 'awaiting' || paneDecision.phase !== 'idle');

  const moveBy = (delta: number) => {
    if (rows.length === 0) return;
    const at = selected ? rows.indexOf(selected) : -1;
    const next = rows[Math.min(rows.length - 1, Math.max(0, at + delta))]!;
    useAttentionStore.getState().select(rowKey(next));
    scrollSelectedIntoView(rowKey(next));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
    const onList = e.target === listRef.current;
    if (e.key === 'j' || (onList && e.key === 'ArrowDown')) moveBy(1);
    else if (e.key === 'k' || (onList && e.key === 'ArrowUp')) moveBy(-1);
    else if (onList && e.key === 'Home') moveBy(-rows.length);
    else if (onList && e.key === 'End') moveBy(rows.length);
    else if (onList && e.key === 'Enter' && selected) {
      // The Enter after the one that confirmed a decision (a double press) leaves the merchant with its outcome.
      if (stateOf(useAfterSalesStore.getState(), selected.orderId).phase !== 'sending') open(selected);
    } else if ((e.key === 'a' || e.key === 'r') && decidable && order)
      useAfterSalesStore.getState().start(e.key === 'a' ? 'approve' : 'reject', order);
    else return;
    e.preventDefault();
  };

  const leftOff = queue.data ? leftOffCount(queue.data) : 0;
  return (
    <section className="screen attention" aria-labelledby="screen-title" onKeyDown={onKeyDown}>
      <h1 id="screen-title">
        <ScreenTitle screen="attention" />
      </h1>
      <div className="attention-intro">
        {queue.data && (
          <p className="attention-summary" aria-live="polite">
            {attentionSummary(queue.data)}
          </p>
        )}
        {/* Above the list, not after it: the list pane is as tall as the window lets it be, and a line after it was
            drawn over its last rows (a million orders: "158,211 more not listed here"). */}
        {leftOff === 'unknown' ? (
          <p className="muted">{t('attention.leftOffCounting', { perKind: ROWS_PER_KIND })}</p>
        ) : (
          leftOff > 0 && <p className="muted">{t('attention.leftOff', { count: leftOff, perKind: ROWS_PER_KIND })}</p>
        )}
        <p className="muted">{t('attention.keys')}</p>
      </div>
      {queue.error && <ErrorNotice error={queue.error} title={t('attention.queueFailed')} />}
      {!queue.data && queue.status !== 'failed' && <p role="status">{t('attention.reading')}</p>}
      {queue.data && rows.length === 0 && <p className="muted">{t('attention.nothing')}</p>}
      {queue.data && (rows.length > 0 || paneId !== null) && (
        <div className="list-pane-layout">
          {rows.length > 0 ? (
            <AttentionList rows={rows} asOf={queue.data.asOf} selectedKey={shownKey} listRef={listRef} onOpen={open} />
          ) : (
            <span />
          )}
          {paneId !== null && (
            <AttentionPane
              orderId={paneId}
              rows={paneRows}
              order={order}
              error={orderError}
              decidable={decidable}
              labels={labels}
            />
          )}
        </div>
      )}
    </section>
  );
}
