import { useEffect } from 'react';
import { create } from 'zustand';
import type { IpcData, IpcRequest } from '../../shared/ipc/contract';
import { invoke } from '../ipc';
import { idleState, loadingState, type RequestState } from '../state/requestState';
import { useChangesStore } from './changesStore';
import * as flow from './decisionFlow';
import { orderLabelOf, reviewStateOf, type IpcOrder } from './orderFacts';
import { clearPending, leftPending, notePending } from './pendingDecisions';
import { activeProfile, servedSession, useProfilesStore } from './profilesStore';
import { servedLabels } from './servedLabels';

/** How many requests awaiting a decision one page shows ("Show more" reads the next). */
export const INBOX_PAGE = 100;
/** How many recent decisions are shown. */
export const RECENT_SHOWN = 20;

export interface Inbox {
  /** Requests awaiting a decision, oldest order first. */
  awaiting: IpcOrder[];
  nextCursor: string | null;
  /**
   * How many requests the awaiting list's filter matches in the cache — the heading's figure, so a first page of
   * 100 at a million orders does not read as "100 awaiting" — or null when that count failed.
   */
  awaitingTotal: number | null;
  /** Orders whose after-sales request no longer awaits a decision, newest first; decisions made here lead. */
  recent: IpcOrder[];
  /** No cached order carries an after-sales status (the platform sends none): every open request is listed. */
  statusUnknown: boolean;
  /** Decisions sent whose outcome is unknown (the journal's unsettled rows): shown first, "Check again". */
  unsettled: JournalEntryView[];
  /** The journal's latest decisions (newest first): who decided what, when, from this app, on the rows. */
  decided: JournalEntryView[];
}

export type JournalEntryView = IpcData<'afterSales:journal'>['unsettled'][number];

type QueryRequest = IpcRequest<'orders:queryPage'>;

/** The profile's own "awaiting review" values are filled in by the host (`awaitingReview`). */
const awaitingQuery: QueryRequest = {
  awaitingReview: true,
  sort: 'created',
  direction: 'asc',
  limit: INBOX_PAGE,
};
/** A page query's filter: what `orders:count` counts. */
function filterOf(query: QueryRequest): IpcRequest<'orders:count'> {
  const { sort: _s, direction: _d, limit: _l, ...filter } = query;
  return filter;
}
const anyRequestQuery: QueryRequest = { hasAfterSales: true, sort: 'created', direction: 'asc', limit: INBOX_PAGE };
/** Recent decisions are read from the newest orders with a request (more than shown: some still await one). */
const recentQuery: QueryRequest = { hasAfterSales: true, sort: 'created', direction: 'desc', limit: RECENT_SHOWN * 3 };

interface AfterSalesStore {
  inbox: RequestState<Inbox>;
  /** Requests awaiting a decision in the cache (the navigation's count); null until known or when unknown. */
  awaitingCount: number | null;
  selectedId: string | null;
  /** Decision states by `profileId/orderId` (see decisionKey). */
  decisions: Record<string, flow.DecisionState>;
  /**
   * Orders decided from this window (latest first), as the platform reported them, outcome unknown included: kept
   * in view at the top of "recent" while they no longer await a decision.
   */
  decidedHere: IpcOrder[];
  loadInbox(): Promise<void>;
  loadMore(): Promise<void>;
  loadCount(): Promise<void>;
  select(orderId: string | null): void;
  start(kind: flow.DecisionKind, order: IpcOrder): void;
  cancel(orderId: string): void;
  /** Sends the decision being confirmed for its order: once, whatever calls it how often. */
  confirm(decision: flow.Decision): Promise<void>;
  checkAgain(orderId: string): Promise<void>;
  /** "Check again" for a decision the journal holds unsettled (from an earlier run or another window). */
  checkUnsettled(orderId: string): Promise<void>;
  /** Why the last "Check again" of an unsettled decision failed, by order. */
  checkErrors: Record<string, string>;
  dismiss(orderId: string): void;
}

const activeId = () => activeProfile(useProfilesStore.getState().list.data)?.id ?? '';
const decisionKey = (orderId: string) => `${activeId()}/${orderId}`;
const labels = (): flow.Labels => servedLabels();

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const io: flow.DecisionIo = {
  refresh: (id) => invoke('orders:refresh', { id }),
  decide: (decision) => invoke('afterSales:decide', decision),
  check: (orderId) => invoke('afterSales:check', { orderId }),
};

