/**
 * What a new merchant met in the CLI (issue 8 §2): status labels, the after-sales state, a damaged settings file,
 * JSON documents for every outcome, one exit code per error kind, removing the active profile and the smaller
 * findings. The real CLI in-process against the sandbox on loopback, with an in-memory keychain.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program';
import { createMemorySecretStore, type MemorySecretStore } from '../../src/core/secrets/memorySecretStore';
import { SANDBOX_ORDER_STATUSES } from '../../src/sandbox/statuses';
import { runCliCapture, type CliRun } from '../helpers/runCliCapture';
import {
  cliEnvFor,
  startTestPlatform,
  testKeys,
  type TestPlatform,
  sandboxConnectionFlags,
} from '../helpers/sandboxFixture';

let p: TestPlatform;
let env: Record<string, string>;
const dir = mkdtempSync(path.join(tmpdir(), 'md-cli-merchant-'));
const keyFile = path.join(dir, 'key.pem');

beforeAll(async () => {
  p = await startTestPlatform({ orders: 60, seed: 11 });
  writeFileSync(keyFile, testKeys().privateKeyPem, { mode: 0o600 });
  env = cliEnvFor(p, keyFile);
});
afterAll(() => p.stop());
beforeEach(() => p.sandbox.resetCounts());

interface Cli {
  run: (argv: string[], options?: { stdin?: string; interactive?: boolean; answer?: boolean }) => Promise<CliRun>;
  secrets: MemorySecretStore;
  dataDir: string;
  questions: string[];
}

/** The CLI on its own data directory and in-memory keychain (profile mode: no MERCHANT_DESK_* connection). */
function profileCli(extraEnv: Record<string, string> = {}): Cli {
  const dataDir = mkdtempSync(path.join(dir, 'data-'));
  const secrets = createMemorySecretStore();
  const questions: string[] = [];
  const run: Cli['run'] = async (argv, options = {}) => {
    const out: string[] = [];
    const errOut: string[] = [];
    const code = await runCli(argv, {
      stdout: (t) => out.push(t),
      stderr: (t) => errOut.push(t),
      env: { MERCHANT_DESK_DATA_DIR: dataDir, ...extraEnv },
      secretStore: secrets,
      interactive: options.interactive ?? false,
      confirm: async (q) => {
        questions.push(q);
        return options.answer ?? false;
      },
      ...(options.stdin !== undefined ? { stdin: async () => options.stdin! } : {}),
    });
    return { code, stdout: out.join('\n'), stderr: errOut.join('\n') };
  };
  return { run, secrets, dataDir, questions };
}

/** A sandbox profile with its token and key, made active. */
async function sandboxProfile(cli: Cli, id = 'sb'): Promise<void> {
  const added = await cli.run([
    ...sandboxConnectionFlags(p.sandbox),
    'profiles',
    'add',
    id,
    '--kind',
    'sandbox',
    '--timeout-ms',
    '3000',
    '--use',
  ]);
  expect(added.code, added.stderr).toBe(0);
  expect((await cli.run(['--profile', id, 'token', 'set'], { stdin: p.sandbox.token })).code).toBe(0);
  expect((await cli.run(['--profile', id, 'keys', 'import', keyFile])).code).toBe(0);
}

interface ListedOrder {
  id: string;
  orderStatus: number;
  isExistAfterSales: boolean;
  orderItems: { productSpuTitle: string }[];
}

async function listed(run: (argv: string[]) => Promise<CliRun>, extra: string[] = []) {
  const r = await run(['--json', 'orders', 'list', '--page-size', '100', ...extra]);
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { list: ListedOrder[] }).list;
}

const orderLabel = (n: number) => `${SANDBOX_ORDER_STATUSES[n as keyof typeof SANDBOX_ORDER_STATUSES]} (${n})`;
const rowOf = (table: string, id: string) => table.split('\n').find((l) => l.startsWith(id)) ?? '';

