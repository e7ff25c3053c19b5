// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IpcData } from '../../shared/ipc/contract';
import { installFakeBridge, type FakeBridge } from '../testing/fakeBridge';
import { useChangesStore } from './changesStore';
import { registerOrderSequence, resetOrderSequenceForTests, useOrderDetailStore } from './orderDetailStore';
import { subscribeToHostEvents } from './subscriptions';

type Order = IpcData<'orders:get'>['order'];

let cached: Record<string, Order> = {};

describe('order detail store', () => {
  let bridge: FakeBridge;
  let platform: Order;
  let unsubscribe: () => void;

  beforeEach(() => {
    cached = {
      '1': { id: '1', orderStatus: 2, orderDeliveryStatus: 0, isExistDispute: false },
      '2': { id: '2', orderStatus: 4 },
      '3': { id: '3', orderStatus: 4 },
    };
    resetOrderSequenceForTests();
    useOrderDetailStore.getState().close();
    platform = { id: '1', orderStatus: 3, orderDeliveryStatus: 1, isExistDispute: true };
    bridge = installFakeBridge({
      'orders:get': ({ id }) =>
        cached[id]
          ? { ok: true, data: { order: cached[id]! } }
          : { ok: false, error: { kind: 'not-found', message: `Order ${id} is not in the cache.` } },
      'orders:refresh': () => ({ ok: true, data: { order: platform, cached: true, changes: 2 } }),
      'orders:queryPage': () => ({
        ok: true,
        data: { list: [cached['3']!, cached['1']!, cached['2']!], nextCursor: null, afterSalesStatusUnknown: false },
      }),
    });
    unsubscribe = subscribeToHostEvents();
  });
  afterEach(() => unsubscribe());

  it('reads the cached order into ready state, and a missing one into failed with the error', async () => {
    await useOrderDetailStore.getState().open('1');
    expect(useOrderDetailStore.getState().order).toEqual({ status: 'ready', data: cached['1'], error: null });
    await useOrderDetailStore.getState().open('9');
    expect(useOrderDetailStore.getState().order).toMatchObject({ status: 'failed', error: { kind: 'not-found' } });
  });

  it('refreshes from the platform and says what changed against the cached order', async () => {
    await useOrderDetailStore.getState().open('1');
    await useOrderDetailStore.getState().refreshFromPlatform();
    const { order, refresh } = useOrderDetailStore.getState();
    expect(order.data).toEqual(platform);
    expect(refresh.data).toMatchObject({ orderId: '1', wasCached: true, cached: true, events: 2 });
    expect(refresh.data!.changes.map((c) => c.field)).toEqual(['Order status', 'Delivery status', 'Dispute']);
    expect(bridge.calls.filter(([c]) => c === 'orders:refresh')).toEqual([['orders:refresh', { id: '1' }]]);
  });

  it('a failed refresh keeps the order and shows the error', async () => {
    bridge.answer('orders:refresh', () => ({
      ok: false,
      error: { kind: 'network', message: 'The platform did not answer.', action: 'Check the connection.' },
    }));
    await useOrderDetailStore.getState().open('1');
    await useOrderDetailStore.getState().refreshFromPlatform();
    expect(useOrderDetailStore.getState().order.data).toEqual(cached['1']);
    expect(useOrderDetailStore.getState().refresh).toMatchObject({ status: 'failed', error: { kind: 'network' } });
  });

  it('a second refresh click while one runs sends once', async () => {
    await useOrderDetailStore.getState().open('1');
    await Promise.all([
      useOrderDetailStore.getState().refreshFromPlatform(),
      useOrderDetailStore.getState().refreshFromPlatform(),
    ]);
    expect(bridge.calls.filter(([c]) => c === 'orders:refresh')).toHaveLength(1);
  });

  it('re-reads on a change event for the open order only, and on a stale cache', async () => {
    await useOrderDetailStore.getState().open('1');
    const reads = () => bridge.calls.filter(([c]) => c === 'orders:get').length;
    const before = reads();
    useChangesStore.getState().apply({
      profileId: 'a',
      events: [{ type: 'dispute-opened', orderId: '2', orderNum: null, atMs: 0 }],
    });
    expect(reads()).toBe(before);
    cached['1'] = { ...cached['1']!, isExistDispute: true };
    useChangesStore.getState().apply({
      profileId: 'a',
      events: [{ type: 'dispute-opened', orderId: '1', orderNum: null, atMs: 0 }],
    });
    expect(reads()).toBe(before + 1);
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(useOrderDetailStore.getState().order.data).toMatchObject({ isExistDispute: true });
    useChangesStore.getState().invalidate();
    expect(reads()).toBe(before + 2);
  });

  it('drops an answer for an order that is no longer open', async () => {
    let release: () => void = () => {};
    bridge.answer('orders:get', ({ id }) =>
      id === '1'
        ? new Promise((resolve) => (release = () => resolve({ ok: true, data: { order: cached['1']! } })))
        : { ok: true, data: { order: cached[id]! } },
    );
    const first = useOrderDetailStore.getState().open('1');
    await useOrderDetailStore.getState().open('2');
    release();
    await first;
    expect(useOrderDetailStore.getState().order.data).toEqual(cached['2']);
  });

  it("steps through the registered list, else through the cache's newest orders", async () => {
    await useOrderDetailStore.getState().open('1');
    expect(useOrderDetailStore.getState().neighbours).toEqual({ prev: '3', next: '2' });
    const unregister = registerOrderSequence((id) => (id === '2' ? { prev: null, next: '3' } : null));
    await useOrderDetailStore.getState().open('2');
    expect(useOrderDetailStore.getState().neighbours).toEqual({ prev: null, next: '3' });
    unregister();
    await useOrderDetailStore.getState().open('3');
    expect(useOrderDetailStore.getState().neighbours).toEqual({ prev: null, next: '1' });
    expect(bridge.calls.filter(([c]) => c === 'orders:queryPage')).toHaveLength(1);
  });
});
