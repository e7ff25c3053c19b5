import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeKeychain } from '../../../test/setup/keychain';
import { generateRsaPrivateKey } from '../keys/keyMaterial';
import { createFileKeyStore } from '../keys/keyStore';
import {
  abandonedKeychainCalls,
  classifyKeychainError,
  createKeytarSecretStore,
  type KeytarLike,
} from './keytarSecretStore';
import { KEYCHAIN_SERVICE, MAX_SECRET_BYTES } from './secretStore';

function fakeKeytar(overrides: Partial<KeytarLike> = {}): KeytarLike & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getPassword: async (s, a) => items.get(`${s}/${a}`) ?? null,
    setPassword: async (s, a, p) => void items.set(`${s}/${a}`, p),
    deletePassword: async (s, a) => items.delete(`${s}/${a}`),
    ...overrides,
  };
}

describe('keytar secret store (injected keytar)', () => {
  it('stores under service "Merchant Desk", account <profileId>:<secretName>', async () => {
    const k = fakeKeytar();
    const store = createKeytarSecretStore({ load: async () => k });
    expect(await store.set('shop-eu', 'token', 'tkn')).toEqual({ ok: true, value: undefined });
    expect([...k.items.keys()]).toEqual(['Merchant Desk/shop-eu:token']);
    expect(await store.get('shop-eu', 'token')).toEqual({ ok: true, value: 'tkn' });
    expect(await store.get('shop-eu', 'key-passphrase')).toEqual({ ok: true, value: null });
    expect(await store.delete('shop-eu', 'token')).toEqual({ ok: true, value: true });
  });

  it('refuses a value over 2,560 UTF-8 bytes without calling the keychain', async () => {
    const k = fakeKeytar();
    const store = createKeytarSecretStore({ load: async () => k });
    const r = await store.set('a', 'token', 'é'.repeat(1281)); // 2,562 bytes, 1,281 characters
    expect(!r.ok && r.error.kind).toBe('too-large');
    expect(k.items.size).toBe(0);
    expect((await store.set('a', 'token', 'x'.repeat(MAX_SECRET_BYTES))).ok).toBe(true);
  });

  it('gives up on a keychain that never answers (an unanswered unlock prompt) with a timeout error', async () => {
    let answer: (() => void) | undefined;
    const prompt = () =>
      new Promise<never>((_resolve, reject) => (answer = () => reject(new Error('Prompt dismissed'))));
    const store = createKeytarSecretStore({
      timeoutMs: 150,
      load: async () => fakeKeytar({ setPassword: prompt }),
      platform: 'win32', // no lock probe on a miss (Linux-only), which would meet the same unanswered prompt
    });
    const before = abandonedKeychainCalls();
    const started = Date.now();
    const r = await store.set('a', 'token', 't');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(!r.ok && r.error.kind).toBe('timeout');
    expect(!r.ok && r.error.action).toMatch(/prompt/);
    expect(abandonedKeychainCalls()).toBe(before + 1);
    // While that call is still blocked, further calls fail at once instead of piling up behind it.
    const quick = await store.get('a', 'token');
    expect(!quick.ok && quick.error.message).toMatch(/still waiting/);
    // Once the prompt is answered, the store works again.
    answer!();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(abandonedKeychainCalls()).toBe(before);
    expect(await store.get('a', 'token')).toEqual({ ok: true, value: null });
  });

  it('on Linux a miss is checked with a throw-away write: a locked collection reads as locked, not as "not set"', async () => {
    const locked = () => Promise.reject(new Error('Cannot create an item in a locked collection'));
    const linux = createKeytarSecretStore({ platform: 'linux', load: async () => fakeKeytar({ setPassword: locked }) });
    expect(await linux.get('a', 'token')).toMatchObject({ ok: false, error: { kind: 'keychain-locked' } });
    expect(await linux.delete('a', 'token')).toMatchObject({ ok: false, error: { kind: 'keychain-locked' } });
    // Unlocked: the probe leaves nothing behind and the miss stands.
    const k = fakeKeytar();
    const open = createKeytarSecretStore({ platform: 'linux', load: async () => k });
    expect(await open.get('a', 'token')).toEqual({ ok: true, value: null });
    expect(await open.delete('a', 'token')).toEqual({ ok: true, value: false });
    expect(k.items.size).toBe(0);
    // Elsewhere a locked keychain errors (or prompts) by itself: no probe.
    const mac = createKeytarSecretStore({ platform: 'darwin', load: async () => fakeKeytar({ setPassword: locked }) });
    expect(await mac.get('a', 'token')).toEqual({ ok: true, value: null });
  });

  it('times out reads and deletes too', async () => {
    const never = () => new Promise<never>(() => {});
    for (const op of ['get', 'delete'] as const) {
      const store = createKeytarSecretStore({
        timeoutMs: 100,
        load: async () => fakeKeytar({ getPassword: never, deletePassword: never }),
      });
      const r = op === 'get' ? await store.get('a', 'token') : await store.delete('a', 'token');
      expect(!r.ok && r.error.kind).toBe('timeout');
    }
  });

  it('a keytar that cannot load is "keychain-unavailable"', async () => {
    const store = createKeytarSecretStore({
      load: () => Promise.reject(new Error("Cannot find module '../build/Release/keytar.node'")),
    });
    const r = await store.get('a', 'token');
    expect(!r.ok && r.error.kind).toBe('keychain-unavailable');
  });

  it('classifies the failures keytar reports on Linux and macOS', () => {
    const kind = (m: string, p: NodeJS.Platform = 'linux') => classifyKeychainError(new Error(m), p, 1000).kind;
    expect(kind('Cannot autolaunch D-Bus without X11 $DISPLAY')).toBe('keychain-unavailable');
    expect(kind('Could not connect: No such file or directory')).toBe('keychain-unavailable');
    expect(kind('The name org.freedesktop.secrets was not provided by any .service files')).toBe(
      'keychain-unavailable',
    );
    expect(kind('Object does not exist at path “/org/freedesktop/secrets/collection/login”')).toBe('keychain-locked');
    expect(kind('Cannot create an item in a locked collection')).toBe('keychain-locked');
    expect(kind('User canceled the operation.', 'darwin')).toBe('keychain-locked');
    expect(kind('something else')).toBe('keychain-error');
    const linux = classifyKeychainError(new Error('Could not connect: No such file or directory'), 'linux', 1000);
    expect(linux.action).toMatch(/gnome-keyring/);
    expect(linux.action).toMatch(/never stores secrets in plain text/);
  });
});

