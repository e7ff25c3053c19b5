// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import type { IpcRequest, IpcResponse } from '../../shared/ipc/contract';
import { installFakeBridge, type FakeBridge } from '../testing/fakeBridge';
import { stateOf, useAfterSalesStore } from './afterSalesStore';
import type { IpcOrder } from './orderFacts';
import { leftPending } from './pendingDecisions';

const pendingIds = () =>
  Object.values(leftPending(window.localStorage)).map((s) => s.phase === 'unknown' && s.order.id);

const statusOf = (o: IpcOrder | undefined) => (o?.afterSalesLearned as { status: number } | undefined)?.status;
const order = (id: string, afterSales: number): IpcOrder => ({
  id,
  orderNum: `SO-${id}`,
  // What the filter taught the cache (the spec's Order has no status field).
  afterSalesLearned: { status: afterSales, learnedAtMs: 1 },
  isExistAfterSales: afterSales !== 0,
  orderStatus: 2,
});

/** The statuses a request filters on: `awaitingReview` as the host reads it (the profile's values: here the default). */
const statusesOf = (q: { orderAfterSalesStatus?: number[]; awaitingReview?: true }) =>
  q.awaitingReview ? [1] : q.orderAfterSalesStatus;

/** The platform as the fake bridge sees it: orders by ID, and a decision applies as the sandbox's would. */
function platform(bridge: FakeBridge, orders: Map<string, IpcOrder>) {
  bridge.answer('orders:queryPage', (q: IpcRequest<'orders:queryPage'>) => {
    const all = [...orders.values()];
    const wanted = statusesOf(q);
    const list = wanted
      ? all.filter((o) => wanted.includes(statusOf(o)!))
      : all.filter((o) => o.isExistAfterSales === true);
    if (q.direction === 'desc') list.reverse();
    return { ok: true, data: { list, nextCursor: null, afterSalesStatusUnknown: false } };
  });
  bridge.answer('orders:count', (f) => ({
    ok: true,
    data: {
      count: [...orders.values()].filter((o) => statusesOf(f)?.includes(statusOf(o)!)).length,
    },
  }));
  bridge.answer('orders:refresh', ({ id }) => ({
    ok: true,
    data: { order: orders.get(id)!, cached: true, changes: 0 },
  }));
  // The journal's "Check again": the after-sales filter's answer (the core settles the decision by it).
  bridge.answer('afterSales:check', ({ orderId }) => ({
    ok: true,
    data: {
      orderId,
      review: statusOf(orders.get(orderId)) === 1 ? 'awaiting' : 'not-awaiting',
      settled: null,
    },
  }));
}

