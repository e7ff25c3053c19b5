import { describe, expect, it } from 'vitest';
import { createUpdateController, type UpdateControllerPorts } from './updateController';
import { canRestart, DAILY_MS, shouldCheck, START_DELAY_MS, updateLabel, type UpdateState } from './updatePolicy';
import { fakeUpdater } from './updaterPort';

describe('the update policy', () => {
  const facts = { enabled: true, unsupported: null, lastCheckMs: null, nowMs: 1_000_000 };
  const idle: UpdateState = { kind: 'idle' };

  it('checks at start, then once a day', () => {
    expect(shouldCheck(facts, idle)).toEqual({ check: true });
    expect(shouldCheck({ ...facts, lastCheckMs: facts.nowMs - 1000 }, idle)).toEqual({
      check: false,
      reason: 'checked within the last day',
      nextInMs: DAILY_MS - 1000,
    });
    expect(shouldCheck({ ...facts, lastCheckMs: facts.nowMs - DAILY_MS }, idle)).toEqual({ check: true });
  });

  it('never when turned off, in a build that cannot update, or with an update waiting', () => {
    expect(shouldCheck({ ...facts, enabled: false }, idle)).toMatchObject({ check: false, reason: /turned off/ });
    expect(shouldCheck({ ...facts, unsupported: 'a development build' }, idle)).toMatchObject({ check: false });
    expect(shouldCheck(facts, { kind: 'ready', version: '1.2.0' })).toMatchObject({ check: false });
  });

  it('restarts only with an update ready and no decision in flight', () => {
    const ready: UpdateState = { kind: 'ready', version: '1.2.0' };
    expect(canRestart(ready, 0)).toEqual({ restart: true });
    expect(canRestart(ready, 1)).toMatchObject({ restart: false, waitForDecisions: true });
    expect(canRestart(idle, 0)).toMatchObject({ restart: false, waitForDecisions: false });
  });

  it('words each state for the tray, the menu and About', () => {
    expect(updateLabel({ kind: 'ready', version: '1.2.0' })).toBe('Restart to update (1.2.0)');
    expect(updateLabel({ kind: 'downloading', version: '1.2.0', percent: 41.6 })).toBe('Downloading update 1.2.0… 42%');
  });
});

describe('the update controller (typed fake updater)', () => {
  function harness(over: Partial<UpdateControllerPorts> = {}) {
    const updater = fakeUpdater();
    let now = 0;
    let inFlight = 0;
    let release: () => void = () => {};
    const timers: { fn: () => void; ms: number; cancelled: boolean }[] = [];
    const states: UpdateState[] = [];
    const controller = createUpdateController({
      updater,
      enabled: () => true,
      unsupported: null,
      decisionsInFlight: () => inFlight,
      whenNoDecisionInFlight: () => new Promise<void>((r) => (release = r)),
      now: () => now,
      setTimer: (fn, ms) => {
        const t = { fn, ms, cancelled: false };
        timers.push(t);
        return { cancel: () => void (t.cancelled = true) };
      },
      onState: (s) => void states.push(s),
      log: () => {},
      ...over,
    });
    return {
      updater,
      controller,
      timers,
      states,
      advance: (ms: number) => (now += ms),
      setInFlight: (n: number) => (inFlight = n),
      finishDecisions: () => release(),
    };
  }

  it('first check shortly after start, background download to "Restart to update", then daily', async () => {
    const h = harness();
    h.controller.start();
    expect(h.timers.map((t) => t.ms)).toEqual([START_DELAY_MS]);
    h.timers[0]!.fn();
    await Promise.resolve();
    expect(h.updater.calls).toEqual(['check']);
    h.updater.emit('update-available', { version: '1.2.0' });
    h.updater.emit('download-progress', { percent: 50 });
    h.updater.emit('update-downloaded', { version: '1.2.0' });
    expect(h.states.map((s) => s.kind)).toEqual(['checking', 'downloading', 'downloading', 'ready']);
    expect(h.timers.at(-1)!.ms).toBe(DAILY_MS);
  });

  it('never restarts during a decision in flight: it waits for it, then installs', async () => {
    const h = harness();
    await h.controller.checkNow();
    h.updater.emit('update-downloaded', { version: '1.2.0' });
    h.setInFlight(1);
    expect(await h.controller.restart()).toBe('waiting');
    expect(h.updater.calls).not.toContain('quitAndInstall');
    h.setInFlight(0);
    h.finishDecisions();
    await new Promise((r) => setTimeout(r, 0));
    expect(h.updater.calls).toContain('quitAndInstall');
  });

  it('turned off: no check, the state says why', async () => {
    const h = harness({ enabled: () => false });
    await h.controller.checkNow();
    expect(h.updater.calls).toEqual([]);
    expect(h.controller.state()).toEqual({ kind: 'off', reason: 'updates are turned off in Settings' });
  });

  it('a failed check is a state, not a crash', async () => {
    const h = harness();
    h.updater.failNextCheck = new Error('net::ERR_PROXY_CONNECTION_FAILED');
    await h.controller.checkNow();
    expect(h.controller.state()).toEqual({ kind: 'failed', message: 'net::ERR_PROXY_CONNECTION_FAILED' });
  });
});

describe('decisions in flight', () => {
  it('counts afterSales:decide calls until they answer, and tells when none is left', async () => {
    const { decisionTracker } = await import('./decisionsInFlight');
    const tracker = decisionTracker();
    let answer: (v: string) => void = () => {};
    const impls = tracker.track({
      'afterSales:decide': () => new Promise<string>((r) => (answer = r)),
      'orders:list': () => 'list',
    });
    const pending = (impls['afterSales:decide'] as () => Promise<string>)();
    expect(tracker.inFlight()).toBe(1);
    let idle = false;
    void tracker.whenIdle().then(() => (idle = true));
    await Promise.resolve();
    expect(idle).toBe(false);
    answer('approved');
    expect(await pending).toBe('approved');
    await Promise.resolve();
    expect([tracker.inFlight(), idle]).toEqual([0, true]);
    expect(impls['orders:list']).toBeTypeOf('function');
  });
});
