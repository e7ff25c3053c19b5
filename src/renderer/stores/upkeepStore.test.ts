// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcData } from '../../shared/ipc/contract';
import type { IpcEventPayload } from '../../shared/ipc/events';
import { profileView } from '../testing/profileFixture';
import { installFakeBridge, type FakeBridge } from '../testing/fakeBridge';
import { useProfilesStore } from './profilesStore';
import { subscribeToHostEvents } from './subscriptions';
import { upkeepFraction, useUpkeepStore } from './upkeepStore';

const profile = (id: string) => profileView(id, { merchantId: 'm1', apiVersion: '1' });

const status: IpcData<'sync:status'> = {
  state: 'idle',
  complete: true,
  lastSyncedAt: null,
  lastFullSyncAt: null,
  unfinished: null,
};

type UpkeepEvent = IpcEventPayload<'cache:upkeep'>;

const report = (over: Partial<UpkeepEvent> = {}): UpkeepEvent => ({
  profileId: 'a',
  phase: 'scan',
  done: 430_000,
  total: 1_000_000,
  state: 'running',
  damagedOrders: 0,
  ...over,
});

describe('the upkeep store follows the `cache:upkeep` events of the active profile', () => {
  let bridge: FakeBridge;
  let unsubscribe: () => void;
  let active = 'a';
  let cancels = 0;

  beforeEach(async () => {
    active = 'a';
    cancels = 0;
    bridge = installFakeBridge({
      'profiles:list': () => ({
        ok: true,
        data: { activeProfileId: active, profiles: [profile('a'), profile('b')], tokenProblem: null },
      }),
      'profiles:use': ({ profileId }) => {
        active = profileId;
        return { ok: true, data: { activeProfileId: profileId } };
      },
      'sync:status': () => ({ ok: true, data: status }),
      'orders:cancelUpkeep': () => {
        cancels++;
        return { ok: true, data: { cancelled: true } };
      },
    });
    useUpkeepStore.getState().reset();
    unsubscribe = subscribeToHostEvents();
    await useProfilesStore.getState().load();
  });
  afterEach(() => unsubscribe());

  it("shows the active profile's running upkeep, ignores another profile's, and forgets it on a clean finish", () => {
    bridge.emit('cache:upkeep', report({ profileId: 'b' }));
    expect(useUpkeepStore.getState().shown).toBeNull();
    bridge.emit('cache:upkeep', report());
    expect(useUpkeepStore.getState().shown).toEqual(report());
    bridge.emit('cache:upkeep', report({ phase: 'check', done: 3, total: 14 }));
    expect(useUpkeepStore.getState().shown).toMatchObject({ phase: 'check', done: 3, total: 14 });
    bridge.emit('cache:upkeep', report({ phase: 'check', done: 14, total: 14, state: 'done' }));
    expect(useUpkeepStore.getState().shown).toBeNull();
    expect(useUpkeepStore.getState().stoppedByMerchant).toBe(false);
  });

  it('keeps a finish with damaged orders, and a failed check, until dismissed', () => {
    bridge.emit('cache:upkeep', report());
    bridge.emit('cache:upkeep', report({ state: 'done', damagedOrders: 3 }));
    expect(useUpkeepStore.getState().shown).toMatchObject({ state: 'done', damagedOrders: 3 });
    useUpkeepStore.getState().dismiss();
    expect(useUpkeepStore.getState().shown).toBeNull();
    bridge.emit('cache:upkeep', report({ state: 'failed' }));
    expect(useUpkeepStore.getState().shown).toMatchObject({ state: 'failed' });
  });

  it('Cancel calls orders:cancelUpkeep once; the cancelled end is said once, as the merchant asked for it', async () => {
    bridge.emit('cache:upkeep', report());
    const pressed = useUpkeepStore.getState().cancel();
    expect(useUpkeepStore.getState().cancelling).toBe(true);
    void useUpkeepStore.getState().cancel(); // a second press while the first runs sends nothing
    await pressed;
    expect(cancels).toBe(1);
    expect(bridge.calls.filter(([c]) => c === 'orders:cancelUpkeep')).toEqual([['orders:cancelUpkeep', undefined]]);
    // Still shown until the upkeep reports its end (it stops after its current step).
    expect(useUpkeepStore.getState().shown).not.toBeNull();
    bridge.emit('cache:upkeep', report({ state: 'cancelled' }));
    expect(useUpkeepStore.getState()).toMatchObject({ shown: null, cancelling: false, stoppedByMerchant: true });
    useUpkeepStore.getState().noticed();
    expect(useUpkeepStore.getState().stoppedByMerchant).toBe(false);
  });

  it('a cancel nobody asked for here (the session closing) ends it silently; a failed cancel says why', async () => {
    bridge.emit('cache:upkeep', report());
    bridge.emit('cache:upkeep', report({ state: 'cancelled' }));
    expect(useUpkeepStore.getState()).toMatchObject({ shown: null, stoppedByMerchant: false });

    bridge.emit('cache:upkeep', report());
    bridge.answer('orders:cancelUpkeep', () => ({ ok: false, error: { kind: 'unavailable', message: 'host gone' } }));
    await useUpkeepStore.getState().cancel();
    expect(useUpkeepStore.getState()).toMatchObject({ cancelling: false, cancelError: { message: 'host gone' } });
    // It had already ended: no cancel pending.
    bridge.answer('orders:cancelUpkeep', () => ({ ok: true, data: { cancelled: false } }));
    await useUpkeepStore.getState().cancel();
    expect(useUpkeepStore.getState()).toMatchObject({ cancelling: false, cancelError: null });
  });

  it('a profile switch forgets the previous profile’s upkeep', async () => {
    bridge.emit('cache:upkeep', report({ state: 'done', damagedOrders: 2 }));
    expect(useUpkeepStore.getState().shown).not.toBeNull();
    expect(await useProfilesStore.getState().use('b')).toBe(true);
    expect(useUpkeepStore.getState().shown).toBeNull();
  });

  it('a page opened after the upkeep ended still shows its damaged orders, asked of the host', async () => {
    const { profileId: _, ...ended } = report({ phase: 'check', done: 14, total: 14, state: 'done', damagedOrders: 3 });
    bridge.answer('orders:upkeepState', () => ({ ok: true, data: { report: ended } }));
    expect(await useProfilesStore.getState().use('b')).toBe(true);
    await vi.waitFor(() => expect(useUpkeepStore.getState().shown).toEqual(ended));
    expect(bridge.calls.filter(([c]) => c === 'orders:upkeepState').length).toBeGreaterThanOrEqual(1);
  });

  it('a running upkeep read later shows its progress; a clean or cancelled end, or none, shows nothing', async () => {
    const { profileId: _, ...running } = report();
    for (const [answer, shown] of [
      [running, running],
      [{ ...running, state: 'done' as const }, null],
      [{ ...running, state: 'cancelled' as const }, null],
      [null, null],
    ] as const) {
      useUpkeepStore.getState().reset();
      bridge.answer('orders:upkeepState', () => ({ ok: true, data: { report: answer } }));
      await useUpkeepStore.getState().load();
      expect(useUpkeepStore.getState()).toMatchObject({ shown, stoppedByMerchant: false });
    }
  });

  it('an event (or a dismissal) while the question is out wins over the older answer', async () => {
    const { profileId: _, ...stale } = report({ done: 10 });
    let answerNow: () => void = () => {};
    bridge.answer(
      'orders:upkeepState',
      () =>
        new Promise((resolve) => {
          answerNow = () => resolve({ ok: true, data: { report: stale } });
        }),
    );
    const loading = useUpkeepStore.getState().load();
    bridge.emit('cache:upkeep', report({ done: 900_000 }));
    answerNow();
    await loading;
    expect(useUpkeepStore.getState().shown).toMatchObject({ done: 900_000 });

    useUpkeepStore.getState().reset();
    const again = useUpkeepStore.getState().load();
    useUpkeepStore.getState().dismiss();
    answerNow();
    await again;
    expect(useUpkeepStore.getState().shown).toBeNull();
  });

  it('removes its subscription with the others', () => {
    expect(bridge.subscribers('cache:upkeep')).toBe(1);
    unsubscribe();
    expect(bridge.subscribers('cache:upkeep')).toBe(0);
    unsubscribe = () => {};
  });
});

describe('upkeepFraction', () => {
  it('is the share done, capped at 1; none for a one-go step', () => {
    expect(upkeepFraction({ done: 430_000, total: 1_000_000 })).toBe(0.43);
    expect(upkeepFraction({ done: 5, total: 4 })).toBe(1);
    expect(upkeepFraction({ done: 1, total: 1 })).toBeNull();
    expect(upkeepFraction({ done: 0, total: 0 })).toBeNull();
  });
});
