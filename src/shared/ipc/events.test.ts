import { describe, expect, it } from 'vitest';
import { ipcEventNames, isIpcEventName, type IpcEventName } from './channels';
import { checkEvent, ipcEventContract, type IpcEventPayloadInput } from './events';

const examples: { [E in IpcEventName]: IpcEventPayloadInput<E> } = {
  'sync:progress': {
    profileId: 'shop-eu',
    phase: 'windows',
    windowsDone: 3,
    windowsKnown: 10,
    pagesDone: 120,
    pagesPlanned: 400,
    ordersFetched: 12_000,
    ordersExpected: 40_000,
    requests: 124,
    elapsedMs: 9_000,
    etaMs: 21_000,
    finished: false,
    clockSkew: null,
  },
  'sync:state': {
    profileId: 'shop-eu',
    state: 'offline',
    lastSyncedAt: '2026-11-23T15:00:00.000Z',
    nextPollAt: null,
    error: { kind: 'network', message: 'Connection refused.' },
  },
  'orders:reloaded': { profileId: 'shop-eu', reason: 'first-sync' },
  'orders:changed': {
    profileId: 'shop-eu',
    events: [
      { type: 'dispute-opened', orderId: '1234567890123456789', orderNum: 'N-1', atMs: 1_700_000_000_000 },
      {
        type: 'delivery-status-changed',
        orderId: '2',
        orderNum: null,
        atMs: 1,
        from: { status: 0, exception: false },
        to: { status: null, exception: true },
      },
    ],
  },
  'host:state': { state: 'failed', message: 'The core host crashed 3 times in a minute.', logFile: '/tmp/x.log' },
  'app:navigate': { screen: 'orders', orderId: '1234567890123456789' },
  'app:updates': { kind: 'downloading', version: '1.2.0', percent: 42 },
  'cache:upkeep': {
    profileId: 'shop-eu',
    phase: 'scan',
    done: 2_000,
    total: 1_000_000,
    state: 'running',
    damagedOrders: 0,
  },
};

describe('push events', () => {
  it('the table and channels.ts list the same events, each with an example', () => {
    expect(Object.keys(ipcEventContract).sort()).toEqual([...ipcEventNames].sort());
    expect(Object.keys(examples).sort()).toEqual([...ipcEventNames].sort());
  });

  it.each(ipcEventNames)('%s: a valid payload passes and survives JSON unchanged', (event) => {
    const checked = checkEvent(event, examples[event]);
    expect(checked).toEqual({ ok: true, payload: examples[event] });
    expect(checkEvent(event, JSON.parse(JSON.stringify(examples[event])))).toEqual(checked);
  });

  it('refuses what the contract does not describe', () => {
    expect(checkEvent('sync:progress', { ...examples['sync:progress'], token: 'x' })).toMatchObject({ ok: false });
    expect(checkEvent('sync:state', { ...examples['sync:state'], lastSyncedAt: 'yesterday' })).toMatchObject({
      ok: false,
    });
    expect(checkEvent('orders:changed', { profileId: 'p', events: [] })).toMatchObject({ ok: false });
    expect(checkEvent('host:state', { state: 'exploded', message: null, logFile: null })).toMatchObject({ ok: false });
    expect(checkEvent('app:navigate', { screen: 'buyers-secret', orderId: null })).toMatchObject({ ok: false });
    // The application menu's Settings… / About (src/main/desktop/menuTemplates.ts).
    expect(checkEvent('app:navigate', { screen: 'settings', orderId: null })).toMatchObject({ ok: true });
    expect(checkEvent('app:navigate', { screen: 'orders', orderId: '../1' })).toMatchObject({ ok: false });
    expect(checkEvent('app:navigate', { screen: 'orders' })).toMatchObject({ ok: false });
    expect(checkEvent('app:navigate', { screen: 'after-sales', orderId: null })).toMatchObject({ ok: true });
  });

  it('knows its event names', () => {
    expect(isIpcEventName('sync:progress')).toBe(true);
    expect(isIpcEventName('app:getInfo')).toBe(false);
    expect(isIpcEventName(undefined)).toBe(false);
  });
});
