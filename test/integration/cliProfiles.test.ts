import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore, type MemorySecretStore } from '../../src/core/secrets/memorySecretStore';
import { MAX_SECRET_BYTES } from '../../src/core/secrets/secretStore';
import { runCli } from '../../src/cli/program';
import { startTestPlatform, testKeys, type TestPlatform, sandboxConnectionFlags } from '../helpers/sandboxFixture';

/**
 * The profile commands in-process, against the sandbox on loopback, with an in-memory keychain (the same flows
 * against the real OS keychain are in cliKeychain.test.ts).
 */
interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ orders: 30, seed: 5 });
});
afterAll(() => p.stop());

function cli(dataDir: string, secrets: MemorySecretStore, extraEnv: Record<string, string> = {}) {
  const outputs: string[] = [];
  const prompts: string[] = [];
  const run = async (argv: string[], stdin?: string, interactive = false): Promise<Run> => {
    const out: string[] = [];
    const errOut: string[] = [];
    const code = await runCli(argv, {
      stdout: (t) => out.push(t),
      stderr: (t) => errOut.push(t),
      env: { MERCHANT_DESK_DATA_DIR: dataDir, ...extraEnv },
      secretStore: secrets,
      interactive,
      ...(stdin !== undefined
        ? {
            stdin: async (prompt?: string) => {
              if (prompt) prompts.push(prompt);
              return stdin;
            },
          }
        : {}),
    });
    const r = { code, stdout: out.join('\n'), stderr: errOut.join('\n') };
    outputs.push(r.stdout, r.stderr);
    return r;
  };
  return { run, outputs, prompts };
}

async function sandboxProfile(run: ReturnType<typeof cli>['run'], id = 'sandbox') {
  const r = await run([
    'profiles',
    'add',
    id,
    '--kind',
    'sandbox',
    '--name',
    'Local sandbox',
    ...sandboxConnectionFlags(p.sandbox),
    '--timeout-ms',
    '3000',
  ]);
  expect(r.code, r.stderr).toBe(0);
}

