import { createHash, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSession, type Session } from '../../src/core/app/session';
import { openOrderCache } from '../../src/core/cache/openCache';
import type { OrderCache } from '../../src/core/cache/orderCache';
import { platformConfigSchema } from '../../src/core/config/platformConfig';
import { fixedCredentials } from '../../src/core/credentials/credentials';
import { createAxiosTransport } from '../../src/core/http/axiosTransport';
import type { OperationContext } from '../../src/core/host/operations';
import { sessionOperations } from '../../src/core/host/operations/sessionOperations';
import { writeFilledCacheFile } from '../../src/core/cache/testing/filledCacheFile';
import { bundleChild } from '../helpers/bundleChild';
import { addFreePages } from '../../src/core/cache/testing/freePages';

/**
 * `orders:compact` (Settings → Cache in the app): the cache file's free pages given back by a VACUUM on a thread of
 * its own (src/core/cache/compactThread.ts, bundled as the app bundles it) — the host's thread answers reads
 * meanwhile, syncs are held until it ends, and every order and search reads the same after.
 */
const root = path.resolve(import.meta.dirname, '../..');
const NOW = Date.UTC(2026, 10, 27, 12);
const N = 12_000;
/** The platform's address: one that takes requests and never answers (a sync against it runs until cancelled). */
let config: ReturnType<typeof platformConfigSchema.parse>;
let outDir: string;
let entry: URL;
let template: string;
const dirs: string[] = [];
const closers: Array<() => void> = [];
const ctx: OperationContext = { signal: new AbortController().signal, emit: () => {} };

const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
let hanging: Server;

