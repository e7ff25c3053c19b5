// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcData } from '../../shared/ipc/contract';
import { profileView } from '../testing/profileFixture';
import { installFakeBridge, type FakeBridge } from '../testing/fakeBridge';
import { useChangesStore } from './changesStore';
import { ENVIRONMENT_SESSION, servedSession, useProfilesStore } from './profilesStore';
import { routeOfNavigation, subscribeToHostEvents } from './subscriptions';
import { useSyncStore } from './syncStore';

const profile = (id: string) => profileView(id, { merchantId: 'm1', apiVersion: '1' });

const status: IpcData<'sync:status'> = {
  state: 'idle',
  complete: true,
  lastSyncedAt: '2026-11-23T10:00:00.000Z',
  lastFullSyncAt: null,
  unfinished: null,
};

describe('push events → stores', () => {
  let bridge: FakeBridge;
  let unsubscribe: () => void;
  let active = 'a';

  beforeEach(async () => {
    active = 'a';
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
    });
    useSyncStore.getState().reset();
    unsubscribe = subscribeToHostEvents();
    await useProfilesStore.getState().load();
  });
  afterEach(() => unsubscribe());

  it("applies the active profile's sync state and change notices, and ignores another profile's", () => {
    const state = { profileId: 'a', state: 'offline', lastSyncedAt: null, nextPollAt: null, error: null } as const;
    bridge.emit('sync:state', { ...state, profileId: 'b' });
    expect(useSyncStore.getState().live).toBeNull();
    bridge.emit('sync:state', state);
    expect(useSyncStore.getState().live).toEqual(state);

    const before = useChangesStore.getState().revision;
    const events = [{ type: 'dispute-opened', orderId: '1', orderNum: null, atMs: 0 }] as const;
    bridge.emit('orders:changed', { profileId: 'b', events: [...events] });
    expect(useChangesStore.getState().revision).toBe(before);
    bridge.emit('orders:changed', { profileId: 'a', events: [...events] });
    expect(useChangesStore.getState().revision).toBe(before + 1);
    expect(useChangesStore.getState().last).toEqual(events);
  });

  it("a first sync, full sync or rebuild of the active profile marks every cached screen stale; another's does not", () => {
    const before = useChangesStore.getState().revision;
    bridge.emit('orders:reloaded', { profileId: 'b', reason: 'first-sync' });
    expect(useChangesStore.getState().revision).toBe(before);
    bridge.emit('orders:reloaded', { profileId: 'a', reason: 'first-sync' });
    expect(useChangesStore.getState().revision).toBe(before + 1);
    // Stale as a whole: no particular order named.
    expect(useChangesStore.getState().last).toEqual([]);
  });

  it('a profile switch forgets the old sync state and marks cached screens stale', async () => {
    bridge.emit('sync:state', { profileId: 'a', state: 'error', lastSyncedAt: null, nextPollAt: null, error: null });
    const before = useChangesStore.getState().revision;
    expect(await useProfilesStore.getState().use('b')).toBe(true);
    expect(useSyncStore.getState().live).toBeNull();
    expect(useChangesStore.getState().revision).toBe(before + 1);
    expect(bridge.calls.filter(([c]) => c === 'sync:status').length).toBeGreaterThan(0);
  });

  it('app:navigate takes the page to the order, or to the screen named', () => {
    window.location.hash = '#/buyers';
    bridge.emit('app:navigate', { screen: 'orders', orderId: '1234567890123456789' });
    expect(window.location.hash).toBe('#/order/1234567890123456789');
    bridge.emit('app:navigate', { screen: 'after-sales', orderId: null });
    expect(window.location.hash).toBe('#/after-sales');
    bridge.emit('app:navigate', { screen: 'attention', orderId: null });
    expect(window.location.hash).toBe('#/attention');
    expect(routeOfNavigation({ screen: 'orders', orderId: null })).toBe('#/orders');
    expect(routeOfNavigation({ screen: 'after-sales', orderId: '7' })).toBe('#/order/7');
  });

  it('reads the attention queue once the profile is known, and again on a change notice', async () => {
    await new Promise((r) => setTimeout(r, 0));
    const asked = () => bridge.calls.filter(([c]) => c === 'orders:attention').length;
    const before = asked();
    expect(before).toBeGreaterThan(0);
    bridge.emit('orders:changed', { profileId: 'a', events: [] });
    expect(asked()).toBe(before + 1);
  });

  it('removes every subscription', () => {
    expect(bridge.subscribers('orders:changed')).toBe(1);
    expect(bridge.subscribers('app:navigate')).toBe(1);
    unsubscribe();
    expect(bridge.subscribers('orders:changed')).toBe(0);
    expect(bridge.subscribers('app:navigate')).toBe(0);
    unsubscribe = () => {};
  });
});

