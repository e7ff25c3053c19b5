// Before anything loads keytar: this process has no D-Bus session bus, so no Secret Service (vitest runs each test
// file in its own process, so this does not affect other files).
process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/merchant-desk-test-bus';
delete process.env.DISPLAY;

import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateRsaPrivateKey } from '../keys/keyMaterial';
import { createFileKeyStore } from '../keys/keyStore';
import { createKeytarSecretStore } from './keytarSecretStore';

describe.runIf(process.platform === 'linux')('no Secret Service (Linux, no D-Bus session)', () => {
  it('every call fails quickly with "keychain-unavailable" and an action', async () => {
    const store = createKeytarSecretStore({ timeoutMs: 5_000 });
    const started = Date.now();
    const results = [
      await store.set('shop', 'token', 'secret-token-value'),
      await store.get('shop', 'token'),
      await store.delete('shop', 'token'),
    ];
    expect(Date.now() - started).toBeLessThan(3_000);
    for (const r of results) {
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.kind).toBe('keychain-unavailable');
        expect(r.error.action).toMatch(/Secret Service/);
        expect(r.error.message).not.toContain('secret-token-value');
      }
    }
  });

  it('no key is written to disk, in plain text or otherwise', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'md-nokc-'));
    const keys = createFileKeyStore({ dataDir, secrets: createKeytarSecretStore() });
    const saved = await keys.save('shop', await generateRsaPrivateKey(2048));
    expect(!saved.ok && saved.error.kind).toBe('keychain-unavailable');
    expect(readdirSync(path.join(dataDir, 'keys'))).toEqual([]);
  });
});
