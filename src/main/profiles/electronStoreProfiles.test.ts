import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createConfProfileStore, settingsFilePath } from '../../core/profiles/confProfileStore';
import { createElectronStoreProfiles } from './electronStoreProfiles';

// Outside Electron: electron-store then needs the absolute cwd it is given.
vi.mock('electron', () => ({ default: { app: undefined, ipcMain: undefined, shell: undefined } }));

describe('electron-store profiles (the app) and conf profiles (the CLI) share one file and one schema', () => {
  it('what the app writes the CLI reads, and back', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'md-estore-'));
    const app = createElectronStoreProfiles(dataDir);
    const added = app.add({
      id: 'shop',
      name: 'Shop',
      kind: 'merchant',
      baseUrl: 'https://a.example',
      platformUrl: 'https://p.example',
      merchantId: 'M',
    });
    expect(added.ok).toBe(true);
    expect(JSON.parse(readFileSync(settingsFilePath(dataDir), 'utf8'))).toMatchObject({
      schemaVersion: 1,
      activeProfileId: 'shop',
    });
    const cli = createConfProfileStore(dataDir);
    expect(cli.get('shop')).toMatchObject({ ok: true, value: { merchantId: 'M' } });
    expect(cli.update('shop', { pollIntervalSeconds: 30 }).ok).toBe(true);
    expect(app.get('shop')).toMatchObject({ ok: true, value: { pollIntervalSeconds: 30 } });
    expect(
      app.add({
        id: 'shop',
        name: 'x',
        kind: 'merchant',
        baseUrl: 'https://a.example',
        platformUrl: 'https://p.example',
        merchantId: 'M',
      }),
    ).toMatchObject({ ok: false, error: { kind: 'duplicate' } });
  });
});
