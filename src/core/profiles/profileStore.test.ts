import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createConfProfileStore, settingsFilePath } from './confProfileStore';
import { migrateDocument } from './migrations';
import { createProfileStore, memoryBacking } from './profileStore';
import { slugify, statusLabel, toPlatformConfig, type ProfileInput } from './profileSchema';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'md-profiles-'));
const shop: ProfileInput = {
  id: 'shop-eu',
  name: 'Shop EU',
  kind: 'merchant',
  baseUrl: 'https://api.example.com/',
  platformUrl: 'https://platform.example.com',
  merchantId: 'M-1',
};
const sandbox: ProfileInput = {
  id: 'sandbox',
  name: 'Sandbox',
  kind: 'sandbox',
  baseUrl: 'http://127.0.0.1:4010',
  platformUrl: 'http://127.0.0.1:4010/platform',
  merchantId: 'sandbox-merchant',
};

describe('conf profile store (<dataDir>/settings.json)', () => {
  it('adds, lists, edits, activates and removes profiles; the file is plain validated JSON', () => {
    const dir = freshDir();
    const store = createConfProfileStore(dir);
    expect(store.list()).toEqual({ ok: true, value: [] });
    const added = store.add(shop);
    expect(added.ok).toBe(true);
    if (!added.ok) return;
    // Defaults filled in; URL normalised.
    expect(added.value).toMatchObject({
      baseUrl: 'https://api.example.com',
      apiPrefix: '/merchant-api',
      apiVersion: 'v1',
      pollIntervalSeconds: 60,
      signatureProfile: { mode: 'canonical', algorithm: 'RSA-SHA256' },
    });
    expect(added.value.notifications).toEqual({
      newOrder: true,
      statusChanged: true,
      afterSales: true,
      dispute: true,
      deliveryError: true,
      dueSoon: true,
      overdue: true,
    });
    // The first profile becomes active.
    expect(store.active()).toEqual({ ok: true, value: added.value });
    expect(store.add(sandbox).ok).toBe(true);
    expect(store.setActive('sandbox').ok).toBe(true);

    const edited = store.update('shop-eu', {
      pollIntervalSeconds: 300,
      notifications: { dispute: false },
      statusLabels: { order: { '1': 'Paid', '4': 'Done' } },
    });
    expect(edited.ok && edited.value.notifications).toEqual({
      newOrder: true,
      statusChanged: true,
      afterSales: true,
      dispute: false,
      deliveryError: true,
      dueSoon: true,
      overdue: true,
    });
    expect(edited.ok && statusLabel(edited.value.statusLabels.order, 4)).toBe('Done');
    expect(edited.ok && statusLabel(edited.value.statusLabels.order, 7)).toBe('7');

    // Another instance (another process: the app, the CLI) reads the same file.
    const again = createConfProfileStore(dir);
    expect(again.list().ok && (again.list() as { value: { id: string }[] }).value.map((p) => p.id)).toEqual([
      'shop-eu',
      'sandbox',
    ]);
    expect(again.active().ok && (again.active() as { value: { id: string } }).value.id).toBe('sandbox');
    const raw = JSON.parse(readFileSync(settingsFilePath(dir), 'utf8'));
    expect(raw.schemaVersion).toBe(1);
    expect(raw.profiles[0].pollIntervalSeconds).toBe(300);
    if (process.platform !== 'win32') expect(statSync(settingsFilePath(dir)).mode & 0o777).toBe(0o600);

    expect(store.remove('sandbox').ok).toBe(true);
    expect(store.active()).toEqual({ ok: true, value: null });
    expect(store.get('sandbox')).toMatchObject({ ok: false, error: { kind: 'not-found' } });
  });

  it('validates: bad IDs, URLs, duplicates, poll intervals and labels are refused with the field named', () => {
    const store = createConfProfileStore(freshDir());
    const bad = store.add({ ...shop, id: 'Shop EU', baseUrl: 'ftp://x', pollIntervalSeconds: 5 });
    expect(bad.ok).toBe(false);
    if (!bad.ok && bad.error.kind === 'invalid')
      expect(bad.error.issues.map((i) => i.path).sort()).toEqual(['baseUrl', 'id', 'pollIntervalSeconds']);
    expect(store.add(shop).ok).toBe(true);
    expect(store.add(shop)).toMatchObject({ ok: false, error: { kind: 'duplicate' } });
    expect(store.update('shop-eu', { statusLabels: { order: { one: 'x' } } })).toMatchObject({
      ok: false,
      error: { kind: 'invalid' },
    });
    expect(store.update('shop-eu', { signatureProfile: { mode: 'template', algorithm: 'RSA-SHA256' } })).toMatchObject({
      ok: false,
      error: { kind: 'invalid' },
    });
    expect(store.add({ ...shop, id: 'x', extra: 1 } as ProfileInput)).toMatchObject({
      ok: false,
      error: { kind: 'invalid' },
    });
    expect(store.setActive('nope')).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    expect(store.list().ok && (store.list() as { value: unknown[] }).value).toHaveLength(1);
  });

  it('reading a data directory that does not exist creates nothing', () => {
    const dir = path.join(freshDir(), 'not-yet');
    const store = createConfProfileStore(dir);
    expect(store.list()).toEqual({ ok: true, value: [] });
    expect(store.active()).toEqual({ ok: true, value: null });
    expect(existsSync(dir)).toBe(false);
  });

  it('migrates a v0 settings file (single account, before profiles) to v1 and writes it back, keeping other settings', () => {
    const dir = freshDir();
    writeFileSync(
      settingsFilePath(dir),
      JSON.stringify({
        baseUrl: 'https://api.example.com',
        platformUrl: 'https://p.example.com',
        merchantId: 'M-9',
        apiPrefix: '',
        pollIntervalMs: 120_000,
        windowBounds: { width: 800 },
      }),
    );
    const store = createConfProfileStore(dir);
    const active = store.active();
    expect(active.ok).toBe(true);
    if (!active.ok || !active.value) throw new Error('no active profile after migration');
    expect(active.value).toMatchObject({
      id: 'default',
      kind: 'merchant',
      merchantId: 'M-9',
      apiPrefix: '',
      pollIntervalSeconds: 120,
    });
    expect(toPlatformConfig(active.value)).toEqual({
      baseUrl: 'https://api.example.com',
      platformUrl: 'https://p.example.com',
      apiPrefix: '',
      merchantId: 'M-9',
      apiVersion: 'v1',
      signatureProfile: { mode: 'canonical', algorithm: 'RSA-SHA256' },
      timeoutMs: 15_000,
      maxResponseMB: 32,
    });
    const raw = JSON.parse(readFileSync(settingsFilePath(dir), 'utf8'));
    expect(raw).toMatchObject({ schemaVersion: 1, activeProfileId: 'default', windowBounds: { width: 800 } });
    expect(raw.baseUrl).toBeUndefined();
    expect(raw.pollIntervalMs).toBeUndefined();
  });

  it('an empty v0 document migrates to no profiles', () => {
    const r = migrateDocument({}, 'mem');
    expect(r.ok && r.value).toMatchObject({
      fromVersion: 0,
      migrated: true,
      document: { schemaVersion: 1, activeProfileId: null, profiles: [] },
    });
  });

  it('refuses a file from a newer version, damaged JSON and invalid content, without overwriting it', () => {
    const dir = freshDir();
    const file = settingsFilePath(dir);
    writeFileSync(file, JSON.stringify({ schemaVersion: 2, profiles: [] }));
    expect(createConfProfileStore(dir).list()).toMatchObject({ ok: false, error: { kind: 'newer-version' } });
    expect(createConfProfileStore(dir).add(shop)).toMatchObject({ ok: false, error: { kind: 'newer-version' } });
    expect(JSON.parse(readFileSync(file, 'utf8')).schemaVersion).toBe(2);

    writeFileSync(file, '{"schemaVersion": 1, "profiles": [');
    expect(createConfProfileStore(dir).list()).toMatchObject({ ok: false, error: { kind: 'corrupt' } });
    expect(readFileSync(file, 'utf8')).toBe('{"schemaVersion": 1, "profiles": [');

    writeFileSync(file, JSON.stringify({ schemaVersion: 1, activeProfileId: 'ghost', profiles: [] }));
    const invalid = createConfProfileStore(dir).list();
    expect(invalid).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    if (!invalid.ok) expect(invalid.error.message).toContain('ghost');
  });

  it.each(['[1, 2]', '"settings"', 'null', '42', 'true'])(
    'a file holding %s is refused as damaged by reads and writes, and left byte for byte',
    (text) => {
      const dir = freshDir();
      const file = settingsFilePath(dir);
      writeFileSync(file, text);
      const listed = createConfProfileStore(dir).list();
      expect(listed).toMatchObject({ ok: false, error: { kind: 'corrupt' } });
      if (!listed.ok) expect(listed.error.message).toMatch(/does not hold the settings object.*left unchanged/);
      expect(createConfProfileStore(dir).active()).toMatchObject({ ok: false, error: { kind: 'corrupt' } });
      expect(createConfProfileStore(dir).add(shop)).toMatchObject({ ok: false, error: { kind: 'corrupt' } });
      expect(readFileSync(file, 'utf8')).toBe(text);
    },
  );

  it('a folder that cannot be created (a file stands in its path) is an io error, not a crash', () => {
    // Holds for every user, root included (CI runs as root): no permission lets mkdir pass through a file.
    const parent = freshDir();
    const blocker = path.join(parent, 'not-a-folder');
    writeFileSync(blocker, 'a file, not a folder');
    const r = createConfProfileStore(path.join(blocker, 'sub')).add(shop);
    expect(r).toMatchObject({ ok: false, error: { kind: 'io' } });
    expect(readFileSync(blocker, 'utf8')).toBe('a file, not a folder');
  });

  it.skipIf(process.platform === 'win32' || process.getuid?.() === 0)(
    'an unwritable folder is an io error, not a crash (skipped on Windows and as root: permissions do not bind there)',
    () => {
      const parent = freshDir();
      mkdirSync(path.join(parent, 'ro'), { mode: 0o500 });
      const r = createConfProfileStore(path.join(parent, 'ro', 'sub')).add(shop);
      expect(r).toMatchObject({ ok: false, error: { kind: 'io' } });
    },
  );
});

describe('profile store over any backing', () => {
  it('works over an in-memory document (what electron-store provides in the app)', () => {
    const backing = memoryBacking();
    const store = createProfileStore(backing);
    expect(store.add(sandbox).ok).toBe(true);
    expect(backing.document).toMatchObject({ schemaVersion: 1, activeProfileId: 'sandbox' });
  });

  it('slugify makes profile IDs from names', () => {
    expect(slugify('Shop EU — Müller & Co.')).toBe('shop-eu-muller-co');
    expect(slugify('***')).toBe('profile');
  });
});
