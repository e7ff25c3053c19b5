import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPoller, type PollerState, type PowerEvent } from './poller';
import { ONLINE_SAMPLE_MS, onlineSignal } from './onlineSignal';

/** A typed fake of `net` and `powerMonitor`. */
function fakeElectron() {
  let online = true;
  const listeners = new Map<string, Set<() => void>>();
  const power = {
    on: (event: PowerEvent, l: () => void) =>
      void (listeners.get(event) ?? listeners.set(event, new Set()).get(event)!).add(l),
    removeListener: (event: PowerEvent, l: () => void) => void listeners.get(event)?.delete(l),
  };
  return {
    net: { isOnline: () => online },
    power,
    setOnline: (v: boolean) => void (online = v),
    emit: (event: PowerEvent) => listeners.get(event)?.forEach((l) => l()),
    listenerCount: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
  };
}

describe('onlineSignal', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('reports each flip of net.isOnline once, within one sample', () => {
    const e = fakeElectron();
    const seen: boolean[] = [];
    const off = onlineSignal({ isOnline: e.net.isOnline, power: e.power }).onChange((v) => void seen.push(v));
    vi.advanceTimersByTime(ONLINE_SAMPLE_MS * 3);
    expect(seen).toEqual([]);
    e.setOnline(false);
    vi.advanceTimersByTime(ONLINE_SAMPLE_MS);
    vi.advanceTimersByTime(ONLINE_SAMPLE_MS * 2);
    expect(seen).toEqual([false]);
    e.setOnline(true);
    vi.advanceTimersByTime(ONLINE_SAMPLE_MS);
    expect(seen).toEqual([false, true]);
    off();
  });

  it('a wake or unlock reads the state at once, without waiting for the next sample', () => {
    const e = fakeElectron();
    const seen: boolean[] = [];
    const off = onlineSignal({ isOnline: e.net.isOnline, power: e.power }).onChange((v) => void seen.push(v));
    e.setOnline(false);
    e.emit('resume');
    expect(seen).toEqual([false]);
    e.setOnline(true);
    e.emit('unlock-screen');
    expect(seen).toEqual([false, true]);
    off();
  });

  it('unsubscribing stops the sampling and the power listeners', () => {
    const e = fakeElectron();
    const seen: boolean[] = [];
    const off = onlineSignal({ isOnline: e.net.isOnline, power: e.power }).onChange((v) => void seen.push(v));
    off();
    expect(e.listenerCount()).toBe(0);
    e.setOnline(false);
    vi.advanceTimersByTime(ONLINE_SAMPLE_MS * 5);
    expect(seen).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('drives the poller: offline pauses it (no sync), back online polls at once', async () => {
    const e = fakeElectron();
    const states: PollerState['state'][] = [];
    let syncs = 0;
    const poller = createPoller({
      profileId: 'p1',
      intervalMs: () => 60_000,
      syncNow: async () => (syncs++, { ok: true }),
      onState: (s) => void states.push(s.state),
      network: onlineSignal({ isOnline: e.net.isOnline, power: e.power }),
      power: e.power,
      random: () => 0.5,
    });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(syncs).toBe(1);
    e.setOnline(false);
    await vi.advanceTimersByTimeAsync(ONLINE_SAMPLE_MS);
    expect(states.at(-1)).toBe('offline');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(syncs).toBe(1);
    e.setOnline(true);
    await vi.advanceTimersByTimeAsync(ONLINE_SAMPLE_MS);
    expect(syncs).toBe(2);
    expect(states.at(-1)).toBe('idle');
    poller.stop();
  });
});
