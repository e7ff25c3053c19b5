import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCliCapture } from '../helpers/runCliCapture';
import { cliEnvFor, startTestPlatform, testKeys, type TestPlatform } from '../helpers/sandboxFixture';
import { itWith } from '../helpers/requires';

let p: TestPlatform;
let env: Record<string, string>;
const keyFile = path.join(mkdtempSync(path.join(tmpdir(), 'md-cli-')), 'key.pem');

beforeAll(async () => {
  p = await startTestPlatform({ orders: 120, seed: 3 });
  writeFileSync(keyFile, testKeys().privateKeyPem, { mode: 0o600 });
  env = cliEnvFor(p, keyFile);
});
afterAll(() => p.stop());
beforeEach(() => p.sandbox.resetCounts());

/** Neither the token nor any part of the private key may appear in any output. */
function expectNoSecrets(...texts: string[]) {
  const keyBody = testKeys().privateKeyPem.split('\n')[1]!;
  for (const t of texts) {
    expect(t).not.toContain(p.sandbox.token);
    expect(t).not.toContain(keyBody);
  }
}

describe('merchant-desk CLI', () => {
  it('--help lists the commands and exit codes', async () => {
    const r = await runCliCapture(['--help'], {});
    expect(r.code).toBe(0);
    for (const c of ['orders', 'after-sales', 'buyers', 'sso-link', 'sandbox', 'Exit codes'])
      expect(r.stdout).toContain(c);
  });

  it('orders list --json prints the response data object', async () => {
    const r = await runCliCapture(['--json', 'orders', 'list', '--page-size', '7', '--page', '2'], env);
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout);
    expect(data).toMatchObject({ pageIndex: 2, pageSize: 7, totalCount: 120 });
    expect(data.list).toHaveLength(7);
  });

  it('orders list without --json prints a table and a page line', async () => {
    const r = await runCliCapture(['orders', 'list', '--page-size', '3'], env);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ID\s+Order no\.\s+Buyer/);
    expect(r.stdout).toContain('Page 1 of 40 · 120 orders');
  });

  it('global flags override the environment', async () => {
    const r = await runCliCapture(['--base-url', 'http://127.0.0.1:9', '--json', 'orders', 'list'], { ...env });
    expect(r.code).toBe(4);
  });

  it('orders get prints one order; an unknown ID exits 3', async () => {
    const list = JSON.parse((await runCliCapture(['--json', 'orders', 'list', '--page-size', '1'], env)).stdout);
    const id = list.list[0].id as string;
    const got = await runCliCapture(['--json', 'orders', 'get', id], env);
    expect(got.code).toBe(0);
    expect(JSON.parse(got.stdout).id).toBe(id);
    const text = await runCliCapture(['orders', 'get', id], env);
    expect(text.stdout).toContain(`Order ${id}`);
    const missing = await runCliCapture(['orders', 'get', '1'], env);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('No order with ID 1');
  });

  it.each([
    [['orders', 'list', '--page', '0']],
    [['orders', 'list', '--page', 'two']],
    [['orders', 'list', '--page-size', '500']],
    [['orders', 'list', '--status', '1,x']],
    [['orders', 'list', '--created-from', 'last week']],
    [['orders', 'get', '12ab']],
    [['after-sales', 'reject', '5']],
    [['after-sales', 'reject', '5', '--reason', ' ']],
    [['after-sales', 'reject', '5', '--reason', 'r', '--image', 'file:///etc/passwd']],
    [['buyers', 'sync', '--user-no', 'u', '--email', 'nope']],
    [['sso-link', '--user-no', 'u', '--email', 'a@b.co', '--item', 'a b']],
    [['orders', 'list', '--created-from', '2026-01-01T10:00']],
    [['orders', 'list', '--created-from', '2026-02-01', '--created-to', '2026-01-01']],
    [['orders', 'list', '--updated-from', '2026-02-01T00:00:00Z', '--updated-to', '2026-01-31T23:00:00+02:00']],
    [['orders', 'get', '99999999999999999999']],
    [['orders', 'list', '--created-to', '9999-12-31T23:00:00-05:00']],
    [['orders', 'frobnicate']],
    [['sandbox', '--port', '70000']],
    [['sandbox', '--orders', '-1']],
    [['sandbox', '--latency-ms', '-5']],
  ])('invalid input %j exits 2 and sends nothing', async (argv) => {
    const r = await runCliCapture(argv, env);
    expect(r.code).toBe(2);
    expect(r.stderr.length).toBeGreaterThan(0);
    expect(p.sandbox.requestCount()).toBe(0);
  });

  it('names what to fix: a time without a zone, a reversed range', async () => {
    const zone = await runCliCapture(['orders', 'list', '--created-from', '2026-01-01 10:00'], env);
    expect(zone.stderr).toMatch(/created-from needs a time zone.*Z for UTC or an offset such as \+08:00/);
    const reversed = await runCliCapture(
      ['orders', 'list', '--created-from', '2026-02-01', '--created-to', '2026-01-01'],
      env,
    );
    expect(reversed.stderr).toMatch(/created-to must not be before created-from/);
  });

  it('an ID with leading zeros is the same number: sent as an exact integer literal, the order is found', async () => {
    const first = JSON.parse((await runCliCapture(['--json', 'orders', 'list', '--page-size', '1'], env)).stdout);
    const id: string = first.list[0].id;
    const r = await runCliCapture(['--json', 'orders', 'get', `000${id}`], env);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).id).toBe(id);
  });

  it('dates go out in the platform form: a date alone is 00:00 UTC, an offset is converted', async () => {
    const all = JSON.parse((await runCliCapture(['--json', 'orders', 'list', '--page-size', '100'], env)).stdout);
    const created = (all.list as Array<{ createTime: string }>).map((o) => Date.parse(o.createTime)).sort();
    const mid = new Date(created[Math.floor(created.length / 2)]!);
    // The same instant written with a +08:00 offset.
    const local = new Date(mid.getTime() + 8 * 3_600_000).toISOString().replace('Z', '+08:00');
    const viaOffset = JSON.parse(
      (await runCliCapture(['--json', 'orders', 'list', '--page-size', '1', '--created-from', local], env)).stdout,
    );
    const viaUtc = JSON.parse(
      (await runCliCapture(['--json', 'orders', 'list', '--page-size', '1', '--created-from', mid.toISOString()], env))
        .stdout,
    );
    expect(viaOffset.totalCount).toBe(viaUtc.totalCount);
    expect(viaOffset.totalCount).toBeGreaterThan(0);
    expect(viaOffset.totalCount).toBeLessThan(all.totalCount);
  });

  it('Ctrl+C ends a command waiting for the platform at once (exit 4), without waiting for the time limit', async () => {
    p.sandbox.failNext('orders', 'hang-after-processing');
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 200);
    const r = await runCliCapture(['orders', 'list'], { ...env, MERCHANT_DESK_TIMEOUT_MS: '20000' }, controller.signal);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/cancel/i);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(p.sandbox.requestCount('orders')).toBe(1); // no retry after the cancel
  });

  it('missing settings exit 2 with the flag or variable to set', async () => {
    const r = await runCliCapture(['orders', 'list'], { MERCHANT_DESK_TOKEN: 't' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('MERCHANT_DESK_BASE_URL');
    const noToken = await runCliCapture(['orders', 'list'], { ...env, MERCHANT_DESK_TOKEN: undefined });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain('MERCHANT_DESK_TOKEN');
  });

  it('a refused token exits 3 naming the status, the message and the action — and never prints the token', async () => {
    const r = await runCliCapture(['orders', 'list'], { ...env, MERCHANT_DESK_TOKEN: 'wrong-token-value' });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/HTTP 401/);
    expect(r.stderr).toMatch(/Action: check the access token/);
    expect(r.stderr).not.toContain('wrong-token-value');
  });

  it('a platform error code exits 3 with the code and the spec action', async () => {
    const r = await runCliCapture(
      ['--merchant', 'not-me', 'buyers', 'sync', '--user-no', 'u1', '--email', 'u1@example.com'],
      env,
    );
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('10001');
    expect(r.stderr).toMatch(/merchant/i);
  });

  it('after-sales approve and reject', async () => {
    const pending = JSON.parse(
      (await runCliCapture(['--json', 'orders', 'list', '--after-sales-status', '1', '--page-size', '100'], env))
        .stdout,
    ).list;
    expect(pending.length).toBeGreaterThanOrEqual(2);
    const approve = await runCliCapture(['after-sales', 'approve', pending[0].id], env);
    // The spec's Order has no status field: the CLI says what is known, and the sandbox recorded one decision.
    expect(approve).toMatchObject({
      code: 0,
      stdout: `Approved the after-sales request of order ${pending[0].id}.\nAfter-sales: no longer awaiting review — the platform accepted the decision`,
    });
    const reject = await runCliCapture(
      [
        '--json',
        'after-sales',
        'reject',
        pending[1].id,
        '--reason',
        'Already delivered',
        '--image',
        'https://e.com/1.png',
        '--image',
        'https://e.com/2.png',
      ],
      env,
    );
    expect(reject.code).toBe(0);
    expect(JSON.parse(reject.stdout)).toEqual({
      orderId: pending[1].id,
      approved: false,
      journal: { attemptId: expect.any(String), state: 'applied', sentAt: expect.any(String) },
      refetched: {
        afterSalesStatus: null,
        afterSalesLabel: null,
        isExistAfterSales: true,
        orderStatus: expect.any(Number),
      },
      refetchError: null,
    });
    const rejected = JSON.parse(
      (await runCliCapture(['--json', 'orders', 'list', '--after-sales-status', '3', '--page-size', '100'], env))
        .stdout,
    );
    expect(rejected.list.map((o: { id: string }) => o.id)).toContain(pending[1].id);
    const journal = JSON.parse((await runCliCapture(['--json', 'after-sales', 'journal'], env)).stdout);
    expect(journal.recent.slice(0, 2).map((e: { orderId: string; state: string }) => [e.orderId, e.state])).toEqual([
      [pending[1].id, 'applied'],
      [pending[0].id, 'applied'],
    ]);
  });

  it('an unknown outcome exits 5 and says the decision was not resent', async () => {
    const pending = JSON.parse(
      (await runCliCapture(['--json', 'orders', 'list', '--after-sales-status', '1', '--page-size', '1'], env)).stdout,
    ).list;
    p.sandbox.failNext('audit', 'drop-after-processing');
    const r = await runCliCapture(['after-sales', 'approve', pending[0].id], env);
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/NOT resent/);
    expect(p.sandbox.requestCount('audit')).toBe(1);
  });

  it('buyers sync --json and sso-link (only the URL)', async () => {
    const sync = await runCliCapture(
      ['--json', 'buyers', 'sync', '--user-no', 'cli-user', '--email', 'cli@example.com', '--first-name', 'Zoë'],
      env,
    );
    expect(sync.code).toBe(0);
    expect(Object.keys(JSON.parse(sync.stdout))).toEqual(['userId', 'authorizationCode']);
    const link = await runCliCapture(
      ['sso-link', '--user-no', 'cli-user', '--email', 'cli@example.com', '--item', '778899'],
      env,
    );
    expect(link.code).toBe(0);
    expect(link.stdout).toMatch(new RegExp(`^${p.sandbox.platformUrl}/items/778899\\?authorizationCode=[^\\s]+$`));
    expect((await fetch(link.stdout)).status).toBe(200);
    expectNoSecrets(sync.stdout, sync.stderr, link.stdout, link.stderr);
  });

  it('an unreachable platform exits 4', async () => {
    const r = await runCliCapture(['orders', 'list'], { ...env, MERCHANT_DESK_BASE_URL: 'http://127.0.0.1:9' });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/not sent/);
  });

  it('sandbox runs in the foreground and prints what the other commands need', async () => {
    const controller = new AbortController();
    const out: string[] = [];
    const { runCli } = await import('../../src/cli/program');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'md-cli-sandbox-'));
    const running = runCli(['--json', 'sandbox', '--port', '0', '--orders', '25', '--seed', '9'], {
      stdout: (t) => out.push(t),
      stderr: () => {},
      env: { MERCHANT_DESK_DATA_DIR: dataDir },
      signal: controller.signal,
    });
    await expect.poll(() => out.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const info = JSON.parse(out[0]!);
    expect(existsSync(info.privateKeyFile)).toBe(true);
    const sandboxEnv = {
      MERCHANT_DESK_BASE_URL: info.baseUrl,
      MERCHANT_DESK_PLATFORM_URL: info.platformUrl,
      MERCHANT_DESK_MERCHANT_ID: info.merchantId,
      MERCHANT_DESK_TOKEN: info.token,
      MERCHANT_DESK_PRIVATE_KEY_FILE: info.privateKeyFile,
    };
    const list = await runCliCapture(['--json', 'orders', 'list'], sandboxEnv);
    expect(JSON.parse(list.stdout).totalCount).toBe(25);
    const link = await runCliCapture(
      ['sso-link', '--user-no', 'x', '--email', 'x@example.com', '--item', '1'],
      sandboxEnv,
    );
    expect(link.code).toBe(0);
    controller.abort();
    expect(await running).toBe(0);
  });
});

describe('the built CLI', () => {
  const bin = path.resolve('bin/merchant-desk.js');
  const built = existsSync(path.resolve('out/cli/main.js'));
  itWith(built, 'needs `npm run build` (the built CLI)')(
    'bin/merchant-desk.js --help works after npm run build',
    () => {
      const r = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8' });
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('Usage: merchant-desk');
    },
  );
  itWith(built, 'needs `npm run build` (the built CLI)')('the built CLI exits 2 on invalid input', () => {
    const r = spawnSync(process.execPath, [bin, 'orders', 'list', '--page', '0'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, MERCHANT_DESK_BASE_URL: 'http://127.0.0.1:9', MERCHANT_DESK_TOKEN: 't' },
    });
    expect(r.status).toBe(2);
  });
});
