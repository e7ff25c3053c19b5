import { useEffect, useRef, type KeyboardEvent } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import type { Route } from '../../router';
import { useAfterSalesStore } from '../../stores/afterSalesStore';
import { useChangesStore } from '../../stores/changesStore';
import type { Labels } from '../../stores/decisionFlow';
import { activeProfile, servedSession, useProfilesStore } from '../../stores/profilesStore';
import { DecisionActions } from './DecisionActions';
import { InboxList, scrollSelectedIntoView } from './InboxList';
import { OrderSummary } from './OrderSummary';
import { UnsettledDecisions } from './UnsettledDecisions';
import { unconfirmedStatusNote } from '../../../shared/domain/afterSalesReview';
import './AfterSales.css';

const NO_LABELS: Labels = {};

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
  const inbox = useAfterSalesStore((s) => s.inbox);
  const selectedId = useAfterSalesStore((s) => s.selectedId);
  const revision = useChangesStore((s) => s.revision);
  const profileId = useProfilesStore((s) => servedSession(s.list.data));
  const labels = useProfilesStore((s) => activeProfile(s.list.data)?.statusLabels ?? NO_LABELS);
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

  const moveBy = (delta: number) => {
    if (all.length === 0) return;
    const at = selected ? all.indexOf(selected) : -1;
    const next = all[Math.min(all.length - 1, Math.max(0, at + delta))]!;
    useAfterSalesStore.getState().select(next.id);
    scrollSelectedIntoView(next.id);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
    const onList = e.target === listRef.current;
    const store = useAfterSalesStore.getState();
    if (e.key === 'j' || (onList && e.key === 'ArrowDown')) moveBy(1);
    else if (e.key === 'k' || (onList && e.key === 'ArrowUp')) moveBy(-1);
    else if (onList && e.key === 'Home') moveBy(-all.length);
    else if (onList && e.key === 'End') moveBy(all.length);
    else if (e.key === 'a' && selected) store.start('approve', selected);
    else if (e.key === 'r' && selected) store.start('reject', selected);
    else return;
    e.preventDefault();
  };

  return (
    <section className="screen after-sales" aria-labelledby="screen-title" onKeyDown={onKeyDown}>
      <h1 id="screen-title">After-sales</h1>
      <p className="muted">
        Keys: ↑/↓ or j/k move · a approve · r reject. Age counts from the order’s creation: the platform gives no time
        for the request itself.
      </p>
      {inbox.error && <ErrorNotice error={inbox.error} title="The inbox could not be read" />}
      {inbox.data?.statusUnknown && (
        <p className="banner-note">
          The platform sends no after-sales status: every order with an after-sales request is listed, and the platform
          decides whether one can still be decided.
        </p>
      )}
      {statuses && !statuses.confirmed && <p className="banner-note">{unconfirmedStatusNote(statuses)}</p>}
      {inbox.data && inbox.data.unsettled.length > 0 && <UnsettledDecisions entries={inbox.data.unsettled} />}
      {!inbox.data && inbox.status !== 'failed' && <p role="status">Loading the inbox…</p>}
      {inbox.data && (
        <div className="list-pane-layout after-sales-layout">
          <div className="after-sales-list">
            <InboxList
              awaiting={inbox.data.awaiting}
              recent={inbox.data.recent}
              selectedId={selected?.id ?? null}
              labels={labels.afterSales}
              listRef={listRef}
            />
            {inbox.data.nextCursor && (
              <button type="button" onClick={() => void useAfterSalesStore.getState().loadMore()}>
                Show more requests
              </button>
            )}
          </div>
          <section className="after-sales-pane" aria-labelledby={selected ? 'after-sales-selected' : undefined}>
            {selected ? (
              <>
                <OrderSummary order={selected} labels={labels} />
                <DecisionActions key={selected.id} order={selected} />
              </>
            ) : (
              <p className="muted">Nothing to decide.</p>
            )}
          </section>
        </div>
      )}
    </section>
  );
}
