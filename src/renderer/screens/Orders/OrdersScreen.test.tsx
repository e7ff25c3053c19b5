// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseHash } from '../../router';
import { useOrdersStore } from '../../stores/ordersStore';
import { useProfilesStore } from '../../stores/profilesStore';
import { useViewsStore } from '../../stores/viewsStore';
import { profileView } from '../../testing/profileFixture';
import { installFakeBridge, type FakeBridge } from '../../testing/fakeBridge';
import { OrdersScreen } from './OrdersScreen';
import { TYPING_DEBOUNCE_MS } from './TextFilter';

/** The export button stands in for the screen's own render: it renders when (and only when) the screen does. */
const screenRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./ExportView', () => ({
  ExportView: () => {
    screenRenders.count++;
    return null;
  },
}));

const settle = () => act(() => new Promise((r) => setTimeout(r, 150)));

function renderAt(hash: string) {
  window.history.replaceState(null, '', hash);
  return render(<OrdersScreen route={parseHash(hash)} />);
}

describe('OrdersScreen', () => {
  let bridge: FakeBridge;

  beforeEach(() => {
    bridge = installFakeBridge({
      'orders:queryPage': (q) =>
        q.id === 'abc'
          ? {
              ok: false,
              error: {
                kind: 'invalid-request',
                message: 'Invalid request for "orders:queryPage"',
                issues: [{ path: 'id', message: 'order id must be a positive whole number (digits only)' }],
              },
            }
          : { ok: true, data: { list: [], nextCursor: null, afterSalesStatusUnknown: false } },
      'orders:count': () => ({ ok: true, data: { count: 0 } }),
      'orders:countQuick': () => ({ ok: true, data: { count: 0, atLeast: false } }),
    });
    useOrdersStore.getState().reset();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('follows typing after the debounce, replacing the history entry rather than adding one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderAt('#/orders');
    const before = window.history.length;
    const search = screen.getByLabelText('Search orders');
    fireEvent.change(search, { target: { value: 'mu' } });
    fireEvent.change(search, { target: { value: 'muller' } });
    act(() => vi.advanceTimersByTime(TYPING_DEBOUNCE_MS - 1));
    expect(window.location.hash).toBe('#/orders');
    act(() => vi.advanceTimersByTime(1));
    expect(window.location.hash).toBe('#/orders?q=muller');
    expect(window.history.length).toBe(before);
    expect(
      bridge.calls.filter(([c]) => c === 'orders:queryPage').map(([, r]) => (r as { search?: string }).search),
    ).not.toContain('mu');
  });

  it('shows the host’s problem at the field it names', async () => {
    renderAt('#/orders?id=abc');
    await act(async () => {
      await Promise.resolve();
    });
    const field = await screen.findByLabelText('Order ID');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('order id must be a positive whole number (digits only)')).toBeTruthy();
    expect(screen.getByText('Fix the marked filter to see orders.')).toBeTruthy();
  });

  it('shows "10,000+ orders" from the quick count, then the exact number when it is counted', async () => {
    let release!: () => void;
    const counted = new Promise<void>((r) => (release = r));
    bridge.answer('orders:queryPage', () => ({
      ok: true,
      data: { list: [{ id: '1' }] as never, nextCursor: null, afterSalesStatusUnknown: false },
    }));
    bridge.answer('orders:countQuick', () => ({ ok: true, data: { count: 10_000, atLeast: true } }));
    bridge.answer('orders:count', async () => {
      await counted;
      return { ok: true, data: { count: 740_628 } };
    });
    renderAt('#/orders?status=4');
    const line = await screen.findByText('10,000+ orders');
    expect(line.getAttribute('aria-busy')).toBe('true');
    expect(line.getAttribute('title')).toBe('More than 10,000 orders match; counting them all…');
    release();
    await settle();
    expect(await screen.findByText('740,628 orders')).toBeTruthy();
    expect(screen.queryByText('10,000+ orders')).toBeNull();
  });

  it("counts the saved views only once the list's first page is answered, and not again on coming back", async () => {
    useProfilesStore.setState({
      list: {
        status: 'ready',
        data: {
          activeProfileId: 'a',
          profiles: [profileView('a', { merchantId: 'm1', apiVersion: '1' })],
          tokenProblem: null,
        },
        error: null,
      },
    });
    useViewsStore.getState().load();
    let answerPage!: () => void;
    const pageAnswered = new Promise<void>((r) => (answerPage = r));
    bridge.answer('orders:queryPage', async () => {
      await pageAnswered;
      return { ok: true, data: { list: [{ id: '1' }] as never, nextCursor: null, afterSalesStatusUnknown: false } };
    });
    const counts = () => bridge.calls.filter(([c]) => c === 'orders:countQuick' || c === 'orders:count').length;
    const view = renderAt('#/orders');
    await settle();
    // The first page is the one call in flight: nothing queued beside it for the host or a connection.
    expect(bridge.calls.filter(([c]) => c === 'orders:queryPage')).toHaveLength(1);
    expect(counts()).toBe(0);
    answerPage();
    await settle();
    // The list's own count and every saved view's.
    const views = new Set(
      useViewsStore
        .getState()
        .views()
        .map((v) => JSON.stringify(v.filters)),
    ).size;
    expect(counts()).toBe(1 + views);
    expect(Object.keys(useViewsStore.getState().counts)).toHaveLength(useViewsStore.getState().views().length);
    view.unmount();
    renderAt('#/orders');
    await settle();
    expect(counts()).toBe(1 + views);
  });

  it('shows the empty state of a filter that matches nothing', async () => {
    renderAt('#/orders?q=zzz');
    expect(await screen.findByText('No orders match these filters.')).toBeTruthy();
  });

  it('renders the screen once for a change of filters, not again when its rows, more rows or the count arrive', async () => {
    const rows = (from: number) => Array.from({ length: 3 }, (_, i) => ({ id: String(from + i) }));
    bridge.answer('orders:queryPage', (q) => ({
      ok: true,
      data: { list: rows(q.cursor ? 4 : 1), nextCursor: q.cursor ? null : 'c1', afterSalesStatusUnknown: false },
    }));
    bridge.answer('orders:countQuick', () => ({ ok: true, data: { count: 6, atLeast: false } }));
    renderAt('#/orders');
    expect(await screen.findByText('6 orders')).toBeTruthy();
    const settled = screenRenders.count;

    await act(() => useOrdersStore.getState().loadMore());
    expect(useOrdersStore.getState().visibleIds()).toHaveLength(6);
    await act(() => useOrdersStore.getState().refresh());
    await settle();
    expect(screenRenders.count).toBe(settled);

    // New filters render it (the chips, the clear button), but their rows and count arriving do not.
    const before = bridge.calls.length;
    act(() => useOrdersStore.getState().setFilters({ ...useOrdersStore.getState().filters, search: 'muller' }));
    const changed = screenRenders.count;
    expect(changed).toBeGreaterThan(settled);
    await settle();
    // The first page, its count, and (the table near the end of 3 rows) the next page.
    expect(bridge.calls.slice(before).map(([c]) => c)).toEqual([
      'orders:queryPage',
      'orders:queryPage',
      'orders:countQuick',
    ]);
    expect(useOrdersStore.getState().visibleIds()).toHaveLength(6);
    expect(screenRenders.count).toBe(changed);
  });

  it('asks for the rows of a new filter as the chip is clicked, before the address change renders anything', () => {
    bridge.answer('orders:cacheStats', () => ({
      ok: true,
      data: {
        profileId: 'p',
        file: 'cache.sqlite',
        bytes: 1,
        freeBytes: 0,
        orders: 1,
        withAfterSales: 0,
        withDispute: 0,
        withDeliveryException: 0,
        oldestCreateAt: null,
        newestCreateAt: null,
        byOrderStatus: [{ status: 4, count: 1 }],
        byAfterSalesStatus: [],
      },
    }));
    renderAt('#/orders');
    return act(async () => {
      // The status chips are in the full set of filters, shown when asked.
      expect(screen.queryByRole('button', { name: '4' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
      const chip = await screen.findByRole('button', { name: '4' });
      const before = bridge.calls.length;
      fireEvent.click(chip);
      // Synchronously, in the click: the read is on its way.
      expect(bridge.calls.slice(before)).toEqual([
        ['orders:queryPage', { sellerOrderStatus: [4], sort: 'created', direction: 'desc', limit: 100 }],
      ]);
      expect(window.location.hash).toBe('#/orders?status=4');
    });
  });
});
