import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../secrets/memorySecretStore';
import { MAX_SECRET_BYTES } from '../secrets/secretStore';
import { signText, verifyText } from '../signing/rsaSignature';
import { generateRsaPrivateKey, publicKeyInfo } from './keyMaterial';
import { createFileKeyStore, keyFilePaths } from './keyStore';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'md-keys-'));
const key2048 = await generateRsaPrivateKey(2048);
const key4096 = await generateRsaPrivateKey(4096);
const plainPem = (k: typeof key2048) => k.export({ type: 'pkcs8', format: 'pem' }).toString();
/** The Base64 body of the unencrypted key: must never be found on disk. */
const keyBody = (k: typeof key2048) => plainPem(k).split('\n').slice(1, -2).join('');

describe('file key store: key encrypted on disk, random passphrase in the keychain', () => {
  it.each([
    ['2048', key2048],
    ['4096', key4096],
  ] as const)(
    'stores a %s-bit key; the keychain never holds more than 2,560 bytes; the file is encrypted PKCS#8, mode 0600',
    async (_bits, key) => {
      const dataDir = freshDir();
      const secrets = createMemorySecretStore();
      const store = createFileKeyStore({ dataDir, secrets });
      const saved = await store.save('shop-eu', key);
      expect(saved.ok).toBe(true);
      if (!saved.ok) return;
      expect(saved.value.fingerprint).toEqual(publicKeyInfo(key).fingerprint);

      // Nothing written to the keychain exceeds Windows' limit, whatever the key size.
      expect(secrets.writes).toHaveLength(1);
      for (const w of secrets.writes) expect(Buffer.byteLength(w.value, 'utf8')).toBeLessThanOrEqual(MAX_SECRET_BYTES);
      expect(secrets.writes[0]!.account).toBe('shop-eu:key-passphrase');
      const passphrase = secrets.writes[0]!.value;
      expect(Buffer.from(passphrase, 'base64')).toHaveLength(32);

      const files = keyFilePaths(dataDir, 'shop-eu');
      const pem = readFileSync(files.privateKey, 'utf8');
      expect(pem).toMatch(/^-----BEGIN ENCRYPTED PRIVATE KEY-----/);
      expect(pem).not.toContain(keyBody(key).slice(0, 64));
      if (process.platform !== 'win32') {
        expect(statSync(files.privateKey).mode & 0o777).toBe(0o600);
        expect(statSync(files.dir).mode & 0o777).toBe(0o700);
      }
      // openssl decrypts it with the keychain passphrase (PBES2/AES-256-CBC) and not without.
      const info = execFileSync('openssl', ['asn1parse', '-in', files.privateKey], { encoding: 'utf8' });
      expect(info).toContain('PBES2');
      expect(info).toMatch(/aes-256-cbc/i);
      const decrypted = execFileSync('openssl', ['pkey', '-in', files.privateKey, '-passin', `pass:${passphrase}`], {
        encoding: 'utf8',
      });
      expect(decrypted.replace(/\s/g, '')).toBe(plainPem(key).replace(/\s/g, ''));
      expect(() =>
        execFileSync('openssl', ['pkey', '-in', files.privateKey, '-passin', 'pass:wrong'], { stdio: 'ignore' }),
      ).toThrow();

      const loaded = await store.load('shop-eu');
      expect(loaded.ok).toBe(true);
      if (loaded.ok && loaded.value) {
        const sig = signText('RSA-SHA256', loaded.value, 'hello');
        expect(verifyText('RSA-SHA256', saved.value.publicKeyPem, 'hello', sig)).toBe(true);
      }
    },
  );

  it('shows the public key and fingerprint without the keychain', async () => {
    const dataDir = freshDir();
    const secrets = createMemorySecretStore();
    const store = createFileKeyStore({ dataDir, secrets });
    await store.save('a', key2048);
    secrets.failWith = { kind: 'keychain-locked', message: 'locked', action: 'unlock' };
    const info = await store.info('a');
    expect(info.ok && info.value?.fingerprint).toEqual(publicKeyInfo(key2048).fingerprint);
    const loaded = await store.load('a');
    expect(!loaded.ok && loaded.error.kind).toBe('keychain-locked');
  });

  it('replaces a key: the new key loads, the old passphrase is gone, no temporary files remain', async () => {
    const dataDir = freshDir();
    const secrets = createMemorySecretStore();
    const store = createFileKeyStore({ dataDir, secrets });
    await store.save('a', key2048);
    const first = secrets.entries.get('a:key-passphrase');
    await store.save('a', key4096);
    expect(secrets.entries.get('a:key-passphrase')).not.toBe(first);
    const loaded = await store.load('a');
    expect(loaded.ok && loaded.value && publicKeyInfo(loaded.value).bits).toBe(4096);
    expect(readdirSync(path.join(dataDir, 'keys')).sort()).toEqual(['a.key.pem', 'a.pub.pem']);
  });

  it('writes no key file when the keychain refuses the passphrase, and keeps the previous key usable', async () => {
    const dataDir = freshDir();
    const secrets = createMemorySecretStore();
    const store = createFileKeyStore({ dataDir, secrets });
    secrets.failWith = { kind: 'keychain-unavailable', message: 'no keychain', action: 'install one' };
    const refused = await store.save('a', key2048);
    expect(!refused.ok && refused.error.kind).toBe('keychain-unavailable');
    expect(existsSync(path.join(dataDir, 'keys', 'a.key.pem'))).toBe(false);
    expect(readdirSync(path.join(dataDir, 'keys'))).toEqual([]);

    secrets.failWith = undefined;
    await store.save('a', key2048);
    // A keychain that reads but refuses writes (a locked keyring without a display): the old key stays usable.
    const set = secrets.set;
    secrets.set = async () => ({ ok: false, error: { kind: 'keychain-locked', message: 'locked', action: 'unlock' } });
    const second = await store.save('a', key4096);
    expect(second.ok).toBe(false);
    secrets.set = set;
    const loaded = await store.load('a');
    expect(loaded.ok && loaded.value && publicKeyInfo(loaded.value).bits).toBe(2048);
  });

  it('a passphrase write that timed out but landed later: the next load finishes the save, never a damaged key', async () => {
    const dataDir = freshDir();
    const secrets = createMemorySecretStore();
    const store = createFileKeyStore({ dataDir, secrets });
    await store.save('a', key2048);
    const set = secrets.set;
    let late: Promise<unknown> | undefined;
    // The keychain answers nothing in time (an unlock prompt), then the prompt is answered and the write lands.
    secrets.set = async (...args) => {
      late = new Promise((resolve) => setTimeout(resolve, 5)).then(() => set.apply(secrets, args));
      return { ok: false, error: { kind: 'timeout', message: 'no answer', action: 'answer the prompt' } };
    };
    const timedOut = await store.save('a', key4096);
    expect(!timedOut.ok && timedOut.error.kind).toBe('timeout');
    secrets.set = set;
    await late;
    // The keychain now holds the new key's passphrase; the key file is still the old one.
    const loaded = await store.load('a');
    expect(loaded.ok && loaded.value && publicKeyInfo(loaded.value).bits).toBe(4096);
    expect(readdirSync(path.join(dataDir, 'keys')).sort()).toEqual(['a.key.pem', 'a.pub.pem']);
    const info = await store.info('a');
    expect(info.ok && info.value?.bits).toBe(4096);
  });

  it('a load in another process that finishes a save first leaves the key whole for both', async () => {
    const dataDir = freshDir();
    const secrets = createMemorySecretStore();
    const saver = createFileKeyStore({ dataDir, secrets });
    const reader = createFileKeyStore({ dataDir, secrets }); // the app, while the CLI saves
    await saver.save('a', key2048);
    const set = secrets.set;
    let readDuringSave: Awaited<ReturnType<typeof reader.load>> | undefined;
    secrets.set = async (...args) => {
      const r = await set.apply(secrets, args);
      readDuringSave = await reader.load('a'); // lands between the keychain write and the saver's rename
      return r;
    };
    const saved = await saver.save('a', key4096);
    secrets.set = set;
    expect(saved).toMatchObject({ ok: true, value: { bits: 4096 } });
    expect(readDuringSave?.ok && readDuringSave.value && publicKeyInfo(readDuringSave.value).bits).toBe(4096);
    const after = await saver.load('a');
    expect(after.ok && after.value && publicKeyInfo(after.value).bits).toBe(4096);
    expect(readdirSync(path.join(dataDir, 'keys')).sort()).toEqual(['a.key.pem', 'a.pub.pem']);
  });

  it('a timed-out passphrase write that never lands leaves the previous key as it was', async () => {
    const dataDir = freshDir();
    const secrets = createMemorySecretStore();
    const store = createFileKeyStore({ dataDir, secrets });
    await store.save('a', key2048);
    const set = secrets.set;
    secrets.set = async () => ({ ok: false, error: { kind: 'timeout', message: 'no answer', action: 'answer it' } });
    expect((await store.save('a', key4096)).ok).toBe(false);
    secrets.set = set;
    const loaded = await store.load('a');
    expect(loaded.ok && loaded.value && publicKeyInfo(loaded.value).bits).toBe(2048);
    const info = await store.info('a');
    expect(info.ok && info.value?.bits).toBe(2048);
    // The next save replaces the leftover.
    await store.save('a', key4096);
    expect(readdirSync(path.join(dataDir, 'keys')).sort()).toEqual(['a.key.pem', 'a.pub.pem']);
  });

  it('a key file without its passphrase, or a damaged one, is a clear error with an action', async () => {
    const dataDir = freshDir();
    const secrets = createMemorySecretStore();
    const store = createFileKeyStore({ dataDir, secrets });
    await store.save('a', key2048);
    secrets.entries.clear();
    const missing = await store.load('a');
    expect(!missing.ok && missing.error.kind).toBe('passphrase-missing');
    await store.save('a', key2048);
    writeFileSync(
      keyFilePaths(dataDir, 'a').privateKey,
      '-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----\n',
    );
    const damaged = await store.load('a');
    expect(!damaged.ok && damaged.error.kind).toBe('key-damaged');
  });

  it('removes the files and the passphrase; a profile without a key reads as null', async () => {
    const dataDir = freshDir();
    const secrets = createMemorySecretStore();
    const store = createFileKeyStore({ dataDir, secrets });
    expect(await store.info('a')).toEqual({ ok: true, value: null });
    expect(await store.load('a')).toEqual({ ok: true, value: null });
    await store.save('a', key2048);
    expect(await store.remove('a')).toEqual({ ok: true, value: true });
    expect(secrets.entries.size).toBe(0);
    expect(readdirSync(path.join(dataDir, 'keys'))).toEqual([]);
    expect(await store.remove('a')).toEqual({ ok: true, value: false });
  });
});
