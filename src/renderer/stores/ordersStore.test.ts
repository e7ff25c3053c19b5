// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import type { IpcRequest, IpcResponse } from '../../shared/ipc/contract';
import { installFakeBridge, type FakeBridge } from '../testing/fakeBridge';
import { emptyFilters, type OrderFilters } from './orderFilters';
import { FIRST_PAGE, NEXT_PAGE, useOrdersStore } from './ordersStore';

type PageRequest = IpcRequest<'orders:queryPage'>;
type PageAnswer = IpcResponse<'orders:queryPage'>;

const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: String(from + i) }));
const page = (list: Array<{ id: string }>, nextCursor: string | null = null): PageAnswer => ({
  ok: true,
  data: { list, nextCursor, afterSalesStatusUnknown: false },
});

/** Answers queued by the test: each query waits until the test releases it (answers arrive in any order). */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Lets answers, and the count asked after the next frame, arrive. */
const settle = () => new Promise((r) => setTimeout(r, 50));
const filters = (over: Partial<OrderFilters>): OrderFilters => ({ ...emptyFilters, ...over });

describe('ordersStore', () => {
  let bridge: FakeBridge;
  let pages: Array<{ request: PageRequest; answer: ReturnType<typeof deferred<PageAnswer>> }>;

  beforeEach(() => {
    pages = [];
    bridge = installFakeBridge({
      'orders:queryPage': (request) => {
        const answer = deferred<PageAnswer>();
        pages.push({ request, answer });
        return answer.promise;
      },
      'orders:count': () => ({ ok: true, data: { count: 5518 } }),
      'orders:countQuick': () => ({ ok: true, data: { count: 5518, atLeast: false } }),
    });
    useOrdersStore.getState().reset();
  });

  it('asks for the first page, then the count: rows first', async () => {
    useOrdersStore.getState().setFilters(filters({ search: 'muller', statuses: [2], sort: 'paid' }));
    expect(useOrdersStore.getState().list.status).toBe('loading');
    expect(pages[0]!.request).toEqual({
      search: 'muller',
      sellerOrderStatus: [2],
      sort: 'paid',
      direction: 'desc',
      limit: FIRST_PAGE,
    });
    expect(bridge.calls.map(([c]) => c)).toEqual(['orders:queryPage']);
    pages[0]!.answer.resolve(page(ids(1, 3), 'c1'));
    await settle();
    expect(useOrdersStore.getState().list).toMatchObject({ status: 'ready', nextCursor: 'c1' });
    expect(useOrdersStore.getState().visibleIds()).toEqual(['1', '2', '3']);
    expect(bridge.calls.map(([c]) => c)).toEqual(['orders:queryPage', 'orders:countQuick']);
    expect(bridge.calls[1]![1]).toEqual({ search: 'muller', sellerOrderStatus: [2] });
    expect(useOrdersStore.getState().count).toMatchObject({ status: 'ready', data: 5518 });
  });

  it('keeps each order’s line of the list, not the whole order (a long scroll keeps tens of thousands)', async () => {
    useOrdersStore.getState().setFilters(filters({}));
    const order = {
      id: '7',
      orderNum: 'N7',
      buyerName: 'Ana',
      orderStatus: 2,
      orderItems: [{ productSpuTitle: 'Gift card', skuAttributes: 'x'.repeat(2000) }, { productSpuTitle: 'Other' }],
      receiverAddress: { line1: 'y'.repeat(2000) },
    };
    pages[0]!.answer.resolve(page([order]));
    await settle();
    const [row] = useOrdersStore.getState().list.rows;
    expect(row).toMatchObject({ id: '7', orderNum: 'N7', buyer: 'Ana', firstItemTitle: 'Gift card', moreItems: 1 });
    expect(JSON.stringify(row).length).toBeLessThan(400);
  });

  it('asks for the count only once the rows are painted: neither its call nor its answer comes before their frame', async () => {
    let frames = 0;
    const queued: FrameRequestCallback[] = [];
    const raf = window.requestAnimationFrame;
    window.requestAnimationFrame = (callback) => (queued.push(callback), ++frames);
    try {
      useOrdersStore.getState().setFilters(filters({ search: 'muller' }));
      pages[0]!.answer.resolve(page(ids(1, 3)));
      await settle();
      expect(useOrdersStore.getState().list.status).toBe('ready');
      // "Counting…" stays on while the rows are painted; nothing asked yet.
      expect(useOrdersStore.getState().count.status).toBe('loading');
      expect(bridge.calls.map(([c]) => c)).toEqual(['orders:queryPage']);
      for (const callback of queued.splice(0)) callback(performance.now());
      await settle();
      expect(bridge.calls.map(([c]) => c)).toEqual(['orders:queryPage', 'orders:countQuick']);
      expect(useOrdersStore.getState().count).toMatchObject({ status: 'ready', data: 5518 });
    } finally {
      window.requestAnimationFrame = raf;
    }
  });

  it('a quick count past the cap shows "at least" while the exact count is asked, then the exact one', async () => {
    const exact = deferred<IpcResponse<'orders:count'>>();
    bridge.answer('orders:countQuick', () => ({ ok: true, data: { count: 10_000, atLeast: true } }));
    bridge.answer('orders:count', () => exact.promise);
    useOrdersStore.getState().setFilters(filters({ statuses: [4] }));
    pages[0]!.answer.resolve(page(ids(1, 3)));
    await settle();
    expect(bridge.calls.map(([c]) => c)).toEqual(['orders:queryPage', 'orders:countQuick', 'orders:count']);
    expect(bridge.calls[2]![1]).toEqual({ sellerOrderStatus: [4] });
    // The count itself stays loading: "select all matching" and the row count wait for the exact number.
    expect(useOrdersStore.getState().countAtLeast).toBe(10_000);
    expect(useOrdersStore.getState().count.status).toBe('loading');
    exact.resolve({ ok: true, data: { count: 740_628 } });
    await settle();
    expect(useOrdersStore.getState().count).toMatchObject({ status: 'ready', data: 740_628 });
    expect(useOrdersStore.getState().countAtLeast).toBeNull();
  });

  it('an exact count of filters the merchant has left is dropped, and their "at least" is not shown for the new ones', async () => {
    const exact = deferred<IpcResponse<'orders:count'>>();
    bridge.answer('orders:countQuick', (f) =>
      f.sellerOrderStatus
        ? { ok: true, data: { count: 10_000, atLeast: true } }
        : { ok: true, data: { count: 12, atLeast: false } },
    );
    bridge.answer('orders:count', () => exact.promise);
    const store = useOrdersStore.getState();
    store.setFilters(filters({ statuses: [4] }));
    pages[0]!.answer.resolve(page(ids(1, 3)));
    await settle();
    expect(useOrdersStore.getState().countAtLeast).toBe(10_000);
    store.setFilters(filters({ search: 'rare' }));
    expect(useOrdersStore.getState().countAtLeast).toBeNull();
    pages[1]!.answer.resolve(page(ids(50, 2)));
    await settle();
    exact.resolve({ ok: true, data: { count: 740_628 } });
    await settle();
    expect(useOrdersStore.getState().count).toMatchObject({ status: 'ready', data: 12 });
    expect(useOrdersStore.getState().countAtLeast).toBeNull();
  });

  it('a failed quick count is the count’s failure (no exact count asked)', async () => {
    bridge.answer('orders:countQuick', () => ({ ok: false, error: { kind: 'cache', message: 'damaged' } }));
    useOrdersStore.getState().setFilters(filters({ statuses: [4] }));
    pages[0]!.answer.resolve(page(ids(1, 3)));
    await settle();
    expect(useOrdersStore.getState().count.status).toBe('failed');
    expect(bridge.calls.map(([c]) => c)).toEqual(['orders:queryPage', 'orders:countQuick']);
  });

  it('drops the answer of a query a newer one superseded, whatever order they arrive in', async () => {
    const store = useOrdersStore.getState();
    store.setFilters(filters({ search: 'mu' }));
    store.setFilters(filters({ search: 'muller' }));
    expect(pages).toHaveLength(2);
    pages[1]!.answer.resolve(page(ids(100, 2)));
    await settle();
    pages[0]!.answer.resolve(page(ids(1, 50)));
    await settle();
    expect(useOrdersStore.getState().visibleIds()).toEqual(['100', '101']);
    expect(useOrdersStore.getState().filters.search).toBe('muller');
    // The old query's count was never asked: only the current one's.
    expect(bridge.calls.filter(([c]) => c === 'orders:countQuick')).toEqual([
      ['orders:countQuick', { search: 'muller' }],
    ]);
  });

  it('pages on with the cursor and the same filters; a page of superseded filters is dropped', async () => {
    const store = useOrdersStore.getState();
    store.setFilters(filters({ statuses: [4] }));
    pages[0]!.answer.resolve(page(ids(1, 2), 'after-2'));
    await settle();
    const more = useOrdersStore.getState().loadMore();
    // A second scroll event while the page is read asks nothing more.
    void useOrdersStore.getState().loadMore();
    expect(pages).toHaveLength(2);
    expect(pages[1]!.request).toEqual({
      sellerOrderStatus: [4],
      sort: 'created',
      direction: 'desc',
      limit: NEXT_PAGE,
      cursor: 'after-2',
    });
    pages[1]!.answer.resolve(page(ids(3, 2), null));
    await more;
    expect(useOrdersStore.getState().visibleIds()).toEqual(['1', '2', '3', '4']);
    expect(useOrdersStore.getState().list.nextCursor).toBeNull();
    await useOrdersStore.getState().loadMore();
    expect(pages).toHaveLength(2);

    store.setFilters(filters({ statuses: [5] }));
    pages[2]!.answer.resolve(page(ids(10, 1), 'after-10'));
    await settle();
    const stale = useOrdersStore.getState().loadMore();
    useOrdersStore.getState().setFilters(filters({ statuses: [6] }));
    pages[3]!.answer.resolve(page(ids(11, 1)));
    pages[4]!.answer.resolve(page(ids(20, 1)));
    await stale;
    await settle();
    expect(useOrdersStore.getState().visibleIds()).toEqual(['20']);
  });

  it('re-reads as many rows as were loaded after a change, keeping the place; bursts make one more read', async () => {
    const store = useOrdersStore.getState();
    store.setFilters(filters({}));
    pages[0]!.answer.resolve(page(ids(1, FIRST_PAGE), 'c'));
    await settle();
    const more = useOrdersStore.getState().loadMore();
    pages[1]!.answer.resolve(page(ids(1 + FIRST_PAGE, NEXT_PAGE), 'c2'));
    await more;
    useOrdersStore.getState().remember({ scrollTop: 4000, selectedId: '120' });

    const first = useOrdersStore.getState().refresh(7);
    void useOrdersStore.getState().refresh(8);
    void useOrdersStore.getState().refresh(9);
    expect(pages).toHaveLength(3);
    expect(pages[2]!.request).toMatchObject({ limit: FIRST_PAGE + NEXT_PAGE });
    expect(pages[2]!.request).not.toHaveProperty('cursor');
    pages[2]!.answer.resolve(page([{ id: '0' }, ...ids(1, FIRST_PAGE + NEXT_PAGE - 1)], 'c3'));
    await settle();
    await settle();
    // One more read for the notices that came during the first.
    expect(pages).toHaveLength(4);
    pages[3]!.answer.resolve(page([{ id: '0' }, ...ids(1, FIRST_PAGE + NEXT_PAGE - 1)], 'c3'));
    await first;
    const state = useOrdersStore.getState();
    expect(state.revision).toBe(9);
    expect(state.visibleIds()[0]).toBe('0');
    expect(state.scrollTop).toBe(4000);
    expect(state.selectedId).toBe('120');
    expect(state.neighbours('120')).toEqual({ previous: '119', next: '121' });
    expect(state.neighbours('0')).toEqual({ previous: null, next: '1' });
    expect(state.neighbours('nope')).toEqual({ previous: null, next: null });
  });

  it('coming back with the same filters asks nothing and keeps the place; new filters start at the top', async () => {
    const store = useOrdersStore.getState();
    store.setFilters(filters({ search: 'a' }));
    pages[0]!.answer.resolve(page(ids(1, 2)));
    await settle();
    store.remember({ scrollTop: 300, selectedId: '2' });
    store.setFilters(filters({ search: 'a' }));
    expect(pages).toHaveLength(1);
    expect(useOrdersStore.getState().scrollTop).toBe(300);
    store.setFilters(filters({ search: 'b' }));
    expect(useOrdersStore.getState()).toMatchObject({ scrollTop: 0, selectedId: null });
  });

  it('asks nothing while a range is reversed, and says where', () => {
    useOrdersStore.getState().setFilters(filters({ createdFrom: '2026-11-20', createdTo: '2026-11-01' }));
    expect(pages).toHaveLength(0);
    expect(useOrdersStore.getState().localIssues).toHaveProperty('createdTo');
    expect(useOrdersStore.getState().list.status).toBe('failed');
  });

  it('keeps the rows of the last good answer when a read fails', async () => {
    useOrdersStore.getState().setFilters(filters({}));
    pages[0]!.answer.resolve(page(ids(1, 2)));
    await settle();
    const refreshed = useOrdersStore.getState().refresh();
    pages[1]!.answer.resolve({ ok: false, error: { kind: 'unavailable', message: 'The app host is gone.' } });
    await refreshed;
    expect(useOrdersStore.getState().list).toMatchObject({ status: 'failed', error: { kind: 'unavailable' } });
    expect(useOrdersStore.getState().visibleIds()).toEqual(['1', '2']);
  });

  it('lists no rows of the previous filters under the error of new ones that cannot be applied', async () => {
    useOrdersStore.getState().setFilters(filters({}));
    pages[0]!.answer.resolve(page(ids(1, 2)));
    await settle();
    useOrdersStore.getState().setFilters(filters({ id: 'abc' }));
    pages[1]!.answer.resolve({
      ok: false,
      error: {
        kind: 'invalid-request',
        message: 'Invalid request for "orders:queryPage"',
        issues: [{ path: 'id', message: 'order id must be a positive whole number (digits only)' }],
      },
    });
    await settle();
    expect(useOrdersStore.getState().list).toMatchObject({ status: 'failed', error: { kind: 'invalid-request' } });
    expect(useOrdersStore.getState().visibleIds()).toEqual([]);
    expect(useOrdersStore.getState().count.data).toBeNull();
  });

  it('exports the current filters as CSV and keeps the answer', async () => {
    bridge.answer('orders:export', () => ({ ok: true, data: { download: '/_md/export/abc' } }));
    useOrdersStore.getState().setFilters(filters({ exception: 'yes', direction: 'asc' }));
    const answer = await useOrdersStore.getState().exportView();
    expect(answer).toEqual({ download: '/_md/export/abc' });
    expect(bridge.calls.find(([c]) => c === 'orders:export')![1]).toEqual({
      deliveryException: true,
      sort: 'created',
      direction: 'asc',
      format: 'csv',
    });
    expect(useOrdersStore.getState().exporting).toMatchObject({ status: 'done' });
    bridge.answer('orders:export', () => ({ ok: false, error: { kind: 'cache', message: 'No cache yet.' } }));
    expect(await useOrdersStore.getState().exportView()).toBeNull();
    expect(useOrdersStore.getState().exporting).toMatchObject({ status: 'failed', error: { kind: 'cache' } });
  });
});
