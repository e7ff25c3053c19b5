import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appPorts, SHOP } from '../../../test/helpers/appPorts';
import { generateRsaPrivateKey } from '../keys/keyMaterial';
import { addProfile, CONFIRMATION_REQUIRED, editProfile, listProfiles, removeProfile, useProfile } from './profiles';

describe('profile use cases', () => {
  it('lists profiles with "set / not set" token states and key fingerprints, never the token', async () => {
    const ports = appPorts();
    expect(addProfile(ports, SHOP).ok).toBe(true);
    expect(addProfile(ports, { ...SHOP, id: 'shop-us', name: 'Shop US' }).ok).toBe(true);
    await ports.secrets.set('shop-eu', 'token', 'tok-secret-123');
    await ports.keys.save('shop-us', await generateRsaPrivateKey(2048));
    const list = await listProfiles(ports);
    if (!list.ok) throw new Error(list.error.message);
    expect(list.value.activeProfileId).toBe('shop-eu');
    expect(list.value.profiles.map((p) => [p.id, p.token])).toEqual([
      ['shop-eu', 'set'],
      ['shop-us', 'not set'],
    ]);
    expect(list.value.profiles[1]!.key).toMatchObject({
      bits: 2048,
      fingerprint: expect.stringMatching(/^[0-9A-F:]+$/),
    });
    expect(JSON.stringify(list.value)).not.toContain('tok-secret-123');
  });

  it('a keychain failure leaves token states "unknown" and is reported once', async () => {
    const ports = appPorts();
    addProfile(ports, SHOP);
    ports.secrets.failWith = { kind: 'keychain-locked', message: 'The keychain is locked.', action: 'Unlock it.' };
    const list = await listProfiles(ports);
    if (!list.ok) throw new Error(list.error.message);
    expect(list.value.profiles[0]!.token).toBe('unknown');
    expect(list.value.tokenProblem).toMatchObject({ kind: 'keychain', message: 'The keychain is locked.' });
  });

  it('removing the active profile needs confirmation; then its secrets go too and no profile is active', async () => {
    const ports = appPorts();
    addProfile(ports, SHOP);
    addProfile(ports, { ...SHOP, id: 'shop-us' });
    await ports.secrets.set('shop-eu', 'token', 'tok');
    await ports.keys.save('shop-eu', await generateRsaPrivateKey(2048));

    const refused = await removeProfile(ports, { id: 'shop-eu' });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid-input', code: CONFIRMATION_REQUIRED } });
    expect(ports.profiles.get('shop-eu').ok).toBe(true);
    expect(ports.secrets.entries.size).toBe(2);

    const removed = await removeProfile(ports, { id: 'shop-eu', confirmed: true });
    expect(removed).toEqual({
      ok: true,
      value: { removed: 'shop-eu', secretsDeleted: true, activeProfileId: null, remaining: ['shop-us'] },
    });
    expect(ports.secrets.entries.size).toBe(0);
    expect(existsSync(path.join(ports.dataDir, 'keys', 'shop-eu.key.pem'))).toBe(false);
  });

  it('removing another profile needs no confirmation and says which one stays active', async () => {
    const ports = appPorts();
    addProfile(ports, SHOP);
    addProfile(ports, { ...SHOP, id: 'shop-us' });
    await ports.secrets.set('shop-us', 'token', 'tok');
    const removed = await removeProfile(ports, { id: 'shop-us', keepSecrets: true });
    expect(removed).toMatchObject({ ok: true, value: { activeProfileId: 'shop-eu', secretsDeleted: false } });
    expect(ports.secrets.entries.size).toBe(1);
  });

  it('a profile whose token cannot be deleted is kept', async () => {
    const ports = appPorts();
    addProfile(ports, SHOP);
    ports.secrets.failWith = { kind: 'keychain-locked', message: 'Locked.', action: 'Unlock it.' };
    const r = await removeProfile(ports, { id: 'shop-eu', confirmed: true });
    expect(r).toMatchObject({
      ok: false,
      error: { kind: 'keychain', message: expect.stringMatching(/profile was kept/) },
    });
    expect(ports.profiles.get('shop-eu').ok).toBe(true);
  });

  it('the poll overlap: the labelled default 2 minutes, 0 to 1440 accepted, more refused with its words', () => {
    const ports = appPorts();
    const added = addProfile(ports, SHOP);
    expect(added).toMatchObject({ ok: true, value: { profile: { pollOverlapMinutes: 2 } } });
    expect(editProfile(ports, 'shop-eu', { pollOverlapMinutes: 0 })).toMatchObject({
      ok: true,
      value: { profile: { pollOverlapMinutes: 0 } },
    });
    expect(editProfile(ports, 'shop-eu', { pollOverlapMinutes: 1441 })).toMatchObject({
      ok: false,
      error: {
        kind: 'invalid-input',
        issues: [{ path: 'pollOverlapMinutes', message: 'the poll overlap must be at most one day (1440 minutes)' }],
      },
    });
  });

  it('store errors keep their texts and become typed errors: duplicate, invalid fields, no such profile', () => {
    const ports = appPorts();
    addProfile(ports, SHOP);
    expect(addProfile(ports, SHOP)).toMatchObject({ ok: false, error: { kind: 'invalid-input', code: 'duplicate' } });
    const invalid = editProfile(ports, 'shop-eu', { pollIntervalSeconds: 1 });
    expect(invalid).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', issues: [{ path: 'pollIntervalSeconds', message: expect.any(String) }] },
    });
    expect(useProfile(ports, 'ghost')).toMatchObject({
      ok: false,
      error: { kind: 'settings', code: 'not-found', message: 'There is no profile "ghost".' },
    });
    expect(editProfile(ports, 'shop-eu', {})).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
  });

  it('edit with use makes the profile active', () => {
    const ports = appPorts();
    addProfile(ports, SHOP);
    addProfile(ports, { ...SHOP, id: 'shop-us' });
    expect(editProfile(ports, 'shop-us', { name: 'US' }, { use: true })).toMatchObject({
      ok: true,
      value: { profile: { name: 'US' }, activeProfileId: 'shop-us' },
    });
  });
});
