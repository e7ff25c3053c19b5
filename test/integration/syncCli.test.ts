import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program';
import { cacheFilePath, openOrderCache } from '../../src/core/cache/openCache';
import { SyncLease } from '../../src/core/sync/syncLease';
import { fakeOrder } from '../../src/core/sync/testing/fakeOrders';
import type { Order } from '../../src/shared/domain/order';
import { DEFAULT_DEADLINE_RULES } from '../../src/core/due/deadlineRules';
import { orderDeadline } from '../../src/core/due/deliveryDeadline';
import { createMemorySecretStore } from '../../src/core/secrets/memorySecretStore';
import { damageMiddlePage } from '../helpers/damageCache';
import { startTestPlatform, type TestPlatform, sandboxConnectionFlags } from '../helpers/sandboxFixture';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ orders: 1_500, seed: 9 });
}, 30_000);
afterAll(() => p.stop());

const secrets = createMemorySecretStore();
async function cli(argv: string[], env: Record<string, string>, stdin?: string): Promise<Run> {
  const out: string[] = [];
  const errOut: string[] = [];
  const code = await runCli(argv, {
    stdout: (t) => out.push(t),
    stderr: (t) => errOut.push(t),
    env: { HOME: path.join(tmpdir(), 'md-no-home'), ...env },
    secretStore: secrets,
    ...(stdin !== undefined ? { stdin: async () => stdin } : {}),
  });
  return { code, stdout: out.join('\n'), stderr: errOut.join('\n') };
}

const online = (dataDir: string) => ({
  MERCHANT_DESK_DATA_DIR: dataDir,
  MERCHANT_DESK_BASE_URL: p.sandbox.baseUrl,
  MERCHANT_DESK_MERCHANT_ID: p.sandbox.merchantId,
  MERCHANT_DESK_TOKEN: p.sandbox.token,
});

async function platformTotal(filter: Record<string, unknown>): Promise<number> {
  const r = await p.seller().listOrders({ ...filter, pageSize: 1 });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value.data.totalCount;
}

