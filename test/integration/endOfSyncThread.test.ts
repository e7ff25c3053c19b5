import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSession, type Session } from '../../src/core/app/session';
import type { UpkeepReport } from '../../src/core/cache/cacheUpkeep';
import { deferIndexes, endOfSyncLeft } from '../../src/core/cache/deferredIndexes';
import { finishEndOfSyncOnThread } from '../../src/core/cache/endOfSyncOnThread';
import { openOrderCache } from '../../src/core/cache/openCache';
import type { OrderCache } from '../../src/core/cache/orderCache';
import { writeFilledCacheFile } from '../../src/core/cache/testing/filledCacheFile';
import { platformConfigSchema } from '../../src/core/config/platformConfig';
import { fixedCredentials } from '../../src/core/credentials/credentials';
import { createAxiosTransport } from '../../src/core/http/axiosTransport';
import type { OperationContext } from '../../src/core/host/operations';
import { sessionOperations } from '../../src/core/host/operations/sessionOperations';
import { bundleChild } from '../helpers/bundleChild';

/**
 * What a kill left of the end of a first full sync (every secondary index deferred, the repacks, the repeat-buyer
 * walk: deferredIndexes.ts) finished by the core host's upkeep on a thread of its own (src/core/cache/
 * endOfSyncThread.ts, bundled as the app bundles it): the host answers its first pages and counts while the steps
 * run — each one transaction that cannot be cut (an index build: 0.4–1.6 s at a million orders, ~0.1–0.3 s at the
 * N orders here) — and the file ends exactly as a sync's own end leaves it. Closing the session in the middle of a
 * step leaves a file that opens and answers, and the next upkeep finishes it.
 */
const root = path.resolve(import.meta.dirname, '../..');
const NOW = Date.UTC(2026, 2, 10, 12, 0);
/** Enough orders for a step to take long enough to be seen: ~0.1–0.3 s each on this machine. */
const N = 100_000;
const config = platformConfigSchema.parse({
  baseUrl: 'https://api.example.com',
  platformUrl: 'https://platform.example.com',
  merchantId: 'm-1',
});
let outDir: string;
let entry: URL;
/** The orders with everything a first sync's end does left to do (as a kill right after its last page). */
let killed: string;
/** The same file with its end done in one go, as the sync's writer thread does it. */
let finished: string;
const dirs: string[] = [];
const closers: Array<() => void> = [];
const ctx: OperationContext = { signal: new AbortController().signal, emit: () => {} };

beforeAll(async () => {
  outDir = path.join(root, 'node_modules', '.tmp', `end-of-sync-thread-${process.pid}`);
  entry = pathToFileURL(await bundleChild('src/core/cache/endOfSyncThread.ts', outDir));
  const dir = mkdtempSync(path.join(tmpdir(), 'md-end-thread-'));
  dirs.push(dir);
  killed = path.join(dir, 'killed.sqlite');
  writeFilledCacheFile(killed, { baseUrl: config.baseUrl, merchantId: 'm-1' }, N, NOW, (c) => {
    // Every buyer marked and no repeat-buyer rows, as a first sync's load leaves them; the indexes deferred.
    c.db.exec(`DELETE FROM insight_buyer_seq; DELETE FROM insight_buyer_total;
      INSERT OR IGNORE INTO insight_buyer_dirty SELECT DISTINCT buyer_id FROM orders WHERE buyer_id IS NOT NULL;`);
    deferIndexes(c.db);
  });
  finished = path.join(dir, 'finished.sqlite');
  copyFileSync(killed, finished);
  const f = openOrderCache({ file: finished });
  if (!f.ok) throw new Error(f.error.kind);
  expect(f.value.restoreIndexes().ok).toBe(true);
  f.value.db.pragma('wal_checkpoint(TRUNCATE)');
  f.value.close();
}, 180_000);
afterEach(() => {
  for (const close of closers.splice(0)) close();
});
afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function copyOf(file: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'md-end-thread-'));
  dirs.push(dir);
  const copy = path.join(dir, 'shop.sqlite');
  copyFileSync(file, copy);
  return copy;
}

/** A session as the core host makes it (its upkeep after opening) over `cacheFile`; `thread` false: no thread. */
function sessionOver(cacheFile: string, thread: URL | false): Session {
  const session = createSession({
    config,
    credentials: fixedCredentials({}),
    profileId: 'shop',
    dataDir: path.dirname(cacheFile),
    cacheFile,
    cacheOwner: { baseUrl: config.baseUrl, merchantId: config.merchantId },
    transport: () => createAxiosTransport(),
    upkeepAfterOpen: true,
    // The checks after it are the checking thread's (cacheUpkeepThread.test.ts): none here.
    upkeepThread: false,
    endOfSyncThread: thread,
  });
  closers.push(() => session.close());
  return session;
}

