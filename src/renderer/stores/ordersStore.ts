import { create } from 'zustand';
import type { IpcData } from '../../shared/ipc/contract';
import type { IpcError } from '../../shared/ipc/result';
import { invoke } from '../ipc';
import { idleState, loadingState, settledState, type RequestState } from '../state/requestState';
import { orderRow, type OrderRow } from './listedOrder';
import {
  emptyFilters,
  filtersKey,
  localIssues,
  toCacheFilter,
  type FieldIssues,
  type OrderFilters,
} from './orderFilters';
import { afterPaint } from '../afterPaint';

/** An order as the cache returns it (loose: the list keeps its line, orderRow). */
export type CachedOrder = IpcData<'orders:queryPage'>['list'][number];
export type { OrderRow };
export type ExportAnswer = IpcData<'orders:export'>;

/** The first page is small so rows show at once; later pages are larger (fewer calls while scrolling). */
export const FIRST_PAGE = 100;
export const NEXT_PAGE = 200;
/** The most a re-read after a change asks for at once (the cache's limit). */
const MAX_PAGE = 1000;

export interface OrdersList {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** The orders' lines as listed (orderRow: only what the list shows is kept, not the whole orders). */
  rows: OrderRow[];
  nextCursor: string | null;
  /** Why the first page (or a re-read) failed; rows of the last good answer stay. */
  error: IpcError | null;
  loadingMore: boolean;
  /** Why the next page failed (the rows so far stay; scrolling on retries). */
  moreError: IpcError | null;
  /** The filters ask for after-sales statuses, but no cached order carries one (the platform sent none). */
  afterSalesStatusUnknown: boolean;
  /** The read these rows came from (the bench matches its paint mark to it). */
  generation: number;
}

export interface ExportState {
  status: 'idle' | 'running' | 'done' | 'failed';
  answer: ExportAnswer | null;
  error: IpcError | null;
}

/** What the store shows before its first read and after `reset` (the status values the cache holds stay). */
function shownNothing(): Pick<
  OrdersStore,
  'filters' | 'localIssues' | 'list' | 'count' | 'countAtLeast' | 'exporting' | 'revision' | 'scrollTop' | 'selectedId'
> {
  return {
    filters: { ...emptyFilters },
    localIssues: {},
    list: emptyList(),
    count: idleState(),
    countAtLeast: null,
    exporting: { status: 'idle', answer: null, error: null },
    revision: null,
    scrollTop: 0,
    selectedId: null,
  };
}

interface OrdersStore {
  /** The filters the list shows (the URL's). */
  filters: OrderFilters;
  /** Problems with the filters found before asking (a reversed range): nothing is asked until they are fixed. */
  localIssues: FieldIssues;
  list: OrdersList;
  /** The number of matches: asked after the first page, so rows show before it. */
  count: RequestState<number>;
  /**
   * While the exact count is being counted: more than this many orders match ("10,000+", the quick count's cap).
   * `count` stays loading meanwhile, so what reads the count (select all matching, the row count) waits for the
   * exact number.
   */
  countAtLeast: number | null;
  exporting: ExportState;
  /** The change revision (changesStore) the list was read at. */
  revision: number | null;
  /** Where the list was scrolled and which row was selected: restored when the merchant comes back to it. */
  scrollTop: number;
  selectedId: string | null;
  /** The order and after-sales status values the cache holds (filter chips beside the labelled ones). */
  statusValues: { order: number[]; afterSales: number[] };
  loadStatusValues(): Promise<void>;
  /**
   * Shows these filters: asks for the first page, then the count. Nothing happens when they are the shown ones.
   * `revision`: the change revision this read reflects (no re-read for it afterwards).
   */
  setFilters(filters: OrderFilters, revision?: number): void;
  /** Re-reads the list after the cache changed, keeping as many rows as were loaded (the scroll position holds). */
  refresh(revision?: number): Promise<void>;
  /**
   * Another profile is active: the rows listed are another cache's. They go now, so that nothing of that profile is
   * listed under this one's answer (an error such as "no orders cached yet", or its own rows once read).
   */
  forgetRows(): void;
  /** The next page (keyset cursor), when there is one and none is being read. */
  loadMore(): Promise<void>;
  /**
   * Exports the view as CSV (the default) or an Excel workbook; with `ids`, exactly those orders (a selection), in
   * the list's sort, whatever the filters.
   */
  exportView(format?: 'csv' | 'xlsx', ids?: readonly string[]): Promise<ExportAnswer | null>;
  remember(place: { scrollTop?: number; selectedId?: string | null }): void;
  /** The IDs of the list as loaded, in its order (the order detail's j/k move along them). */
  visibleIds(): string[];
  /** The loaded orders before and after `id` in the list; null at an end or when `id` is not loaded. */
  neighbours(id: string): { previous: string | null; next: string | null };
  reset(): void;
}

