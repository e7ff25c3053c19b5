// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { IpcRequest } from '../../shared/ipc/contract';
import { installFakeBridge } from '../testing/fakeBridge';
import { emptyFilters } from './orderFilters';
import { useOrdersStore } from './ordersStore';
import {
  allLoadedOrNone,
  noSelection,
  ranged,
  selectedCount,
  toggled,
  tooManyToExport,
  useOrderSelection,
} from './orderSelection';

const loaded = ['10', '11', '12', '13', '14', '15'];
const ids = (s: { ids: ReadonlySet<string> }) => [...s.ids].sort();

describe('selection rules', () => {
  it('a click ticks and unticks one order, which becomes the anchor', () => {
    const one = toggled(noSelection, '12', loaded);
    expect(ids(one)).toEqual(['12']);
    expect(one.anchor).toBe('12');
    expect(ids(toggled(one, '12', loaded))).toEqual([]);
  });

  it('Shift+click ticks the range from the anchor, in either direction; on a ticked row it unticks the range', () => {
    const anchor = toggled(noSelection, '11', loaded);
    expect(ids(ranged(anchor, '14', loaded))).toEqual(['11', '12', '13', '14']);
    const back = toggled(noSelection, '14', loaded);
    expect(ids(ranged(back, '12', loaded))).toEqual(['12', '13', '14']);
    const all = allLoadedOrNone(noSelection, loaded);
    const anchored = toggled(all, '15', loaded); // 15 unticked, anchor there
    expect(ids(ranged(anchored, '13', loaded))).toEqual(['10', '11', '12']);
    // No anchor (or one no longer loaded): a plain toggle.
    expect(ids(ranged(noSelection, '13', loaded))).toEqual(['13']);
    expect(ids(ranged({ ...anchor, anchor: 'gone' }, '13', loaded))).toEqual(['11', '13']);
  });

  it('the header ticks every loaded row, or clears any selection', () => {
    expect(ids(allLoadedOrNone(noSelection, loaded))).toEqual(loaded);
    expect(allLoadedOrNone(toggled(noSelection, '12', loaded), loaded)).toBe(noSelection);
  });

  it('"all matching" counts the filters\' matches; unticking one leaves the loaded rest', () => {
    const all = { ids: new Set(loaded), allMatching: true, anchor: null };
    expect(selectedCount(all, 5518)).toBe(5518);
    const less = toggled(all, '10', loaded);
    expect(less.allMatching).toBe(false);
    expect(selectedCount(less, 5518)).toBe(5);
  });

  it('more IDs than an export takes is said before asking', () => {
    const many = {
      ids: new Set(Array.from({ length: 10_001 }, (_, i) => `${i + 1}`)),
      allMatching: false,
      anchor: null,
    };
    expect(tooManyToExport(many)).toBe(true);
    expect(tooManyToExport({ ...many, allMatching: true })).toBe(false);
  });
});

describe('the selection store', () => {
  afterEach(() => {
    useOrdersStore.getState().reset();
    useOrderSelection.getState().clear();
  });

  it("other filters clear the selection; an export of the selection sends exactly its IDs in the list's sort", async () => {
    const exports: Array<IpcRequest<'orders:export'>> = [];
    installFakeBridge({
      'orders:queryPage': () => ({
        ok: true,
        data: { list: loaded.map((id) => ({ id })), nextCursor: null, afterSalesStatusUnknown: false },
      }),
      'orders:count': () => ({ ok: true, data: { count: 6 } }),
      'orders:countQuick': () => ({ ok: true, data: { count: 6, atLeast: false } }),
      'orders:export': (request) => {
        exports.push(request);
        return { ok: true, data: { download: '/_md/export/abc' } };
      },
    });
    useOrdersStore.getState().setFilters({ ...emptyFilters, sort: 'paid', direction: 'asc' });
    await new Promise((r) => setTimeout(r, 50));
    const selection = useOrderSelection.getState();
    selection.toggle('11', false);
    useOrderSelection.getState().toggle('13', true);
    expect(ids(useOrderSelection.getState())).toEqual(['11', '12', '13']);

    await useOrdersStore.getState().exportView('xlsx', [...useOrderSelection.getState().ids]);
    expect(exports).toEqual([{ ids: ['11', '12', '13'], sort: 'paid', direction: 'asc', format: 'xlsx' }]);

    useOrdersStore.getState().setFilters({ ...emptyFilters, search: 'gift' });
    expect(useOrderSelection.getState().ids.size).toBe(0);
  });
});