describeKeychain('keytar secret store against the real OS keychain', () => {
  const profileId = `test-${randomUUID().slice(0, 8)}`;
  const store = createKeytarSecretStore();

  afterAll(async () => {
    await store.delete(profileId, 'token');
    await store.delete(profileId, 'key-passphrase');
  });

  it('writes, reads, replaces and deletes a token; `secret-tool` sees the same item', async () => {
    expect(await store.get(profileId, 'token')).toEqual({ ok: true, value: null });
    expect((await store.set(profileId, 'token', 'first-token')).ok).toBe(true);
    expect((await store.set(profileId, 'token', 'tøken-2 ✓')).ok).toBe(true);
    expect(await store.get(profileId, 'token')).toEqual({ ok: true, value: 'tøken-2 ✓' });
    if (process.platform === 'linux') {
      const viaSecretTool = execFileSync(
        'secret-tool',
        ['lookup', 'service', KEYCHAIN_SERVICE, 'account', `${profileId}:token`],
        { encoding: 'utf8' },
      );
      expect(viaSecretTool).toBe('tøken-2 ✓');
    }
    expect(await store.delete(profileId, 'token')).toEqual({ ok: true, value: true });
    expect(await store.get(profileId, 'token')).toEqual({ ok: true, value: null });
  });

  it('a 4096-bit key works: nothing written to the keychain exceeds 2,560 bytes, the key is only on disk encrypted', async () => {
    const writes: { account: string; bytes: number }[] = [];
    const spying = createKeytarSecretStore({
      load: async () => {
        const mod = (await import('keytar')) as unknown as KeytarLike & { default?: KeytarLike };
        const real = mod.default ?? mod;
        return {
          getPassword: (s, a) => real.getPassword(s, a),
          deletePassword: (s, a) => real.deletePassword(s, a),
          setPassword: (s, a, p) => {
            writes.push({ account: a, bytes: Buffer.byteLength(p, 'utf8') });
            return real.setPassword(s, a, p);
          },
        };
      },
    });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'md-kc-keys-'));
    const keys = createFileKeyStore({ dataDir, secrets: spying });
    const key = await generateRsaPrivateKey(4096);
    const saved = await keys.save(profileId, key);
    expect(saved.ok).toBe(true);
    const loaded = await keys.load(profileId);
    expect(loaded.ok && loaded.value?.asymmetricKeyDetails?.modulusLength).toBe(4096);
    expect(writes.length).toBeGreaterThan(0);
    for (const w of writes) expect(w.bytes).toBeLessThanOrEqual(MAX_SECRET_BYTES);
    const plainBody = key.export({ type: 'pkcs8', format: 'pem' }).toString().split('\n')[5]!;
    for (const f of readdirSync(path.join(dataDir, 'keys')))
      expect(readFileSync(path.join(dataDir, 'keys', f), 'utf8')).not.toContain(plainBody);
    if (process.platform !== 'win32')
      expect(statSync(path.join(dataDir, 'keys', `${profileId}.key.pem`)).mode & 0o777).toBe(0o600);
    expect((await keys.remove(profileId)).ok).toBe(true);
  });
});