function openCache(file: string): OrderCache {
  const c = openOrderCache({ file });
  if (!c.ok) throw new Error(c.error.kind);
  closers.push(() => c.value.close());
  return c.value;
}

/** The file's indexes and the rows of every table the end writes, hashed: equal files give equal digests. */
function digest(cache: OrderCache): Record<string, string> {
  const out: Record<string, string> = {};
  out.schema = JSON.stringify(
    cache.db
      .prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_stat%' ORDER BY name")
      .all(),
  );
  for (const table of [
    'orders',
    'insight_buyer_seq',
    'insight_buyer_total',
    'insight_day_sku',
    'insight_day_lead',
    'insight_buyer_dirty',
  ]) {
    const hash = createHash('sha256');
    for (const row of cache.db.prepare(`SELECT * FROM ${table}`).raw().iterate()) hash.update(JSON.stringify(row));
    out[table] = hash.digest('hex');
  }
  out.meta = JSON.stringify(
    cache.db.prepare("SELECT key FROM meta WHERE key LIKE 'deferred%' OR key LIKE 'insight_buyer_walk%'").all(),
  );
  out.check = String(cache.db.pragma('quick_check', { simple: true }));
  return out;
}

/**
 * Reads as the window asks them while `until` is false: a first page and a quick count every 5 ms, each timed from
 * the moment it was due to its answer (the time it waited for this thread plus its own).
 */
async function readsUntil(session: Session, until: () => boolean): Promise<{ waits: number[]; pages: number }> {
  const table = sessionOperations(session);
  const waits: number[] = [];
  let pages = 0;
  while (!until()) {
    const due = performance.now() + 5;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const page = await table['orders:queryPage'].run({ limit: 50 }, ctx);
    expect(page.ok && page.value.list.length).toBe(50);
    const counted = await table['orders:countQuick'].run({ sellerOrderStatus: [2] }, ctx);
    expect(counted.ok).toBe(true);
    waits.push(performance.now() - due);
    pages++;
  }
  return { waits, pages };
}

