import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openOrderCache } from '../../src/core/cache/openCache';
import type { OrderCache } from '../../src/core/cache/orderCache';
import { Checkpoint } from '../../src/core/sync/checkpoint';
import type { StoredChangeEvent } from '../../src/core/sync/pageStore';
import { SyncEngine, type SyncEngineDeps } from '../../src/core/sync/syncEngine';
import { FakePlatform } from '../../src/core/sync/testing/fakePlatform';
import { startWriterThread, WRITER_QUEUE_CHARS } from '../../src/core/sync/writerThread';
import { bundleChild } from '../helpers/bundleChild';

// The writer thread runs built code (a worker cannot load TypeScript sources): the entry is bundled like the CLI's.
const NOW = Date.UTC(2026, 2, 15, 12, 0, 0);
/** A page's answer time: the platform's own clock, believed. */
const AT = { seenAtMs: NOW, answeredMs: NOW };
const DAY = 86_400_000;
const root = path.resolve(import.meta.dirname, '../..');
let outDir: string;
let entry: URL;
let cache: OrderCache;

beforeAll(async () => {
  outDir = path.join(root, 'node_modules', '.tmp', `writer-thread-${process.pid}`);
  entry = pathToFileURL(await bundleChild('src/core/sync/pageWriterThread.ts', outDir));
}, 60_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

beforeEach(() => {
  const r = openOrderCache({ file: path.join(mkdtempSync(path.join(tmpdir(), 'md-writer-')), 'c.sqlite') });
  if (!r.ok) throw new Error(r.error.kind);
  cache = r.value;
  // Every page must go through the writer thread: a page written on this connection fails the test.
  cache.applyPage = () => {
    throw new Error('a page was written on the syncing thread');
  };
});
afterEach(() => cache.close());

function history(n: number, seed = 1): number[] {
  let x = seed;
  const rnd = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: n }, () => NOW - 1000 - Math.floor(rnd() * 730 * DAY));
}

function engine(platform: FakePlatform, deps: Partial<SyncEngineDeps> = {}) {
  return new SyncEngine({ cache, source: platform, now: () => platform.clock, writerThread: entry, ...deps });
}

