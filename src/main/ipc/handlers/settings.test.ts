import { describe, expect, it } from 'vitest';
import { localManagementPorts, SHOP } from '../../../../test/helpers/appPorts';
import { strictGate } from '../../../../test/helpers/stubImplementations';
import { settingsHandlers } from './settings';

describe('settings handlers over the real settings file', () => {
  it('reads defaults, changes app and profile settings, refuses out-of-range values', async () => {
    const app = localManagementPorts();
    const invoke = strictGate(settingsHandlers(app));
    expect(await invoke('settings:get')).toEqual({
      ok: true,
      data: {
        app: { clipboardClearSeconds: 120, closeToTray: true, openAtLogin: false, doNotDisturbUntil: null },
        profile: null,
      },
    });
    app.profiles.add(SHOP);
    const updated = await invoke('settings:update', {
      app: { closeToTray: false },
      profile: { profileId: 'shop-eu', statusLabels: { order: { '3': 'Shipped' } } },
    });
    expect(updated).toMatchObject({
      ok: true,
      data: {
        app: { closeToTray: false, clipboardClearSeconds: 120 },
        profile: { profileId: 'shop-eu', statusLabels: { order: { '3': 'Shipped' }, afterSales: {} } },
      },
    });
    expect(await invoke('settings:update', { app: { clipboardClearSeconds: 100_000 } })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', issues: [{ path: 'clipboardClearSeconds' }] },
    });
    expect(await invoke('settings:get', { profileId: null })).toMatchObject({
      data: { app: { closeToTray: false, clipboardClearSeconds: 120 }, profile: { profileId: 'shop-eu' } },
    });
  });
});