describe('the end of a first sync finished after a kill, on a thread of its own', () => {
  it('the core host answers first pages and counts while it runs; the file ends as a sync’s own end leaves it', async () => {
    const expected = digest(openCache(finished));

    // On the host's thread (a bundle without the thread's file), as before: a read waits for the step in progress.
    const control = sessionOverCopy(false);
    const controlRun = await readsWhileUpkeep(control);

    const session = sessionOverCopy(entry);
    const { waits, reports } = await readsWhileUpkeep(session);
    const steps = reports.filter((p) => p.phase === 'index' && p.state === 'running');
    expect(steps.length).toBeGreaterThan(30);

    // On the host's thread the reads could only be answered between steps; on its own thread, all along (the
    // steps and the reads are the same work). Half of them waited under 30 ms (the bound leaves room for a loaded
    // machine: a first page at N orders without its index takes ~10 ms, and the thread shares two cores with it).
    expect(waits.length).toBeGreaterThan(2 * controlRun.waits.length);
    expect(median(waits)).toBeLessThan(30);

    const cache = session.existingCache();
    if (!cache.ok) throw new Error(cache.error.message);
    expect(endOfSyncLeft(cache.value.db)).toBe(false);
    expect(digest(cache.value)).toEqual(expected);
    const controlCache = control.existingCache();
    if (!controlCache.ok) throw new Error(controlCache.error.message);
    expect(digest(controlCache.value)).toEqual(expected);
  }, 180_000);

  it('answers reads while a step is in progress (on the caller’s thread, only between steps)', async () => {
    // Each step timed by the thread, and where it ended (when its report arrived: at the latest); the reads on
    // the cache's connection meanwhile, a first page and a quick count every 2 ms.
    const run = async (thread: URL | undefined) => {
      const cache = openCache(copyOf(killed));
      const steps: Array<{ end: number; ms: number }> = [];
      const reads: Array<{ from: number; to: number }> = [];
      let done = false;
      const finishing = finishEndOfSyncOnThread(cache, thread, {
        onStep: (_step, _steps, ms) => steps.push({ end: performance.now(), ms }),
      }).finally(() => (done = true));
      while (!done) {
        await new Promise((resolve) => setTimeout(resolve, 2));
        const from = performance.now();
        expect(cache.queryPage({ limit: 50 }).ok).toBe(true);
        expect(cache.countUpTo({ sellerOrderStatus: [2] }, 10_000).ok).toBe(true);
        reads.push({ from, to: performance.now() });
      }
      expect(await finishing).toMatchObject({ ok: true });
      expect(endOfSyncLeft(cache.db)).toBe(false);
      // The longest steps (the walk's order steps, the larger index builds: 0.03–0.3 s here, as fast as the machine
      // is: a fixed threshold counted 3 or 4 of them), and those during whose first half a read was asked and answered.
      const long = steps
        .filter((s) => s.ms >= 25)
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 6);
      const answered = long.filter((s) => reads.some((r) => r.from >= s.end - s.ms && r.to <= s.end - s.ms / 2));
      return { long: long.length, answered: answered.length };
    };
    const control = await run(undefined);
    expect(control.long).toBeGreaterThanOrEqual(4);
    expect(control.answered).toBe(0);
    const threaded = await run(entry);
    expect(threaded.long).toBeGreaterThanOrEqual(4);
    expect(threaded.answered).toBeGreaterThanOrEqual(threaded.long / 2);
  }, 180_000);

  it('a session closed in the middle of a step leaves a file that opens and answers; the next upkeep finishes it', async () => {
    const expected = digest(openCache(finished));
    const expectedPage = openCache(finished).query({ limit: 200, sellerOrderStatus: [2] });
    const file = copyOf(killed);
    const first = sessionOver(file, entry);
    const reports: UpkeepReport[] = [];
    first.relayUpkeep((report) => reports.push(report));
    expect(first.existingCache().ok).toBe(true);
    // Closed once a few steps are done (mid-way through the index builds): the thread is ended in its step.
    while (reports.length < 6) await new Promise((resolve) => setTimeout(resolve, 5));
    first.close();
    const r = await first.upkeep!;
    expect(r.ok && r.value.cancelled).toBe(true);

    // Opened again (another connection, as the next start of the app): part of the end is done, the rest recorded.
    const reopened = openCache(file);
    expect(endOfSyncLeft(reopened.db)).toBe(true);
    expect(reopened.query({ limit: 200, sellerOrderStatus: [2] })).toEqual(expectedPage);
    expect(reopened.countMatches({ sellerOrderStatus: [2] })).toEqual(
      openCache(finished).countMatches({ sellerOrderStatus: [2] }),
    );
    reopened.close();

    // The next upkeep (on its thread again) finishes it.
    const next = sessionOver(file, entry);
    const nextReports: UpkeepReport[] = [];
    next.relayUpkeep((report) => nextReports.push(report));
    expect(next.existingCache().ok).toBe(true);
    while (!nextReports.some((p) => p.phase !== 'index' || p.state !== 'running'))
      await new Promise((resolve) => setTimeout(resolve, 5));
    next.cancelUpkeep();
    await next.upkeep;
    expect(nextReports.filter((p) => p.phase === 'index').length).toBeGreaterThan(10);
    const cache = next.existingCache();
    if (!cache.ok) throw new Error(cache.error.message);
    expect(digest(cache.value)).toEqual(expected);
  }, 180_000);

  it('stops when cancelled, after its step, and a sync’s end on the host’s thread leaves the work to it meanwhile', async () => {
    const cache = openCache(copyOf(killed));
    const stop = new AbortController();
    const seen: number[] = [];
    let hostFinished: Awaited<ReturnType<OrderCache['finishEndOfSync']>> | undefined;
    const r = await finishEndOfSyncOnThread(cache, entry, {
      signal: stop.signal,
      onStep: (_step, steps, ms) => {
        seen.push(ms);
        if (steps === 2)
          // What the sync's end calls on the host's connection: it takes no step while the thread is at it.
          void cache.finishEndOfSync().then((f) => (hostFinished = f));
        if (steps === 4) stop.abort();
      },
    });
    // The cancel is seen before the step after the one in progress when it arrived.
    expect(r.ok && r.value).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(4);
    expect(seen.length).toBeLessThanOrEqual(5);
    expect(hostFinished).toEqual({ ok: true, value: 0 });
    expect(endOfSyncLeft(cache.db)).toBe(true);
  }, 60_000);
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function sessionOverCopy(thread: URL | false): Session {
  return sessionOver(copyOf(killed), thread);
}

/** Opens the cache (which starts the upkeep) and reads while its end-of-sync phase runs. */
async function readsWhileUpkeep(session: Session): Promise<{ waits: number[]; reports: UpkeepReport[] }> {
  const reports: UpkeepReport[] = [];
  session.relayUpkeep((report) => reports.push(report));
  expect(session.existingCache().ok).toBe(true);
  const over = () => reports.some((p) => p.phase !== 'index' || p.state !== 'running');
  const { waits } = await readsUntil(session, over);
  // The checks that follow are not this test's (cacheUpkeepThread.test.ts).
  session.cancelUpkeep();
  await session.upkeep;
  return { waits, reports };
}