beforeAll(async () => {
  hanging = createServer(() => {});
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  config = platformConfigSchema.parse({
    baseUrl: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`,
    platformUrl: 'https://platform.example.com',
    merchantId: 'm-1',
    timeoutMs: 300,
  });
  outDir = path.join(root, 'node_modules', '.tmp', `compact-thread-${process.pid}`);
  entry = pathToFileURL(await bundleChild('src/core/cache/compactThread.ts', outDir));
  // N orders and ~40 MiB of free pages (as a schema-9 conversion's end leaves its older text index's pages).
  template = path.join(mkdtempSync(path.join(tmpdir(), 'md-compact-thread-')), 'template.sqlite');
  dirs.push(path.dirname(template));
  writeFilledCacheFile(template, { baseUrl: config.baseUrl, merchantId: 'm-1' }, N, NOW, (c) => {
    addFreePages(c.db, 10_000);
  });
}, 120_000);
afterEach(() => {
  for (const close of closers.splice(0)) close();
});
afterAll(() => {
  hanging.closeAllConnections();
  hanging.close();
  rmSync(outDir, { recursive: true, force: true });
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A session as the core host makes it over a copy of the template; `compactThread` false: on its own thread. */
function sessionOverCopy(compactThread: URL | false): { session: Session; cache: OrderCache } {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'md-compact-thread-'));
  dirs.push(dataDir);
  const cacheFile = path.join(dataDir, 'shop.sqlite');
  copyFileSync(template, cacheFile);
  const session = createSession({
    config,
    credentials: fixedCredentials({ token: 'test-token', key: signingKey }),
    profileId: 'shop',
    dataDir,
    cacheFile,
    cacheOwner: { baseUrl: config.baseUrl, merchantId: config.merchantId },
    transport: () => createAxiosTransport(),
    compactThread,
  });
  closers.push(() => session.close());
  const cache = session.existingCache();
  if (!cache.ok) throw new Error(cache.error.message);
  return { session, cache: cache.value };
}

/** Every stored row of the orders and their documents, hashed. */
function digest(cache: OrderCache): string {
  const hash = createHash('sha256');
  for (const row of cache.db.prepare('SELECT * FROM orders ORDER BY rid').iterate()) hash.update(JSON.stringify(row));
  for (const row of cache.db.prepare('SELECT rid, doc FROM order_doc ORDER BY rid').raw().iterate())
    hash.update(JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('hex') : v)));
  return hash.digest('hex');
}

/**
 * How many reads this thread answered, one per event-loop turn (a 1 ms timer), while the work `start` starts ran —
 * counted from before it starts, so work done inside the call itself answers none.
 */
async function readsWhile(start: () => Promise<unknown>, read: () => void): Promise<number> {
  const work = start();
  let done = false;
  void work.finally(() => (done = true));
  let reads = 0;
  while (!done) {
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (done) break;
    read();
    reads += 1;
  }
  await work;
  return reads;
}

describe('compacting the cache from the app (orders:compact)', () => {
  it('gives the free pages back on its own thread: reads answered meanwhile, syncs held, every order the same', async () => {
    const { session, cache } = sessionOverCopy(entry);
    const table = sessionOperations(session);
    const stats = await table['orders:cacheStats'].run(undefined, ctx);
    if (!stats.ok) throw new Error(stats.error.message);
    expect(stats.value.freeBytes).toBeGreaterThan(35_000_000);
    const before = digest(cache);
    const searches = () => ['steam', 'buyer 42', 'SO00000123'].map((search) => cache.query({ search, limit: 500 }));
    const foundBefore = searches();

    let compacting: ReturnType<(typeof table)['orders:compact']['run']> | undefined;
    let held: Awaited<ReturnType<(typeof table)['sync:now']['run']>> | undefined;
    const reads = await readsWhile(
      () => {
        compacting = table['orders:compact'].run(undefined, ctx);
        // While it runs a sync is held (the poller takes `busy` as "try at the next turn"), never started.
        return Promise.all([compacting, table['sync:now'].run({}, ctx).then((r) => (held = r))]);
      },
      () => expect(cache.orderCount()).toEqual({ ok: true, value: N }),
    );
    expect(held).toMatchObject({ ok: false, error: { kind: 'sync', code: 'busy' } });
    if (held && !held.ok) expect(held.error.message).toMatch(/being compacted/);
    const done = await compacting!;
    if (!done.ok) throw new Error(done.error.message);
    expect(done.value.freeBytesBefore).toBe(stats.value.freeBytes);
    expect(done.value.bytesBefore - done.value.bytesAfter).toBeGreaterThan(35_000_000);
    expect(await table['orders:cacheStats'].run(undefined, ctx)).toMatchObject({
      ok: true,
      value: { freeBytes: 0, bytes: done.value.bytesAfter },
    });
    expect(digest(cache)).toBe(before);
    expect(searches()).toEqual(foundBefore);
    expect(reads).toBeGreaterThan(3);

    // The same on the host's own thread (a bundle without the thread's file): no read is answered until it is over.
    const fallback = sessionOverCopy(false);
    const readsOnThisThread = await readsWhile(
      () => sessionOperations(fallback.session)['orders:compact'].run(undefined, ctx),
      () => fallback.cache.orderCount(),
    );
    expect(readsOnThisThread).toBe(0);
  }, 120_000);

  it('is refused while a sync runs, and answers `locked` (nothing changed) when another process writes', async () => {
    const { session, cache } = sessionOverCopy(entry);
    const table = sessionOperations(session);
    // A sync of this host is running (its platform never answers): the compaction is refused, nothing changed.
    const stop = new AbortController();
    const syncing = table['sync:now'].run({}, { ...ctx, signal: stop.signal });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await table['orders:compact'].run(undefined, ctx)).toMatchObject({
      ok: false,
      error: { kind: 'sync', code: 'busy', message: expect.stringMatching(/sync .* is running/) },
    });
    // (A pause or cancel waits for the request in flight: the platform's time limit, short here.)
    stop.abort();
    await syncing;

    // Another process holds the write lock (a CLI sync): the thread waits its busy timeout, then says so.
    const other = openOrderCache({ file: cache.file });
    if (!other.ok) throw new Error(other.error.kind);
    closers.push(() => other.value.close());
    other.value.db.exec('BEGIN IMMEDIATE');
    const refused = await table['orders:compact'].run(undefined, ctx);
    other.value.db.exec('ROLLBACK');
    expect(refused).toMatchObject({ ok: false, error: { kind: 'cache' } });
    expect(cache.db.pragma('freelist_count', { simple: true })).toBeGreaterThan(0);
    // Its hold ended with it: a sync may start again (it fails here at the network, not as `busy`).
    const sync = await table['sync:now'].run({}, ctx);
    expect(sync.ok ? null : sync.error.code).not.toBe('busy');
  }, 60_000);
});
