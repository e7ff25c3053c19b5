/**
 * Platform error paths at CLI level: the real CLI in-process against the sandbox over loopback HTTP. Each case
 * checks the exit code from the README's table, what stderr names (code or status, message, action) and that no
 * secret (token, private key, signature, authorization code) reaches stdout or stderr.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY } from '../../src/core/api/retry';
import { startRecordingProxy, type RecordingProxy } from '../helpers/recordingProxy';
import { runCliCapture, type CliRun } from '../helpers/runCliCapture';
import { cliEnvFor, startTestPlatform, testKeys, type TestPlatform } from '../helpers/sandboxFixture';

let p: TestPlatform;
let env: Record<string, string>;
const dir = mkdtempSync(path.join(tmpdir(), 'md-cli-errors-'));
const keyFile = path.join(dir, 'key.pem');
/** A valid RSA key that is not the one registered with the sandbox. */
const strangerKeyFile = path.join(dir, 'stranger.pem');
const strangerKeyPem = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

beforeAll(async () => {
  p = await startTestPlatform({ orders: 60, seed: 5 });
  writeFileSync(keyFile, testKeys().privateKeyPem, { mode: 0o600 });
  writeFileSync(strangerKeyFile, strangerKeyPem, { mode: 0o600 });
  env = cliEnvFor(p, keyFile);
});
afterAll(async () => {
  await p.stop();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => p.sandbox.resetCounts());
afterEach(() => p.sandbox.setFaults({}));

/** Every Base64 line of a PEM body (the armour lines are not secret). */
const pemBodyLines = (pem: string) => pem.split('\n').filter((l) => l.length >= 16 && !l.startsWith('-----'));

/** Neither the token, nor any line of either private key, nor any extra secret appears in stdout or stderr. */
function expectNoSecrets(r: CliRun, ...extra: string[]) {
  const needles = [
    p.sandbox.token,
    ...pemBodyLines(testKeys().privateKeyPem),
    ...pemBodyLines(strangerKeyPem),
    ...extra,
  ];
  for (const text of [r.stdout, r.stderr]) {
    expect(text).not.toMatch(/PRIVATE KEY/);
    for (const needle of needles) expect(text).not.toContain(needle);
  }
}

/** The --json error document on stdout, as the sentence the human output prints. */
function jsonError(r: CliRun): string {
  const { error } = JSON.parse(r.stdout) as { error: { message: string; action: string | null } };
  return error.action ? `${error.message} Action: ${error.action}` : error.message;
}

describe('merchant-desk CLI: platform error paths', () => {
  describe('10002 JSON parsing error', () => {
    let proxy: RecordingProxy;
    let mode: 'truncate' | 'field' = 'truncate';
    beforeAll(async () => {
      // The client never sends bad JSON, so a proxy damages the body on its way to the sandbox, which answers a
      // genuine 10002 (HTTP 200) of its own.
      proxy = await startRecordingProxy(p.sandbox.baseUrl, (body) =>
        mode === 'truncate'
          ? body.subarray(0, body.length - 1)
          : Buffer.from(body.toString('utf8').replace(/"pageSize":\d+/, '"pageSize":0')),
      );
    });
    afterAll(() => proxy.stop());

    it.each([
      ['truncate', /JSON parsing error: body is not valid JSON/],
      ['field', /JSON parsing error: pageSize must be between 1 and 100, got 0/],
    ] as const)('a damaged body (%s) exits 3 naming 10002, the message and the spec action', async (m, message) => {
      mode = m;
      const r = await runCliCapture(['orders', 'list', '--page-size', '5'], {
        ...env,
        MERCHANT_DESK_BASE_URL: proxy.origin,
      });
      expect(r.code).toBe(3);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('code 10002');
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toContain('Action: Check the request body format.');
      expect(p.sandbox.requestCount('orders')).toBe(1); // a refusal, not retried
      expectNoSecrets(r);
    });

    it('a body over the sandbox limit (HTTP 413, envelope 10002) exits 3 naming the status, 10002 and the message', async () => {
      const r = await runCliCapture(['orders', 'list', '--title', 'x'.repeat(1_100_000)], env);
      expect(r.code).toBe(3);
      expect(r.stderr).toContain('HTTP 413');
      expect(r.stderr).toContain('code 10002');
      expect(r.stderr).toMatch(/JSON parsing error: request body exceeds 1048576 bytes/);
      expect(p.sandbox.requestCount('orders')).toBe(1);
      expectNoSecrets(r);
    });

    // An error envelope on a non-2xx status: the spec's action for its code, not the generic one for the status.
    it('the HTTP 413 / 10002 answer names the spec action for 10002', async () => {
      const r = await runCliCapture(['orders', 'list', '--title', 'x'.repeat(1_100_000)], env);
      expect(r.stderr).toContain('Check the request body format');
    });
  });

  describe('10003 signature failure (a private key that is not the registered one)', () => {
    let proxy: RecordingProxy;
    beforeAll(async () => {
      // Records the signature headers, so the test can prove they are not printed.
      proxy = await startRecordingProxy(p.sandbox.origin);
    });
    afterAll(() => proxy.stop());

    it.each([
      [['buyers', 'sync', '--user-no', 'sig-u1', '--email', 'sig-u1@example.com']],
      [['--json', 'buyers', 'sync', '--user-no', 'sig-u1', '--email', 'sig-u1@example.com']],
      [['sso-link', '--user-no', 'sig-u1', '--email', 'sig-u1@example.com', '--item', '42']],
    ])('%j exits 3 naming 10003 and the action; prints no code, token, key or signature', async (argv) => {
      const codesBefore = p.sandbox.authCodes.issued().length;
      proxy.requests.length = 0;
      const r = await runCliCapture(argv, {
        ...env,
        MERCHANT_DESK_PLATFORM_URL: proxy.origin + p.sandbox.platformPathPrefix,
        MERCHANT_DESK_PRIVATE_KEY_FILE: strangerKeyFile,
      });
      expect(r.code).toBe(3);
      // Human output on stderr; with --json the error is the one document on stdout.
      const shown = argv[0] === '--json' ? jsonError(r) : r.stderr;
      expect(argv[0] === '--json' ? r.stderr : r.stdout).toBe('');
      expect(shown).toContain('code 10003');
      expect(shown).toMatch(/request signature error: signature does not verify/);
      expect(shown).toMatch(/Action: Check the signature algorithm and the signed string/);
      expect(shown).not.toMatch(/authorizationCode|items\//);
      expect(p.sandbox.requestCount('buyer-sync')).toBe(1); // a refusal, not retried
      expect(p.sandbox.authCodes.issued()).toHaveLength(codesBefore);
      expect(proxy.requests).toHaveLength(1);
      const { signature, nonce } = proxy.requests[0]!.headers;
      expect(typeof signature).toBe('string');
      expectNoSecrets(r, signature as string, nonce as string);
    });
  });

  describe('10001 URL parsing error', () => {
    // A wrong merchant ID is covered in cli.test.ts; a wrong API version is not.
    it('buyers sync with a wrong API version exits 3 naming HTTP 404, 10001 and the version', async () => {
      const r = await runCliCapture(['buyers', 'sync', '--user-no', 'ver-u1', '--email', 'ver-u1@example.com'], {
        ...env,
        MERCHANT_DESK_API_VERSION: 'v2',
      });
      expect(r.code).toBe(3);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('HTTP 404');
      expect(r.stderr).toContain('code 10001');
      expect(r.stderr).toContain('URL parsing error: unsupported version "v2" (current is v1)');
      expect(p.sandbox.requestCount('buyer-sync')).toBe(1);
      expectNoSecrets(r);
    });

    // The 10001 answer comes with HTTP 404: the spec's action (merchant and version), not "check the base URL".
    it('the HTTP 404 / 10001 answer names the spec action (merchant ID and API version)', async () => {
      const r = await runCliCapture(['buyers', 'sync', '--user-no', 'ver-u1', '--email', 'ver-u1@example.com'], {
        ...env,
        MERCHANT_DESK_API_VERSION: 'v2',
      });
      expect(r.stderr).toContain('Check the merchant ID and API version');
    });
  });

  it('10004 on every attempt: orders list retries a bounded number of times, then exits 3 naming 10004 and Retry', async () => {
    p.sandbox.setFaults({ rate10004: 1 });
    const r = await runCliCapture(['orders', 'list'], env);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('code 10004');
    expect(r.stderr).toContain('Server error');
    expect(r.stderr).toMatch(/Action: .*[Rr]etry/);
    const attempts = p.sandbox.requestCount('orders');
    expect(attempts).toBeGreaterThan(1);
    expect(attempts).toBeLessThanOrEqual(DEFAULT_RETRY_POLICY.maxAttempts);
    expectNoSecrets(r);
  });

  it('HTTP 503 on every attempt: orders list retries a bounded number of times, then exits 3 naming the status', async () => {
    p.sandbox.setFaults({ rate5xx: 1 });
    const r = await runCliCapture(['orders', 'list'], env);
    // README "Exit codes": 3 = an envelope code other than 0000, or an HTTP error status.
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('HTTP 503');
    expect(r.stderr).toMatch(/Action: .*retry/);
    const attempts = p.sandbox.requestCount('orders');
    expect(attempts).toBeGreaterThan(1);
    expect(attempts).toBeLessThanOrEqual(DEFAULT_RETRY_POLICY.maxAttempts);
    expectNoSecrets(r);
  });

  describe('a success answer the client cannot understand exits 1 naming the problem', () => {
    it('malformed body (not JSON)', async () => {
      p.sandbox.failNext('orders', 'malformed-body');
      const r = await runCliCapture(['orders', 'list'], env);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(
        /Unexpected answer from the platform: the body is not JSON \(starts with "not json <html>"\)/,
      );
      expect(p.sandbox.requestCount('orders')).toBe(1); // not retried
      expectNoSecrets(r);
    });

    it('a JSON body that is not the envelope names the missing field', async () => {
      p.sandbox.failNext('orders', 'not-envelope');
      const r = await runCliCapture(['--json', 'orders', 'list'], env);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout)).toMatchObject({ error: { kind: 'protocol', code: null } });
      expect(jsonError(r)).toMatch(
        /Unexpected answer from the platform at code: the body is not the platform envelope/,
      );
      expect(p.sandbox.requestCount('orders')).toBe(1);
      expectNoSecrets(r);
    });

    it('a field of the wrong type names its path (data.list[0]…): the list skips the order, get refuses it', async () => {
      const id = p.sandbox.store.ids().at(-1)!;
      p.sandbox.store.update(id, (o) => {
        (o.orderItems[0] as unknown as Record<string, unknown>).quantity = 'two';
      });
      const r = await runCliCapture(['orders', 'list', '--id', id], env);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain(`order ${id}: data.list[0].orderItems[0].quantity: expected an integer`);
      expect(p.sandbox.requestCount('orders')).toBe(1);
      expectNoSecrets(r);
      const get = await runCliCapture(['orders', 'get', id], env);
      expect(get.code).toBe(1);
      expect(get.stdout).toBe('');
      expect(get.stderr).toContain('data.list[0].orderItems[0].quantity');
      expectNoSecrets(get);
    });
  });
});
