import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ChangeEvent } from '../../core/sync/changeEvents';
import { ProgressTracker, type SyncProgress } from '../../core/sync/progress';
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
  },
  'sync:state': {
    profileId: 'shop-eu',
    state: 'offline',
    lastSyncedAt: '2026-11-23T15:00:00.000Z',
    nextPollAt: null,
    error: { kind: 'network', message: 'Connection refused.' },
  },
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
};

/** The core's SyncProgress as the event carries it: for one profile, with null for "not known yet". */
const progressEvent = (profileId: string, p: SyncProgress) => ({
  profileId,
  ...p,
  ordersExpected: p.ordersExpected ?? null,
  etaMs: p.etaMs ?? null,
});

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
  });

  it("carries what the core's sync emits: progress snapshots and every kind of change event", () => {
    let now = 0;
    const seen: SyncProgress[] = [];
    const tracker = new ProgressTracker(
      'windows',
      () => now,
      (p) => seen.push(p),
    );
    tracker.windowAdded();
    tracker.expectOrders(250);
    tracker.pagesQueued(3);
    now = 40;
    tracker.pageFetched(100);
    tracker.windowFinished();
    tracker.finish();
    for (const p of seen) expect(checkEvent('sync:progress', progressEvent('default', p)).ok).toBe(true);

    // Same shape both ways: a core ChangeEvent is a valid payload element, and nothing more is allowed.
    type Wire = IpcEventPayloadInput<'orders:changed'>['events'][number];
    expectTypeOf<ChangeEvent>().toExtend<Wire>();
    expectTypeOf<Wire>().toExtend<ChangeEvent>();
  });

  it('knows its event names', () => {
    expect(isIpcEventName('sync:progress')).toBe(true);
    expect(isIpcEventName('app:getInfo')).toBe(false);
    expect(isIpcEventName(undefined)).toBe(false);
  });
});
