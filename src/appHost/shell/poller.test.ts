import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseIsoInstant } from '../../shared/time/isoInstant';
import { checkEvent } from '../../shared/ipc/events';
import {
  MAX_BACKOFF_MS,
  createPoller,
  jittered,
  nextWaitMs,
  type FocusPort,
  type NetworkPort,
  type PollerClock,
  type PollerError,
  type PollerState,
  type PollerSyncResult,
  type PowerEvent,
  type PowerPort,
} from './poller';

const INTERVAL = 60_000;

/** A typed stand-in for Electron's net / powerMonitor / BrowserWindow events. */
class FakeEmitter<E extends string> {
  private listeners = new Map<E, Set<() => void>>();
  on(event: E, listener: () => void) {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
  }
  removeListener(event: E, listener: () => void) {
    this.listeners.get(event)?.delete(listener);
  }
  emit(event: E) {
    for (const l of this.listeners.get(event) ?? []) l();
  }
  count() {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }
}

class FakeNetwork implements NetworkPort {
  online = true;
  private listeners = new Set<(online: boolean) => void>();
  isOnline() {
    return this.online;
  }
  onChange(listener: (online: boolean) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  set(online: boolean) {
    this.online = online;
    for (const l of this.listeners) l(online);
  }
  count() {
    return this.listeners.size;
  }
}

const fakeTimerClock: PollerClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

interface Rig {
  network: FakeNetwork;
  power: FakeEmitter<PowerEvent> & PowerPort;
  focus: FakeEmitter<'focus'> & FocusPort;
  states: PollerState[];
  calls: () => number;
  /** Answers the next syncs in order; when empty, syncs succeed at once. */
  answers: (PollerSyncResult | Promise<PollerSyncResult>)[];
  poller: ReturnType<typeof createPoller>;
  last: () => PollerState;
}

function rig(options: { random?: () => number; online?: boolean; intervalMs?: number } = {}): Rig {
  const network = new FakeNetwork();
  network.online = options.online ?? true;
  const power = new FakeEmitter<PowerEvent>();
  const focus = new FakeEmitter<'focus'>();
  const states: PollerState[] = [];
  const answers: Rig['answers'] = [];
  let calls = 0;
  const poller = createPoller({
    profileId: 'p1',
    intervalMs: () => options.intervalMs ?? INTERVAL,
    syncNow: () => {
      calls += 1;
      return Promise.resolve(answers.shift() ?? { ok: true });
    },
    onState: (s) => states.push(s),
    network,
    power,
    focus,
    clock: fakeTimerClock,
    // No jitter unless a test asks for it: the waits are then exact.
    random: options.random ?? (() => 0.5),
  });
  return { network, power, focus, states, calls: () => calls, answers, poller, last: () => states.at(-1)! };
}

const fail = (error: PollerError): PollerSyncResult => ({ ok: false, error });
const networkError = fail({ kind: 'network', message: 'Network error: connection refused.' });

/** Lets a resolved sync's continuation run (no time passes). */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('jitter', () => {
  it('stays within ±10 % of the interval and uses the whole range', () => {
    let seed = 1;
    // A small deterministic LCG: many draws, reproducible.
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const draws = Array.from({ length: 5000 }, () => jittered(INTERVAL, random));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(INTERVAL * 0.9);
    expect(Math.max(...draws)).toBeLessThanOrEqual(INTERVAL * 1.1);
    expect(Math.min(...draws)).toBeLessThan(INTERVAL * 0.91);
    expect(Math.max(...draws)).toBeGreaterThan(INTERVAL * 1.09);
    expect(jittered(INTERVAL, () => 0)).toBe(INTERVAL * 0.9);
  });

  it('schedules the next poll at the jittered wait', async () => {
    const r = rig({ random: () => 0 });
    r.poller.start();
    await settle();
    expect(r.calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(INTERVAL * 0.9 - 1);
    expect(r.calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(r.calls()).toBe(2);
  });
});

describe('chained timer', () => {
  it('polls at start and then every interval, reporting states the sync:state schema accepts', async () => {
    const r = rig();
    r.poller.start();
    await settle();
    expect(r.calls()).toBe(1);
    expect(r.states.map((s) => s.state)).toEqual(['syncing', 'idle']);
    const idle = r.last();
    expect(parseIsoInstant(idle.nextPollAt)).toBe(Date.now() + INTERVAL);
    expect(parseIsoInstant(idle.lastSyncedAt)).toBe(Date.now());
    for (const s of r.states) expect(checkEvent('sync:state', s).ok).toBe(true);
    await vi.advanceTimersByTimeAsync(INTERVAL * 3);
    expect(r.calls()).toBe(4);
  });

  it('never starts a poll while a sync is still running, and waits a full interval after it ends', async () => {
    const r = rig();
    let finish!: (x: PollerSyncResult) => void;
    r.answers.push(new Promise((res) => (finish = res)));
    r.poller.start();
    await settle();
    expect(r.last().state).toBe('syncing');
    // The sync runs for ten intervals; focus, resume and unlock must not start a second one.
    await vi.advanceTimersByTimeAsync(INTERVAL * 10);
    r.focus.emit('focus');
    r.power.emit('resume');
    r.power.emit('unlock-screen');
    r.network.set(true);
    await settle();
    expect(r.calls()).toBe(1);
    finish({ ok: true });
    await settle();
    expect(r.last().state).toBe('idle');
    await vi.advanceTimersByTimeAsync(INTERVAL - 1);
    expect(r.calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(r.calls()).toBe(2);
  });
});

describe('pausing', () => {
  it('starts offline without polling, and polls at once when the network comes back', async () => {
    const r = rig({ online: false });
    r.poller.start();
    await vi.advanceTimersByTimeAsync(INTERVAL * 5);
    expect(r.calls()).toBe(0);
    expect(r.last()).toMatchObject({ state: 'offline', nextPollAt: null, error: { kind: 'network' } });
    expect(checkEvent('sync:state', r.last()).ok).toBe(true);
    r.network.set(true);
    await settle();
    expect(r.calls()).toBe(1);
    expect(r.last().state).toBe('idle');
  });

  it('stops the timer when going offline', async () => {
    const r = rig();
    r.poller.start();
    await settle();
    r.network.set(false);
    await vi.advanceTimersByTimeAsync(INTERVAL * 5);
    expect(r.calls()).toBe(1);
    expect(r.last()).toMatchObject({ state: 'offline', nextPollAt: null });
  });

  it.each([
    ['suspend', 'resume'],
    ['lock-screen', 'unlock-screen'],
  ] as const)('pauses on %s and polls at once on %s', async (pause, wakeUp) => {
    const r = rig();
    r.poller.start();
    await settle();
    r.power.emit(pause);
    expect(r.last()).toMatchObject({ state: 'paused', nextPollAt: null, error: null });
    await vi.advanceTimersByTimeAsync(INTERVAL * 5);
    expect(r.calls()).toBe(1);
    r.power.emit(wakeUp);
    await settle();
    expect(r.calls()).toBe(2);
    expect(r.last().state).toBe('idle');
  });

  it('stays paused while still locked after a resume', async () => {
    const r = rig();
    r.poller.start();
    await settle();
    r.power.emit('lock-screen');
    r.power.emit('suspend');
    r.power.emit('resume');
    await vi.advanceTimersByTimeAsync(INTERVAL * 5);
    expect(r.calls()).toBe(1);
    expect(r.last().state).toBe('paused');
    r.power.emit('unlock-screen');
    await settle();
    expect(r.calls()).toBe(2);
  });

  it('does not schedule after a sync that ends while paused', async () => {
    const r = rig();
    let finish!: (x: PollerSyncResult) => void;
    r.answers.push(new Promise((res) => (finish = res)));
    r.poller.start();
    await settle();
    r.power.emit('suspend');
    finish({ ok: true });
    await vi.advanceTimersByTimeAsync(INTERVAL * 5);
    expect(r.calls()).toBe(1);
    expect(r.last()).toMatchObject({ state: 'paused', nextPollAt: null });
  });
});

describe('focus', () => {
  it('polls on focus only after more than one interval since the last poll', async () => {
    // The longest jitter, so the timer does not fire before the focus does.
    const r = rig({ random: () => 0.9999 });
    r.poller.start();
    await settle();
    await vi.advanceTimersByTimeAsync(INTERVAL);
    r.focus.emit('focus');
    await settle();
    expect(r.calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    r.focus.emit('focus');
    await settle();
    expect(r.calls()).toBe(2);
  });
});

describe('backoff', () => {
  it('doubles the wait from the interval per failure, caps it at 15 minutes and resets on success', async () => {
    const r = rig();
    r.answers.push(networkError, networkError, networkError, networkError, networkError, { ok: true });
    r.poller.start();
    await settle();
    expect(r.last()).toMatchObject({ state: 'error', error: { kind: 'network' } });
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const before = r.calls();
      const wait = parseIsoInstant(r.last().nextPollAt)! - Date.now();
      waits.push(wait);
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(r.calls()).toBe(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(r.calls()).toBe(before + 1);
    }
    // 1 min interval: 2, 4, 8, then capped at 15.
    expect(waits).toEqual([2, 4, 8, 15, 15].map((m) => m * 60_000));
    // At the cap, jitter only shortens the wait.
    expect(nextWaitMs(INTERVAL, 10, () => 0.9999)).toBe(MAX_BACKOFF_MS);
    expect(nextWaitMs(INTERVAL, 10, () => 0)).toBe(MAX_BACKOFF_MS);
    expect(waits.at(-1)).toBe(MAX_BACKOFF_MS);
    expect(r.last()).toMatchObject({ state: 'idle', error: null });
    expect(parseIsoInstant(r.last().nextPollAt)! - Date.now()).toBe(INTERVAL);
  });

  it('does not count a busy sync (the merchant clicked Sync now) as a failure', async () => {
    const r = rig();
    r.answers.push(fail({ kind: 'sync', code: 'busy', message: 'A sync of this profile is already running.' }));
    r.poller.start();
    await settle();
    expect(r.last()).toMatchObject({ state: 'idle', error: null });
    expect(parseIsoInstant(r.last().nextPollAt)! - Date.now()).toBe(INTERVAL);
  });
});

describe('stop until the merchant acts', () => {
  it.each<[string, PollerError]>([
    ['HTTP 401', { kind: 'http', code: 'HTTP 401', message: 'The platform answered HTTP 401.' }],
    ['keychain', { kind: 'keychain', message: 'The keychain is locked.' }],
    ['credentials', { kind: 'credentials', message: 'No access token is stored for this profile.' }],
    ['HTTP 403', { kind: 'http', code: 'HTTP 403', message: 'The platform answered HTTP 403.' }],
    ['signature rejected', { kind: 'platform', code: '10003', message: 'The platform refused the request.' }],
    [
      'HTTP 401 with the signature envelope',
      { kind: 'http', code: '10003', message: 'The platform answered HTTP 401.' },
    ],
  ])('stops polling on %s until resume()', async (_, error) => {
    const r = rig();
    r.answers.push(fail(error));
    r.poller.start();
    await settle();
    expect(r.last()).toMatchObject({ state: 'error', nextPollAt: null, error: { kind: error.kind } });
    await vi.advanceTimersByTimeAsync(MAX_BACKOFF_MS * 10);
    r.network.set(true);
    r.power.emit('resume');
    r.power.emit('unlock-screen');
    r.focus.emit('focus');
    await settle();
    expect(r.calls()).toBe(1);
    r.poller.resume();
    await settle();
    expect(r.calls()).toBe(2);
    expect(r.last()).toMatchObject({ state: 'idle', error: null });
  });

  it.each<[string, PollerError]>([
    ['HTTP 503', { kind: 'http', code: 'HTTP 503', message: 'The platform answered HTTP 503.' }],
    ['a server error code', { kind: 'platform', code: '10004', message: 'The platform refused the request.' }],
    ['a timeout', { kind: 'timeout', message: 'No answer within 30000 ms.' }],
  ])('keeps retrying %s with backoff', async (_, error) => {
    const r = rig();
    r.answers.push(fail(error));
    r.poller.start();
    await settle();
    expect(r.last().nextPollAt).not.toBeNull();
    await vi.advanceTimersByTimeAsync(2 * INTERVAL);
    expect(r.calls()).toBe(2);
  });
});

describe('stop', () => {
  it('clears a pending timer', async () => {
    const r = rig();
    r.poller.start();
    await settle();
    expect(vi.getTimerCount()).toBe(1);
    r.poller.stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(INTERVAL * 10);
    expect(r.calls()).toBe(1);
  });

  it('clears the timer and every listener, and ignores a sync that ends afterwards', async () => {
    const r = rig();
    r.poller.start();
    await settle();
    expect(r.network.count()).toBe(1);
    expect(r.power.count()).toBe(4);
    expect(r.focus.count()).toBe(1);
    let finish!: (x: PollerSyncResult) => void;
    r.answers.push(new Promise((res) => (finish = res)));
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(r.calls()).toBe(2);
    r.poller.stop();
    const reported = r.states.length;
    finish({ ok: true });
    await vi.advanceTimersByTimeAsync(INTERVAL * 10);
    expect(r.calls()).toBe(2);
    expect(r.states.length).toBe(reported);
    expect(vi.getTimerCount()).toBe(0);
    expect([r.network.count(), r.power.count(), r.focus.count()]).toEqual([0, 0, 0]);
  });
});
