// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcData } from '../../shared/ipc/contract';
import { installFakeBridge, type FakeBridge } from '../testing/fakeBridge';
import { emptyFilters, localDay, toCacheFilter } from './orderFilters';
import { useProfilesStore } from './profilesStore';
import {
  AWAITING_REFUND_VIEW,
  builtinViews,
  DELIVERY_ERRORS_TODAY_VIEW,
  parseStoredViews,
  serializeStoredViews,
  VIEWS_STORAGE_KEY,
} from './savedViews';
import { ATTENTION_VIEW, useViewsStore } from './viewsStore';

const sandboxLabels = { 0: 'None', 1: 'Awaiting seller review', 2: 'Refund approved', 3: 'Refund rejected' };

describe('saved views (pure)', () => {
  it('builds the built-in views for today', () => {
    const now = Date.UTC(2026, 10, 23, 12);
    const [awaiting, errors] = builtinViews({ awaitingStatuses: [1], nowMs: now });
    expect(toCacheFilter(awaiting!.filters)).toEqual({ orderAfterSalesStatus: [1] });
    expect(errors!.filters).toEqual({ ...emptyFilters, exception: 'yes', updatedFrom: localDay(now) });
  });

  it('reads a damaged record as far as it is sound', () => {
    expect(parseStoredViews(null)).toEqual({ stored: { views: [], awaitingStatuses: null }, problem: null });
    expect(parseStoredViews('{not json').problem).toMatch(/damaged/);
    expect(parseStoredViews('{"version":99,"views":[]}').problem).toMatch(/another version/);
    const read = parseStoredViews(
      JSON.stringify({
        version: 1,
        views: [
          { id: 'a', name: '  Steam   keys ', params: 'q=steam' },
          { id: 'a', name: 'duplicate', params: '' },
          { id: 'b', name: 42, params: '' },
          'junk',
        ],
        awaitingStatuses: [1, 'x'],
      }),
    );
    expect(read.stored).toEqual({
      views: [{ id: 'a', name: 'Steam keys', params: 'q=steam' }],
      awaitingStatuses: null,
    });
    expect(read.problem).toBe('3 saved views could not be read and were left out.');
  });
});