describe('merchant-desk sync / cache', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'md-cli-sync-'));

  it('sync --json prints the counts; progress goes to stderr', async () => {
    const r = await cli(['--json', 'sync'], online(dataDir));
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(summary)).toEqual([
      'requests',
      'fetched',
      'inserted',
      'updated',
      'unchanged',
      'windows',
      'cached',
      'skipped',
      'skippedOrders',
    ]);
    expect(summary).toMatchObject({ inserted: 1_500, updated: 0, cached: 1_500 });
    expect(summary.requests).toBeGreaterThanOrEqual(15);
    expect(r.stderr).toMatch(
      /full sync: windows \d+\/\d+ · pages \d+\/\d+ · \d+\/1500 orders · \d+ requests? · .* ETA/,
    );
    expect(existsSync(path.join(dataDir, 'cache', 'default.sqlite'))).toBe(true);

    const again = await cli(['sync'], online(dataDir));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(
      /^Sync done in .*: \d+ orders fetched with \d+ requests? — 0 new, 0 updated, \d+ unchanged; 1500 orders cached\.$/,
    );
  });

  it('cache query works offline and answers the platform’s filters the same way', async () => {
    const offline = { MERCHANT_DESK_DATA_DIR: dataDir };
    const q = await cli(['--json', 'cache', 'query', '--status', '4', '--limit', '1000'], offline);
    expect(q.code, q.stderr).toBe(0);
    const body = JSON.parse(q.stdout) as { total: number; list: Array<{ id: string; orderStatus: number }> };
    expect(body.total).toBe(await platformTotal({ sellerOrderStatus: [4] }));
    expect(body.list.every((o) => o.orderStatus === 4 && typeof o.id === 'string')).toBe(true);

    const titled = await cli(
      ['--json', 'cache', 'query', '--title', 'steam', '--after-sales-status', '1', '--created-from', '2000-01-01'],
      offline,
    );
    // The awaiting value is learned through the platform's filter by the sync (the spec's Order has no status).
    expect(JSON.parse(titled.stdout).total).toBe(
      await platformTotal({ productTitle: 'steam', orderAfterSalesStatus: [1], createBeginDate: '2000-01-01' }),
    );

    const first = body.list[0]!;
    const search = await cli(
      ['--json', 'cache', 'query', '--search', (first as unknown as { orderNum: string }).orderNum],
      offline,
    );
    expect(JSON.parse(search.stdout)).toMatchObject({ total: 1, list: [{ id: first.id }] });

    const table = await cli(
      ['cache', 'query', '--sort', 'paid', '--limit', '3', '--no-dispute', '--delivery-status', '0,1'],
      offline,
    );
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^ID\s+Order no\./);
    expect(table.stdout).toMatch(/More: --cursor \S+/);

    const bad = await cli(['cache', 'query', '--sort', 'price'], offline);
    expect(bad.code).toBe(2);
    const badLimit = await cli(['cache', 'query', '--limit', '0'], offline);
    expect(badLimit).toMatchObject({ code: 2, stderr: expect.stringMatching(/limit/) });
  });

  it('cache stats', async () => {
    const r = await cli(['--json', 'cache', 'stats'], { MERCHANT_DESK_DATA_DIR: dataDir });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      profile: 'default',
      orders: 1_500,
      identity: { baseUrl: p.sandbox.baseUrl, merchantId: p.sandbox.merchantId },
      sync: { baseline: true, unfinished: null },
    });
    const human = await cli(['cache', 'stats'], { MERCHANT_DESK_DATA_DIR: dataDir });
    expect(human.stdout).toMatch(/Complete: a full sync has finished/);
  });

  it('cache compact gives the free pages back and keeps every order', async () => {
    const env = { MERCHANT_DESK_DATA_DIR: dataDir };
    const r = await cli(['--json', 'cache', 'compact'], env);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as { bytesBefore: number; bytesAfter: number; freeBytesBefore: number };
    expect(report.bytesAfter).toBeGreaterThan(0);
    expect(report.bytesAfter).toBeLessThanOrEqual(report.bytesBefore);
    const human = await cli(['cache', 'compact'], env);
    expect(human.stdout).toMatch(
      /^Order cache compacted: [\d.]+ MiB → [\d.]+ MiB \([\d.]+ MiB of free pages given back\)\.$/m,
    );
    const stats = await cli(['--json', 'cache', 'stats'], env);
    expect(JSON.parse(stats.stdout)).toMatchObject({ orders: 1_500, sync: { baseline: true } });
  });

  it('cache query --due and --sort due; cache stats counts overdue and due-soon orders', async () => {
    const env = { MERCHANT_DESK_DATA_DIR: dataDir };
    const query = async (...flags: string[]) => {
      const r = await cli(['--json', 'cache', 'query', '--limit', '1000', ...flags], env);
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as { total: number; list: Order[] };
    };
    const now = Date.now();
    const overdue = await query('--due', 'overdue', '--sort', 'due');
    expect(overdue.total).toBeGreaterThan(0);
    const deadlines = overdue.list.map((o) => {
      const d = orderDeadline(o, DEFAULT_DEADLINE_RULES);
      return d.kind === 'due' ? d.dueMs : Number.NaN;
    });
    expect(deadlines.every((ms) => ms <= now + 60_000)).toBe(true);
    expect(deadlines).toEqual([...deadlines].sort((a, b) => a - b));
    const any = await query('--due', 'any');
    const soon = await query('--due', 'soon');
    expect(any.total).toBeGreaterThanOrEqual(overdue.total + soon.total);
    const stats = await cli(['--json', 'cache', 'stats'], env);
    const s = JSON.parse(stats.stdout) as { overdue: number; dueSoon: number };
    expect(s.overdue).toBe(overdue.total);
    expect(typeof s.dueSoon).toBe('number');
    const human = await cli(['cache', 'stats'], env);
    expect(human.stdout).toMatch(/Overdue\s+\S*\s*Due soon/);
    const table = await cli(['cache', 'query', '--due', 'overdue', '--limit', '3'], env);
    expect(table.stdout).toMatch(/Due/);
    expect(table.stdout).toMatch(/overdue \d{4}-/);
    const bad = await cli(['cache', 'query', '--due', 'late'], env);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/--due must be overdue, soon or any/);
  });

  it('cache query and cache stats refuse another merchant’s cache in the environment mode, naming both', async () => {
    for (const argv of [
      ['cache', 'query'],
      ['cache', 'stats'],
      ['cache', 'export', '--format', 'jsonl'],
    ]) {
      const r = await cli(argv, { MERCHANT_DESK_DATA_DIR: dataDir, MERCHANT_DESK_MERCHANT_ID: 'other' });
      expect(r.code, argv.join(' ')).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/belongs to merchant sandbox-merchant .*not to merchant other .*never mixed/s);
      const wrongUrl = await cli(argv, {
        MERCHANT_DESK_DATA_DIR: dataDir,
        MERCHANT_DESK_MERCHANT_ID: p.sandbox.merchantId,
        MERCHANT_DESK_BASE_URL: 'http://127.0.0.1:9',
      });
      expect(wrongUrl.code).toBe(1);
      expect(wrongUrl.stderr).toMatch(
        /belongs to merchant sandbox-merchant at .*not to merchant sandbox-merchant at http:\/\/127\.0\.0\.1:9/s,
      );
      // The owner named: served.
      const own = await cli(argv, online(dataDir));
      expect(own.code, own.stderr).toBe(0);
    }
  });

  it('cache export: CSV to an owner-only file (BOM, header, a row per item), JSON Lines to stdout', async () => {
    const offline = { MERCHANT_DESK_DATA_DIR: dataDir };
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'md-cli-export-')), 'orders.csv');
    const r = await cli(['--json', 'cache', 'export', '--format', 'csv', '--status', '4', '--output', file], offline);
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout) as { orders: number; rows: number; file: string };
    expect(summary.orders).toBe(await platformTotal({ sellerOrderStatus: [4] }));
    expect(summary.file).toBe(file);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('\uFEFForder_id,order_num,')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(readdirSync(path.dirname(file))).toEqual(['orders.csv']); // no partial file left

    const jsonl = await cli(['cache', 'export', '--format', 'jsonl', '--status', '4', '--asc'], offline);
    expect(jsonl.code, jsonl.stderr).toBe(0);
    const orders = jsonl.stdout.split('\n').map((l) => JSON.parse(l) as Order);
    expect(orders).toHaveLength(summary.orders);
    expect(orders.every((o) => o.orderStatus === 4 && typeof o.id === 'string')).toBe(true);
    const itemRows = orders.reduce((n, o) => n + Math.max(1, o.orderItems?.length ?? 0), 0);
    expect(summary.rows).toBe(itemRows);
    expect(text.split('\r\n').length - 2).toBeGreaterThanOrEqual(itemRows); // header + rows (+ quoted line breaks)

    for (const [argv, message] of [
      [['cache', 'export'], /--format is required: csv, jsonl or xlsx/],
      [['cache', 'export', '--format', 'xls'], /--format must be csv, jsonl or xlsx/],
      [['cache', 'export', '--format', 'xlsx'], /--format xlsx needs --output FILE/],
      [['cache', 'export', '--format', 'csv', '--search', Array(40).fill('w').join(' ')], /at most 32/],
      [['--json', 'cache', 'export', '--format', 'csv'], /--json needs --output/],
    ] as const) {
      const bad = await cli([...argv], offline);
      expect(bad.code, argv.join(' ')).toBe(2);
      // With --json the error is a JSON document on stdout; otherwise a sentence on stderr.
      if (argv[0] === '--json') expect(JSON.parse(bad.stdout).error.message).toMatch(message);
      else expect(bad.stderr).toMatch(message);
    }
  });

  it('--data-dir picks the directory; without a cache there, it says to sync first', async () => {
    const other = mkdtempSync(path.join(tmpdir(), 'md-cli-other-'));
    const r = await cli(['--data-dir', other, 'cache', 'query'], {});
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/No order cache yet for profile "default".*merchant-desk sync/);
    expect(existsSync(path.join(other, 'cache', 'default.sqlite'))).toBe(false);
  });

  it('--after-sales-status against orders that carry no after-sales status says so, instead of silently matching nothing', async () => {
    const other = mkdtempSync(path.join(tmpdir(), 'md-cli-nostatus-'));
    const file = cacheFilePath(other, 'default');
    const opened = openOrderCache({ file });
    if (!opened.ok) throw new Error(opened.error.kind);
    // A platform as the spec describes it: no orderAfterSalesStatus on orders.
    const plain = ({ orderAfterSalesStatus: _drop, ...o }: Order): Order => o;
    opened.value.applyPage([plain(fakeOrder(1, Date.UTC(2026, 0, 1))), plain(fakeOrder(2, Date.UTC(2026, 0, 2)))], {
      seenAtMs: Date.UTC(2026, 0, 3),
      baseline: false,
    });
    opened.value.close();
    const r = await cli(['--data-dir', other, '--json', 'cache', 'query', '--after-sales-status', '1'], {});
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ total: 0, list: [] });
    expect(r.stderr).toMatch(/no cached order carries an after-sales status.*--after-sales/);
    // With statuses known (the sandbox sends them), no note.
    const known = await cli(['--json', 'cache', 'query', '--after-sales-status', '1'], {
      MERCHANT_DESK_DATA_DIR: dataDir,
    });
    expect(known.code).toBe(0);
    expect(known.stderr).not.toMatch(/after-sales status/);
  });

  it('refuses to mix merchants in one cache', async () => {
    const r = await cli(['sync', '--merchant', 'someone-else'], online(dataDir));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/belongs to merchant sandbox-merchant.*never mixed/s);
  });

  it('a damaged cache: a clear message and a rebuild that keeps the damaged file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'md-cli-corrupt-'));
    expect((await cli(['sync'], online(dir))).code).toBe(0);
    const file = path.join(dir, 'cache', 'default.sqlite');
    writeFileSync(file, Buffer.alloc(8192, 0x42));
    for (const argv of [['cache', 'query'], ['sync']]) {
      const r = await cli(argv, online(dir));
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/damaged.*Nothing was changed.*merchant-desk sync --rebuild/s);
    }
    const rebuilt = await cli(['--json', 'sync', '--rebuild'], online(dir));
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(JSON.parse(rebuilt.stdout)).toMatchObject({ inserted: 1_500, cached: 1_500 });
    expect(rebuilt.stderr).toMatch(/The old cache file is kept as .*default\.sqlite\.replaced-/);
    expect(readdirSync(path.join(dir, 'cache')).some((f) => f.startsWith('default.sqlite.replaced-'))).toBe(true);
  });

  it('sync --full over a cache damaged in the middle says so and how to rebuild, instead of "unchanged"', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'md-cli-midcorrupt-'));
    expect((await cli(['sync'], online(dir))).code).toBe(0);
    damageMiddlePage(cacheFilePath(dir, 'default'));
    const r = await cli(['sync', '--full'], online(dir));
    expect(r.code, r.stdout).toBe(1);
    expect(r.stdout).not.toMatch(/unchanged/);
    expect(r.stderr).toMatch(/damaged.*quick_check.*merchant-desk sync --rebuild/s);
    const rebuilt = await cli(['--json', 'sync', '--rebuild'], online(dir));
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(JSON.parse(rebuilt.stdout)).toMatchObject({ inserted: 1_500, cached: 1_500 });
  });

  it('sync and sync --rebuild wait their turn: a sync running elsewhere is named, and nothing is renamed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'md-cli-lease-'));
    expect((await cli(['sync'], online(dir))).code).toBe(0);
    const opened = openOrderCache({ file: cacheFilePath(dir, 'default') });
    if (!opened.ok) throw new Error(opened.error.kind);
    // Another process syncing this cache (a live PID on this host).
    const other = SyncLease.acquire(opened.value, { pid: process.ppid, heartbeatEveryMs: 0 });
    if (!other.ok) throw new Error('lease');
    try {
      for (const argv of [['sync'], ['sync', '--rebuild']]) {
        const r = await cli(argv, online(dir));
        expect(r.code).toBe(1);
        expect(r.stderr).toMatch(new RegExp(`Another sync of this cache is running \\(process ${process.ppid} `));
      }
      expect(readdirSync(path.join(dir, 'cache')).some((f) => f.includes('.replaced-'))).toBe(false);
    } finally {
      other.value.release();
      opened.value.close();
    }
    expect((await cli(['sync', '--rebuild'], online(dir))).code).toBe(0);
  });

  it('each profile has its own cache file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'md-cli-profile-'));
    const env = { MERCHANT_DESK_DATA_DIR: dir };
    const add = await cli(
      ['profiles', 'add', 'shop-a', '--kind', 'sandbox', ...sandboxConnectionFlags(p.sandbox)],
      env,
    );
    expect(add.code, add.stderr).toBe(0);
    expect((await cli(['token', 'set', '--profile', 'shop-a'], env, p.sandbox.token)).code).toBe(0);
    const r = await cli(['--json', '--profile', 'shop-a', 'sync'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(path.join(dir, 'cache', 'shop-a.sqlite'))).toBe(true);
    expect(existsSync(path.join(dir, 'cache', 'default.sqlite'))).toBe(false);
    const stats = await cli(['--json', '--profile', 'shop-a', 'cache', 'stats'], env);
    expect(JSON.parse(stats.stdout)).toMatchObject({ profile: 'shop-a', orders: 1_500 });
  });
});
