import { describe, expect, it } from 'vitest';
import { localManagementPorts, SHOP } from '../../../test/helpers/appPorts';
import { strictGate } from '../../../test/helpers/stubImplementations';
import { profilesHandlers } from './profiles';

describe('profiles handlers over the real use-case layer (settings file in a temp dir, keychain in memory)', () => {
  it('add, list, edit, use: answers fit the contract and say "set / not set", never the token', async () => {
    const app = localManagementPorts();
    const invoke = strictGate(profilesHandlers(app));
    expect(await invoke('profiles:add', { profile: SHOP })).toMatchObject({
      ok: true,
      data: { profile: { id: 'shop-eu', apiPrefix: '/merchant-api' }, activeProfileId: 'shop-eu' },
    });
    await invoke('profiles:add', { profile: { ...SHOP, id: 'shop-us' }, use: true });
    await app.secrets.set('shop-eu', 'token', 'secret-token-value');
    const list = await invoke('profiles:list');
    expect(list).toMatchObject({
      ok: true,
      data: {
        activeProfileId: 'shop-us',
        profiles: [
          { id: 'shop-eu', tokenState: 'set', key: null },
          { id: 'shop-us', tokenState: 'not set' },
        ],
        tokenProblem: null,
      },
    });
    expect(JSON.stringify(list)).not.toContain('secret-token-value');
    expect(await invoke('profiles:edit', { profileId: 'shop-eu', changes: { pollIntervalSeconds: 5 } })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', issues: [{ path: 'pollIntervalSeconds' }] },
    });
    expect(await invoke('profiles:use', { profileId: 'shop-eu' })).toEqual({
      ok: true,
      data: { activeProfileId: 'shop-eu' },
    });
    expect(await invoke('profiles:get', { profileId: 'ghost' })).toMatchObject({
      ok: false,
      error: { kind: 'settings', message: 'There is no profile "ghost".' },
    });
  });

  it('removing the active profile is refused until confirmed; the answer names the active profile afterwards', async () => {
    const app = localManagementPorts();
    const invoke = strictGate(profilesHandlers(app));
    await invoke('profiles:add', { profile: SHOP });
    await invoke('profiles:add', { profile: { ...SHOP, id: 'shop-us' } });
    expect(await invoke('profiles:remove', { profileId: 'shop-eu' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', code: 'confirmation-required' },
    });
    expect(await invoke('profiles:remove', { profileId: 'shop-eu', confirmed: true })).toEqual({
      ok: true,
      data: { removed: 'shop-eu', secretsDeleted: true, activeProfileId: null, remaining: ['shop-us'] },
    });
  });

  it('a keychain failure leaves token states unknown and says why', async () => {
    const app = localManagementPorts();
    const invoke = strictGate(profilesHandlers(app));
    await invoke('profiles:add', { profile: SHOP });
    app.secrets.failWith = { kind: 'keychain-locked', message: 'The keychain is locked.', action: 'Unlock it.' };
    expect(await invoke('profiles:get', { profileId: 'shop-eu' })).toMatchObject({
      ok: true,
      data: { profile: { tokenState: 'unknown' }, tokenProblem: { kind: 'keychain', code: 'keychain-locked' } },
    });
  });
});

describe('a sandbox profile added through the app', () => {
  it('starts with the sandbox’s status labels, under the ones given', async () => {
    const app = { ...localManagementPorts(), sandboxStatusLabels: { order: { '3': 'Delivering' }, afterSales: {} } };
    const invoke = strictGate(profilesHandlers(app));
    const added = await invoke('profiles:add', {
      profile: { ...SHOP, id: 'play', kind: 'sandbox', statusLabels: { order: { '4': 'Done' } } },
    });
    expect(added).toMatchObject({
      ok: true,
      data: { profile: { statusLabels: { order: { '3': 'Delivering', '4': 'Done' }, afterSales: {} } } },
    });
  });
});