describe('profiles, token and keys commands', () => {
  it('profiles add / list / show / edit / use / remove', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'md-cli-prof-'));
    const secrets = createMemorySecretStore();
    const { run } = cli(dataDir, secrets);
    expect((await run(['profiles', 'list'])).stdout).toMatch(/No profiles yet/);
    await sandboxProfile(run);
    const shop = await run([
      'profiles',
      'add',
      'shop-eu',
      '--base-url',
      'https://api.example.com',
      '--platform-url',
      'https://p.example.com',
      '--merchant',
      'M-1',
      '--notify',
      'new-order,dispute,due-soon',
      '--order-status-label',
      '1=Paid',
      '--order-status-label',
      '4=Done',
      '--poll-interval',
      '300',
    ]);
    expect(shop.code, shop.stderr).toBe(0);
    const list = await run(['profiles', 'list']);
    expect(list.stdout).toMatch(/^\s+ID\s+Name/);
    expect(list.stdout).toMatch(/\*\s+sandbox\s+Local sandbox\s+sandbox/);
    expect(list.stdout).toMatch(/shop-eu .*not set\s+none/);

    const edit = await run([
      'profiles',
      'edit',
      'shop-eu',
      '--order-status-label',
      '1=',
      '--after-sales-status-label',
      '2=Refunded',
      '--signature-mode',
      'body',
      '--api-prefix',
      '',
    ]);
    expect(edit.code, edit.stderr).toBe(0);
    const show = JSON.parse((await run(['--json', 'profiles', 'show', 'shop-eu'])).stdout);
    expect(show).toMatchObject({
      id: 'shop-eu',
      apiPrefix: '',
      pollIntervalSeconds: 300,
      signatureProfile: { mode: 'body', algorithm: 'RSA-SHA256' },
      notifications: {
        newOrder: true,
        statusChanged: false,
        afterSales: false,
        dispute: true,
        deliveryError: false,
        dueSoon: true,
        overdue: false,
      },
      statusLabels: { order: { '4': 'Done' }, afterSales: { '2': 'Refunded' } },
      active: false,
      token: 'not set',
      key: null,
    });

    expect((await run(['profiles', 'use', 'shop-eu'])).code).toBe(0);
    expect(JSON.parse((await run(['--json', 'profiles', 'list'])).stdout).activeProfileId).toBe('shop-eu');

    const bad = await run([
      'profiles',
      'add',
      'Bad Name',
      '--base-url',
      'x',
      '--platform-url',
      'https://p',
      '--merchant',
      'M',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/id: profile ID must be/);
    expect(bad.stderr).toMatch(/baseUrl/);
    const missing = await run(['profiles', 'add', 'x']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--base-url URL, --platform-url URL, --merchant ID/);
    expect((await run(['profiles', 'use', 'nope'])).code).toBe(2);

    await run(['--profile', 'shop-eu', 'token', 'set'], 'tok-123');
    const removed = await run(['profiles', 'remove', 'shop-eu', '--yes']);
    expect(removed.code, removed.stderr).toBe(0);
    expect(secrets.entries.size).toBe(0);
    expect(JSON.parse((await run(['--json', 'profiles', 'list'])).stdout)).toMatchObject({ activeProfileId: null });
  });

  it('profiles edit sets the delivery-deadline settings part by part; bad values change nothing', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'md-cli-prof-'));
    const { run } = cli(dataDir, createMemorySecretStore());
    await sandboxProfile(run);
    const shown = async () => (await run(['profiles', 'show', 'sandbox'])).stdout;
    expect(await shown()).toMatch(
      /deadlines: +from payment, partial delivery earliest-first, closed statuses 5,6; due soon within 25 % or 30 min/,
    );
    const edited = await run(['profiles', 'edit', 'sandbox', '--due-soon-minutes', '10', '--closed-statuses', '5']);
    expect(edited.code, edited.stderr).toBe(0);
    expect((await run(['profiles', 'edit', 'sandbox', '--due-clock-start', 'created'])).code).toBe(0);
    expect(await shown()).toMatch(
      /from creation, partial delivery earliest-first, closed statuses 5; due soon within 25 % or 10 min/,
    );
    const bad = await run(['profiles', 'edit', 'sandbox', '--due-soon-fraction', '1.5', '--due-soon-minutes', '5']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--due-soon-fraction must be a number from 0 to 1/);
    expect(await shown()).toMatch(/or 10 min/);
  });

  it("profiles edit --after-sales-values sets and confirms the platform's values; a bad state changes nothing", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'md-cli-prof-'));
    const { run } = cli(dataDir, createMemorySecretStore());
    await sandboxProfile(run);
    const shown = async () => (await run(['profiles', 'show', 'sandbox'])).stdout;
    expect(await shown()).toMatch(
      /after-sales values: awaiting 1, approved 2, rejected 3, closed 4 \(labelled defaults, not confirmed\)/,
    );
    const edited = await run([
      'profiles',
      'edit',
      'sandbox',
      '--after-sales-values',
      'awaiting=7,8',
      '--after-sales-values',
      'closed=9',
    ]);
    expect(edited.code, edited.stderr).toBe(0);
    expect(await shown()).toMatch(/after-sales values: awaiting 7,8, approved 2, rejected 3, closed 9 \(confirmed\)/);
    const bad = await run(['profiles', 'edit', 'sandbox', '--after-sales-values', 'pending=1']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/STATE one of awaiting, approved, rejected, closed/);
    expect(await shown()).toMatch(/awaiting 7,8/);
  });

  it('token set reads standard input, never prints the token; status and delete', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'md-cli-tok-'));
    const secrets = createMemorySecretStore();
    const { run, outputs } = cli(dataDir, secrets);
    await sandboxProfile(run);
    const set = await run(['token', 'set'], 'Bearer  s3cret-token-value\n');
    expect(set.code, set.stderr).toBe(0);
    expect(secrets.entries.get('sandbox:token')).toBe('s3cret-token-value');
    expect((await run(['token', 'status'])).stdout).toBe('Access token of profile sandbox: set.');
    expect((await run(['token', 'set'], '\n')).code).toBe(2);
    expect((await run(['token', 'set'])).stderr).toMatch(/No standard input/);
    expect((await run(['token', 'set'], 'two words')).code).toBe(2);
    const huge = await run(['token', 'set'], 'x'.repeat(MAX_SECRET_BYTES + 1));
    expect(huge.code).toBe(2);
    expect(huge.stderr).toMatch(/at most 2560 bytes/);
    expect((await run(['token', 'delete'])).stdout).toMatch(/Deleted/);
    expect((await run(['token', 'status'])).stdout).toMatch(/not set/);
    for (const o of outputs) expect(o).not.toContain('s3cret-token-value');
  });

  it('keys generate / public / fingerprint / import (encrypted PKCS#1 with --passphrase-stdin) / delete', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'md-cli-keys-'));
    const secrets = createMemorySecretStore();
    const { run, outputs, prompts } = cli(dataDir, secrets);
    await sandboxProfile(run);
    expect((await run(['keys', 'public'])).code).toBe(2);
    const gen = await run(['keys', 'generate', '--bits', '3072']);
    expect(gen.code, gen.stderr).toBe(0);
    expect(gen.stdout).toMatch(/Generated a 3072-bit RSA key/);
    const pub = (await run(['keys', 'public'])).stdout;
    expect(pub).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----$/);
    // The fingerprint as openssl computes it over the DER SubjectPublicKeyInfo.
    const opensslHex = execFileSync(
      'sh',
      ['-c', 'openssl pkey -pubin -outform DER | openssl dgst -sha256 -binary | od -An -tx1 -v'],
      { input: pub, encoding: 'utf8' },
    )
      .trim()
      .split(/\s+/)
      .join(':')
      .toUpperCase();
    const fp = JSON.parse((await run(['--json', 'keys', 'fingerprint'])).stdout);
    expect(fp.fingerprint.hex).toBe(opensslHex);
    expect(fp.bits).toBe(3072);
    expect((await run(['keys', 'generate'])).code).toBe(2);
    expect((await run(['keys', 'generate', '--bits', '1024'])).code).toBe(2);

    const dir = mkdtempSync(path.join(tmpdir(), 'md-cli-pem-'));
    const encrypted = path.join(dir, 'enc.pem');
    writeFileSync(path.join(dir, 'plain.pem'), testKeys().privateKeyPem);
    execFileSync(
      'openssl',
      ['rsa', '-in', 'plain.pem', '-traditional', '-aes256', '-passout', 'pass:hunter2 pass', '-out', 'enc.pem'],
      { cwd: dir, stdio: 'ignore' },
    );
    expect(readFileSync(encrypted, 'utf8')).toMatch(/Proc-Type: 4,ENCRYPTED/);
    const noPass = await run(['keys', 'import', encrypted, '--force']);
    expect(noPass.code).toBe(2);
    expect(noPass.stderr).toMatch(/--passphrase-stdin/);
    const wrong = await run(['keys', 'import', encrypted, '--force', '--passphrase-stdin'], 'nope\n');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/passphrase is wrong/);
    const notForced = await run(['keys', 'import', encrypted, '--passphrase-stdin'], 'hunter2 pass\n');
    expect(notForced.code).toBe(2);
    expect(notForced.stderr).toMatch(/already has a key/);
    const imported = await run(['keys', 'import', encrypted, '--force', '--passphrase-stdin'], 'hunter2 pass\n');
    expect(imported.code, imported.stderr).toBe(0);
    // On a terminal the passphrase is asked for, without --passphrase-stdin.
    const asked = await run(['keys', 'import', encrypted, '--force'], 'hunter2 pass\n', true);
    expect(asked.code, asked.stderr).toBe(0);
    expect(prompts.at(-1)).toMatch(/Passphrase of .*enc\.pem \(input hidden\)/);
    expect((await run(['keys', 'public'])).stdout.trim()).toBe(testKeys().publicKeyPem.trim());
    for (const w of secrets.writes) expect(Buffer.byteLength(w.value)).toBeLessThanOrEqual(MAX_SECRET_BYTES);
    expect((await run(['keys', 'delete'])).stdout).toMatch(/Deleted/);
    expect((await run(['keys', 'fingerprint'])).code).toBe(2);
    const keyBody = testKeys().privateKeyPem.split('\n')[1]!;
    for (const o of outputs) {
      expect(o).not.toContain(keyBody);
      expect(o).not.toContain('hunter2');
      for (const w of secrets.writes) expect(o).not.toContain(w.value);
    }
  });
});

