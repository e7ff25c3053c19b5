import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program';
import { createFileKeyStore } from '../../src/core/keys/keyStore';
import { requestLogPath } from '../../src/core/logging/requestLog';
import { settingsFilePath } from '../../src/core/profiles/confProfileStore';
import { createKeytarSecretStore } from '../../src/core/secrets/keytarSecretStore';
import { createMemorySecretStore } from '../../src/core/secrets/memorySecretStore';
import type { SecretStore } from '../../src/core/secrets/secretStore';
import { startSandbox, type SandboxHandle } from '../../src/sandbox';
import { filesUnder, findSecrets } from '../helpers/scanForSecrets';
import { keychainRequired, secretServiceAvailable } from '../setup/keychain';

/**
 * Secret hygiene: every flow runs through the CLI with a profile, then the whole data directory — settings, key
 * files, the cache database (with its WAL), logs, anything else written there — is searched byte for byte for the
 * token, the private key (PEM text and raw key bytes), the key passphrase and every authorization code the platform
 * issued. None may be found. Uses the real OS keychain when there is one (required in CI), else an in-memory one.
 */
describe('secret hygiene', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'md-hygiene-'));
  const profileId = `hyg-${randomUUID().slice(0, 8)}`;
  const token = `tok-${randomUUID()}`;
  let secrets: SecretStore;
  let sandbox: SandboxHandle;
  const outputs: string[] = [];

  const run = async (argv: string[], stdin?: string) => {
    const out: string[] = [];
    const errOut: string[] = [];
    const code = await runCli(['--profile', profileId, ...argv], {
      stdout: (t) => out.push(t),
      stderr: (t) => errOut.push(t),
      env: { MERCHANT_DESK_DATA_DIR: dataDir },
      secretStore: secrets,
      ...(stdin !== undefined ? { stdin: async () => stdin } : {}),
    });
    const r = { code, stdout: out.join('\n'), stderr: errOut.join('\n') };
    outputs.push(r.stderr);
    expect(r.code, `merchant-desk ${argv.join(' ')}\n${r.stdout}\n${r.stderr}`).toBe(0);
    return r;
  };

  beforeAll(async () => {
    const availability = await secretServiceAvailable();
    if (availability.ok) secrets = createKeytarSecretStore();
    else {
      if (keychainRequired()) throw new Error(`secret hygiene needs the OS keychain in CI: ${availability.reason}`);
      console.warn(`[secret hygiene] no OS keychain (${availability.reason}); using an in-memory keychain instead`);
      secrets = createMemorySecretStore();
    }
    // The profile and its key first: the sandbox needs the merchant's public key.
    await run([
      'profiles',
      'add',
      profileId,
      '--kind',
      'sandbox',
      '--base-url',
      'http://127.0.0.1:1',
      '--platform-url',
      'http://127.0.0.1:1/platform',
      '--merchant',
      'sandbox-merchant',
    ]);
    const { publicKeyPem } = JSON.parse((await run(['--json', 'keys', 'generate', '--bits', '3072'])).stdout) as {
      publicKeyPem: string;
    };
    sandbox = await startSandbox({ publicKeyPem, token, orders: 60, seed: 11 });
    await run([
      'profiles',
      'edit',
      profileId,
      '--base-url',
      sandbox.baseUrl,
      '--platform-url',
      sandbox.platformUrl,
      '--merchant',
      sandbox.merchantId,
    ]);
    await run(['token', 'set'], `${token}\n`);
  });

  afterAll(async () => {
    await runCli(['profiles', 'remove', profileId, '--yes'], {
      stdout: () => {},
      stderr: () => {},
      env: { MERCHANT_DESK_DATA_DIR: dataDir },
      secretStore: secrets,
    });
    await sandbox?.stop();
  });

  it('runs every flow with the profile: test-connection, sync, orders, approve, reject, buyer sync, SSO link, sign inspect', async () => {
    await run(['test-connection']);
    // Sync fills the cache database: the first run fetches every order, the second polls for changes.
    await run(['sync']);
    await run(['sync']);
    await run(['--json', 'orders', 'list', '--page-size', '5']);
    const pending = JSON.parse(
      (await run(['--json', 'orders', 'list', '--after-sales-status', '1', '--page-size', '100'])).stdout,
    ).list as { id: string }[];
    expect(pending.length).toBeGreaterThanOrEqual(2);
    await run(['after-sales', 'approve', pending[0]!.id]);
    await run(['after-sales', 'reject', pending[1]!.id, '--reason', 'Delivered as described']);
    await run(['orders', 'get', pending[1]!.id]);
    await run(['sync']);
    await run(['buyers', 'sync', '--user-no', 'hyg-1', '--email', 'hyg1@example.com']);
    for (let i = 0; i < 3; i++)
      await run(['sso-link', '--user-no', `hyg-${i}`, '--email', `hyg${i}@example.com`, '--item', `10${i}`]);
    await run(['sign', 'inspect']);
    await run(['profiles', 'list']);
    expect(sandbox.authCodes.issued().length).toBe(4);
  });

  it('finds none of the secrets in the data directory (settings, keys, cache database, logs) nor on stderr', async () => {
    const passphrase = await secrets.get(profileId, 'key-passphrase');
    expect(passphrase.ok && passphrase.value).toBeTruthy();
    const key = await createFileKeyStore({ dataDir, secrets }).load(profileId);
    if (!key.ok || !key.value) throw new Error('the profile key did not load');
    const pkcs8 = key.value.export({ type: 'pkcs8', format: 'pem' }).toString();
    const pkcs1 = key.value.export({ type: 'pkcs1', format: 'pem' }).toString();
    const jwk = key.value.export({ format: 'jwk' });
    const needles: Record<string, string | Buffer> = {
      token,
      passphrase: passphrase.ok ? passphrase.value! : '',
      'private key (PKCS#8 PEM line)': pkcs8.split('\n')[3]!,
      'private key (PKCS#1 PEM line)': pkcs1.split('\n')[3]!,
      'private key (PKCS#8 DER)': key.value.export({ type: 'pkcs8', format: 'der' }).subarray(40, 104),
      'private exponent d (raw bytes)': Buffer.from(jwk.d!, 'base64url').subarray(0, 48),
      'prime p (raw bytes)': Buffer.from(jwk.p!, 'base64url').subarray(0, 48),
      'private exponent d (base64url)': jwk.d!.slice(0, 64),
    };
    const codes = sandbox.authCodes.issued().map((c) => c.code);
    codes.forEach((c, i) => (needles[`authorization code #${i + 1}`] = c));

    const files = filesUnder(dataDir);
    // What was scanned: the settings, the key files and the cache database at least.
    expect(files).toContain(settingsFilePath(dataDir));
    expect(files).toContain(path.join(dataDir, 'keys', `${profileId}.key.pem`));
    expect(files.some((f) => /\.(db|sqlite3?)$/.test(f))).toBe(true);
    // …and the request log, which every flow above wrote to (so its scan is not vacuous).
    const log = requestLogPath(dataDir);
    expect(files).toContain(log);
    const logged = readFileSync(log, 'utf8');
    for (const endpoint of ['"orders"', '"audit"', '"buyer-sync"']) expect(logged).toContain(endpoint);
    // The scan can see what is there: the merchant ID is in the settings.
    expect(findSecrets(files, { merchantId: sandbox.merchantId }).length).toBeGreaterThan(0);

    expect(findSecrets(files, needles)).toEqual([]);
    for (const o of outputs)
      for (const [name, n] of Object.entries(needles)) if (typeof n === 'string') expect(o, name).not.toContain(n);
    // The plain key file of a key import is the merchant's own; there is none here, and no temporary files remain.
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(existsSync(path.join(dataDir, 'keys', `${profileId}.pub.pem`))).toBe(true);
  });

  it('the scan finds a planted secret in any encoding it checks (UTF-8, UTF-16LE, URL-encoded, raw bytes)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'md-hygiene-plant-'));
    mkdirSync(path.join(dir, 'logs'));
    writeFileSync(path.join(dir, 'logs', 'app.log'), Buffer.from('Authorization: Bearer tok-planted-1234', 'utf16le'));
    writeFileSync(
      path.join(dir, 'cache.db'),
      Buffer.concat([Buffer.from([0, 1, 2]), Buffer.from('c0de+/x=1234', 'utf8')]),
    );
    writeFileSync(path.join(dir, 'history.json'), `{"url":"?authorizationCode=${encodeURIComponent('AAAA+BBB/CC=')}"}`);
    writeFileSync(path.join(dir, 'blob.bin'), Buffer.from([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]));
    const hits = findSecrets(filesUnder(dir), {
      token: 'tok-planted-1234',
      code: 'c0de+/x=1234',
      encoded: 'AAAA+BBB/CC=',
      bytes: Buffer.from([8, 7, 6, 5, 4, 3, 2, 1]),
    });
    expect(hits.map((h) => h.secret).sort()).toEqual(['bytes', 'code', 'encoded', 'token']);
  });
});