describe('status labels and the after-sales state in human output (§2.1, §2.2)', () => {
  const cli = profileCli();
  beforeAll(async () => {
    await sandboxProfile(cli);
    expect((await cli.run(['sync'])).code).toBe(0);
  });

  // The spec's Order has no after-sales status field: the platform's list shows that a request exists.
  it('orders list: "label (n)" for the order status, the after-sales request, the product title', async () => {
    const orders = await listed(cli.run);
    const withAfterSales = orders.find((o) => o.isExistAfterSales)!;
    const r = await cli.run(['orders', 'list', '--page-size', '100']);
    expect(r.stdout).toMatch(/^ID\s+Order no\.\s+Buyer\s+Product\s+Status\s+After-sales\s+Delivery/);
    const row = rowOf(r.stdout, withAfterSales.id);
    expect(row).toContain(orderLabel(withAfterSales.orderStatus));
    expect(row).toContain('requested');
    expect(row).toContain(withAfterSales.orderItems[0]!.productSpuTitle.slice(0, 15));
  });

  it('orders get: the status with its label; the after-sales request', async () => {
    const [o] = await listed(cli.run, ['--after-sales-status', '1']);
    const r = await cli.run(['orders', 'get', o!.id]);
    expect(r.stdout).toContain(`Status:    ${orderLabel(o!.orderStatus)} · delivery `);
    expect(r.stdout).toContain('After-sales: requested');
  });

  it('cache query and cache stats show the labels; --sort paid shows a Paid column', async () => {
    const [o] = await listed(cli.run);
    const q = await cli.run(['cache', 'query', '--id', o!.id]);
    expect(rowOf(q.stdout, o!.id)).toContain(orderLabel(o!.orderStatus));
    expect(q.stdout).toContain('· 1 order');
    // No Paid column (the header); a status label may say "Paid" (the newest sandbox orders await delivery).
    expect(q.stdout.split('\n')[0]).not.toMatch(/\bPaid\b/);
    const paid = await cli.run(['cache', 'query', '--sort', 'paid', '--limit', '3']);
    expect(paid.stdout.split('\n')[0]).toMatch(/\bCreated\s+Paid\b/);
    const stats = await cli.run(['cache', 'stats']);
    expect(stats.stdout).toMatch(
      new RegExp(`Per order status: .*${orderLabel(o!.orderStatus).replace(/[()]/g, '\\$&')}: \\d+`),
    );
    expect(stats.stdout).toMatch(/Per after-sales status: .*Awaiting seller review \(1\): \d+/);
  });

  it('after reject: "no longer awaiting review" (the spec sends no status to report)', async () => {
    const [o] = await listed(cli.run, ['--after-sales-status', '1']);
    const r = await cli.run(['after-sales', 'reject', o!.id, '--reason', 'Code already redeemed']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(
      `Rejected the after-sales request of order ${o!.id}.\nAfter-sales: no longer awaiting review — the platform accepted the decision`,
    );
  });

  it('a repeated decision is refused locally once the platform confirms it was decided: nothing sent, exit 3', async () => {
    const [o] = await listed(cli.run, ['--after-sales-status', '1']);
    expect((await cli.run(['after-sales', 'approve', o!.id])).code).toBe(0);
    const again = await cli.run(['after-sales', 'approve', o!.id]);
    expect(again.code).toBe(3);
    expect(again.stderr).toBe(
      `The platform does not list order ${o!.id} as awaiting review (after-sales status filter: 1 "Awaiting seller review"). Nothing was sent. Action: Already decided? Check the order before deciding again.`,
    );
    const json = await cli.run(['--json', 'after-sales', 'reject', o!.id, '--reason', 'no']);
    expect(JSON.parse(json.stdout)).toMatchObject({ error: { kind: 'platform', code: 'not-awaiting-review' } });
  });

  it('a decision made elsewhere that the cache cannot know of: the filter check refuses it, nothing sent, asking "already decided?"', async () => {
    const [o] = await listed(cli.run, ['--after-sales-status', '1']);
    expect((await p.seller().auditAfterSales({ orderId: o!.id, isApproved: true })).ok).toBe(true);
    p.sandbox.resetCounts();
    const again = await cli.run(['after-sales', 'approve', o!.id]);
    expect(again.code).toBe(3);
    expect(again.stderr).toMatch(/does not list order \d+ as awaiting review/);
    expect(again.stderr).toMatch(/Action: Already decided\?/);
    expect(p.sandbox.requestCount('audit')).toBe(0);
  });
});

describe('a damaged or newer-version settings.json (§2.3)', () => {
  const commands = [
    ['orders', 'list'],
    ['orders', 'get', '1'],
    ['after-sales', 'approve', '1'],
    ['buyers', 'sync', '--user-no', 'u', '--email', 'u@example.com'],
    ['sync'],
    ['cache', 'query'],
    ['cache', 'stats'],
    ['profiles', 'list'],
    ['token', 'status'],
    ['test-connection'],
  ];
  it.each([
    ['damaged', '{"schemaVersion": 1, "profiles": [', 'corrupt'],
    ['newer-version', JSON.stringify({ schemaVersion: 99, profiles: [] }), 'newer-version'],
  ])('%s: every command that reads settings refuses with exit 2, the file and the action', async (_, text, code) => {
    const cli = profileCli();
    const file = path.join(cli.dataDir, 'settings.json');
    writeFileSync(file, text);
    for (const argv of commands) {
      const r = await cli.run(argv);
      expect(r.code, `${argv.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toContain(file);
      expect(r.stderr).toMatch(/Action: /);
      const j = await cli.run(['--json', ...argv]);
      expect(j.code).toBe(2);
      // The profile store's own reason travels as the code (one appFailure keeps it for every command).
      expect(JSON.parse(j.stdout), argv.join(' ')).toMatchObject({ error: { kind: 'settings', code } });
    }
    expect(p.sandbox.requestCount()).toBe(0);
  });

  it('the environment mode never reads the settings file', async () => {
    const cli = profileCli(env);
    writeFileSync(path.join(cli.dataDir, 'settings.json'), '{"schemaVersion": 1, "profiles": [');
    expect((await cli.run(['orders', 'list', '--page-size', '1'])).code).toBe(0);
  });
});

describe('--json: one document on stdout for every outcome (§2.10)', () => {
  const json = (r: CliRun) => {
    expect(r.stdout.split('\n')).toHaveLength(1);
    return JSON.parse(r.stdout) as {
      error?: { kind: string; code: string | null; message: string; action: string | null };
    };
  };

  it.each([
    [['orders', 'list', '--page', '0'], 2, 'invalid-input', null],
    [['orders', 'frobnicate'], 2, 'invalid-input', null],
    [['after-sales', 'reject', '5'], 2, 'invalid-input', null],
    [['orders', 'get', '1'], 3, 'not-found', null],
    [['after-sales', 'approve', '1'], 3, 'platform', 'not-awaiting-review'],
  ])('%j → exit %i, {"error":{"kind":"%s"}}', async (argv, exit, kind, code) => {
    const r = await runCliCapture(['--json', ...argv], env);
    expect(r.code).toBe(exit);
    expect(json(r).error).toMatchObject({ kind, code, message: expect.any(String) });
  });

  it('an HTTP refusal carries the envelope code; a network error its action', async () => {
    const refused = await runCliCapture(['--json', 'orders', 'list'], { ...env, MERCHANT_DESK_TOKEN: 'wrong' });
    expect(refused.code).toBe(3);
    expect(json(refused).error).toMatchObject({ kind: 'http', code: '40101', action: expect.stringMatching(/token/) });
    const down = await runCliCapture(['--json', 'orders', 'list'], {
      ...env,
      MERCHANT_DESK_BASE_URL: 'http://127.0.0.1:9',
    });
    expect(down.code).toBe(4);
    expect(json(down).error).toMatchObject({ kind: 'network', action: expect.stringMatching(/connection/) });
  });

  it('sso-link --json prints {"url","userId"}, not a bare URL', async () => {
    const r = await runCliCapture(
      ['--json', 'sso-link', '--user-no', 'j-1', '--email', 'j1@example.com', '--item', '42'],
      env,
    );
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { url: string; userId: string };
    expect(Object.keys(doc)).toEqual(['url', 'userId']);
    expect(doc.url).toMatch(new RegExp(`^${p.sandbox.platformUrl}/items/42\\?authorizationCode=`));
  });

  it('profile, key, signature and cache commands print exactly one JSON document too', async () => {
    const cli = profileCli();
    await sandboxProfile(cli);
    expect((await cli.run(['sync'])).code).toBe(0);
    for (const argv of [
      ['profiles', 'list'],
      ['profiles', 'show'],
      ['profiles', 'use', 'sb'],
      ['profiles', 'edit', 'sb', '--name', 'Sandbox'],
      ['token', 'status'],
      ['keys', 'public'],
      ['keys', 'fingerprint'],
      ['sign', 'inspect'],
      ['test-connection'],
      ['cache', 'stats'],
      ['cache', 'query', '--limit', '2'],
      ['sync'],
      ['orders', 'get', (await listed(cli.run))[0]!.id],
      ['buyers', 'sync', '--user-no', 'j-2', '--email', 'j2@example.com'],
    ]) {
      const r = await cli.run(['--json', ...argv]);
      expect(r.code, `${argv.join(' ')}: ${r.stdout} ${r.stderr}`).toBe(0);
      expect(r.stdout.split('\n'), argv.join(' ')).toHaveLength(1);
      expect(() => JSON.parse(r.stdout) as unknown, argv.join(' ')).not.toThrow();
    }
  });

  it('cache query --json: nextCursor is null on the last page', async () => {
    const cli = profileCli();
    await sandboxProfile(cli);
    expect((await cli.run(['sync'])).code).toBe(0);
    const first = JSON.parse((await cli.run(['--json', 'cache', 'query', '--limit', '50'])).stdout);
    expect(typeof first.nextCursor).toBe('string');
    const last = JSON.parse(
      (await cli.run(['--json', 'cache', 'query', '--limit', '50', '--cursor', first.nextCursor])).stdout,
    );
    expect(last.list).toHaveLength(10);
    expect(last).toHaveProperty('nextCursor', null);
  });
});

describe('one exit code per error kind (§2.11)', () => {
  it('a locked keychain exits 2 from token status and from orders list alike', async () => {
    const cli = profileCli();
    await sandboxProfile(cli);
    cli.secrets.failWith = { kind: 'keychain-locked', message: 'The keychain is locked.', action: 'Unlock it.' };
    const status = await cli.run(['token', 'status']);
    const orders = await cli.run(['orders', 'list']);
    expect([status.code, orders.code]).toEqual([2, 2]);
    for (const r of [status, orders]) expect(r.stderr).toMatch(/The keychain is locked\..*Unlock it\./);
    const statusJson = JSON.parse((await cli.run(['--json', 'token', 'status'])).stdout);
    expect(statusJson.error).toMatchObject({ kind: 'keychain', action: 'Unlock it.' });
    expect(p.sandbox.requestCount()).toBe(0);
  });
});

describe('profiles remove of the active profile (§2.12)', () => {
  it('without a terminal and without --yes: refused (exit 2), nothing removed', async () => {
    const cli = profileCli();
    await sandboxProfile(cli);
    const r = await cli.run(['profiles', 'remove', 'sb']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/sb is the active profile.*Action: Pass --yes/);
    expect(cli.questions).toEqual([]);
    expect(JSON.parse((await cli.run(['--json', 'profiles', 'list'])).stdout).activeProfileId).toBe('sb');
    expect(cli.secrets.entries.size).toBeGreaterThan(0);
  });

  it('on a terminal it asks: "no" keeps it; "yes" removes it and says none is active and how to choose', async () => {
    const cli = profileCli();
    await sandboxProfile(cli, 'other');
    await sandboxProfile(cli, 'sb');
    const kept = await cli.run(['profiles', 'remove', 'sb'], { interactive: true, answer: false });
    expect(kept.code).toBe(2);
    expect(cli.questions[0]).toMatch(/sb is the active profile; its access token and key are deleted with it/);
    const removed = await cli.run(['profiles', 'remove', 'sb'], { interactive: true, answer: true });
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain(
      'No profile is active now. Choose one: merchant-desk profiles use ID (profiles: other).',
    );
  });

  it('--yes in scripts; removing another profile asks nothing and names the active one', async () => {
    const cli = profileCli();
    await sandboxProfile(cli, 'other');
    await sandboxProfile(cli, 'sb');
    const other = await cli.run(['profiles', 'remove', 'other']);
    expect(other.code, other.stderr).toBe(0);
    expect(other.stdout).toContain('Active profile: sb.');
    const last = await cli.run(['--json', 'profiles', 'remove', 'sb', '--yes']);
    expect(JSON.parse(last.stdout)).toEqual({ removed: 'sb', secretsDeleted: true, activeProfileId: null });
    expect(cli.questions).toEqual([]);
  });
});

describe('the smaller findings (§2.14)', () => {
  it('buyers sync prints a ready link with the code URL-encoded (the sandbox code always holds a "+")', async () => {
    const r = await runCliCapture(['buyers', 'sync', '--user-no', 'enc-1', '--email', 'enc1@example.com'], env);
    expect(r.code, r.stderr).toBe(0);
    const link = r.stdout.split('\n').find((l) => l.startsWith(p.sandbox.platformUrl))!;
    expect(link).toMatch(/\/items\/ITEM_ID\?authorizationCode=\S*%2B/);
    expect(link).not.toContain('+');
    // Pasted as printed (with an item in place), the link signs the buyer in.
    expect((await fetch(link.replace('ITEM_ID', '42'))).status).toBe(200);
  });

  it.each(['../../x', '-1', '42?x=1', '0', 'abc'])(
    'sso-link --item %j is refused before the buyer sync: exit 2, no code spent',
    async (item) => {
      const issued = p.sandbox.authCodes.issued().length;
      const r = await runCliCapture(['sso-link', '--user-no', 'u', '--email', 'u@example.com', '--item', item], env);
      expect(r.code, r.stdout).toBe(2);
      expect(r.stderr).toMatch(/item id/);
      expect(p.sandbox.requestCount()).toBe(0);
      expect(p.sandbox.authCodes.issued()).toHaveLength(issued);
    },
  );

  it('an encrypted PEM in MERCHANT_DESK_PRIVATE_KEY_FILE: says it is encrypted and how to use it', async () => {
    const encrypted = path.join(dir, 'encrypted.pem');
    const pem = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
      cipher: 'aes-256-cbc',
      passphrase: 'secret words',
    });
    writeFileSync(encrypted, pem, { mode: 0o600 });
    const r = await runCliCapture(['buyers', 'sync', '--user-no', 'u', '--email', 'u@example.com'], {
      ...env,
      MERCHANT_DESK_PRIVATE_KEY_FILE: encrypted,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/it is encrypted/);
    expect(r.stderr).toMatch(/openssl pkey -in key\.pem -out plain\.pem/);
    expect(r.stderr).toMatch(/merchant-desk keys import key\.pem --profile NAME/);
    expect(p.sandbox.requestCount()).toBe(0);
  });

  it.each(['after-sales', 'dispute', 'delivery-exception'])(
    '--%s together with its --no- form is an error, not last-wins',
    async (flag) => {
      const cli = profileCli();
      const r = await cli.run(['cache', 'query', `--${flag}`, `--no-${flag}`]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`--${flag} and --no-${flag} contradict each other`);
    },
  );

  it('"1 order", not "1 orders"', async () => {
    const [o] = await listed((argv) => runCliCapture(argv, env));
    const r = await runCliCapture(['orders', 'list', '--id', o!.id], env);
    expect(r.stdout).toMatch(/Page 1 of 1 · 1 order$/);
  });
});
