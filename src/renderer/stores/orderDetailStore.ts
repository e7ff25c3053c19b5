import { create } from 'zustand';
import type { Order } from '../../shared/domain/order';
import type { IpcError } from '../../shared/ipc/result';
import type { IpcEventPayload } from '../../shared/ipc/events';
import { invoke } from '../ipc';
import { diffOrders, type OrderChange } from '../orderView/orderDiff';
import { idleState, loadingState, type RequestState } from '../state/requestState';
import { servedLabels } from './servedLabels';

type ChangeEvent = IpcEventPayload<'orders:changed'>['events'][number];

/** What "Refresh from platform" found. */
export interface RefreshOutcome {
  orderId: string;
  /** Field by field, cached order → the platform's (empty: nothing changed). */
  changes: OrderChange[];
  /** The order was not in the cache before (nothing to compare with). */
  wasCached: boolean;
  /** The platform's order was written to the cache (false: shown, but the cache could not keep it). */
  cached: boolean;
  /** Change events the write published (new status, delivery, after-sales, dispute). */
  events: number;
}

export interface OrderNeighbours {
  prev: string | null;
  next: string | null;
}

/**
 * The orders list's part in j/k: the previous and next order of the list the merchant came from, or null when the
 * order is not in that list. The list registers one such function (registerOrderSequence); the detail knows
 * nothing else about the list.
 */
export type OrderSequence = (orderId: string) => OrderNeighbours | null;

/** Without a list (the detail opened directly), j/k walks the cache's newest orders, as an unfiltered list shows. */
export const FALLBACK_SEQUENCE_SIZE = 200;

interface OrderDetailStore {
  orderId: string | null;
  order: RequestState<Order>;
  refresh: RequestState<RefreshOutcome>;
  neighbours: OrderNeighbours;
  open(orderId: string): Promise<void>;
  /** Reads the cached order again (after a change event). */
  reload(): Promise<void>;
  /** Fetches the order by ID from the platform (it is written to the cache) and says what changed. */
  refreshFromPlatform(): Promise<void>;
  /** The cache changed: re-read when the open order is among the changed, or when everything is stale (no events). */
  applyChanges(events: readonly ChangeEvent[]): void;
  close(): void;
}

let sequence: OrderSequence | null = null;

/** The orders list registers how to step through it; returns the function that unregisters it. */
export function registerOrderSequence(next: OrderSequence): () => void {
  sequence = next;
  return () => {
    if (sequence === next) sequence = null;
  };
}

let fallbackIds: Promise<string[]> | null = null;

async function cacheNeighbours(orderId: string): Promise<OrderNeighbours> {
  fallbackIds ??= invoke('orders:queryPage', {
    sort: 'created',
    direction: 'desc',
    limit: FALLBACK_SEQUENCE_SIZE,
  }).then((r) => (r.ok ? r.data.list.map((o) => o.id) : []));
  const ids = await fallbackIds;
  const at = ids.indexOf(orderId);
  if (at === -1) return { prev: null, next: null };
  return { prev: ids[at - 1] ?? null, next: ids[at + 1] ?? null };
}

function failedState<T>(previous: RequestState<T>, error: IpcError): RequestState<T> {
  return { status: 'failed', data: previous.data, error };
}

const noNeighbours: OrderNeighbours = { prev: null, next: null };

/** One order of the cache, opened on the detail screen; its refresh from the platform; its place in the list. */
export const useOrderDetailStore = create<OrderDetailStore>((set, get) => {
  // Answers for an order that is no longer open, or older than the latest read, are dropped.
  let readToken = 0;

  async function read(orderId: string): Promise<void> {
    const token = ++readToken;
    set({ order: loadingState(get().order) });
    const answer = await invoke('orders:get', { id: orderId });
    if (token !== readToken || get().orderId !== orderId) return;
    set({
      order: answer.ok
        ? { status: 'ready', data: answer.data.order as Order, error: null }
        : failedState(get().order, answer.error),
    });
  }

  async function findNeighbours(orderId: string): Promise<void> {
    const fromList = sequence?.(orderId) ?? null;
    const found = fromList ?? (await cacheNeighbours(orderId));
    if (get().orderId === orderId) set({ neighbours: found });
  }

  return {
    orderId: null,
    order: idleState(),
    refresh: idleState(),
    neighbours: noNeighbours,
    async open(orderId) {
      if (get().orderId === orderId && get().order.status !== 'failed') return;
      set({ orderId, order: idleState(), refresh: idleState(), neighbours: noNeighbours });
      await Promise.all([read(orderId), findNeighbours(orderId)]);
    },
    async reload() {
      const { orderId } = get();
      if (orderId) await read(orderId);
    },
    async refreshFromPlatform() {
      const { orderId, refresh } = get();
      // One refresh at a time: a second click while one runs does nothing.
      if (!orderId || refresh.status === 'loading') return;
      const before = get().order.data;
      set({ refresh: loadingState(refresh) });
      const answer = await invoke('orders:refresh', { id: orderId });
      if (get().orderId !== orderId) return;
      if (!answer.ok) {
        set({ refresh: failedState(get().refresh, answer.error) });
        return;
      }
      const after = answer.data.order as Order;
      const labels = servedLabels();
      readToken++; // a cache read still under way holds the older order
      set({
        order: { status: 'ready', data: after, error: null },
        refresh: {
          status: 'ready',
          error: null,
          data: {
            orderId,
            changes: before ? diffOrders(before, after, labels) : [],
            wasCached: before !== null,
            cached: answer.data.cached,
            events: answer.data.changes,
          },
        },
      });
    },
    applyChanges(events) {
      const { orderId } = get();
      fallbackIds = null;
      if (!orderId) return;
      if (events.length === 0 || events.some((e) => e.orderId === orderId)) void read(orderId);
      void findNeighbours(orderId);
    },
    close() {
      readToken++;
      set({ orderId: null, order: idleState(), refresh: idleState(), neighbours: noNeighbours });
    },
  };
});

/** Test support: forget the fallback sequence and the registered list. */
export function resetOrderSequenceForTests(): void {
  fallbackIds = null;
  sequence = null;
}
