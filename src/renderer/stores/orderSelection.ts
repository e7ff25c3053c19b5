import { create } from 'zustand';
import { MAX_SELECTED_ORDERS } from '../../shared/domain/orderSelectionLimit';
import { filtersKey } from './orderFilters';
import { useOrdersStore } from './ordersStore';

/**
 * The orders ticked in the list (Polaris IndexTable's selection): a set of IDs, or every order matching the filters
 * ("Select all N orders"). New filters clear it, as a selection of orders no longer listed would surprise; the
 * anchor is where a Shift+click range starts (the last row ticked or unticked alone).
 */
export interface Selection {
  ids: ReadonlySet<string>;
  /** Every order matching the filters, loaded or not: the export then follows the filters, not the IDs. */
  allMatching: boolean;
  anchor: string | null;
}

export const noSelection: Selection = { ids: new Set(), allMatching: false, anchor: null };

/** Ticks or unticks one order; it becomes the anchor. Unticking one of "all matching" leaves the loaded rest. */
export function toggled(s: Selection, id: string, loaded: readonly string[]): Selection {
  const ids = new Set(s.allMatching ? loaded : s.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, allMatching: false, anchor: id };
}

/**
 * Shift+click: every row from the anchor to `id` (in the list's order) takes the state `id` takes (ticked, unless it
 * was ticked), the rest stay as they were. Without an anchor still loaded it is a plain toggle.
 */
export function ranged(s: Selection, id: string, loaded: readonly string[]): Selection {
  const from = s.anchor === null ? -1 : loaded.indexOf(s.anchor);
  const to = loaded.indexOf(id);
  if (from < 0 || to < 0) return toggled(s, id, loaded);
  const base = s.allMatching ? new Set(loaded) : s.ids;
  const tick = !base.has(id);
  const ids = new Set(base);
  for (let i = Math.min(from, to); i <= Math.max(from, to); i++) {
    if (tick) ids.add(loaded[i]!);
    else ids.delete(loaded[i]!);
  }
  return { ids, allMatching: false, anchor: s.anchor };
}

/** The header's checkbox: every loaded row (the "page"), or none when any is ticked. */
export function allLoadedOrNone(s: Selection, loaded: readonly string[]): Selection {
  if (s.allMatching || s.ids.size > 0) return noSelection;
  return { ids: new Set(loaded), allMatching: false, anchor: null };
}

/** How many orders the selection holds (`matching`: the count of the filters, when known). */
export function selectedCount(s: Selection, matching: number | null): number {
  return s.allMatching ? (matching ?? s.ids.size) : s.ids.size;
}

/** A selection too large to send as IDs: the bar says so and offers the view's export instead. */
export const tooManyToExport = (s: Selection) => !s.allMatching && s.ids.size > MAX_SELECTED_ORDERS;

interface SelectionStore extends Selection {
  toggle(id: string, range: boolean): void;
  toggleAll(): void;
  selectAllMatching(): void;
  clear(): void;
}

const loadedIds = () => useOrdersStore.getState().visibleIds();

export const useOrderSelection = create<SelectionStore>((set, get) => ({
  ...noSelection,
  toggle(id, range) {
    set((range ? ranged : toggled)(get(), id, loadedIds()));
  },
  toggleAll() {
    set(allLoadedOrNone(get(), loadedIds()));
  },
  selectAllMatching() {
    set({ ids: new Set(loadedIds()), allMatching: true, anchor: null });
  },
  clear() {
    set(noSelection);
  },
}));

// Other filters, other orders: the selection goes (the same filters coming back keep it). So does a reset or
// another profile's rows being forgotten (its IDs mean nothing in this one's cache).
useOrdersStore.subscribe((now, before) => {
  const otherFilters = now.filters !== before.filters && filtersKey(now.filters) !== filtersKey(before.filters);
  const forgotten = now.list !== before.list && now.list.rows.length === 0 && before.list.rows.length > 0;
  if ((otherFilters || forgotten) && (get().allMatching || get().ids.size > 0)) get().clear();
});

function get() {
  return useOrderSelection.getState();
}
