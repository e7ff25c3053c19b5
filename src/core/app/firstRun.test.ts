import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { KeyStore } from '../keys/keyStore';
import { createProfileStore, memoryBacking } from '../profiles/profileStore';
import { err, ok } from '../result';
import { createMemorySecretStore } from '../secrets/memorySecretStore';
import { runFirstRun, SANDBOX_TOKEN, type FirstRunPorts, type SandboxIdentity } from './firstRun';

const key = (): KeyObject => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
const pem = (k: KeyObject) => createPublicKey(k).export({ type: 'spki', format: 'pem' }).toString();

/** A key store in memory: publicKeyPem per profile. */
function memoryKeys(): KeyStore & { saved: Map<string, string> } {
  const saved = new Map<string, string>();
  return {
    saved,
    info: async (id) => ok(saved.has(id) ? ({ publicKeyPem: saved.get(id)! } as never) : null),
    load: async () => ok(null),
    save: async (id, k) => {
      saved.set(id, pem(k));
      return ok({ publicKeyPem: pem(k) } as never);
    },
    remove: async () => ok(false),
  };
}

function ports(over: Partial<FirstRunPorts> = {}) {
  const stop = vi.fn(async () => {});
  const synced: SandboxIdentity[] = [];
  const starts: Array<{ port: number; publicKeyPem: string }> = [];
  const stateKey = key();
  const p: FirstRunPorts = {
    profiles: createProfileStore(memoryBacking()),
    secrets: createMemorySecretStore(),
    keys: memoryKeys(),
    startSandbox: async (o) => {
      starts.push(o);
      const port = o.port === 0 ? 40_123 : o.port;
      return {
        baseUrl: `http://127.0.0.1:${port}`,
        platformUrl: `http://127.0.0.1:${port}/platform`,
        merchantId: 'sandbox-merchant',
        apiPrefix: '/merchant-api',
        stop,
      };
    },
    stateKeyPair: () => ({ publicKeyPem: pem(stateKey), privateKey: stateKey }),
    generateKey: async () => key(),
    statusLabels: { order: { '1': 'Paid' }, afterSales: {} },
    sync: async (identity) => {
      synced.push(identity);
      return ok({ mode: 'full' as const, cached: 3 });
    },
    ...over,
  };
  return { p, stop, synced, starts, stateKey };
}

describe('runFirstRun', () => {
  it('with no profile: creates the sandbox profile on the port the sandbox got, token and key stored, then syncs', async () => {
    const { p, synced, starts } = ports();
    const r = await runFirstRun(p);
    expect(r.ok && r.value.kind).toBe('sandbox');
    const profile = p.profiles.get('sandbox');
    expect(profile.ok && profile.value).toMatchObject({
      kind: 'sandbox',
      baseUrl: 'http://127.0.0.1:40123',
      platformUrl: 'http://127.0.0.1:40123/platform',
      merchantId: 'sandbox-merchant',
    });
    expect(p.profiles.active()).toMatchObject({ ok: true, value: { id: 'sandbox' } });
    expect(await p.secrets.get('sandbox', 'token')).toEqual(ok(SANDBOX_TOKEN));
    // The sandbox verifies with the very key the profile stores.
    expect((p.keys as ReturnType<typeof memoryKeys>).saved.get('sandbox')).toBe(starts[0]!.publicKeyPem);
    expect(synced).toEqual([{ mode: 'profile', profile: expect.objectContaining({ id: 'sandbox' }) }]);
  });

  it('again: reuses the profile, its port and its key (no new profile, no new key)', async () => {
    const { p, starts } = ports();
    await runFirstRun(p);
    const keyBefore = (p.keys as ReturnType<typeof memoryKeys>).saved.get('sandbox');
    const r = await runFirstRun(p);
    expect(r.ok && r.value.kind === 'sandbox' && r.value.session.created).toBe(false);
    expect(starts[1]).toEqual({
      port: 40_123,
      publicKeyPem: keyBefore,
      profile: expect.objectContaining({ id: 'sandbox' }),
    });
    expect(p.profiles.list()).toMatchObject({ ok: true, value: [{ id: 'sandbox' }] });
  });

  it('without a keychain: no profile, the environment mode with the sandbox state key on the fixed port', async () => {
    const secrets = createMemorySecretStore();
    secrets.failWith = { kind: 'keychain-unavailable', message: 'No OS keychain is available.', action: 'Start one.' };
    const { p, synced, starts, stateKey } = ports({ secrets });
    const r = await runFirstRun(p);
    if (!r.ok || r.value.kind !== 'sandbox') throw new Error('expected a sandbox session');
    expect(r.value.session.fallbackReason).toMatch(/^No OS keychain is available\. The sandbox runs without a profile/);
    expect(starts).toEqual([{ port: 8787, publicKeyPem: pem(stateKey) }]);
    expect(synced).toEqual([
      expect.objectContaining({ mode: 'environment', token: SANDBOX_TOKEN, privateKey: stateKey }),
    ]);
    expect(p.profiles.list()).toEqual(ok([]));
  });

  it('leaves an active merchant profile alone: no sandbox started', async () => {
    const { p, starts } = ports();
    p.profiles.add({
      id: 'shop',
      name: 'Shop',
      kind: 'merchant',
      baseUrl: 'https://api.example.com',
      platformUrl: 'https://shop.example.com',
      merchantId: 'm-1',
    });
    p.profiles.setActive('shop');
    expect(await runFirstRun(p)).toMatchObject({ ok: true, value: { kind: 'merchant-profile' } });
    expect(starts).toEqual([]);
  });

  it('stops the sandbox it started when the profile cannot be stored (nothing left listening)', async () => {
    const keys = memoryKeys();
    keys.save = async () =>
      err({ kind: 'io', message: 'The key file could not be written.', action: 'Check the disk.' });
    const { p, stop } = ports({ keys });
    const r = await runFirstRun(p);
    expect(r).toEqual(err('The key file could not be written. Check the disk.'));
    expect(stop).toHaveBeenCalledOnce();
  });
});