describe('full sync with pages stored by the writer thread', () => {
  it('stores every order and finishes the checkpoint, splitting windows past the per-query limit', async () => {
    const platform = new FakePlatform(NOW);
    platform.add(history(12_500));
    const indexes = () =>
      cache.db
        .prepare(
          "SELECT sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'orders' AND sql IS NOT NULL ORDER BY name",
        )
        .pluck()
        .all();
    const before = indexes();
    const seen = new Set<number>();
    const r = await engine(platform).sync({ onProgress: () => seen.add(indexes().length) });
    expect(r).toMatchObject({ ok: true, value: { mode: 'full', inserted: 12_500, cached: 12_500, skipped: 0 } });
    // The first sync into an empty cache: the writer thread loaded without the secondary indexes, then built them.
    expect(seen).toContain(0);
    expect(indexes()).toEqual(before);
    expect([...cache.iterateIds()].sort()).toEqual(platform.ids().sort());
    const status = new Checkpoint(cache).status();
    expect(status.ok && status.value).toMatchObject({ baseline: true, running: undefined });
    // The writer thread's index batches and the last one leave nothing unindexed.
    expect(cache.pendingSearchRows()).toEqual({ ok: true, value: 0 });
  }, 60_000);

  it('sends its first requests while the writer thread starts, and hands the thread what came meanwhile', async () => {
    // A writer thread that takes 400 ms to start (the real one: ~145 ms, most of what a sync spent before its first
    // request): the first requests must not wait for it.
    const slow = path.join(outDir, 'slow-writer.mjs');
    writeFileSync(
      slow,
      `await new Promise((r) => setTimeout(r, 400));\nawait import(${JSON.stringify(entry.href)});\n`,
    );
    const platform = new FakePlatform(NOW);
    platform.add(history(1_200, 5));
    const list = platform.listOrders.bind(platform);
    const asked: number[] = [];
    const started = performance.now();
    platform.listOrders = (input) => {
      asked.push(performance.now() - started);
      return list(input);
    };
    const r = await engine(platform, { writerThread: pathToFileURL(slow) }).sync();
    expect(r).toMatchObject({ ok: true, value: { mode: 'full', inserted: 1_200, cached: 1_200 } });
    expect(asked[0]).toBeLessThan(300);
    // Requests went on while it started (bounded by the run-ahead limit: each page's checkpoint row waits for it).
    expect(asked.filter((ms) => ms < 400).length).toBeGreaterThan(1);
    expect([...cache.iterateIds()].sort()).toEqual(platform.ids().sort());
    expect(cache.pendingSearchRows()).toEqual({ ok: true, value: 0 });
  }, 60_000);

  it('delivers change events after their pages commit, the same ones the cache stored', async () => {
    const platform = new FakePlatform(NOW);
    const [a, b] = platform.add(history(2), { orderStatus: 2, isExistDispute: false });
    platform.add(history(1_500, 3));
    expect((await engine(platform).sync()).ok).toBe(true);
    platform.clock += 600_000;
    platform.update(a!.id, { orderStatus: 3 });
    platform.update(b!.id, { isExistDispute: true });
    const seen: StoredChangeEvent[] = [];
    const r = await engine(platform).sync({ full: true, onChange: (e) => seen.push(e) });
    expect(r).toMatchObject({ ok: true, value: { mode: 'full', events: 2, updated: 2 } });
    expect(seen).toMatchObject([
      expect.objectContaining({ type: expect.any(String) }),
      expect.objectContaining({ type: expect.any(String) }),
    ]);
    expect(seen.map((e) => [e.type, e.orderId]).sort()).toEqual(
      [
        ['dispute-opened', b!.id],
        ['order-status-changed', a!.id],
      ].sort(),
    );
    const stored = cache.eventsSince(0);
    expect(stored.ok && stored.value.map((e) => e.seq)).toEqual(seen.map((e) => e.seq));
  }, 60_000);

  it('a throwing change listener rejects the sync (a bug, as on the syncing thread), with no uncaught exception', async () => {
    const platform = new FakePlatform(NOW);
    const [a] = platform.add(history(1), { orderStatus: 2 });
    platform.add(history(800, 5));
    expect((await engine(platform).sync()).ok).toBe(true);
    platform.clock += 600_000;
    platform.update(a!.id, { orderStatus: 3 });
    const onChange = () => {
      throw new Error('listener bug');
    };
    await expect(engine(platform).sync({ full: true, onChange })).rejects.toThrow('listener bug');
  }, 60_000);

  it('stops at a failed page write, claims no window past it, and the next sync resumes and completes', async () => {
    const platform = new FakePlatform(NOW);
    platform.add(history(12_500));
    const poisoned = platform.ids().sort()[6_000]!;
    // A write the writer thread's connection cannot commit (the file refuses that order).
    cache.db.exec(
      `CREATE TRIGGER refuse_one BEFORE INSERT ON orders WHEN NEW.id = '${poisoned}' BEGIN SELECT RAISE(ABORT, 'disk says no'); END`,
    );
    const r = await engine(platform).sync();
    expect(r).toMatchObject({ ok: false, error: { kind: 'cache' } });
    expect(JSON.stringify(r)).toContain('disk says no');
    const checkpoint = new Checkpoint(cache);
    const running = checkpoint.running();
    expect(running.ok && running.value).toMatchObject({ mode: 'full' });
    if (!running.ok || !running.value) return;
    // Every window the checkpoint calls finished holds all its orders: none holds the refused one.
    const finished = checkpoint.finishedWindows(running.value.id);
    expect(finished.ok).toBe(true);
    if (!finished.ok) return;
    const cached = new Set(cache.iterateIds());
    for (const w of finished.value) {
      const inWindow = platform
        .rowsWithTimes()
        .filter((row) => (w.lo === null || row.createMs >= w.lo) && row.createMs <= w.hi!)
        .map((row) => row.order.id);
      expect(inWindow.filter((id) => !cached.has(id))).toEqual([]);
    }
    cache.db.exec('DROP TRIGGER refuse_one');
    const resumed = await engine(platform).sync();
    expect(resumed).toMatchObject({ ok: true, value: { mode: 'full', resumed: true, cached: 12_500 } });
  }, 60_000);

  it('a cancelled sync returns once the queued pages are written; the next one resumes and completes', async () => {
    const platform = new FakePlatform(NOW);
    platform.add(history(12_500));
    const cancel = new AbortController();
    platform.beforeAnswer = (n) => {
      if (n === 60) cancel.abort();
    };
    const r = await engine(platform).sync({ signal: cancel.signal });
    expect(r).toMatchObject({ ok: false, error: { kind: 'aborted' } });
    // Nothing is still being written: the writer thread's connection is closed and the count is final.
    const stored = cache.orderCount();
    expect(stored.ok && stored.value).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cache.orderCount()).toEqual(stored);
    platform.beforeAnswer = undefined;
    const resumed = await engine(platform).sync();
    expect(resumed).toMatchObject({ ok: true, value: { mode: 'full', resumed: true, cached: 12_500 } });
  }, 60_000);

  it('falls back to the syncing thread when the writer thread cannot start', async () => {
    const platform = new FakePlatform(NOW);
    platform.add(history(300));
    const r = openOrderCache({ file: cache.file });
    if (!r.ok) throw new Error(r.error.kind);
    const plain = r.value;
    try {
      const missing = new URL('./no-such-writer.js', entry);
      const synced = await new SyncEngine({
        cache: plain,
        source: platform,
        now: () => platform.clock,
        writerThread: missing,
      }).sync();
      expect(synced).toMatchObject({ ok: true, value: { mode: 'full', inserted: 300, cached: 300 } });
    } finally {
      plain.close();
    }
  }, 60_000);
});

