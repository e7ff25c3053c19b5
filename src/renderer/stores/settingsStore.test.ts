// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import type { IpcData } from '../../shared/ipc/contract';
import { installFakeBridge, type FakeBridge } from '../testing/fakeBridge';
import { profileSettings } from '../testing/profileFixture';
import { useSettingsStore } from './settingsStore';

const defaults = profileSettings('shop-eu');
const stored: IpcData<'settings:get'> = {
  app: {
    clipboardClearSeconds: 120,
    closeToTray: true,
    openAtLogin: false,
    automaticUpdates: true,
    language: 'system',
    doNotDisturbUntil: null,
  },
  profile: {
    profileId: defaults.id,
    pollIntervalSeconds: defaults.pollIntervalSeconds,
    pollOverlapMinutes: 2,
    notifications: defaults.notifications,
    statusLabels: { order: { '1': 'Paid' }, afterSales: {} },
    deliveryDeadlines: defaults.deliveryDeadlines,
    imageHosts: [],
    afterSalesStatuses: defaults.afterSalesStatuses,
  },
};

describe('settings store', () => {
  let bridge: FakeBridge;

  beforeEach(async () => {
    bridge = installFakeBridge({
      'settings:get': () => ({ ok: true, data: stored }),
      'settings:update': ({ app, profile }) => ({
        ok: true,
        data: {
          app: { ...stored.app, ...app },
          profile: stored.profile && {
            ...stored.profile,
            pollIntervalSeconds: profile?.pollIntervalSeconds ?? stored.profile.pollIntervalSeconds,
          },
        },
      }),
    });
    useSettingsStore.setState(useSettingsStore.getInitialState());
    await useSettingsStore.getState().load();
  });

  it('reads the settings of the active profile', () => {
    expect(bridge.calls[0]).toEqual(['settings:get', { profileId: null }]);
    expect(useSettingsStore.getState().settings).toEqual({ status: 'ready', data: stored, error: null });
  });

  it('sends only the changed app settings and keeps the answer as stored', async () => {
    expect(await useSettingsStore.getState().updateApp('app-general', { openAtLogin: true })).toBe(true);
    expect(bridge.calls.at(-1)).toEqual(['settings:update', { app: { openAtLogin: true }, profile: null }]);
    expect(useSettingsStore.getState().settings.data?.app.openAtLogin).toBe(true);
    expect(useSettingsStore.getState().save).toMatchObject({ status: 'saved', section: 'app-general' });
  });

  it("names the profile it changes, and on a refusal keeps the stored settings and the host's issues by field", async () => {
    await useSettingsStore.getState().updateProfile('poll', { pollIntervalSeconds: 90 });
    expect(bridge.calls.at(-1)).toEqual([
      'settings:update',
      { app: null, profile: { profileId: 'shop-eu', pollIntervalSeconds: 90 } },
    ]);
    bridge.answer('settings:update', () => ({
      ok: false,
      error: {
        kind: 'invalid-input',
        message: 'pollIntervalSeconds: poll interval must be at least 15 seconds',
        issues: [{ path: 'pollIntervalSeconds', message: 'poll interval must be at least 15 seconds' }],
      },
    }));
    expect(await useSettingsStore.getState().updateProfile('poll', { pollIntervalSeconds: 5 })).toBe(false);
    const state = useSettingsStore.getState();
    expect(state.settings.data?.profile?.pollIntervalSeconds).toBe(90);
    expect(state.save).toMatchObject({
      status: 'failed',
      section: 'poll',
      fieldErrors: { pollIntervalSeconds: 'poll interval must be at least 15 seconds' },
    });
  });

  it('sends nothing for profile settings when no profile is active', async () => {
    bridge.answer('settings:get', () => ({ ok: true, data: { ...stored, profile: null } }));
    await useSettingsStore.getState().load();
    const calls = bridge.calls.length;
    expect(await useSettingsStore.getState().updateProfile('poll', { pollIntervalSeconds: 90 })).toBe(false);
    expect(bridge.calls.length).toBe(calls);
    expect(useSettingsStore.getState().save.error?.kind).toBe('settings');
  });

  it('keeps the last inspection beside a failed one', async () => {
    bridge.answer('credentials:inspectSignature', () => ({
      ok: false,
      error: { kind: 'invalid-input', code: 'no-key', message: 'Profile shop-eu has no key.' },
    }));
    await useSettingsStore.getState().inspect('shop-eu', null);
    expect(bridge.calls.at(-1)).toEqual(['credentials:inspectSignature', { profileId: 'shop-eu', publicKeyPem: null }]);
    expect(useSettingsStore.getState().inspection).toMatchObject({ status: 'failed', data: null });
  });
});
