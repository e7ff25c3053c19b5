import { translate } from '../i18n/t';
import { useEffect } from 'react';
import { create } from 'zustand';
import { invoke } from '../ipc';
import { useChangesStore } from './changesStore';
import { filtersKey, toCacheFilter, type OrderFilters } from './orderFilters';
import { awaitingReviewValues } from './orderFacts';
import { servedSession, useProfilesStore } from './profilesStore';
import {
  AWAITING_REFUND_VIEW,
  builtinViews,
  ownView,
  parseStoredViews,
  serializeStoredViews,
  storedView,
  VIEWS_STORAGE_KEY,
  type OrdersView,
  type StoredViews,
} from './savedViews';

/** The view whose count the navigation shows: what waits for the merchant's (money-moving) decision. */
export const ATTENTION_VIEW = AWAITING_REFUND_VIEW;

interface ViewsStore {
  stored: StoredViews;
  /** Why some or all saved views could not be read (the list works without them). */
  problem: string | null;
  /** Each view's live number of matches (null: not counted yet, or the count failed). */
  counts: Record<string, number | null>;
  /** Views whose count is the quick count's cap ("10,000+"), their exact count still to come. */
  countsAtLeast: Record<string, boolean>;
  /** Built-in views first, then the merchant's, as of now. */
  views(): OrdersView[];
  /** The after-sales statuses "Awaiting refund decision" shows (the setting, else the default from the labels). */
  awaitingStatuses(): number[];
  setAwaitingStatuses(values: number[] | null): void;
  /** Saves filters as a new view; returns it. */
  save(name: string, filters: OrderFilters): OrdersView | null;
  rename(id: string, name: string): void;
  remove(id: string): void;
  /** Counts every view again (on start, after a change, when views change). */
  refreshCounts(): Promise<void>;
  /** Reads local storage again (tests; another window saved). */
  load(): void;
}

function readStorage(): { text: string | null; readable: boolean } {
  try {
    return { text: window.localStorage.getItem(VIEWS_STORAGE_KEY), readable: true };
  } catch {
    return { text: null, readable: false };
  }
}

/** A record this version could not read is kept aside once before it is overwritten (nothing is lost silently). */
let keepAside: string | null = null;

function write(stored: StoredViews): string | null {
  try {
    if (keepAside !== null) {
      window.localStorage.setItem(`${VIEWS_STORAGE_KEY}.unreadable`, keepAside);
      keepAside = null;
    }
    window.localStorage.setItem(VIEWS_STORAGE_KEY, serializeStoredViews(stored));
    return null;
  } catch {
    return translate('views.problem.notStored');
  }
}

const newId = () => `view-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

let countGeneration = 0;

export const useViewsStore = create<ViewsStore>((set, get) => {
  const initial = () => {
    const { text, readable } = readStorage();
    const parsed = parseStoredViews(text);
    keepAside = parsed.problem !== null && parsed.stored.views.length === 0 ? text : null;
    return {
      stored: parsed.stored,
      problem: readable ? parsed.problem : translate('views.problem.unavailable'),
    };
  };
  const update = (stored: StoredViews) => {
    const problem = write(stored);
    set({ stored, ...(problem ? { problem } : {}) });
    void get().refreshCounts();
  };

  return {
    ...initial(),
    counts: {},
    countsAtLeast: {},

    views() {
      return [
        ...builtinViews({ awaitingStatuses: get().awaitingStatuses(), nowMs: Date.now() }),
        ...get().stored.views.map(ownView),
      ];
    },

    awaitingStatuses() {
      return get().stored.awaitingStatuses ?? [...awaitingReviewValues()];
    },

    setAwaitingStatuses(values) {
      update({ ...get().stored, awaitingStatuses: values && values.length > 0 ? [...values] : null });
    },

    save(name, filters) {
      const view = storedView(newId(), name, filters);
      if (view.name === '') return null;
      update({ ...get().stored, views: [...get().stored.views, view] });
      return ownView(view);
    },

    rename(id, name) {
      const views = get().stored.views.map((v) =>
        v.id === id && name.trim() !== '' ? { ...v, ...storedView(id, name, ownView(v).filters) } : v,
      );
      update({ ...get().stored, views });
    },

    remove(id) {
      update({ ...get().stored, views: get().stored.views.filter((v) => v.id !== id) });
    },

    async refreshCounts() {
      // With no profile the host serves its environment settings: their cache is counted like a profile's.
      if (servedSession(useProfilesStore.getState().list.data) === null) return;
      const gen = ++countGeneration;
      const views = get().views();
      // Views with the same filters share one count.
      const byKey = new Map<string, OrdersView[]>();
      for (const v of views) byKey.set(filtersKey(v.filters), [...(byKey.get(filtersKey(v.filters)) ?? []), v]);
      const put = (same: OrdersView[], count: number | null, atLeast: boolean) => {
        const counts = { ...get().counts };
        const countsAtLeast = { ...get().countsAtLeast };
        for (const v of same) {
          counts[v.id] = count;
          countsAtLeast[v.id] = atLeast;
        }
        set({ counts, countsAtLeast });
      };
      await Promise.all(
        [...byKey.values()].map(async (same) => {
          // As the list's own count: the quick count first (exact up to the core's cap, a few ms at a million
          // orders); a view past the cap shows "10,000+" until its exact count (tens of ms there) follows.
          const filter = toCacheFilter(same[0]!.filters);
          const quick = await invoke('orders:countQuick', filter);
          if (gen !== countGeneration) return;
          put(same, quick.ok ? quick.data.count : null, quick.ok && quick.data.atLeast);
          if (!quick.ok || !quick.data.atLeast) return;
          const exact = await invoke('orders:count', filter);
          // A failed exact count leaves the "at least" figure, which is still true.
          if (gen !== countGeneration || !exact.ok) return;
          put(same, exact.data.count, false);
        }),
      );
    },

    load() {
      countedAt = null;
      set({ ...initial(), counts: {}, countsAtLeast: {} });
    },
  };
});

/**
 * Keeps the views' counts live while the Orders screen shows them (its tabs): counted once the list's first page is
 * answered — the rows never wait behind the views' counts for the host or for one of the page's connections — and
 * again after every change notice or profile switch (not again on coming back to the screen with nothing changed).
 */
export function useLiveViewCounts(listAnswered: boolean): void {
  const revision = useChangesStore((s) => s.revision);
  const profileId = useProfilesStore((s) => servedSession(s.list.data));
  useEffect(() => {
    if (!listAnswered || profileId === null) return;
    const at = `${profileId}\n${revision}`;
    if (countedAt === at) return;
    countedAt = at;
    void useViewsStore.getState().refreshCounts();
  }, [listAnswered, revision, profileId]);
}

/** The profile and change revision the views were last counted at by useLiveViewCounts. */
let countedAt: string | null = null;
