import { describe, expect, it } from 'vitest';
import { localManagementPorts, SHOP } from '../../../test/helpers/appPorts';
import { strictGate } from '../../../test/helpers/stubImplementations';
import { settingsHandlers } from './settings';

describe('settings handlers over the real settings file', () => {
  it('reads defaults, changes app and profile settings, refuses out-of-range values', async () => {
    const app = localManagementPorts();
    const invoke = strictGate(settingsHandlers(app));
    expect(await invoke('settings:get')).toEqual({
      ok: true,
      data: {
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

  it('delivery deadlines: labelled defaults, each part merged field by field, ranges checked', async () => {
    const app = localManagementPorts();
    const invoke = strictGate(settingsHandlers(app));
    app.profiles.add(SHOP);
    expect(await invoke('settings:get', { profileId: 'shop-eu' })).toMatchObject({
      data: {
        profile: {
          deliveryDeadlines: {
            rules: { clockStart: 'paid', partialDelivery: 'earliest-first', closedOrderStatuses: [5, 6] },
            dueSoon: { fraction: 0.25, capMinutes: 30 },
          },
        },
      },
    });
    await invoke('settings:update', {
      profile: { profileId: 'shop-eu', deliveryDeadlines: { rules: { clockStart: 'created' } } },
    });
    const both = await invoke('settings:update', {
      profile: { profileId: 'shop-eu', deliveryDeadlines: { dueSoon: { capMinutes: 10 } } },
    });
    expect(both).toMatchObject({
      data: {
        profile: {
          deliveryDeadlines: {
            rules: { clockStart: 'created', partialDelivery: 'earliest-first' },
            dueSoon: { fraction: 0.25, capMinutes: 10 },
          },
        },
      },
    });
    expect(
      await invoke('settings:update', {
        profile: { profileId: 'shop-eu', deliveryDeadlines: { dueSoon: { fraction: 2 } } },
      }),
    ).toMatchObject({ ok: false });
  });
});
