import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFERRED_LOADING_KEY } from '../../src/core/cache/deferredIndexes';
import { openOrderCache } from '../../src/core/cache/openCache';
import type { OrderCache } from '../../src/core/cache/orderCache';
import type { Credentials } from '../../src/core/credentials/credentials';
import { ok } from '../../src/core/result';
import { SyncEngine } from '../../src/core/sync/syncEngine';
import { bundleChild, repoRoot } from '../helpers/bundleChild';
import { startTestPlatform, type TestPlatform } from '../helpers/sandboxFixture';

/**
 * Issue 26: a first full sync that fails in process (here the platform starts answering 401: the token revoked)
 * keeps its secondary indexes deferred like a killed one, so its resume goes on loading without them (~1.4× faster
 * an order); they are built when the first sync completes. Meanwhile the file, opened for browsing, answers every
 * query exactly as with the indexes (compared with a copy whose indexes are built). A real sandbox over HTTP on
 * loopback; pages stored by the writer thread (bundled, as the app ships it) and, apart, on the syncing thread.
 */
const ORDERS = 3_000;
const PAGE_SIZE = 20;
let p: TestPlatform;
let outDir: string;
let entry: URL;
const dirs: string[] = [];

beforeAll(async () => {
  outDir = path.join(repoRoot, 'node_modules', '.tmp', `sync-fail-deferred-${process.pid}`);
  entry = pathToFileURL(await bundleChild('src/core/sync/pageWriterThread.ts', outDir));
  p = await startTestPlatform({ orders: ORDERS, seed: 62, faults: { latencyMs: 2 } });
}, 60_000);
afterAll(async () => {
  await p?.stop();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function openFile(file: string): OrderCache {
  const r = openOrderCache({ file, identity: { baseUrl: p.sandbox.baseUrl, merchantId: p.sandbox.merchantId } });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

const secondaryIndexes = (c: OrderCache) =>
  c.db
    .prepare(
      "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'orders' AND sql IS NOT NULL ORDER BY name",
    )
    .pluck()
    .all() as string[];

/** What the screens ask: pages (sorts, filters, text search), exact counts, counts per status. */
function answers(c: OrderCache): unknown[] {
  const inputs = [
    {},
    { sort: 'paid' },
    { sellerOrderStatus: [2, 3] },
    { hasAfterSales: true },
    { search: 'steam' },
    { search: 'a', sellerOrderStatus: [4] },
  ];
  return inputs.flatMap((q): unknown[] => {
    const page = c.query({ ...q, limit: 30 });
    const { sort: _sort, ...filters } = q as { sort?: string };
    const counts = c.counts(filters);
    if (!page.ok || !counts.ok) throw new Error(JSON.stringify(page.ok ? counts : page));
    return [page.value.total, page.value.list.map((o) => o.id), counts.value];
  });
}

describe.each([
  ['the writer thread', true],
  ['the syncing thread', false],
] as const)('a first full sync that fails in process, pages stored on %s', (_name, onThread) => {
  it('keeps its indexes deferred; the file answers every query right meanwhile; the resume loads without them and builds them at its end', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'md-fail-deferred-'));
    dirs.push(dir);
    const file = path.join(dir, 'cache', 'default.sqlite');
    const cache = openFile(file);
    const indexesBefore = secondaryIndexes(cache);
    expect(indexesBefore.length).toBeGreaterThan(5);
    // The token is revoked after 40 order-list requests: every later one is answered 401.
    let revoked = false;
    let asked = 0;
    const credentials: Credentials = {
      bearerToken: async () => ok(revoked || ++asked > 40 ? 'revoked-token' : p.sandbox.token),
      signingKey: () => p.credentials.signingKey(),
    };
    const engine = new SyncEngine({
      cache,
      source: p.seller({ credentials }),
      settings: { pageSize: PAGE_SIZE, parallelism: 3 },
      writerThread: onThread ? entry : false,
    });
    const failed = await engine.sync();
    expect(failed.ok).toBe(false);
    const stored = cache.orderCount();
    expect(stored.ok && stored.value).toBeGreaterThan(0);
    expect(stored.ok && stored.value).toBeLessThan(ORDERS);

    // Deferred as after a kill: the mark set, the run there to resume.
    expect(secondaryIndexes(cache)).toEqual([]);
    expect(cache.getMeta(DEFERRED_LOADING_KEY)).toEqual({ ok: true, value: '1' });
    expect(cache.loadingWithoutIndexes()).toEqual({ ok: true, value: true });

    // Opened for browsing meanwhile (the app, a CLI command): nothing built, and every answer as with the indexes.
    const browsing = openFile(file);
    const copy = path.join(dir, 'indexed.sqlite');
    browsing.db.exec(`VACUUM INTO '${copy}'`);
    const indexed = openFile(copy);
    indexed.db.prepare("UPDATE sync_run SET status = 'abandoned'").run();
    expect(indexed.restoreIndexes().ok).toBe(true);
    expect(secondaryIndexes(indexed)).toEqual(indexesBefore);
    expect(secondaryIndexes(browsing)).toEqual([]);
    expect(answers(browsing)).toEqual(answers(indexed));
    indexed.close();
    // Its upkeep after opening leaves them to the resume too.
    expect((await browsing.finishEndOfSync()).ok).toBe(true);
    expect(secondaryIndexes(browsing)).toEqual([]);
    browsing.close();

    // The token is good again: the resume stores its pages without the indexes and builds them at its end.
    revoked = false;
    asked = -1e9;
    const seen = new Set<number>();
    const resumed = await engine.sync({ onProgress: () => seen.add(secondaryIndexes(cache).length) });
    expect(resumed).toMatchObject({ ok: true, value: { mode: 'full', resumed: true, cached: ORDERS } });
    expect(seen.has(0)).toBe(true);
    expect(secondaryIndexes(cache)).toEqual(indexesBefore);
    expect(cache.getMeta(DEFERRED_LOADING_KEY)).toEqual({ ok: true, value: undefined });
    expect(cache.endOfSyncLeft()).toEqual({ ok: true, value: false });
    expect([...cache.iterateIds()].sort()).toEqual([...p.sandbox.store.ids()].sort());
    cache.close();
  }, 120_000);
});
