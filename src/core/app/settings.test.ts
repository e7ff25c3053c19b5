import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appPorts, SHOP } from '../../../test/helpers/appPorts';
import { getSettings, updateSettings } from './settings';

describe('settings use cases', () => {
  it('a settings file without app settings reads as the labelled defaults', () => {
    const { profiles } = appPorts();
    expect(getSettings(profiles)).toEqual({
      ok: true,
      value: {
        app: {
          clipboardClearSeconds: 120,
          closeToTray: true,
          openAtLogin: false,
          automaticUpdates: true,
          language: 'system',
          doNotDisturbUntil: null,
        },
        profile: null,
      },
    });
  });

  it('changes app and profile settings in the settings file; clipboard clearing may be turned off', () => {
    const ports = appPorts();
    ports.profiles.add(SHOP);
    const r = updateSettings(ports.profiles, {
      app: { clipboardClearSeconds: null, openAtLogin: true },
      profile: { profileId: 'shop-eu', pollIntervalSeconds: 300, notifications: { dispute: false } },
    });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.app).toEqual({
      clipboardClearSeconds: null,
      closeToTray: true,
      openAtLogin: true,
      automaticUpdates: true,
      language: 'system',
      doNotDisturbUntil: null,
    });
    expect(r.value.profile).toMatchObject({
      profileId: 'shop-eu',
      pollIntervalSeconds: 300,
      notifications: { dispute: false, newOrder: true },
    });
    const file = JSON.parse(readFileSync(path.join(ports.dataDir, 'settings.json'), 'utf8'));
    expect(file).toMatchObject({ schemaVersion: 1, appSettings: { clipboardClearSeconds: null, openAtLogin: true } });
  });

  it('refuses an out-of-range value with the field named; nothing changes', () => {
    const { profiles } = appPorts();
    const r = updateSettings(profiles, { app: { clipboardClearSeconds: 1 } });
    expect(r).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', issues: [{ path: 'clipboardClearSeconds' }] },
    });
    expect(getSettings(profiles)).toMatchObject({ value: { app: { clipboardClearSeconds: 120 } } });
  });

  it('do-not-disturb is an instant with a zone (stored as given) or null; anything else is refused by name', () => {
    const { profiles } = appPorts();
    const set = updateSettings(profiles, { app: { doNotDisturbUntil: '2026-05-01T08:00:00Z' } });
    expect(set).toMatchObject({ ok: true, value: { app: { doNotDisturbUntil: '2026-05-01T08:00:00Z' } } });
    for (const bad of ['tomorrow', '2026-05-01T08:00:00', '']) {
      expect(updateSettings(profiles, { app: { doNotDisturbUntil: bad } })).toMatchObject({
        ok: false,
        error: { kind: 'invalid-input', issues: [{ path: 'doNotDisturbUntil' }] },
      });
    }
    expect(updateSettings(profiles, { app: { doNotDisturbUntil: null } })).toMatchObject({
      ok: true,
      value: { app: { doNotDisturbUntil: null } },
    });
  });

  it('app settings survive every other change of the settings file', () => {
    const { profiles } = appPorts();
    updateSettings(profiles, { app: { closeToTray: false } });
    profiles.add(SHOP);
    profiles.setActive(null);
    profiles.remove('shop-eu');
    expect(getSettings(profiles)).toMatchObject({ ok: true, value: { app: { closeToTray: false } } });
  });

  it('a profile that does not exist is a settings error', () => {
    const { profiles } = appPorts();
    expect(getSettings(profiles, 'ghost')).toMatchObject({ ok: false, error: { kind: 'settings', code: 'not-found' } });
  });
});
