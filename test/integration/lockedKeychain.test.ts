import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleChild, repoRoot } from '../helpers/bundleChild';
import { keychainRequired } from '../setup/keychain';

// A locked keychain must read as "locked", never as "not set" (which would send the merchant to replace a good
// key). Locking needs a keyring of its own: the child runs in a private D-Bus session with its own gnome-keyring.
const root = repoRoot;
const outDir = path.join(root, 'node_modules', '.tmp', `locked-keychain-${process.pid}`);
const tools = ['dbus-run-session', 'gnome-keyring-daemon', 'dbus-send', 'secret-tool'];
const missing =
  process.platform !== 'linux'
    ? ['Linux (the Secret Service)']
    : tools.filter((t) => spawnSync('sh', ['-c', `command -v ${t}`]).status !== 0);
const skip = missing.length > 0 && !keychainRequired();
if (skip) console.warn(`locked-keychain test skipped: needs ${missing.join(', ')}`);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe.skipIf(skip)('a locked Linux keyring (real gnome-keyring, locked over D-Bus)', () => {
  it('reads, deletes and key loads say "locked" with an action; nothing is removed', async () => {
    expect(missing).toEqual([]);
    const child = await bundleChild('src/core/secrets/testing/lockedKeychainChild.ts', outDir);
    const run = spawnSync('bash', [path.join(root, 'scripts/with-keyring.sh'), process.execPath, child], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout.trim().split('\n').pop()!);
    expect(report).toEqual({
      setToken: { ok: true, value: 'undefined' },
      saveKey: { ok: true, value: 'object' },
      missUnlocked: { ok: true, value: null },
      probeLeftBehind: false,
      plainLookupWhenLocked: null, // keytar alone sees "nothing stored"
      getLocked: { ok: false, kind: 'keychain-locked' },
      deleteLocked: { ok: false, kind: 'keychain-locked' },
      loadKeyLocked: { ok: false, kind: 'keychain-locked' },
      removeKeyLocked: { ok: false, kind: 'keychain-locked' },
      keyFileKept: true,
    });
  }, 90_000);
});
