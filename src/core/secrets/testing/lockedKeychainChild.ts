/**
 * Child process for test/integration/lockedKeychain.test.ts, run inside its own private D-Bus session and
 * gnome-keyring (scripts/with-keyring.sh), so locking that keyring disturbs no other test. Stores a token and a
 * key, locks the login collection over D-Bus, then reports (JSON on stdout) what each store call answers.
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFileKeyStore, keyFilePaths } from '../../keys/keyStore';
import { createKeytarSecretStore, LOCK_PROBE_ACCOUNT } from '../keytarSecretStore';
import { KEYCHAIN_SERVICE } from '../secretStore';

const secrets = createKeytarSecretStore({ timeoutMs: 5_000 });
const dataDir = mkdtempSync(path.join(tmpdir(), 'md-locked-'));
const keys = createFileKeyStore({ dataDir, secrets });
const outcome = (r: { ok: boolean; value?: unknown; error?: { kind: string } }) =>
  r.ok ? { ok: true, value: r.value === null ? null : typeof r.value } : { ok: false, kind: r.error!.kind };
const lookup = (account: string) => {
  try {
    return execFileSync('secret-tool', ['lookup', 'service', KEYCHAIN_SERVICE, 'account', account], {
      stdio: ['ignore', 'pipe', 'ignore'],
    }).toString();
  } catch {
    return null;
  }
};

const report: Record<string, unknown> = {};
report.setToken = outcome(await secrets.set('shop', 'token', 'token-abc'));
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
report.saveKey = outcome(await keys.save('shop', privateKey));
// Unlocked: a miss is a miss, and the probe leaves nothing behind.
report.missUnlocked = outcome(await secrets.get('other-shop', 'token'));
report.probeLeftBehind = lookup(LOCK_PROBE_ACCOUNT) !== null;

execFileSync('dbus-send', [
  '--session',
  '--dest=org.freedesktop.secrets',
  '--print-reply',
  '/org/freedesktop/secrets',
  'org.freedesktop.Secret.Service.Lock',
  'array:objpath:/org/freedesktop/secrets/collection/login',
]);
report.plainLookupWhenLocked = lookup('shop:token'); // what keytar alone would see: nothing

report.getLocked = outcome(await secrets.get('shop', 'token'));
report.deleteLocked = outcome(await secrets.delete('shop', 'token'));
report.loadKeyLocked = outcome(await keys.load('shop'));
report.removeKeyLocked = outcome(await keys.remove('shop'));
report.keyFileKept = existsSync(keyFilePaths(dataDir, 'shop').privateKey);
process.stdout.write(`${JSON.stringify(report)}\n`);