describe('the writer thread store', () => {
  async function store(options: { deferIndexes?: boolean } = {}) {
    const counters = { inserted: 0, updated: 0, unchanged: 0, events: 0, skipped: 0, skippedOrders: [] };
    const started = await startWriterThread({
      entry,
      file: cache.file,
      baseline: false,
      ...options,
      counters,
      onChange: undefined,
    });
    if (!started) throw new Error('the writer thread did not start');
    return { store: started, counters };
  }

  /** A recorded run whose window rows the store may write. */
  function runId(): number {
    const checkpoint = new Checkpoint(cache);
    const run = checkpoint.plan('full', {}, NOW);
    expect(checkpoint.record(run).ok).toBe(true);
    return run.id;
  }
  const windowsOf = (id: number) => new Checkpoint(cache).finishedWindows(id);

  it('writes a checkpoint row only once every page written before it has committed, in the writer stream', async () => {
    const id = runId();
    const { store: s, counters } = await store();
    try {
      const orders = new FakePlatform(NOW).add(history(250));
      const ran: Array<[unknown, number, number]> = [];
      const stored = () => cache.orderCount();
      const seen = (written: unknown) => {
        const n = stored();
        ran.push([written, counters.inserted, n.ok ? n.value : -1]);
      };
      expect(s.write(orders.slice(0, 100), AT, []).ok).toBe(true);
      s.record({ kind: 'window', runId: id, lo: 1, hi: 2, total: 100 }, seen);
      expect(s.write(orders.slice(100), AT, []).ok).toBe(true);
      s.record({ kind: 'window', runId: id, lo: 3, hi: 4, total: 150 }, seen);
      expect(ran).toEqual([]);
      expect(await s.settled()).toEqual({ ok: true, value: undefined });
      // Each row committed after the pages before it, and before the ones after it.
      expect(ran).toEqual([
        [{ ok: true, value: 1 }, 100, 100],
        [{ ok: true, value: 1 }, 250, 250],
      ]);
      expect(windowsOf(id)).toEqual({
        ok: true,
        value: [
          { lo: 3, hi: 4 },
          { lo: 1, hi: 2 },
        ],
      });
    } finally {
      await s.close();
    }
  });

  it('writes no checkpoint row sent after a failed page, and refuses later pages', async () => {
    const id = runId();
    const { store: s } = await store();
    try {
      const orders = new FakePlatform(NOW).add(history(200));
      cache.db.exec(
        `CREATE TRIGGER refuse_one BEFORE INSERT ON orders WHEN NEW.id = '${orders[150]!.id}' BEGIN SELECT RAISE(ABORT, 'disk says no'); END`,
      );
      const failures: unknown[] = [];
      s.watch((e) => failures.push(e));
      const answers: unknown[] = [];
      expect(s.write(orders.slice(0, 100), AT, []).ok).toBe(true);
      s.record({ kind: 'window', runId: id, lo: 1, hi: 2, total: 100 }, (w) => answers.push(w));
      expect(s.write(orders.slice(100), AT, []).ok).toBe(true);
      // Sent before the failure is known here: the writer thread refuses it.
      s.record({ kind: 'window', runId: id, lo: 3, hi: 4, total: 200 }, (w) => answers.push(w));
      expect(await s.settled()).toMatchObject({ ok: false, error: { kind: 'cache' } });
      expect(answers).toMatchObject([{ ok: true }, { ok: false, error: { kind: 'cache' } }]);
      expect(windowsOf(id)).toEqual({ ok: true, value: [{ lo: 1, hi: 2 }] });
      expect(failures).toHaveLength(1);
      expect(s.write(orders.slice(0, 1), AT, [])).toMatchObject({ ok: false, error: { kind: 'cache' } });
      s.record({ kind: 'window', runId: id, lo: 5, hi: 6, total: 1 }, (w) => answers.push(w));
      expect(answers[2]).toMatchObject({ ok: false, error: { kind: 'cache' } });
      // The first page committed; the refused one rolled back whole.
      expect(cache.orderCount()).toEqual({ ok: true, value: 100 });
    } finally {
      await s.close();
    }
  });

  it('does the end-of-load work when told the bulk is loaded, before the pages written after it', async () => {
    const indexCount = () =>
      cache.db
        .prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'orders' AND sql IS NOT NULL")
        .pluck()
        .get() as number;
    const withIndexes = indexCount();
    const { store: s } = await store({ deferIndexes: true });
    try {
      const orders = new FakePlatform(NOW).add(history(300));
      expect(s.write(orders.slice(0, 100), AT, []).ok).toBe(true);
      expect(s.write(orders.slice(100, 200), AT, []).ok).toBe(true);
      expect(await s.settled()).toEqual({ ok: true, value: undefined });
      // Loading: without the secondary indexes, and the rows wait for the search index.
      expect(indexCount()).toBe(0);
      expect(cache.pendingSearchRows()).toEqual({ ok: true, value: 200 });
      s.loaded();
      expect(s.write(orders.slice(200), AT, []).ok).toBe(true);
      let seen: [number, unknown] | undefined;
      const id = runId();
      s.record({ kind: 'window', runId: id, lo: 1, hi: 2, total: 300 }, () => {
        seen = [indexCount(), cache.pendingSearchRows()];
      });
      expect(await s.settled()).toEqual({ ok: true, value: undefined });
      // The indexes came back and the loaded rows were indexed before the last page; only its rows wait.
      expect(seen).toEqual([withIndexes, { ok: true, value: 100 }]);
    } finally {
      await s.close();
    }
    expect(cache.pendingSearchRows()).toEqual({ ok: true, value: 0 });
  });

  it('holds the fetching side once the waiting pages are large, however few they are', async () => {
    const { store: s } = await store();
    try {
      const orders = new FakePlatform(NOW).add(history(2));
      expect(s.write(orders.slice(0, 1), AT, [], 1_000).ok).toBe(true);
      expect(s.ready()).toBeUndefined();
      // One page that came in a response as long as the whole bound: the next fetch waits for the writer.
      expect(s.write(orders.slice(1), AT, [], WRITER_QUEUE_CHARS).ok).toBe(true);
      const waiting = s.ready();
      expect(waiting).toBeInstanceOf(Promise);
      await waiting;
      expect(await s.settled()).toEqual({ ok: true, value: undefined });
      expect(s.ready()).toBeUndefined();
    } finally {
      await s.close();
    }
  });
});
