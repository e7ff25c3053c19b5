// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { profileSettings } from '../testing/profileFixture';
import { installFakeBridge, type FakeBridge } from '../testing/fakeBridge';
import { useProfileSetupStore } from './profileSetupStore';
import { useProfilesStore } from './profilesStore';

const TOKEN = 'tok-secret-81f2';
const PEM = '-----BEGIN PRIVATE KEY-----\nMIIsecret\n-----END PRIVATE KEY-----\n';
const PASSPHRASE = 'pass-secret-19';

const draft = {
  name: 'Shop EU',
  id: 'shop-eu',
  baseUrl: 'https://api.example.com',
  platformUrl: 'https://shop.example.com',
  apiPrefix: '/merchant-api',
  merchantId: 'M1',
};

const settings = (id: string) => profileSettings(id);

const publicKey = {
  publicKeyPem: '-----BEGIN PUBLIC KEY-----\nMII\n',
  bits: 2048,
  fingerprint: { hex: 'ab', base64: 'q' },
};
const keySaved = (profileId: string) => ({
  ok: true as const,
  data: { profileId, key: publicKey, replaced: false, unchanged: false },
});

function channels(bridge: FakeBridge): string[] {
  return bridge.calls.map(([c]) => c);
}

describe('profile setup store', () => {
  let bridge: FakeBridge;

  beforeEach(() => {
    bridge = installFakeBridge({
      'profiles:list': () => ({ ok: true, data: { activeProfileId: null, profiles: [], tokenProblem: null } }),
      'profiles:add': ({ profile }) => ({
        ok: true,
        data: { profile: settings(profile.id), activeProfileId: 'sandbox' },
      }),
      'credentials:setToken': ({ profileId, token }) => ({
        ok: true,
        data: { profileId, tokenState: 'set', length: token.length },
      }),
      'credentials:keyStatus': ({ profileId }) => ({ ok: true, data: { profileId, key: null } }),
      'credentials:importKey': ({ profileId }) => keySaved(profileId),
      'credentials:generateKey': ({ profileId }) => keySaved(profileId),
    });
    useProfileSetupStore.setState(useProfileSetupStore.getInitialState());
  });

  it('sends nothing while the form shows a problem, and names the fields', async () => {
    const sent = await useProfileSetupStore
      .getState()
      .addProfile({ ...draft, baseUrl: 'http://api.example.com' }, { token: TOKEN, key: { kind: 'later' } });
    expect(sent).toBe(false);
    expect(bridge.calls).toEqual([]);
    expect(useProfileSetupStore.getState().connect.fieldErrors.baseUrl).toMatch(/https/);
    const noPem = await useProfileSetupStore
      .getState()
      .addProfile(draft, { token: TOKEN, key: { kind: 'import', privateKeyPem: ' ', passphrase: '' } });
    expect(noPem).toBe(false);
    expect(useProfileSetupStore.getState().connect.fieldErrors.privateKey).toBeDefined();
    expect(bridge.calls).toEqual([]);
  });

  it('adds the profile, stores the token and imports the key, keeping no secret in the store', async () => {
    const done = await useProfileSetupStore.getState().addProfile(draft, {
      token: TOKEN,
      key: { kind: 'import', privateKeyPem: PEM, passphrase: PASSPHRASE },
    });
    expect(done).toBe(true);
    const order = channels(bridge).filter((c) => !c.startsWith('profiles:list') && c !== 'credentials:keyStatus');
    expect(order).toEqual(['profiles:add', 'credentials:setToken', 'credentials:importKey']);
    expect(bridge.calls.find(([c]) => c === 'profiles:add')?.[1]).toEqual({
      profile: { ...draft, kind: 'merchant' },
      use: false,
    });
    const state = useProfileSetupStore.getState();
    expect(state.connect).toMatchObject({ status: 'done', profileId: 'shop-eu', error: null });
    expect(state.selectedId).toBe('shop-eu');
    expect(state.key.data?.key).toEqual(publicKey);
    const kept = JSON.stringify(state) + JSON.stringify(useProfilesStore.getState());
    for (const secret of [TOKEN, 'MIIsecret', PASSPHRASE]) expect(kept).not.toContain(secret);
    expect(channels(bridge)).toContain('profiles:list');
  });

  it("shows the host's invalid-input issues at their fields, and a duplicate ID at the ID", async () => {
    bridge.answer('profiles:add', () => ({
      ok: false,
      error: {
        kind: 'invalid-input',
        code: 'invalid',
        message: 'baseUrl: must use https',
        issues: [{ path: 'baseUrl', message: 'must use https' }],
      },
    }));
    expect(await useProfileSetupStore.getState().addProfile(draft, { token: TOKEN, key: { kind: 'later' } })).toBe(
      false,
    );
    expect(useProfileSetupStore.getState().connect).toMatchObject({
      status: 'failed',
      failedStep: 'profile',
      fieldErrors: { baseUrl: 'must use https' },
      profileId: null,
    });
    expect(channels(bridge)).not.toContain('credentials:setToken');

    bridge.answer('profiles:add', () => ({
      ok: false,
      error: { kind: 'invalid-input', code: 'duplicate', message: 'A profile "shop-eu" exists already.' },
    }));
    await useProfileSetupStore.getState().addProfile(draft, { token: TOKEN, key: { kind: 'later' } });
    expect(useProfileSetupStore.getState().connect.fieldErrors.id).toMatch(/exists already/);
  });

  it('says which step failed after the profile was added', async () => {
    bridge.answer('credentials:setToken', () => ({
      ok: false,
      error: { kind: 'keychain', message: 'The keychain is locked.', action: 'Unlock it.' },
    }));
    await useProfileSetupStore.getState().addProfile(draft, { token: TOKEN, key: { kind: 'generate', bits: 2048 } });
    expect(useProfileSetupStore.getState().connect).toMatchObject({
      status: 'failed',
      failedStep: 'token',
      profileId: 'shop-eu',
    });
    expect(channels(bridge)).not.toContain('credentials:generateKey');

    bridge.answer('credentials:setToken', ({ profileId }) => ({
      ok: true,
      data: { profileId, tokenState: 'set', length: 3 },
    }));
    bridge.answer('credentials:generateKey', () => ({
      ok: false,
      error: { kind: 'invalid-input', code: 'key-exists', message: 'Profile shop-eu already has a key.' },
    }));
    await useProfileSetupStore.getState().addProfile(draft, { token: TOKEN, key: { kind: 'generate', bits: 2048 } });
    expect(useProfileSetupStore.getState().connect).toMatchObject({ failedStep: 'key', profileId: 'shop-eu' });
    expect(useProfileSetupStore.getState().connect.error?.message).toMatch(/already has a key/);
  });

  it('sends an empty passphrase as none', async () => {
    await useProfileSetupStore.getState().select('shop-eu');
    await useProfileSetupStore.getState().importKey('shop-eu', PEM, '', false);
    expect(bridge.calls.find(([c]) => c === 'credentials:importKey')?.[1]).toMatchObject({ passphrase: null });
  });

  it("keeps a connection test's answer only for the profile it was asked for", async () => {
    let release: () => void = () => {};
    bridge.answer(
      'credentials:testConnection',
      ({ profileId }) =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              ok: true,
              data: {
                profileId,
                ok: false,
                checks: [
                  { id: 'token', title: 'Access token', status: 'failed', detail: 'HTTP 401', action: 'Get a token.' },
                ],
              },
            });
        }),
    );
    await useProfileSetupStore.getState().select('a');
    const running = useProfileSetupStore.getState().testConnection('a');
    expect(useProfileSetupStore.getState().test.status).toBe('loading');
    await useProfileSetupStore.getState().select('b');
    release();
    await running;
    expect(useProfileSetupStore.getState().test.data).toBeNull();

    await useProfileSetupStore.getState().select('a');
    const again = useProfileSetupStore.getState().testConnection('a');
    release();
    await again;
    expect(useProfileSetupStore.getState().test.data?.checks[0]).toMatchObject({
      status: 'failed',
      action: 'Get a token.',
    });
  });

  it('removes a profile after the question (confirmed), and knows which one is active afterwards', async () => {
    bridge.answer('profiles:remove', ({ profileId }) => ({
      ok: true,
      data: { removed: profileId, secretsDeleted: true, activeProfileId: null, remaining: ['sandbox'] },
    }));
    await useProfileSetupStore.getState().select('shop-eu');
    expect(await useProfileSetupStore.getState().removeProfile('shop-eu')).toBe(true);
    expect(bridge.calls.find(([c]) => c === 'profiles:remove')?.[1]).toEqual({
      profileId: 'shop-eu',
      keepSecrets: false,
      confirmed: true,
    });
    expect(useProfileSetupStore.getState().removal.data?.activeProfileId).toBeNull();
    expect(useProfileSetupStore.getState().selectedId).toBeNull();
  });

  it("renames, and keeps the host's refusal", async () => {
    bridge.answer('profiles:edit', () => ({
      ok: false,
      error: {
        kind: 'invalid-input',
        message: 'name: name must not be blank',
        issues: [{ path: 'name', message: 'name must not be blank' }],
      },
    }));
    expect(await useProfileSetupStore.getState().renameProfile('shop-eu', ' ')).toBe(false);
    expect(useProfileSetupStore.getState().rename.error?.issues?.[0]?.path).toBe('name');
  });

  it('changes where a profile connects: hints send nothing, the host names bad fields, a change clears the last test', async () => {
    const connection = {
      baseUrl: 'https://api.example.com',
      platformUrl: 'https://shop.example.com',
      apiPrefix: '/v2-api',
      merchantId: 'M1',
    };
    expect(
      await useProfileSetupStore
        .getState()
        .editConnection('shop-eu', { ...connection, platformUrl: 'http://shop.example.com' }),
    ).toBe(false);
    expect(bridge.calls).toEqual([]);
    expect(useProfileSetupStore.getState().edit.fieldErrors.platformUrl).toMatch(/https/);

    bridge.answer('profiles:edit', () => ({
      ok: false,
      error: {
        kind: 'invalid-input',
        message: 'merchantId: merchant ID must not be empty',
        issues: [{ path: 'merchantId', message: 'merchant ID must not be empty' }],
      },
    }));
    expect(await useProfileSetupStore.getState().editConnection('shop-eu', connection)).toBe(false);
    expect(useProfileSetupStore.getState().edit.fieldErrors).toEqual({ merchantId: 'merchant ID must not be empty' });

    bridge.answer('profiles:edit', ({ profileId }) => ({
      ok: true,
      data: { profile: { ...settings(profileId), apiPrefix: '/v2-api' }, activeProfileId: 'sandbox' },
    }));
    useProfileSetupStore.setState({ test: { status: 'ready', data: null, error: null } });
    expect(
      await useProfileSetupStore
        .getState()
        .editConnection('shop-eu', { ...connection, baseUrl: ' https://b.example ' }),
    ).toBe(true);
    expect(bridge.calls.at(-2)).toEqual([
      'profiles:edit',
      {
        profileId: 'shop-eu',
        changes: { ...connection, baseUrl: 'https://b.example' },
        use: false,
      },
    ]);
    expect(useProfileSetupStore.getState().test.status).toBe('idle');
    expect(useProfileSetupStore.getState().edit).toMatchObject({ status: 'ready', fieldErrors: {} });
  });
});