const emptyList = (): OrdersList => ({
  status: 'idle',
  rows: [],
  nextCursor: null,
  error: null,
  loadingMore: false,
  moreError: null,
  afterSalesStatusUnknown: false,
  generation: 0,
});

/** Marks for the bench (filter-to-paint beyond the round trip); harmless where performance marks are missing. */
export function markOrders(
  name: 'filter' | 'request' | 'answer' | 'rendered' | 'frame' | 'paint',
  generation: number,
  more: Record<string, number> = {},
): void {
  try {
    performance.mark(`md:orders:${name}`, { detail: { generation, ...more } });
  } catch {
    // No User Timing here (some test DOMs): nothing to measure.
  }
}

/**
 * Every read of the list carries the generation it was asked in; a newer read (new filters, a re-read after a
 * change) moves the generation on, and an answer of an older one is dropped: a slow answer to old filters never
 * replaces the rows of the filters the merchant sees.
 */
let generation = 0;
let refreshing: Promise<void> | null = null;
let refreshAgain = false;

export const useOrdersStore = create<OrdersStore>((set, get) => {
  const query = (f: OrderFilters) => ({ ...toCacheFilter(f), sort: f.sort, direction: f.direction });

  async function readCount(gen: number, f: OrderFilters): Promise<void> {
    if (gen !== generation) return;
    // A quick count first: exact up to the core's cap (a few ms at a million orders); past it the screen shows
    // "10,000+" while the exact count (tens of ms there) is asked.
    const filter = toCacheFilter(f);
    const quick = await invoke('orders:countQuick', filter);
    if (gen !== generation) return;
    if (!quick.ok || !quick.data.atLeast) {
      set({
        count: settledState(get().count, quick.ok ? { ok: true, data: quick.data.count } : quick),
        countAtLeast: null,
      });
      return;
    }
    set({ countAtLeast: quick.data.count });
    const answer = await invoke('orders:count', filter);
    if (gen !== generation) return;
    set({
      count: settledState(get().count, answer.ok ? { ok: true, data: answer.data.count } : answer),
      countAtLeast: null,
    });
  }

  /**
   * Reads the first `limit` rows of `f` as generation `gen`, then (once they are painted) the count. `rowsOfF`: the
   * rows shown are of these same filters (a re-read), so a failure keeps them under its notice; rows of other
   * filters are never listed under the error of these.
   */
  async function read(gen: number, f: OrderFilters, limit: number, rowsOfF: boolean): Promise<void> {
    markOrders('request', gen);
    const answer = await invoke('orders:queryPage', { ...query(f), limit });
    if (gen !== generation) return;
    markOrders('answer', gen);
    const list = get().list;
    if (!answer.ok) {
      set({
        list: rowsOfF
          ? { ...list, status: 'failed', error: answer.error, loadingMore: false }
          : { ...emptyList(), status: 'failed', error: answer.error, generation: gen },
        ...(rowsOfF ? {} : { count: idleState<number>(), countAtLeast: null }),
      });
      return;
    }
    set({
      list: {
        ...emptyList(),
        status: 'ready',
        rows: answer.data.list.map(orderRow),
        nextCursor: answer.data.nextCursor,
        afterSalesStatusUnknown: answer.data.afterSalesStatusUnknown,
        generation: gen,
      },
      count: loadingState(get().count),
      countAtLeast: null,
    });
    // The count is asked once the rows' frame is painted: its call and its answer never delay that frame.
    await afterPaint();
    await readCount(gen, f);
  }

  return {
    ...shownNothing(),
    statusValues: { order: [], afterSales: [] },

    async loadStatusValues() {
      const answer = await invoke('orders:cacheStats');
      if (!answer.ok) return;
      const values = (counts: Array<{ status: number | null }>) =>
        counts.flatMap((c) => (c.status === null ? [] : [c.status])).sort((a, b) => a - b);
      set({
        statusValues: {
          order: values(answer.data.byOrderStatus),
          afterSales: values(answer.data.byAfterSalesStatus),
        },
      });
    },

    setFilters(filters, revision) {
      const state = get();
      if (revision !== undefined && state.list.status === 'idle') set({ revision });
      const shown = state.list.status === 'ready' || state.list.status === 'loading';
      if (filtersKey(filters) === filtersKey(state.filters) && shown) return;
      const gen = ++generation;
      markOrders('filter', gen);
      const issues = localIssues(filters);
      const changed = filtersKey(filters) !== filtersKey(state.filters);
      set({
        filters,
        localIssues: issues,
        // New filters start at the top; the same filters (coming back to the list) keep the place.
        ...(changed ? { scrollTop: 0, selectedId: null, count: idleState<number>(), countAtLeast: null } : {}),
        exporting: { status: 'idle', answer: null, error: null },
      });
      if (Object.keys(issues).length > 0) {
        set({ list: { ...emptyList(), status: 'failed' }, count: idleState(), countAtLeast: null });
        return;
      }
      set({ list: { ...state.list, status: 'loading', error: null, moreError: null, loadingMore: false } });
      // The rows shown belong to these filters only when they did not change (coming back to the list).
      void read(gen, filters, FIRST_PAGE, !changed);
    },

    async refresh(revision) {
      if (revision !== undefined) set({ revision });
      if (get().list.status === 'idle' || Object.keys(get().localIssues).length > 0) return;
      // Change notices come in bursts (a sync stores page after page): one re-read at a time, and one more after it.
      if (refreshing) {
        refreshAgain = true;
        return refreshing;
      }
      refreshing = (async () => {
        do {
          refreshAgain = false;
          const gen = ++generation;
          const { filters, list } = get();
          set({ list: { ...list, loadingMore: false, moreError: null } });
          await read(gen, filters, Math.min(MAX_PAGE, Math.max(FIRST_PAGE, list.rows.length)), true);
        } while (refreshAgain);
      })().finally(() => {
        refreshing = null;
      });
      return refreshing;
    },

    forgetRows() {
      const { list } = get();
      set({ list: { ...list, rows: [], nextCursor: null, loadingMore: false }, selectedId: null, scrollTop: 0 });
    },

    async loadMore() {
      const { list, filters } = get();
      if (list.status !== 'ready' || list.nextCursor === null || list.loadingMore) return;
      const gen = generation;
      set({ list: { ...list, loadingMore: true, moreError: null } });
      const answer = await invoke('orders:queryPage', { ...query(filters), limit: NEXT_PAGE, cursor: list.nextCursor });
      if (gen !== generation) return;
      const now = get().list;
      set({
        list: answer.ok
          ? {
              ...now,
              loadingMore: false,
              rows: [...now.rows, ...answer.data.list.map(orderRow)],
              nextCursor: answer.data.nextCursor,
            }
          : { ...now, loadingMore: false, moreError: answer.error },
      });
    },

    async exportView(format = 'csv', ids) {
      const { filters, exporting } = get();
      if (exporting.status === 'running') return null;
      set({ exporting: { status: 'running', answer: null, error: null } });
      const request = ids
        ? { ids: [...ids], sort: filters.sort, direction: filters.direction, format }
        : { ...query(filters), format };
      const answer = await invoke('orders:export', request);
      set({
        exporting: answer.ok
          ? { status: 'done', answer: answer.data, error: null }
          : { status: 'failed', answer: null, error: answer.error },
      });
      return answer.ok ? answer.data : null;
    },

    remember(place) {
      set(place);
    },

    visibleIds() {
      return get().list.rows.map((o) => o.id);
    },

    neighbours(id) {
      const rows = get().list.rows;
      const at = rows.findIndex((o) => o.id === id);
      if (at < 0) return { previous: null, next: null };
      return { previous: rows[at - 1]?.id ?? null, next: rows[at + 1]?.id ?? null };
    },

    reset() {
      generation++;
      refreshAgain = false;
      set(shownNothing());
    },
  };
});