describe('with no profile (the host serves its environment settings)', () => {
  it("applies the one session's events and counts it as served once the profiles are read", async () => {
    const bridge = installFakeBridge({
      'profiles:list': () => ({ ok: true, data: { activeProfileId: null, profiles: [], tokenProblem: null } }),
      'sync:status': () => ({ ok: true, data: status }),
    });
    useSyncStore.getState().reset();
    expect(servedSession(null)).toBeNull();
    const unsubscribe = subscribeToHostEvents();
    await useProfilesStore.getState().load();
    expect(servedSession(useProfilesStore.getState().list.data)).toBe(ENVIRONMENT_SESSION);
    const before = useChangesStore.getState().revision;
    bridge.emit('orders:changed', {
      profileId: 'default',
      events: [{ type: 'dispute-opened', orderId: '1', orderNum: null, atMs: 0 }],
    });
    expect(useChangesStore.getState().revision).toBe(before + 1);
    unsubscribe();
  });
});

describe('at start', () => {
  it('asks the sync status once: the status asked as the app starts is the first session’s', async () => {
    useProfilesStore.setState({ list: { status: 'idle', data: null, error: null } });
    useSyncStore.getState().reset();
    const bridge = installFakeBridge({
      'profiles:list': () => ({
        ok: true,
        data: { activeProfileId: 'a', profiles: [profile('a')], tokenProblem: null },
      }),
      'sync:status': () => ({ ok: true, data: status }),
    });
    // As the app starts (App's useStartup): subscribed, then the status and the profiles asked together.
    const unsubscribe = subscribeToHostEvents();
    const statusLoaded = useSyncStore.getState().loadStatus();
    await useProfilesStore.getState().load();
    await statusLoaded;
    unsubscribe();
    expect(bridge.calls.filter(([channel]) => channel === 'sync:status')).toHaveLength(1);
    expect(useSyncStore.getState().status.data).toEqual(status);
  });

  it('asks how the cache upkeep stands only once the sync status is answered (the first screen’s reads go first)', async () => {
    useProfilesStore.setState({ list: { status: 'idle', data: null, error: null } });
    useSyncStore.getState().reset();
    let answerStatus: () => void = () => {};
    const bridge = installFakeBridge({
      'profiles:list': () => ({
        ok: true,
        data: { activeProfileId: 'a', profiles: [profile('a')], tokenProblem: null },
      }),
      'sync:status': () =>
        new Promise((resolve) => {
          answerStatus = () => resolve({ ok: true, data: status });
        }),
      'orders:upkeepState': () => ({ ok: true, data: { report: null } }),
    });
    const unsubscribe = subscribeToHostEvents();
    const statusLoaded = useSyncStore.getState().loadStatus();
    await useProfilesStore.getState().load();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const asked = () => bridge.calls.filter(([channel]) => channel === 'orders:upkeepState').length;
    expect(asked()).toBe(0);
    answerStatus();
    await statusLoaded;
    await vi.waitFor(() => expect(asked()).toBe(1));
    unsubscribe();
  });
});
