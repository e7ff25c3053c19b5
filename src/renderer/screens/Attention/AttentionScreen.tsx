import { useEffect, useRef, type KeyboardEvent } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatRoute, navigate, type Route } from '../../router';
import { ROWS_PER_KIND, rowKey, useAttentionStore, type AttentionRow } from '../../stores/attentionStore';
import { AttentionList, scrollSelectedIntoView } from './AttentionList';
import { attentionSummary, leftOffCount } from './attentionText';
import './Attention.css';

/** Keys typed into a field are not shortcuts. */
function isTyping(target: EventTarget): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

const open = (row: AttentionRow) => {
  useAttentionStore.getState().select(rowKey(row));
  navigate(formatRoute('order', [row.orderId]));
};

/**
 * What needs the merchant now, in one list: refunds awaiting a decision, overdue and due-soon deliveries, delivery
 * exceptions, disputes — each row saying why. The queue is kept current by the store (change notices and a timer
 * for the next deadline); keys: ↑/↓ or j/k move, Home/End, Enter opens the order.
 */
export function AttentionScreen(_props: { route: Route }) {
  const queue = useAttentionStore((s) => s.queue);
  const selectedKey = useAttentionStore((s) => s.selectedKey);
  const listRef = useRef<HTMLUListElement>(null);
  const rows = queue.data?.rows ?? [];
  // An order that moves kind (due soon → overdue) keeps the selection.
  const selectedOrder = selectedKey?.slice(selectedKey.indexOf(':') + 1);
  const selected =
    rows.find((r) => rowKey(r) === selectedKey) ?? rows.find((r) => r.orderId === selectedOrder) ?? rows[0] ?? null;
  const shownKey = selected ? rowKey(selected) : null;
  useEffect(() => scrollSelectedIntoView(shownKey), [shownKey]);

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
    else if (onList && e.key === 'Enter' && selected) open(selected);
    else return;
    e.preventDefault();
  };

  const leftOff = queue.data ? leftOffCount(queue.data) : 0;
  return (
    <section className="screen attention" aria-labelledby="screen-title" onKeyDown={onKeyDown}>
      <h1 id="screen-title">Needs attention</h1>
      {queue.data && (
        <p className="attention-summary" aria-live="polite">
          {attentionSummary(queue.data.counts)}
        </p>
      )}
      <p className="muted">
        Keys: ↑/↓ or j/k move · Enter opens the order. Deadlines move by the clock: an order turns overdue here without
        a sync.
      </p>
      {queue.error && <ErrorNotice error={queue.error} title="The queue could not be read" />}
      {!queue.data && queue.status !== 'failed' && <p role="status">Reading the queue…</p>}
      {queue.data && rows.length === 0 && <p className="muted">Nothing needs your attention now.</p>}
      {queue.data && rows.length > 0 && (
        <AttentionList rows={rows} asOf={queue.data.asOf} selectedKey={shownKey} listRef={listRef} onOpen={open} />
      )}
      {leftOff > 0 && (
        <p className="muted">
          {leftOff} more not listed here: each kind shows its first {ROWS_PER_KIND}.
        </p>
      )}
    </section>
  );
}
