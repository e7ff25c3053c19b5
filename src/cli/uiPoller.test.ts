import { describe, expect, it } from 'vitest';
import type { SyncController } from '../core/app/sync';
import { ok } from '../core/result';
import type { IpcEventName } from '../shared/ipc/channels';
import type { PollerClock } from '../appHost/shell/poller';
import { startUiPoller } from './uiPoller';

function fakeClock() {
  let now = 0;
  const timers: Array<{ at: number; run: () => void; id: number }> = [];
  let ids = 0;
  const clock: PollerClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      timers.push({ at: now + ms, run, id: ++ids });
      return ids;
    },
    clearTimeout: (id) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
  };
  return {
    clock,
    pending: () => timers.length,
    /** Runs the next timer, moving the clock to it. */
    fire: () => {
      timers.sort((a, b) => a.at - b.at);
      const t = timers.shift();
      if (!t) throw new Error('no timer');
      now = t.at;
      t.run();
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the ui poller', () => {
  it('waits one interval (the ui has just synced), then syncs at the interval, publishing its state', async () => {
    const published: Array<[IpcEventName, unknown]> = [];
    let syncs = 0;
    const controller = {
      syncNow: async () => {
        syncs += 1;
        return ok({});
      },
    } as unknown as SyncController;
    const time = fakeClock();
    const poller = startUiPoller({
      app: { sync: () => ok(controller) },
      profileId: 'sandbox',
      intervalMs: () => 60_000,
      publisher: { publish: (event, payload) => (published.push([event, payload]), true) },
      clock: time.clock,
    });
    await settle();
    expect(syncs).toBe(0);
    expect(published.map(([e, p]) => [e, (p as { state: string }).state])).toEqual([['sync:state', 'idle']]);
    expect(time.pending()).toBe(1);
    time.fire();
    await settle();
    expect(syncs).toBe(1);
    expect(published.map(([e, p]) => [e, (p as { state: string }).state])).toEqual([
      ['sync:state', 'idle'],
      ['sync:state', 'syncing'],
      ['sync:state', 'idle'],
    ]);
    time.fire();
    await settle();
    expect(syncs).toBe(2);
    poller.stop();
    expect(time.pending()).toBe(0);
  });

  it('a paused sync is no failure: no error state, no backoff', async () => {
    const published: unknown[] = [];
    const controller = {
      syncNow: async () => ({ ok: false, error: { kind: 'sync', code: 'paused', message: 'Sync is paused.' } }),
    } as unknown as SyncController;
    const time = fakeClock();
    const poller = startUiPoller({
      app: { sync: () => ok(controller) },
      profileId: 'p',
      intervalMs: () => 60_000,
      publisher: { publish: (_e, payload) => (published.push(payload), true) },
      clock: time.clock,
    });
    time.fire();
    await settle();
    expect(published.map((p) => (p as { state: string }).state)).not.toContain('error');
    expect(time.pending()).toBe(1);
    poller.stop();
  });
});