describe('viewsStore', () => {
  let bridge: FakeBridge;

  beforeEach(async () => {
    window.localStorage.clear();
    bridge = installFakeBridge({
      'profiles:list': () => ({
        ok: true,
        data: {
          activeProfileId: 'sandbox',
          profiles: [
            {
              id: 'sandbox',
              statusLabels: { order: {}, afterSales: sandboxLabels },
              // The platform's own "awaiting review" value (not the labelled default 1).
              afterSalesStatuses: { awaitingReview: [4], approved: [2], rejected: [3], closed: [5], confirmed: true },
            },
          ],
          tokenProblem: null,
        } as unknown as IpcData<'profiles:list'>,
      }),
      // The quick count's cap is 10 here: "steam" (12 orders) is past it, its exact count follows.
      'orders:countQuick': (filter) => ({
        ok: true,
        data: filter.search === 'steam' ? { count: 10, atLeast: true } : { count: 3, atLeast: false },
      }),
      'orders:count': (filter) => ({ ok: true, data: { count: filter.search === 'steam' ? 12 : 3 } }),
    });
    await useProfilesStore.getState().load();
    useViewsStore.getState().load();
  });

  it('saves, renames and deletes own views in local storage, each with its count', async () => {
    const view = useViewsStore.getState().save('  Steam ', { ...emptyFilters, search: 'steam' })!;
    expect(view).toMatchObject({ name: 'Steam', builtin: false });
    await useViewsStore.getState().refreshCounts();
    expect(useViewsStore.getState().counts).toEqual({
      [AWAITING_REFUND_VIEW]: 3,
      [DELIVERY_ERRORS_TODAY_VIEW]: 3,
      [view.id]: 12,
    });
    useViewsStore.getState().rename(view.id, 'Steam keys');
    useViewsStore.getState().load();
    expect(
      useViewsStore
        .getState()
        .views()
        .map((v) => v.name),
    ).toEqual(['Awaiting refund decision', 'Delivery errors today', 'Steam keys']);
    expect(useViewsStore.getState().views()[2]!.filters.search).toBe('steam');
    useViewsStore.getState().remove(view.id);
    useViewsStore.getState().load();
    expect(useViewsStore.getState().views()).toHaveLength(2);
    expect(
      bridge.calls.some(
        ([c, r]) =>
          // The built-in "Awaiting refund decision" counts with the profile's own value (4 here), as the tray does.
          c === 'orders:countQuick' && (r as { orderAfterSalesStatus?: number[] }).orderAfterSalesStatus?.[0] === 4,
      ),
    ).toBe(true);
  });

  it('shows a view past the quick count\'s cap as "at least" until its exact count follows; under the cap, one call', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    bridge.answer('orders:count', async () => {
      await held;
      return { ok: true, data: { count: 12 } };
    });
    const view = useViewsStore.getState().save('Steam', { ...emptyFilters, search: 'steam' })!;
    const counting = useViewsStore.getState().refreshCounts();
    await vi.waitFor(() => expect(useViewsStore.getState().counts[view.id]).toBe(10));
    expect(useViewsStore.getState().countsAtLeast[view.id]).toBe(true);
    expect(useViewsStore.getState().counts[AWAITING_REFUND_VIEW]).toBe(3);
    expect(useViewsStore.getState().countsAtLeast[AWAITING_REFUND_VIEW]).toBe(false);
    release();
    await counting;
    expect(useViewsStore.getState().counts[view.id]).toBe(12);
    expect(useViewsStore.getState().countsAtLeast[view.id]).toBe(false);
    // Only the view past the cap was counted exactly.
    const exact = bridge.calls.filter(([c]) => c === 'orders:count').map(([, r]) => (r as { search?: string }).search);
    expect(exact.length).toBeGreaterThan(0);
    expect(exact.every((search) => search === 'steam')).toBe(true);
  });

  it('refuses a blank name', () => {
    expect(useViewsStore.getState().save('   ', emptyFilters)).toBeNull();
    expect(useViewsStore.getState().stored.views).toEqual([]);
  });

  it('keeps a record it cannot read aside before writing over it', () => {
    window.localStorage.setItem(VIEWS_STORAGE_KEY, '{"version":1,"views":');
    useViewsStore.getState().load();
    expect(useViewsStore.getState().problem).toMatch(/damaged/);
    useViewsStore.getState().save('Mine', emptyFilters);
    expect(window.localStorage.getItem(`${VIEWS_STORAGE_KEY}.unreadable`)).toBe('{"version":1,"views":');
    expect(parseStoredViews(window.localStorage.getItem(VIEWS_STORAGE_KEY)).stored.views).toHaveLength(1);
  });

  it('uses the awaiting-statuses setting when the merchant set one', () => {
    useViewsStore.getState().setAwaitingStatuses([5, 6]);
    expect(useViewsStore.getState().views()[0]!.filters.afterSalesStatuses).toEqual([5, 6]);
    expect(JSON.parse(window.localStorage.getItem(VIEWS_STORAGE_KEY)!)).toMatchObject({ awaitingStatuses: [5, 6] });
    useViewsStore.getState().setAwaitingStatuses(null);
    // Unset: the profile's own "awaiting review" values, as the After-sales screen and the tray count them.
    expect(useViewsStore.getState().awaitingStatuses()).toEqual([4]);
    expect(serializeStoredViews({ views: [], awaitingStatuses: null })).toBe(
      '{"version":1,"views":[],"awaitingStatuses":null}',
    );
  });
});

describe('view counts with no profile (the host serves its environment settings)', () => {
  it('counts the views, the navigation’s "Awaiting refund decision" among them, once the profiles are read', async () => {
    window.localStorage.clear();
    const bridge = installFakeBridge({
      'profiles:list': () => ({ ok: true, data: { activeProfileId: null, profiles: [], tokenProblem: null } }),
      'orders:countQuick': () => ({ ok: true, data: { count: 4, atLeast: false } }),
    });
    useProfilesStore.setState({ list: { status: 'idle', data: null, error: null } });
    useViewsStore.getState().load();
    await useViewsStore.getState().refreshCounts();
    expect(bridge.calls.filter(([c]) => c === 'orders:countQuick')).toHaveLength(0);
    await useProfilesStore.getState().load();
    await useViewsStore.getState().refreshCounts();
    expect(useViewsStore.getState().counts[ATTENTION_VIEW]).toBe(4);
  });
});
