import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processCpuMs, syncCpuFigures } from '../../bench/syncCpu';
import { freshCache, fullSync } from '../../bench/syncRuns';
import { bundleChild, repoRoot } from '../helpers/bundleChild';
import { startTestPlatform, type TestPlatform } from '../helpers/sandboxFixture';

/**
 * The sync bench's CPU figures (docs/PERFORMANCE.md §8 "Seventh pass"): a real full sync on loopback with the built
 * writer thread, whose own account of its CPU must exist, be positive, fit inside the process's, and be most of
 * what the process spent beside the fetching thread; the sandbox's CPU as read from /proc; the per-order figures.
 */

const ORDERS = 3_000;
let dir: string;
let entry: URL;
let platform: TestPlatform;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'md-sync-cpu-'));
  // A worker cannot load TypeScript sources: the writer thread's entry is bundled as the bench's is.
  entry = pathToFileURL(
    await bundleChild(
      'src/core/sync/pageWriterThread.ts',
      path.join(repoRoot, 'node_modules', '.tmp', `sync-cpu-${process.pid}`),
    ),
  );
  platform = await startTestPlatform({ orders: ORDERS, seed: 1 });
}, 60_000);

afterAll(async () => {
  await platform?.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(path.join(repoRoot, 'node_modules', '.tmp', `sync-cpu-${process.pid}`), { recursive: true, force: true });
});

describe("the sync bench's CPU figures", () => {
  it("reports the writer thread's CPU of a real sync, inside the process's and most of what the fetching thread did not spend", async () => {
    const sb = platform.sandbox;
    const address = { baseUrl: sb.baseUrl, platformUrl: sb.platformUrl, merchantId: sb.merchantId, token: sb.token };
    const cache = freshCache(address, dir, 'cpu');
    const run = await fullSync(address, cache, 4, false, entry);
    cache.close();
    expect(run.summary).toMatchObject({ mode: 'full', inserted: ORDERS, cached: ORDERS });

    const writer = run.writerCpu;
    expect(writer).toBeDefined();
    // Every part measured: pages, the end of load (the deferred indexes of a first sync), closing (a few ms: the
    // thread's CPU clock moves in scheduler ticks of ~4 ms, so it may read 0).
    expect(writer!.pagesMs).toBeGreaterThan(0);
    expect(writer!.endOfLoadMs).toBeGreaterThan(0);
    expect(writer!.closeMs).toBeGreaterThanOrEqual(0);
    expect(writer!.pagesMs + writer!.endOfLoadMs + writer!.closeMs).toBeLessThanOrEqual(writer!.threadMs + 0.5);
    // The writer thread is one of this process's threads (the sandbox runs on this test's own thread here).
    expect(writer!.threadMs + run.mainThreadCpuMs).toBeLessThanOrEqual(run.cpuMs + 5);
    // The rest of the process (V8's and libuv's helper threads aside) is the writer thread.
    expect(writer!.threadMs).toBeGreaterThan(0.5 * (run.cpuMs - run.mainThreadCpuMs));
    // Storing an order costs tens to hundreds of µs of CPU: not nothing, not milliseconds.
    const perOrderUs = (writer!.threadMs * 1000) / ORDERS;
    expect(perOrderUs).toBeGreaterThan(10);
    expect(perOrderUs).toBeLessThan(5_000);
  }, 120_000);

  it("reads another process's CPU time from /proc", async () => {
    // This process first: /proc's figure and Node's own agree to a few clock ticks.
    const own = process.cpuUsage();
    const proc = processCpuMs(process.pid);
    expect(proc).toBeDefined();
    expect(Math.abs(proc! - (own.user + own.system) / 1000)).toBeLessThan(60);
    // A child that spins for 400 ms of CPU, read while it sleeps afterwards.
    const child = spawn(process.execPath, [
      '-e',
      "const u = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; }; const s = u(); while (u() - s < 400); console.log('spun'); setTimeout(() => {}, 5000);",
    ]);
    try {
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
      const spent = processCpuMs(child.pid!);
      expect(spent).toBeGreaterThanOrEqual(390);
      expect(spent).toBeLessThan(2_000);
    } finally {
      child.kill();
    }
    expect(processCpuMs(2 ** 30)).toBeUndefined();
  }, 30_000);

  it('puts the writer against the time an order has at the bench’s latency, parallelism and page size', () => {
    const f = syncCpuFigures({
      orders: 25_000,
      parallelism: 4,
      latencyMs: 50,
      pageSize: 100,
      wallMs: 5_000,
      floorWallMs: 4_000,
      processCpuMs: 7_500,
      fetchingThreadCpuMs: 1_500,
      writer: { threadMs: 5_000, pagesMs: 4_500, endOfLoadMs: 400, closeMs: 50 },
      sandboxCpuMs: 2_000,
      floorCpuMs: 1_250,
      floorSandboxCpuMs: 1_750,
    });
    // 50 ms brings 4 pages of 100 orders: 125 µs an order; the floor's 4 s for 25,000 orders, 160.
    expect(f).toEqual({
      latencyBudgetUs: 125,
      floorBudgetUs: 160,
      writerUs: 200,
      writerPagesUs: 180,
      writerEndOfLoadUs: 18,
      writerOverFloor: 1.25,
      fetchingUs: 60,
      processUs: 300,
      sandboxUs: 80,
      floorClientUs: 50,
      floorSandboxUs: 70,
      coresBusy: 1.9,
      floorCoresBusy: 0.75,
    });
  });
});
