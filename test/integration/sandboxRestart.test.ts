/**
 * The sandbox command across restarts, with the CLI's sync: the same data set comes back (orders, decisions, key,
 * URLs), and a new data set behind the same merchant is refused by the cache instead of mixed into it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openOrderCache, cacheFilePath } from '../../src/core/cache/openCache';
import { DATA_SET_META_KEY } from '../../src/core/sync/dataSetWatch';
import { runCliCapture } from '../helpers/runCliCapture';
import { freePort, runSandboxCli, type RunningSandbox } from '../helpers/sandboxCli';

const running: RunningSandbox[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});
async function sandbox(args: string[], env: Record<string, string>) {
  const s = await runSandboxCli(args, env);
  running.push(s);
  return s;
}
async function stop(s: RunningSandbox) {
  running.splice(running.indexOf(s), 1);
  expect(await s.stop()).toBe(0);
}
const cachedDataSet = (dataDir: string) => {
  const cache = openOrderCache({ file: cacheFilePath(dataDir, 'default') });
  if (!cache.ok) throw new Error(cache.error.kind);
  try {
    return { dataSet: cache.value.getMeta(DATA_SET_META_KEY), orders: cache.value.orderCount() };
  } finally {
    cache.value.close();
  }
};

describe('merchant-desk sandbox across restarts', () => {
  it('serves the same orders and decisions with the same key and URLs; sync keeps one data set', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'md-sandbox-restart-'));
    const port = String(await freePort());
    const base = { MERCHANT_DESK_DATA_DIR: dataDir };
    const first = await sandbox(['--port', port, '--orders', '40', '--seed', '3'], base);
    expect(first.info).toMatchObject({ restored: false, orders: 40, stateDir: path.join(dataDir, 'sandbox') });
    expect(first.info.privateKeyFile).toBe(path.join(dataDir, 'sandbox', 'sandbox-private-key.pem'));
    expect((await runCliCapture(['sync'], first.env)).code).toBe(0);
    const awaiting = JSON.parse(
      (await runCliCapture(['--json', 'orders', 'list', '--after-sales-status', '1'], first.env)).stdout,
    );
    const id = awaiting.list[0].id as string;
    const rejected = await runCliCapture(['after-sales', 'reject', id, '--reason', 'Code already redeemed'], first.env);
    expect(rejected.code, rejected.stderr).toBe(0);
    await stop(first);

    // Started again without --orders / --seed: the saved data set and its key.
    const second = await sandbox(['--port', port], base);
    expect(second.info).toMatchObject({ restored: true, orders: 40, dataSetId: first.info.dataSetId });
    expect(second.env).toEqual(first.env);
    // The decision survived the restart: the platform's filter lists the order as rejected (the sandbox's 3).
    const rejectedNow = JSON.parse(
      (await runCliCapture(['--json', 'orders', 'list', '--after-sales-status', '3', '--page-size', '100'], second.env))
        .stdout,
    );
    expect(rejectedNow.list.map((o: { id: string }) => o.id)).toContain(id);
    const synced = await runCliCapture(['sync'], second.env);
    expect(synced.code, synced.stderr).toBe(0);
    expect(cachedDataSet(dataDir).dataSet).toEqual({ ok: true, value: first.info.dataSetId });
    const link = await runCliCapture(
      ['sso-link', '--user-no', 'u-1', '--email', 'u1@example.com', '--item', '42'],
      second.env,
    );
    expect(link.code, link.stderr).toBe(0);
    expect((await fetch(link.stdout)).status).toBe(200);
  });

  it('a new data set behind the same merchant: sync stores nothing and asks for --rebuild, which then works', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'md-sandbox-reset-'));
    const port = String(await freePort());
    const base = { MERCHANT_DESK_DATA_DIR: dataDir };
    const first = await sandbox(['--port', port, '--orders', '30'], base);
    expect((await runCliCapture(['sync'], first.env)).code).toBe(0);
    await stop(first);

    const refused = await runSandboxCli(['--port', port, '--orders', '31'], base).catch((e: Error) => e);
    expect(String(refused)).toMatch(/holds 30 orders from seed 1.*--reset/s);

    const other = await sandbox(['--port', port, '--orders', '31', '--reset'], base);
    expect(other.info.dataSetId).not.toBe(first.info.dataSetId);
    const sync = await runCliCapture(['sync'], other.env);
    expect(sync.code).toBe(1);
    expect(sync.stderr).toMatch(/another data set.*Nothing from it was stored.*merchant-desk sync --rebuild/s);
    expect(cachedDataSet(dataDir)).toEqual({
      dataSet: { ok: true, value: first.info.dataSetId },
      orders: { ok: true, value: 30 },
    });
    const full = await runCliCapture(['sync', '--full'], other.env);
    expect(full.code).toBe(1);
    const rebuilt = await runCliCapture(['sync', '--rebuild'], other.env);
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(cachedDataSet(dataDir)).toEqual({
      dataSet: { ok: true, value: other.info.dataSetId },
      orders: { ok: true, value: 31 },
    });
  });

  it('a port in use: says so and what to do, exit 2', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'md-sandbox-port-'));
    const first = await sandbox(['--port', '0', '--orders', '5'], { MERCHANT_DESK_DATA_DIR: dataDir });
    const port = new URL(first.info.baseUrl).port;
    const second = await runCliCapture(['sandbox', '--port', port, '--state', path.join(dataDir, 'other')], {
      MERCHANT_DESK_DATA_DIR: dataDir,
    });
    expect(second.code).toBe(2);
    expect(second.stderr).toMatch(new RegExp(`Port ${port} on 127\\.0\\.0\\.1 is taken.*--port N`, 's'));
    expect(second.stderr).not.toMatch(/Unexpected|EADDRINUSE/);
  });
});