describe('sign inspect, test-connection and API commands with --profile', () => {
  let dataDir: string;
  let secrets: MemorySecretStore;
  let run: ReturnType<typeof cli>['run'];
  let outputs: string[];
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'md-cli-flow-'));
    secrets = createMemorySecretStore();
    ({ run, outputs } = cli(dataDir, secrets));
    await sandboxProfile(run);
    const dir = mkdtempSync(path.join(tmpdir(), 'md-cli-k-'));
    writeFileSync(path.join(dir, 'k.pem'), testKeys().privateKeyPem);
    expect((await run(['--profile', 'sandbox', 'keys', 'import', path.join(dir, 'k.pem')])).code).toBe(0);
    expect((await run(['--profile', 'sandbox', 'token', 'set'], p.sandbox.token)).code).toBe(0);
  });

  it('sign inspect prints the string-to-sign with visible line breaks, the headers and the body; verifies with a public key', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'md-cli-pub-'));
    writeFileSync(path.join(dir, 'pub.pem'), testKeys().publicKeyPem);
    const r = await run([
      '--profile',
      'sandbox',
      'sign',
      'inspect',
      '--user-no',
      'u-9',
      '--email',
      'u9@example.com',
      '--public-key',
      path.join(dir, 'pub.pem'),
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`POST ${p.sandbox.platformUrl}/pay-fac/${p.sandbox.merchantId}/v1/user`);
    expect(r.stdout).toMatch(/String to sign \(\d+ bytes UTF-8/);
    expect(r.stdout).toContain(`  POST\\n\n  /platform/pay-fac/${p.sandbox.merchantId}/v1/user\\n\n`);
    expect(r.stdout).toContain('  {"merchantUserNo":"u-9","email":"u9@example.com"}\\n');
    expect(r.stdout).toMatch(
      / {2}nonce: EXAMPLE-NONCE-NOT-SENDABLE\n {2}timestamp: 1000000000\n {2}signature: [A-Za-z0-9+/]+=*/,
    );
    expect(r.stdout).toMatch(/Self-check: the signature verifies/);
    expect(r.stdout).toMatch(/pub\.pem: the signature verifies with this public key/);

    const json = JSON.parse((await run(['--json', '--profile', 'sandbox', 'sign', 'inspect'])).stdout);
    writeFileSync(path.join(dir, 'sts.txt'), json.stringToSign);
    const verify = await run([
      'sign',
      'verify',
      '--public-key',
      path.join(dir, 'pub.pem'),
      '--signature',
      json.headers.signature,
      '--string-file',
      path.join(dir, 'sts.txt'),
    ]);
    expect(verify).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Valid RSA-SHA256 signature/) });
    const tampered = await run(
      ['sign', 'verify', '--public-key', path.join(dir, 'pub.pem'), '--signature', json.headers.signature],
      json.stringToSign.trimEnd(),
    );
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toMatch(/NOT valid/);
  });

  it('test-connection passes with the stored token and key, and names the action when the token is wrong', async () => {
    p.sandbox.resetCounts();
    const ok = await run(['test-connection']);
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/✓ Access token .*30 orders visible/);
    expect(ok.stdout).toMatch(/✓ Signature self-check/);
    expect(p.sandbox.requestCount('orders')).toBe(1);
    await run(['token', 'set'], 'not-the-token');
    const bad = await run(['test-connection']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/✗ Access token .*HTTP 401/);
    expect(bad.stdout).toMatch(/→ The token was refused: .*merchant-desk token set --profile sandbox/);
    await run(['token', 'set'], p.sandbox.token);
  });

  it('orders, buyers sync and sso-link read settings from the profile and secrets from the keychain', async () => {
    const list = await run(['--json', '--profile', 'sandbox', 'orders', 'list', '--page-size', '2']);
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout).totalCount).toBe(30);
    const link = await run([
      '--profile',
      'sandbox',
      'sso-link',
      '--user-no',
      'p-1',
      '--email',
      'p1@example.com',
      '--item',
      '42',
    ]);
    expect(link.code, link.stderr).toBe(0);
    expect((await fetch(link.stdout)).status).toBe(200);
    // Flags override the profile.
    const overridden = await run(['--profile', 'sandbox', '--base-url', 'http://127.0.0.1:9', 'orders', 'list']);
    expect(overridden.code).toBe(4);
    // Without --profile: the active profile (the first one added), unless MERCHANT_DESK_* connection variables are set.
    expect((await run(['--json', 'orders', 'list', '--page-size', '1'])).code).toBe(0);
  });

  it('a named profile that does not exist, or no profile at all, is a clear error', async () => {
    const missing = await run(['--profile', 'ghost', 'orders', 'list']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no profile "ghost"/);
    const empty = cli(mkdtempSync(path.join(tmpdir(), 'md-cli-empty-')), createMemorySecretStore());
    const none = await empty.run(['token', 'set'], 'x');
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/No profile selected\. Action: Pass --profile NAME/);
    const noSettings = await empty.run(['orders', 'list']);
    expect(noSettings.stderr).toMatch(/No base URL/);
  });

  it('the environment mode still works when MERCHANT_DESK_* variables are set, whatever the active profile', async () => {
    const envRun = cli(dataDir, secrets, {
      MERCHANT_DESK_BASE_URL: 'http://127.0.0.1:9',
      MERCHANT_DESK_TOKEN: 'env-token',
    });
    expect((await envRun.run(['orders', 'list'])).code).toBe(4);
    expect((await envRun.run(['--profile', 'sandbox', 'orders', 'list'])).code).toBe(0);
  });

  it('no output ever holds the token or the private key', () => {
    const keyBody = testKeys().privateKeyPem.split('\n')[1]!;
    for (const o of outputs) {
      expect(o).not.toContain(p.sandbox.token);
      expect(o).not.toContain(keyBody);
      for (const w of secrets.writes) expect(o).not.toContain(w.value);
    }
  });
});
