import { describe, expect, it } from 'vitest';
import { appPorts } from '../../../test/helpers/appPorts';
import { generateRsaPrivateKey } from '../keys/keyMaterial';
import { deleteToken, generateKey, importKey, keyStatus, removeKey, setToken, tokenStatus } from './credentials';

const key = await generateRsaPrivateKey(2048);
const encryptedPem = key
  .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'correct horse' })
  .toString();

describe('credential use cases: secrets go in, only states and public facts come out', () => {
  it('stores a pasted "Bearer …" token and answers with its state and length, never the token', async () => {
    const ports = appPorts();
    const r = await setToken(ports, 'shop-eu', '  Bearer abc.def-123\n');
    expect(r).toEqual({ ok: true, value: { profileId: 'shop-eu', token: 'set', length: 11 } });
    expect(ports.secrets.entries.get('shop-eu:token')).toBe('abc.def-123');
    expect(await tokenStatus(ports, 'shop-eu')).toEqual({ ok: true, value: { profileId: 'shop-eu', token: 'set' } });
    expect(await deleteToken(ports, 'shop-eu')).toEqual({ ok: true, value: { profileId: 'shop-eu', deleted: true } });
    expect(await tokenStatus(ports, 'shop-eu')).toMatchObject({ value: { token: 'not set' } });
  });

  it('refuses an empty token or one with white space inside; nothing is stored', async () => {
    const ports = appPorts();
    expect(await setToken(ports, 'shop-eu', '  \n')).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(await setToken(ports, 'shop-eu', 'abc def')).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(ports.secrets.writes).toHaveLength(0);
  });

  it('a keychain failure is a typed keychain error with the store’s own text', async () => {
    const ports = appPorts();
    ports.secrets.failWith = { kind: 'keychain-unavailable', message: 'No keychain.', action: 'Install one.' };
    expect(await setToken(ports, 'shop-eu', 'abc')).toEqual({
      ok: false,
      error: {
        kind: 'keychain',
        code: 'keychain-unavailable',
        message: 'The access token was not stored. No keychain.',
        action: 'Install one.',
      },
    });
  });

  it('imports an encrypted PEM with its passphrase; a wrong passphrase changes nothing', async () => {
    const ports = appPorts();
    const wrong = await importKey(ports, { profileId: 'shop-eu', pem: encryptedPem, passphrase: 'nope' });
    expect(wrong).toMatchObject({ ok: false, error: { kind: 'invalid-input', code: 'wrong-passphrase' } });
    expect(await keyStatus(ports, 'shop-eu')).toEqual({ ok: true, value: { profileId: 'shop-eu', key: null } });

    const imported = await importKey(ports, { profileId: 'shop-eu', pem: encryptedPem, passphrase: 'correct horse' });
    if (!imported.ok) throw new Error(imported.error.message);
    expect(imported.value).toMatchObject({ replaced: false, key: { bits: 2048 } });
    expect(imported.value.key.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(JSON.stringify(imported.value)).not.toMatch(/PRIVATE KEY|correct horse/);

    const again = await importKey(ports, { profileId: 'shop-eu', pem: encryptedPem, passphrase: 'correct horse' });
    expect(again).toMatchObject({ ok: true, value: { unchanged: true } });
  });

  it('replaces a key only with force, and says so', async () => {
    const ports = appPorts();
    await generateKey(ports, { profileId: 'shop-eu', bits: 2048 });
    const refused = await generateKey(ports, { profileId: 'shop-eu', bits: 2048 });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid-input', code: 'key-exists' } });
    const forced = await importKey(ports, {
      profileId: 'shop-eu',
      pem: encryptedPem,
      passphrase: 'correct horse',
      force: true,
    });
    expect(forced).toMatchObject({ ok: true, value: { replaced: true } });
    expect(await generateKey(ports, { profileId: 'shop-eu', bits: 1024 })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input' },
    });
    expect(await removeKey(ports, 'shop-eu')).toEqual({ ok: true, value: { profileId: 'shop-eu', deleted: true } });
    expect(await removeKey(ports, 'shop-eu')).toEqual({ ok: true, value: { profileId: 'shop-eu', deleted: false } });
  });
});
