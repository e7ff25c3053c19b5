import { describe, expect, it } from 'vitest';
import { localManagementPorts, SHOP } from '../../../test/helpers/appPorts';
import { strictGate } from '../../../test/helpers/stubImplementations';
import { generateRsaPrivateKey } from '../../core/keys/keyMaterial';
import { credentialsHandlers } from './credentials';

const pem = (await generateRsaPrivateKey(2048))
  .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'correct horse' })
  .toString();

function setUp() {
  const app = localManagementPorts();
  app.profiles.add(SHOP);
  return { app, invoke: strictGate(credentialsHandlers(app)) };
}

describe('credentials handlers over the real use-case layer (real key files, keychain in memory)', () => {
  it('token: written, reported as "set / not set", deleted; never answered', async () => {
    const { app, invoke } = setUp();
    const set = await invoke('credentials:setToken', { profileId: 'shop-eu', token: 'Bearer tok-123' });
    expect(set).toEqual({ ok: true, data: { profileId: 'shop-eu', tokenState: 'set', length: 7 } });
    expect(app.secrets.entries.get('shop-eu:token')).toBe('tok-123');
    expect(await invoke('credentials:tokenStatus', { profileId: 'shop-eu' })).toMatchObject({
      data: { tokenState: 'set' },
    });
    expect(await invoke('credentials:deleteToken', { profileId: 'shop-eu' })).toMatchObject({
      data: { deleted: true },
    });
  });

  it('key: import of an encrypted PEM with its passphrase, status with fingerprint and public key, remove', async () => {
    const { invoke } = setUp();
    const imported = await invoke('credentials:importKey', {
      profileId: 'shop-eu',
      privateKeyPem: pem,
      passphrase: 'correct horse',
    });
    expect(imported).toMatchObject({ ok: true, data: { replaced: false, unchanged: false, key: { bits: 2048 } } });
    expect(JSON.stringify(imported)).not.toMatch(/PRIVATE KEY|correct horse/);
    const status = await invoke('credentials:keyStatus', { profileId: 'shop-eu' });
    expect(status).toMatchObject({
      ok: true,
      data: {
        key: { publicKeyPem: expect.stringMatching(/BEGIN PUBLIC KEY/), fingerprint: { hex: expect.any(String) } },
      },
    });
    expect(await invoke('credentials:generateKey', { profileId: 'shop-eu' })).toMatchObject({
      ok: false,
      error: { code: 'key-exists' },
    });
    expect(await invoke('credentials:removeKey', { profileId: 'shop-eu' })).toMatchObject({ data: { deleted: true } });
  });

  it('a wrong passphrase is a typed input error; nothing is stored', async () => {
    const { invoke } = setUp();
    expect(
      await invoke('credentials:importKey', { profileId: 'shop-eu', privateKeyPem: pem, passphrase: 'nope' }),
    ).toMatchObject({ ok: false, error: { kind: 'invalid-input', code: 'wrong-passphrase' } });
    expect(await invoke('credentials:keyStatus', { profileId: 'shop-eu' })).toMatchObject({ data: { key: null } });
  });

  it('signature inspector and test connection answer within the contract', async () => {
    const { invoke } = setUp();
    await invoke('credentials:generateKey', { profileId: 'shop-eu', bits: 2048 });
    const inspected = await invoke('credentials:inspectSignature', { profileId: 'shop-eu' });
    expect(inspected).toMatchObject({
      ok: true,
      data: { method: 'POST', selfCheck: true, publicKeyCheck: null, headers: { signature: expect.any(String) } },
    });
    const tested = await invoke('credentials:testConnection', { profileId: 'shop-eu' });
    expect(tested).toMatchObject({
      ok: true,
      data: {
        ok: false,
        checks: [
          { id: 'token', status: 'failed' },
          { id: 'signature', status: 'ok' },
        ],
      },
    });
    expect(await invoke('credentials:testConnection', { profileId: 'ghost' })).toMatchObject({
      ok: false,
      error: { kind: 'settings' },
    });
  });
});
