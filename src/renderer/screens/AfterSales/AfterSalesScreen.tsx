import { SPACE, useT } from '../../i18n/t';
import { Button } from '../../components/ui/Button';
import { ScreenTitle } from '../../i18n/ScreenTitle';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import type { Route } from '../../router';
import { stateOf, useAfterSalesStore } from '../../stores/afterSalesStore';
import { orderLabelOf } from '../../stores/orderFacts';
import { reportedLine } from './DecisionOutcome';
import { useChangesStore } from '../../stores/changesStore';
import { activeProfile, servedSession, useProfilesStore } from '../../stores/profilesStore';
import { DecisionActions } from './DecisionActions';
import { InboxList, scrollSelectedIntoView } from './InboxList';
import { OrderSummary } from './OrderSummary';
import { UnsettledDecisions } from './UnsettledDecisions';
import './AfterSales.css';
import { useServedLabels } from '../../stores/servedLabels';

/** Keys typed into a field or a control of their own are not shortcuts. */
function isTyping(target: EventTarget): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

/**
 * The after-sales inbox: requests awaiting a decision (oldest first, with their age), then recent decisions; the
 * selected one's order and its decision beside the list. Keys: ↑/↓ or j/k move, a approves, r rejects.
 */
export function AfterSalesScreen(_props: { route: Route }) {
  const t = useT();
  const inbox = useAfterSalesStore((s) => s.inbox);
  const selectedId = useAfterSalesStore((s) => s.selectedId);
  const revision = useChangesStore((s) => s.revision);
  const profileId = useProfilesStore((s) => servedSession(s.list.data));
  const labels = useServedLabels();
  const statuses = useProfilesStore((s) => activeProfile(s.list.data)?.afterSalesStatuses ?? null);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (profileId !== null) void useAfterSalesStore.getState().loadInbox();
  }, [revision, profileId]);

  const all = inbox.data ? [...inbox.data.awaiting, ...inbox.data.recent] : [];
  const selected = all.find((o) => o.id === selectedId) ?? all[0] ?? null;

  // The selection stays in view when the list is read again (a decided order moves to "recent decisions").
  const shownId = selected?.id ?? null;
  useEffect(() => scrollSelectedIntoView(shownId), [shownId, inbox.data]);

  const awaiting = useMemo(() => inbox.data?.awaiting ?? [], [inbox.data]);
  /** ↑/↓ walk every row; j/k only the requests awaiting a decision (the work queue). */
  const moveBy = (delta: number, rows: typeof all = all) => {
    if (rows.length === 0) return;
    const at = selected ? rows.indexOf(selected) : -1;
    const from = at < 0 && delta < 0 ? rows.length : at;
    const next = rows[Math.min(rows.length - 1, Math.max(0, from + delta))]!;
    useAfterSalesStore.getState().select(next.id);
    scrollSelectedIntoView(next.id);
  };

  // A decision the platform confirmed when it was sent moves the selection on to the next request awaiting one; what
  // was decided stays said above the pane (and in "Recent decisions").
  const selectedPhase = useAfterSalesStore((s) => (selected ? stateOf(s, selected.id).phase : 'idle'));
  const awaitingSeen = useRef<string[]>([]);
  const [lastDecided, setLastDecided] = useState<{ id: string; text: string } | null>(null);
  useEffect(() => {
    if (selectedPhase !== 'decided' || !selected) return;
    const state = stateOf(useAfterSalesStore.getState(), selected.id);
    // An outcome the merchant asked for with "Check again" stays in view: they are looking at that order.
    if (state.phase === 'decided' && state.via === 'checked') return;
    const text =
      state.phase === 'decided' && state.order
        ? `Order ${orderLabelOf(selected)}: ${reportedLine(state.order, labels)}.`
        : `Order ${orderLabelOf(selected)}: the platform accepted the decision.`;
    const before = awaitingSeen.current;
    const at = before.indexOf(selected.id);
    const stillAwaiting = new Set(awaiting.map((o) => o.id));
    const nextId =
      [...before.slice(at + 1), ...before.slice(0, Math.max(0, at))].find(
        (id) => id !== selected.id && (stillAwaiting.size === 0 || stillAwaiting.has(id)),
      ) ?? null;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the note belongs to the decision that just settled
    setLastDecided({ id: selected.id, text });
    if (nextId) {
      useAfterSalesStore.getState().select(nextId);
      scrollSelectedIntoView(nextId);
    }
    // Only a change of the selected decision's phase moves the selection.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedPhase]);
  useEffect(() => {
    awaitingSeen.current = awaiting.map((o) => o.id);
  }, [awaiting]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
    const onList = e.target === listRef.current;
    const store = useAfterSalesStore.getState();
    if (e.key === 'j') moveBy(1, awaiting);
    else if (e.key === 'k') moveBy(-1, awaiting);
    else if (onList && e.key === 'ArrowDown') moveBy(1);
    else if (onList && e.key === 'ArrowUp') moveBy(-1);
    else if (onList && e.key === 'Home') moveBy(-all.length);
    else if (onList && e.key === 'End') moveBy(all.length);
    else if (e.key === 'a' && selected) store.start('approve', selected);
    else if (e.key === 'r' && selected) store.start('reject', selected);
    else return;
    e.preventDefault();
  };

  return (
    <section className="screen after-sales" aria-labelledby="screen-title" onKeyDown={onKeyDown}>
      <h1 id="screen-title">
        <ScreenTitle screen="after-sales" />
      </h1>
      <p className="muted">{t('afterSales.keys')}</p>
      {inbox.error && <ErrorNotice error={inbox.error} title={t('afterSales.inboxFailed')} />}
      {inbox.data?.statusUnknown && <p className="banner-note">{t('afterSales.statusUnknown')}</p>}
      {statuses && !statuses.confirmed && (
        <p className="banner-note">{t('afterSales.unconfirmed', { values: statuses.awaitingReview.join(', ') })}</p>
      )}
      {inbox.data && inbox.data.unsettled.length > 0 && <UnsettledDecisions entries={inbox.data.unsettled} />}
      {!inbox.data && inbox.status !== 'failed' && <p role="status">{t('afterSales.loading')}</p>}
      {inbox.data && (
        <div className="list-pane-layout after-sales-layout">
          <div className="after-sales-list">
            <InboxList
              awaiting={inbox.data.awaiting}
              awaitingTotal={inbox.data.awaitingTotal}
              recent={inbox.data.recent}
              selectedId={selected?.id ?? null}
              labels={labels.afterSales}
              listRef={listRef}
            />
            {inbox.data.nextCursor && (
              <Button onClick={() => void useAfterSalesStore.getState().loadMore()}>{t('afterSales.showMore')}</Button>
            )}
          </div>
          <section className="after-sales-pane" aria-labelledby={selected ? 'after-sales-selected' : undefined}>
            {lastDecided && lastDecided.id !== selected?.id && (
              <p className="outcome outcome-ok" role="status">
                {t('afterSales.decided', { text: lastDecided.text })}
                {SPACE}
                <Button variant="plain" onClick={() => useAfterSalesStore.getState().select(lastDecided.id)}>
                  {t('afterSales.showIt')}
                </Button>
              </p>
            )}
            {selected ? (
              <>
                <OrderSummary order={selected} labels={labels} />
                <DecisionActions key={selected.id} order={selected} />
              </>
            ) : (
              <p className="muted">{t('afterSales.nothing')}</p>
            )}
          </section>
        </div>
      )}
    </section>
  );
}
