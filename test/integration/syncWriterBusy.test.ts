import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openOrderCache } from '../../src/core/cache/openCache';
import type { OrderCache } from '../../src/core/cache/orderCache';
import { Checkpoint } from '../../src/core/sync/checkpoint';
import { SyncEngine } from '../../src/core/sync/syncEngine';
import { FakePlatform } from '../../src/core/sync/testing/fakePlatform';
import { WRITER_QUEUE_PAGES } from '../../src/core/sync/writerThread';
import { bundleChild } from '../helpers/bundleChild';

/**
 * The writer thread's transactions holding the write lock longer than the syncing connection's busy timeout (at a
 * million orders a full-text batch or merge took seconds): the sync's checkpoint rows and lease heartbeat must not
 * wait for that lock on the syncing thread's own connection — it failed with SQLITE_BUSY (`locked`) there, and each
 * wait blocked the event loop. Real SQLite, the real writer thread; the page transactions are made slow by a trigger
 * on the file (it runs in the writer thread's connection), the syncing thread kept busy as when it decodes answers.
 */

const NOW = Date.UTC(2026, 2, 15, 12, 0, 0);
const DAY = 86_400_000;
const root = path.resolve(import.meta.dirname, '../..');
/** The syncing connection's busy timeout in this test (the app's is 5 s; the writer thread keeps that). */
const BUSY_TIMEOUT_MS = 40;
let outDir: string;
let entry: URL;
let dir: string;
let cache: OrderCache;

beforeAll(async () => {
  outDir = path.join(root, 'node_modules', '.tmp', `writer-busy-${process.pid}`);
  entry = pathToFileURL(await bundleChild('src/core/sync/pageWriterThread.ts', outDir));
}, 60_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'md-writer-busy-'));
  const r = openOrderCache({ file: path.join(dir, 'c.sqlite'), busyTimeoutMs: BUSY_TIMEOUT_MS });
  if (!r.ok) throw new Error(r.error.kind);
  cache = r.value;
});
afterEach(() => {
  cache.close();
  rmSync(dir, { recursive: true, force: true });
});

function history(n: number, seed = 1): number[] {
  let x = seed;
  const rnd = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: n }, () => NOW - 1000 - Math.floor(rnd() * 730 * DAY));
}

/**
 * Makes every page's transaction hold the write lock at least `minMs` (a trigger on the first row of each
 * `pageSize`: a cross join counted in SQL, sized until it takes that long here).
 */
function slowPages(minMs: number, pageSize = 100): number {
  cache.db.exec('CREATE TABLE burn (x INTEGER)');
  const burn = cache.db.prepare('SELECT count(*) FROM burn a, burn b');
  let rows = 500;
  let took = 0;
  for (; rows < 20_000; rows *= 1.5) {
    cache.db.exec('DELETE FROM burn');
    cache.db
      .prepare(
        'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ?) INSERT INTO burn SELECT x FROM n',
      )
      .run(Math.round(rows));
    const t = performance.now();
    burn.get();
    took = performance.now() - t;
    if (took >= minMs) break;
  }
  cache.db.exec(
    `CREATE TRIGGER slow_page AFTER INSERT ON orders WHEN NEW.rid % ${pageSize} = 1 BEGIN SELECT count(*) FROM burn a, burn b; END`,
  );
  return took;
}

/** Keeps this thread's event loop busy most of the time (4 ms of every 5), as decoding answers does. */
function busyThread(): () => void {
  const timer = setInterval(() => {
    const until = performance.now() + 4;
    while (performance.now() < until);
  }, 1);
  return () => clearInterval(timer);
}

describe('a full sync while the writer thread holds the write lock longer than the busy timeout', () => {
  it('completes, never meets a busy lock on its own connection, and checkpoints only stored windows', async () => {
    const platform = new FakePlatform(NOW);
    platform.add(history(1_000));
    // Each page transaction well past the syncing connection's busy timeout.
    expect(slowPages(BUSY_TIMEOUT_MS * 4)).toBeGreaterThanOrEqual(BUSY_TIMEOUT_MS * 4);
    // Every SQLITE_BUSY the syncing thread's connection meets (its writes go through guard).
    const busy: string[] = [];
    const guard = cache.guard.bind(cache);
    cache.guard = (fn) => {
      const r = guard(fn);
      if (!r.ok && r.error.kind === 'locked') busy.push(r.error.detail);
      return r;
    };
    // Read on this connection as the sync goes: every window the checkpoint calls finished holds all its orders.
    const checkpoint = new Checkpoint(cache);
    const unstored: string[] = [];
    const beats = new Set<number>();
    const checkWindows = () => {
      const lease = cache.getMeta('sync.lease');
      if (lease.ok && lease.value) beats.add((JSON.parse(lease.value) as { heartbeatMs: number }).heartbeatMs);
      const running = checkpoint.running();
      if (!running.ok || !running.value) return;
      const finished = checkpoint.finishedWindows(running.value.id);
      if (!finished.ok) return;
      for (const w of finished.value) {
        const stored = cache.db
          .prepare('SELECT count(*) FROM orders WHERE create_ms BETWEEN ? AND ?')
          .pluck()
          .get(w.lo ?? 0, w.hi) as number;
        const listed = platform.rowsWithTimes().filter((r) => r.createMs >= (w.lo ?? 0) && r.createMs <= w.hi!);
        if (stored < listed.length) unstored.push(`${w.lo}..${w.hi}: ${stored} of ${listed.length}`);
      }
    };
    const idle = busyThread();
    let result;
    try {
      result = await new SyncEngine({
        cache,
        source: platform,
        now: () => platform.clock,
        writerThread: entry,
        lease: { heartbeatEveryMs: 25 },
      }).sync({ onProgress: checkWindows });
    } finally {
      idle();
    }
    // Before: `locked` (SQLITE_BUSY) writing a checkpoint row on this connection.
    expect(result.ok ? 'ok' : JSON.stringify(result.error)).toBe('ok');
    expect(result).toMatchObject({ ok: true, value: { mode: 'full', inserted: 1_000, cached: 1_000 } });
    expect(busy).toEqual([]);
    expect(unstored).toEqual([]);
    // The heartbeat went on being written meanwhile (by the writer thread, between pages).
    expect(beats.size).toBeGreaterThan(2);
    const status = checkpoint.status();
    expect(status.ok && status.value).toMatchObject({ baseline: true, running: undefined });
  }, 120_000);

  it('fetches no further ahead of the writer than its queue allows', async () => {
    const platform = new FakePlatform(NOW);
    platform.add(history(1_000));
    const pageSize = 10;
    const parallelism = 4;
    slowPages(10, pageSize);
    // Pages answered but not committed yet, seen as each request is answered (the pages a killed sync loses, and
    // what the fetching thread holds in memory). Before: every page the writer committed let each of the waiting
    // requests fetch another, so a platform faster than the writer filled memory with the whole sync (2 GB at a
    // million orders).
    let ahead = 0;
    platform.beforeAnswer = (n) => {
      const stored = cache.orderCount();
      if (stored.ok) ahead = Math.max(ahead, n - 1 - Math.floor(stored.value / pageSize));
    };
    const result = await new SyncEngine({
      cache,
      source: platform,
      now: () => platform.clock,
      writerThread: entry,
      settings: { pageSize, parallelism },
    }).sync();
    expect(result).toMatchObject({ ok: true, value: { mode: 'full', cached: 1_000 } });
    expect(platform.requests.length).toBeGreaterThanOrEqual(100);
    expect(ahead).toBeLessThanOrEqual(WRITER_QUEUE_PAGES + parallelism + 1);
  }, 120_000);
});
