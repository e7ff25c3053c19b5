/**
 * Full sync while the shop changes on every request (one new and one updated order per request), on the sandbox
 * (own process, 50 ms latency) and on the in-memory platform of the churn test: requests ÷ minimum, the outcome,
 * and whether the cache equals the platform as of the catch-up.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { openOrderCache } from '../src/core/cache/openCache';
import type { OrderCache } from '../src/core/cache/orderCache';
import { SyncEngine } from '../src/core/sync/syncEngine';
import { FakePlatform } from '../src/core/sync/testing/fakePlatform';
import { decodeOrder } from '../src/shared/domain/orderDecoding';
import { PAGE_SIZE_MAX } from '../src/shared/domain/requests';
import { describeSyncError } from '../src/shared/errors/syncErrors';
import type { BenchRun } from './benchRun';
import { startRemoteSandbox, type DumpedOrder } from './sandboxProcess';
import { client, freshCache } from './syncRuns';

export async function churnBench({ dir, sizes, say, results }: BenchRun): Promise<void> {
  say(
    `## Full sync of ${sizes.sync.toLocaleString('en')} orders while the shop changes on every request (one new and one updated order per request), 50 ms latency, parallelism 4\n`,
  );
  // The last shapes: new orders appear with a creation time up to 10 / 30 minutes back (checkout before payment, a
  // platform's own lag), inside the newest window while it is paged — what an independent platform did (1.10–1.15×)
  // and the sandbox does not.
  const runs = [
    await churnSync(dir, sizes.sync),
    await churnSyncInMemory(dir, sizes.sync),
    await churnSyncInMemory(dir, sizes.sync, 10 * 60_000),
    await churnSyncInMemory(dir, sizes.sync, 30 * 60_000),
    // The same two with the profile's poll overlap set to the lag (the setting made for such a platform).
    await churnSyncInMemory(dir, sizes.sync, 10 * 60_000, 10 * 60_000),
    await churnSyncInMemory(dir, sizes.sync, 30 * 60_000, 30 * 60_000),
  ];
  say(churnTable(runs));
  say('');
  results.churn = runs;
}

interface ChurnRun {
  platform: string;
  orders: number;
  requests: number;
  minimum: number;
  /** The CLI's exit status for this outcome: 0 on success. */
  exitStatus: number;
  error: string | undefined;
  windows: number;
  refetches: number;
  wallMs: number;
  /** Orders created before the catch-up began that the cache lacks. */
  missing: number;
  /** Orders last changed before the catch-up began whose cached copy differs from the platform's. */
  stale: number;
  /** Orders compared exactly (last changed before the catch-up began). */
  compared: number;
}

/**
 * A full sync while the shop changes on every request: after each order-list answer the sandbox creates one order
 * and moves another along. The cache must then equal the platform as of the catch-up's start (the watermark):
 * every order created before it cached, every order last changed before it cached exactly as the platform has it
 * (what arrives later is the next poll's).
 */
async function churnSync(dir: string, n: number): Promise<ChurnRun> {
  const sb = await startRemoteSandbox({
    orders: n,
    seed: 1,
    faults: { latencyMs: 50 },
    churn: { everyNthOrderRequest: 1, insert: 1, update: 1 },
  });
  try {
    const cache = freshCache(sb, dir, 'sync-churn');
    const c = client(sb, 4);
    const engine = new SyncEngine({
      cache,
      source: c.seller,
      settings: { parallelism: 4 },
      requestCount: () => c.transport.count,
    });
    const t = performance.now();
    const r = await engine.sync();
    const wallMs = performance.now() - t;
    const run = churnRunOf('sandbox (own process, 50 ms latency)', n, c.transport.count, r, wallMs);
    if (r.ok) {
      const file = path.join(dir, 'churn-platform.jsonl');
      await sb.dumpOrders(file);
      const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
      compareAsOf(
        cache,
        lines.map((line) => JSON.parse(line) as DumpedOrder),
        Date.parse(r.value.watermark),
        run,
      );
    }
    cache.close();
    return run;
  } finally {
    await sb.stop();
  }
}

/**
 * The cache against the platform as of `asOfMs` (the catch-up's start): every order created before it cached, and
 * every order last changed before it cached exactly as the platform has it. Counts into `run`.
 */