/**
 * Recent decisions: the orders decided here first (as the cache has them now when it has them; they stay in view
 * whatever their creation time), then the newest others that no longer await a decision. An order back in the
 * awaiting list is shown there only.
 */
function withRecent(recent: IpcOrder[], decidedHere: IpcOrder[], awaiting: IpcOrder[]): IpcOrder[] {
  const waiting = new Set(awaiting.map((o) => o.id));
  const fresh = new Map(recent.map((o) => [o.id, o]));
  const here = decidedHere.filter((o) => !waiting.has(o.id)).map((o) => fresh.get(o.id) ?? o);
  const hereIds = new Set(here.map((o) => o.id));
  const older = recent.filter((o) => !hereIds.has(o.id) && reviewStateOf(o) === 'not-awaiting');
  return [...here, ...older].slice(0, Math.max(RECENT_SHOWN, here.length));
}

/** The order a settled decision leaves in view: as the platform reported it, when it did. */
function shownOrder(state: flow.DecisionState): IpcOrder | null {
  if (state.phase === 'decided') return state.order;
  if (state.phase === 'not-sent') return state.order;
  if (state.phase === 'unknown') {
    const found = state.error.found;
    return found?.kind === 'found' ? { ...found.order, id: state.order.id } : state.order;
  }
  return null;
}

