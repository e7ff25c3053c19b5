import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileKeyStore } from '../keys/keyStore';
import { createProfileStore, memoryBacking } from '../profiles/profileStore';
import { createMemorySecretStore } from '../secrets/memorySecretStore';
import { createAxiosTransport } from '../http/axiosTransport';
import { openProfileSession } from './session';

const dataDir = mkdtempSync(path.join(tmpdir(), 'md-session-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function ports() {
  const profiles = createProfileStore(memoryBacking());
  const secrets = createMemorySecretStore();
  return {
    profiles,
    secrets,
    keys: createFileKeyStore({ dataDir, secrets }),
    transport: () => createAxiosTransport(),
    dataDir,
  };
}

const shop = {
  id: 'shop',
  name: 'Shop',
  kind: 'merchant' as const,
  baseUrl: 'https://api.example.com',
  platformUrl: 'https://p.example.com',
  merchantId: 'm-1',
};

describe('openProfileSession', () => {
  it('no profile selected: a settings error saying to choose one', () => {
    expect(openProfileSession(ports())).toMatchObject({ ok: false, error: { kind: 'settings', code: 'no-profile' } });
  });

  it('an unknown profile: a settings error', () => {
    expect(openProfileSession(ports(), 'nobody')).toMatchObject({ ok: false, error: { kind: 'settings' } });
  });

  it('the active profile: its settings, its cache file, and credentials read from the keychain on use', async () => {
    const p = ports();
    expect(p.profiles.add(shop).ok).toBe(true);
    expect(p.profiles.setActive('shop').ok).toBe(true);
    const s = openProfileSession(p);
    if (!s.ok) throw new Error(s.error.message);
    expect(s.value.profileId).toBe('shop');
    expect(s.value.config).toMatchObject({ baseUrl: 'https://api.example.com', merchantId: 'm-1' });
    expect(s.value.cacheFile).toBe(path.join(dataDir, 'cache', 'shop.sqlite'));
    // No cache yet: readers are told to sync first.
    expect(s.value.existingCache()).toMatchObject({ ok: false, error: { kind: 'cache' } });
    // No token yet: the request is refused before anything is sent, with the app's hint.
    const r = await s.value.sellerApi().listOrders({});
    expect(r).toMatchObject({ ok: false, error: { kind: 'credentials' } });
    if (!r.ok) expect(r.error.kind === 'credentials' && r.error.message).toMatch(/profile settings/);
  });
});