function compareAsOf(cache: OrderCache, platform: readonly DumpedOrder[], asOfMs: number, run: ChurnRun): void {
  for (const p of platform) {
    if (p.createTimeMs > asOfMs) continue;
    const cached = cache.getOrder((p.order as { id: string }).id);
    if (!cached.ok || cached.value === undefined) run.missing++;
    else if (p.updateTimeMs < asOfMs) {
      run.compared++;
      // Compared as the client reads the platform's order off the wire (ID-like integers kept as text).
      const wire = decodeOrder(JSON.parse(JSON.stringify(p.order)));
      if (!wire.ok || !isDeepStrictEqual(JSON.parse(JSON.stringify(cached.value)), wire.value)) {
        run.stale++;
      }
    }
  }
}

/** A churn run's row before the cache is compared with the platform. */
function churnRunOf(
  platform: string,
  n: number,
  requests: number,
  r: Awaited<ReturnType<SyncEngine['sync']>>,
  wallMs: number,
): ChurnRun {
  return {
    platform,
    orders: n,
    requests,
    minimum: Math.ceil(n / PAGE_SIZE_MAX),
    exitStatus: r.ok ? 0 : 1,
    error: r.ok ? undefined : describeSyncError(r.error),
    windows: r.ok ? r.value.windows : 0,
    refetches: r.ok ? r.value.refetches : 0,
    wallMs,
    missing: 0,
    stale: 0,
    compared: 0,
  };
}

/**
 * The same churn on the in-memory platform of test/integration/syncChurn.test.ts (newest-first list, no latency,
 * the clock 20 ms further on every request): the case where re-paging a moving list never converged.
 */
async function churnSyncInMemory(dir: string, n: number, createdAgoMs = 0, overlapMs?: number): Promise<ChurnRun> {
  const now = Date.UTC(2026, 2, 15, 12, 0, 0);
  const platform = new FakePlatform(now);
  let x = 1;
  const rnd = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  platform.add(Array.from({ length: n }, () => now - 1000 - Math.floor(rnd() * 730 * 86_400_000)));
  platform.churn = { insert: 1, update: 1, stepMs: 20, createdAgoMs };
  const opened = openOrderCache({
    file: path.join(dir, `sync-churn-memory-${createdAgoMs}-${overlapMs ?? 'default'}.sqlite`),
  });
  if (!opened.ok) throw new Error(JSON.stringify(opened.error));
  const cache = opened.value;
  const engine = new SyncEngine({
    cache,
    source: platform,
    now: () => platform.clock,
    ...(overlapMs !== undefined ? { settings: { overlapMs } } : {}),
  });
  const t = performance.now();
  const r = await engine.sync();
  const wallMs = performance.now() - t;
  const shape =
    createdAgoMs > 0
      ? `in-memory, new orders dated up to ${createdAgoMs / 60_000} min back (issue 21 §3)${overlapMs !== undefined ? `, poll overlap ${overlapMs / 60_000} min` : ''}`
      : 'in-memory (the test’s)';
  const run = churnRunOf(shape, n, platform.requests.length, r, wallMs);
  if (r.ok) {
    const rows = platform.rowsWithTimes().map((row) => ({
      createTimeMs: row.createMs,
      updateTimeMs: row.updateMs,
      order: row.order,
    }));
    compareAsOf(cache, rows, Date.parse(r.value.watermark), run);
  }
  cache.close();
  return run;
}

function churnTable(runs: readonly ChurnRun[]): string {
  const equal = (run: ChurnRun) => run.exitStatus === 0 && run.missing === 0 && run.stale === 0;
  return [
    '| Platform | Orders | Requests | Minimum ceil(N/100) | **Requests ÷ minimum** (goal ≤ 1.15) | Exit status | **Cache == platform** (as of the catch-up) | Orders compared exactly | Windows | Refetched windows | Wall s |',
    '|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|',
    ...runs.map(
      (run) =>
        `| ${run.platform} | ${run.orders.toLocaleString('en')} | ${run.requests} | ${run.minimum} | ${(run.requests / run.minimum).toFixed(3)} | ${run.exitStatus}${run.error ? ` (${run.error})` : ''} | ${equal(run) ? 'yes' : `no (${run.missing} missing, ${run.stale} stale)`} | ${run.compared.toLocaleString('en')} | ${run.windows} | ${run.refetches} | ${(run.wallMs / 1000).toFixed(2)} |`,
    ),
  ].join('\n');
}