export const useAfterSalesStore = create<AfterSalesStore>((set, get) => {
  const leftover = leftPending(browserStorage());
  let inboxReads = 0;
  // Keys are taken when a step starts: a profile switch during a send does not move its answer to another profile.
  const setDecision = (key: string, state: flow.DecisionState) =>
    set({ decisions: { ...get().decisions, [key]: state } });
  /** The orders decided here in the active profile (each has its decision state under this profile's key). */
  const decidedHereNow = () => get().decidedHere.filter((o) => decisionKey(o.id) in get().decisions);
  const settled = (key: string, orderId: string, state: flow.DecisionState) => {
    setDecision(key, state);
    // Kept while the outcome is unknown, so a window closed before it is resolved still shows it.
    if (state.phase !== 'unknown') clearPending(browserStorage(), key);
    if (key !== decisionKey(orderId)) return;
    const shown = shownOrder(state);
    if (shown) set({ decidedHere: [shown, ...get().decidedHere.filter((o) => o.id !== orderId)] });
    void get().loadInbox();
    void get().loadCount();
  };

  return {
    inbox: idleState(),
    awaitingCount: null,
    selectedId: null,
    // Decisions a previous window left on their way or unresolved: their outcome is unknown until checked.
    decisions: leftover,
    decidedHere: Object.values(leftover).flatMap((s) => (s.phase === 'unknown' ? [s.order] : [])),

    async loadInbox() {
      // Reads overlap (a sync and a decision both ask): only the latest one's answer is shown.
      const seq = ++inboxReads;
      const current = () => seq === inboxReads;
      set({ inbox: loadingState(get().inbox) });
      let awaiting = await invoke('orders:queryPage', awaitingQuery);
      const statusUnknown = awaiting.ok && awaiting.data.afterSalesStatusUnknown;
      if (statusUnknown) awaiting = await invoke('orders:queryPage', anyRequestQuery);
      if (!current()) return;
      if (!awaiting.ok) return set({ inbox: { status: 'failed', data: get().inbox.data, error: awaiting.error } });
      const total = awaiting.data.nextCursor
        ? await invoke('orders:count', filterOf(statusUnknown ? anyRequestQuery : awaitingQuery))
        : null;
      const recent = statusUnknown ? null : await invoke('orders:queryPage', recentQuery);
      const journal = await invoke('afterSales:journal', { limit: 200 });
      if (!current()) return;
      if (recent && !recent.ok)
        return set({ inbox: { status: 'failed', data: get().inbox.data, error: recent.error } });
      const data: Inbox = {
        awaiting: awaiting.data.list,
        nextCursor: awaiting.data.nextCursor,
        awaitingTotal: total ? (total.ok ? total.data.count : null) : awaiting.data.list.length,
        recent: recent ? withRecent(recent.data.list, decidedHereNow(), awaiting.data.list) : [],
        statusUnknown,
        unsettled: journal.ok ? journal.data.unsettled : [],
        decided: journal.ok ? journal.data.recent : [],
      };
      set({ inbox: { status: 'ready', data, error: null } });
    },

    async loadMore() {
      const current = get().inbox.data;
      if (!current?.nextCursor || get().inbox.status === 'loading') return;
      set({ inbox: loadingState(get().inbox) });
      const base = current.statusUnknown ? anyRequestQuery : awaitingQuery;
      const seq = inboxReads;
      const next = await invoke('orders:queryPage', { ...base, cursor: current.nextCursor });
      if (seq !== inboxReads) return;
      if (!next.ok) return set({ inbox: { status: 'failed', data: current, error: next.error } });
      const data = { ...current, awaiting: [...current.awaiting, ...next.data.list], nextCursor: next.data.nextCursor };
      set({ inbox: { status: 'ready', data, error: null } });
    },

    async loadCount() {
      const answer = await invoke('orders:count', filterOf(awaitingQuery));
      set({ awaitingCount: answer.ok ? answer.data.count : null });
    },

    select(orderId) {
      set({ selectedId: orderId });
    },

    start(kind, order) {
      setDecision(decisionKey(order.id), flow.start(stateOf(get(), order.id), kind, order));
    },

    cancel(orderId) {
      setDecision(decisionKey(orderId), flow.cancel(stateOf(get(), orderId)));
    },

    async confirm(decision) {
      const state = stateOf(get(), decision.orderId);
      const kind: flow.DecisionKind = decision.isApproved ? 'approve' : 'reject';
      // The one gate of a send: only an open confirmation of this kind leads on, and it is left before any await.
      if (state.phase !== 'confirming' || state.kind !== kind) return;
      const key = decisionKey(decision.orderId);
      const sending = { phase: 'sending', step: 'checking', decision, order: state.order } as const;
      setDecision(key, sending);
      const final = await flow.runDecision(io, sending, labels(), (s) => {
        // On its way: a window closed from here on finds it again as an unknown outcome.
        const label = orderLabelOf(state.order);
        notePending(browserStorage(), {
          key,
          orderNum: label === decision.orderId ? null : label,
          decision,
          sentAtMs: Date.now(),
        });
        setDecision(key, s);
      });
      settled(key, decision.orderId, final);
    },

    async checkAgain(orderId) {
      const state = stateOf(get(), orderId);
      if (state.phase !== 'unknown' || state.checking) return;
      const key = decisionKey(orderId);
      setDecision(key, { ...state, checking: true });
      settled(key, orderId, await flow.checkAgain(io, state));
    },

    checkErrors: {},

    async checkUnsettled(orderId) {
      const r = await invoke('afterSales:check', { orderId });
      const { [orderId]: _old, ...others } = get().checkErrors;
      set({ checkErrors: r.ok ? others : { ...others, [orderId]: r.error.message } });
      void get().loadInbox();
      void get().loadCount();
    },

    dismiss(orderId) {
      const key = decisionKey(orderId);
      const next = flow.dismiss(stateOf(get(), orderId));
      if (next.phase === 'idle') clearPending(browserStorage(), key);
      setDecision(key, next);
    },
  };
});

/** The decision state of an order of the active profile. */
export function stateOf(store: Pick<AfterSalesStore, 'decisions'>, orderId: string): flow.DecisionState {
  return store.decisions[decisionKey(orderId)] ?? flow.IDLE;
}

export function useDecisionState(orderId: string): flow.DecisionState {
  return useAfterSalesStore((s) => stateOf(s, orderId));
}

/**
 * The count of requests awaiting a decision, for the navigation: read at start and again whenever the cache
 * changes (a sync, a decision, a profile switch).
 */
export function useAwaitingCount(): number | null {
  const revision = useChangesStore((s) => s.revision);
  const profileId = useProfilesStore((s) => servedSession(s.list.data));
  useEffect(() => {
    if (profileId !== null) void useAfterSalesStore.getState().loadCount();
  }, [revision, profileId]);
  return useAfterSalesStore((s) => s.awaitingCount);
}
