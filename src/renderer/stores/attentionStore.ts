import { create } from 'zustand';
import type { IpcData } from '../../shared/ipc/contract';
import type { IpcResult } from '../../shared/ipc/result';
import { createDueTimer } from '../../shared/time/dueTimer';
import { invoke } from '../ipc';
import { idleState, loadingState, settledState, type RequestState } from '../state/requestState';
import { useAfterSalesStore } from './afterSalesStore';
import { useChangesStore } from './changesStore';
import type { DecisionState } from './decisionFlow';
import { servedSession, useProfilesStore } from './profilesStore';

export type AttentionQueue = IpcData<'orders:attention'>;
export type AttentionRow = AttentionQueue['rows'][number];

/** Rows of each kind the queue lists (the counts cover them all). */
export const ROWS_PER_KIND = 50;

/** A count's name (`total` and the kinds'). */
export type AttentionCountName = keyof AttentionQueue['counts'];

/** The count is a "more than" figure ("10,000+"): the exact one is being counted, or could not be. */
export const countAtLeast = (queue: AttentionQueue | null | undefined, name: AttentionCountName): boolean =>
  queue?.countsAtLeast?.includes(name) ?? false;

/** One row's identity in the queue: an order can be in two kinds (overdue and disputed). */
export const rowKey = (row: Pick<AttentionRow, 'kind' | 'orderId'>): string => `${row.kind}:${row.orderId}`;

interface AttentionStore {
  queue: RequestState<AttentionQueue>;
  /** The selected row (rowKey), kept while the merchant looks at an order and comes back. */
  selectedKey: string | null;
  load(): Promise<void>;
  select(key: string | null): void;
  /** Forgets the queue and its timer (no active profile). */
  reset(): void;
}

/**
 * The attention queue of the active profile (`orders:attention`): what needs the merchant now, with counts per kind
 * for the navigation. It is read again when the cache changes (followAttention) and when the clock reaches the
 * queue's `nextChangeAt` — an order becomes due soon or overdue with no platform change, so one timer waits for
 * that instant instead of polling. Reads overlap (a sync and the timer both ask): only the latest answer is kept.
 *
 * Each read asks for the quick counts first (exact up to 10,000, a few ms at a million orders); when some count is
 * over that ("10,000+"), the exact counts are asked for after it (tens of ms there), as the Orders list counts.
 */
export const useAttentionStore = create<AttentionStore>((set, get) => {
  let reads = 0;
  // The host's clock decides what is due: the timer counts from the host's `asOf`, not from this page's clock.
  let hostSkewMs = 0;
  const timer = createDueTimer({ onDue: () => void get().load(), now: () => Date.now() + hostSkewMs });
  const settle = (answer: IpcResult<AttentionQueue>) => {
    set({ queue: settledState(get().queue, answer) });
    if (!answer.ok) return timer.cancel();
    const asOfMs = Date.parse(answer.data.asOf);
    hostSkewMs = Number.isFinite(asOfMs) ? asOfMs - Date.now() : 0;
    timer.arm(answer.data.nextChangeAt);
  };

  return {
    queue: idleState(),
    selectedKey: null,

    async load() {
      const seq = ++reads;
      set({ queue: loadingState(get().queue) });
      const quick = await invoke('orders:attention', { limitPerKind: ROWS_PER_KIND, quickCounts: true });
      if (seq !== reads) return;
      settle(quick);
      if (!quick.ok || (quick.data.countsAtLeast ?? []).length === 0) return;
      const exact = await invoke('orders:attention', { limitPerKind: ROWS_PER_KIND });
      // A failed exact read leaves the "more than" figures, which are still true.
      if (seq !== reads || !exact.ok) return;
      settle(exact);
    },

    select(key) {
      set({ selectedKey: key });
    },

    reset() {
      reads++;
      timer.cancel();
      set({ queue: idleState(), selectedKey: null });
    },
  };
});

const activeId = () => servedSession(useProfilesStore.getState().list.data);

/** A decision step that talks to the platform: the send, or a "Check again". */
const busy = (d: DecisionState | undefined) => d?.phase === 'sending' || (d?.phase === 'unknown' && d.checking);

/**
 * Keeps the queue current from start to end of the page: read when the active profile is known or changes, again on
 * every cache change notice (a sync, a refresh, a profile switch), and when a decision made in this page settles —
 * the host writes the order as the platform reports it into the cache but publishes no notice for it. Returns the
 * unsubscribe function.
 */
export function followAttention(): () => void {
  const reload = () => {
    if (activeId() === null) useAttentionStore.getState().reset();
    else void useAttentionStore.getState().load();
  };
  let profileId = activeId();
  if (profileId !== null) reload();
  const offProfiles = useProfilesStore.subscribe(() => {
    const now = activeId();
    if (now === profileId) return;
    profileId = now;
    useAttentionStore.getState().select(null);
    reload();
  });
  const offChanges = useChangesStore.subscribe((state, before) => {
    if (state.revision !== before.revision) reload();
  });
  const offDecisions = useAfterSalesStore.subscribe((state, before) => {
    if (state.decisions === before.decisions) return;
    const settled = Object.entries(before.decisions).some(([key, d]) => busy(d) && !busy(state.decisions[key]));
    if (settled) reload();
  });
  return () => {
    offProfiles();
    offChanges();
    offDecisions();
    useAttentionStore.getState().reset();
  };
}