describe('the after-sales store', () => {
  let bridge: FakeBridge;
  let orders: Map<string, IpcOrder>;

  beforeEach(() => {
    window.localStorage.clear();
    bridge = installFakeBridge();
    orders = new Map(['1', '2', '3', '4'].map((id, i) => [id, order(id, i === 3 ? 3 : 1)]));
    platform(bridge, orders);
    useAfterSalesStore.setState({ inbox: { status: 'idle', data: null, error: null }, decisions: {}, decidedHere: [] });
  });

  it('lists requests awaiting a decision oldest first, then recent decisions, and counts the awaiting ones', async () => {
    await useAfterSalesStore.getState().loadInbox();
    await useAfterSalesStore.getState().loadCount();
    const { inbox, awaitingCount } = useAfterSalesStore.getState();
    expect(inbox.data?.awaiting.map((o) => o.id)).toEqual(['1', '2', '3']);
    expect(inbox.data?.recent.map((o) => o.id)).toEqual(['4']);
    expect(awaitingCount).toBe(3);
    // The profile's own "awaiting review" values are the host's to fill in: the window names none.
    expect(bridge.calls.find(([c]) => c === 'orders:queryPage')?.[1]).toMatchObject({
      awaitingReview: true,
      sort: 'created',
      direction: 'asc',
    });
  });

  it('counts what the awaiting list matches when it holds more than a page (its heading is not the page size)', async () => {
    for (let i = 10; i < 160; i++) orders.set(String(i), order(String(i), 1));
    // A page at a time, as the core answers; the platform sends no status: every request is listed.
    for (const unknown of [false, true]) {
      bridge.answer('orders:queryPage', (q: IpcRequest<'orders:queryPage'>) => {
        const wanted = q.awaitingReview ? [1] : null;
        const all = [...orders.values()].filter((o) => (wanted ? wanted.includes(statusOf(o)!) : o.isExistAfterSales));
        return {
          ok: true,
          data: {
            list: all.slice(0, q.limit),
            nextCursor: all.length > q.limit! ? 'next' : null,
            afterSalesStatusUnknown: unknown,
          },
        };
      });
      bridge.answer('orders:count', (f: IpcRequest<'orders:count'>) => ({
        ok: true,
        data: {
          count: [...orders.values()].filter((o) => (f.awaitingReview ? statusOf(o) === 1 : o.isExistAfterSales))
            .length,
        },
      }));
      await useAfterSalesStore.getState().loadInbox();
      const data = useAfterSalesStore.getState().inbox.data!;
      expect(data.awaiting).toHaveLength(100);
      // Awaiting: 3 + 150; any request (status unknown): the decided one too.
      expect(data.awaitingTotal, unknown ? 'status unknown' : 'status known').toBe(unknown ? 154 : 153);
    }
  });

  it('a list wholly loaded is its own total, without a count', async () => {
    await useAfterSalesStore.getState().loadInbox();
    expect(useAfterSalesStore.getState().inbox.data?.awaitingTotal).toBe(3);
    expect(bridge.calls.filter(([c]) => c === 'orders:count')).toEqual([]);
  });

  it('sends a decision once, however often it is confirmed (double click, double Enter)', async () => {
    let release: (answer: IpcResponse<'afterSales:decide'>) => void = () => {};
    bridge.answer('afterSales:decide', () => new Promise((resolve) => (release = resolve)));
    const store = useAfterSalesStore.getState();
    store.start('approve', orders.get('1')!);
    const first = store.confirm({ orderId: '1', isApproved: true });
    const second = store.confirm({ orderId: '1', isApproved: true });
    store.start('approve', orders.get('1')!);
    await second;
    await new Promise((r) => setTimeout(r, 0));
    expect(stateOf(useAfterSalesStore.getState(), '1')).toMatchObject({ phase: 'sending', step: 'sending' });
    expect(pendingIds()).toEqual(['1']);
    orders.set('1', order('1', 2));
    release({
      ok: true,
      data: { orderId: '1', approved: true, order: orders.get('1')!, refetchError: null, cached: true },
    });
    await first;
    expect(bridge.calls.filter(([c]) => c === 'afterSales:decide')).toHaveLength(1);
    expect(stateOf(useAfterSalesStore.getState(), '1')).toMatchObject({ phase: 'decided', via: 'sent' });
    expect(pendingIds()).toEqual([]);
    // Decided here: shown first among the recent decisions once the inbox is read again.
    await useAfterSalesStore.getState().loadInbox();
    expect(useAfterSalesStore.getState().inbox.data?.recent.map((o) => o.id)).toEqual(['1', '4']);
  });

  it('sends nothing without an open confirmation of the same kind', async () => {
    const store = useAfterSalesStore.getState();
    await store.confirm({ orderId: '2', isApproved: true });
    store.start('reject', orders.get('2')!);
    await store.confirm({ orderId: '2', isApproved: true });
    expect(bridge.calls.filter(([c]) => c === 'afterSales:decide' || c === 'orders:refresh')).toEqual([]);
  });

  it('an unknown outcome is resolved by "Check again" (a re-fetch), never by sending again', async () => {
    bridge.answer('afterSales:decide', () => {
      orders.set('3', order('3', 3));
      return { ok: false, error: { kind: 'outcome-unknown', message: 'No answer within 3000 ms.' } };
    });
    const store = useAfterSalesStore.getState();
    store.start('reject', orders.get('3')!);
    await store.confirm({ orderId: '3', isApproved: false, rejectDescription: 'Used', rejectImageUrls: [] });
    expect(stateOf(useAfterSalesStore.getState(), '3')).toMatchObject({ phase: 'unknown', checking: false });
    expect(pendingIds()).toEqual(['3']);
    store.start('reject', orders.get('3')!);
    await Promise.all([store.checkAgain('3'), store.checkAgain('3')]);
    expect(stateOf(useAfterSalesStore.getState(), '3')).toMatchObject({ phase: 'decided', via: 'checked' });
    expect(pendingIds()).toEqual([]);
    const sent = bridge.calls
      .filter(([c]) => c === 'afterSales:decide' || c === 'orders:refresh' || c === 'afterSales:check')
      .map(([c]) => c);
    expect(sent).toEqual(['orders:refresh', 'afterSales:decide', 'afterSales:check', 'orders:refresh']);
  });

  it('keeps an order with an unknown outcome in view after it left the awaiting list', async () => {
    bridge.answer('afterSales:decide', () => {
      orders.set('1', order('1', 3));
      return { ok: false, error: { kind: 'outcome-unknown', message: 'No answer within 3000 ms.' } };
    });
    // Many newer decided orders: '1' (the oldest) is not among the newest read for "recent".
    for (let i = 10; i < 100; i++) orders.set(String(i), order(String(i), 3));
    const store = useAfterSalesStore.getState();
    store.start('reject', orders.get('1')!);
    await store.confirm({ orderId: '1', isApproved: false, rejectDescription: 'Used', rejectImageUrls: [] });
    await useAfterSalesStore.getState().loadInbox();
    const inbox = useAfterSalesStore.getState().inbox.data!;
    expect(inbox.awaiting.map((o) => o.id)).not.toContain('1');
    expect(inbox.recent[0]?.id).toBe('1');
  });

  it('shows the latest read of the inbox when reads overlap', async () => {
    const page = (ids: string[]) => ({
      ok: true as const,
      data: { list: ids.map((id) => order(id, 1)), nextCursor: null, afterSalesStatusUnknown: false },
    });
    // The awaiting lists answer when the test says; the first read's (older data) last.
    const release: Array<() => void> = [];
    bridge.answer('orders:queryPage', (q) =>
      q.awaitingReview
        ? new Promise((resolve) => {
            const ids = release.length === 0 ? ['9'] : ['1'];
            release.push(() => resolve(page(ids)));
          })
        : page([]),
    );
    const older = useAfterSalesStore.getState().loadInbox();
    const newer = useAfterSalesStore.getState().loadInbox();
    await new Promise((r) => setTimeout(r, 0));
    release[1]!();
    await newer;
    release[0]!();
    await older;
    expect(useAfterSalesStore.getState().inbox.data?.awaiting.map((o) => o.id)).toEqual(['1']);
  });
});
