/**
 * Merchant Desk benchmarks (`npm run bench`), against the sandbox on loopback (in its own process):
 * 1. cache query p50/p95 for typical filters and text search at 10,000 and 100,000 orders, and the ratio to the
 *    same filter answered by the sandbox over HTTP;
 * 2. full sync of 25,000 orders at 50 ms injected latency: requests ÷ ceil(N/100), wall time ÷ the latency-bound
 *    minimum for the chosen parallelism;
 * 3. a poll with no change: requests;
 * 3b. full sync of 25,000 orders while the shop changes on every request (one new + one updated order per request):
 *    requests ÷ ceil(N/100), the outcome, and whether the cache equals the platform as of the catch-up;
 * 4. peak memory of this (the syncing) process while syncing 100,000 orders vs 25,000;
 * 5. export of every cached order (CSV, JSON Lines): time and peak memory at 10,000 vs 100,000 orders;
 * 6. this process's event-loop delay (it plays Electron's main) during a 100,000-order full sync with queries every
 *    50 ms, the core host in this process vs in a child process.
 * 7. the orders list in Chromium over the browser host with 100,000 cached orders: load to first rows,
 *    filter-to-paint beyond the IPC round trip, long tasks while scrolling 10,000 rows, DOM rows (bench/uiOrders.ts;
 *    needs `npm run build`).
 * Options: --quick (smaller sizes, for a smoke run), --only=query|sync|churn|memory|host|ui|network, --ui-trace=DIR (the ui
 * part's trials again under a Chrome trace, kept in DIR, with main-thread busy time), --keep=DIR (keep the cache
 * files), --parallelism=N (the sync rows at this parallelism only; no results file is written),
 * --writer=worker|thread|both (sync rows: pages stored by the writer thread, the default; on the fetching thread;
 * or both, the fetching thread's run first).
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { format } from 'prettier';
import path from 'node:path';
import { fixedCredentials } from '../src/core/api/clientDeps';
import { isDeepStrictEqual } from 'node:util';
import { SellerApi } from '../src/core/api/sellerApi';
import { openOrderCache } from '../src/core/cache/openCache';
import type { OrderCache } from '../src/core/cache/orderCache';
import { writeExport, type ExportFormat } from '../src/core/cache/exportOrders';
import { platformConfigSchema } from '../src/core/config/platformConfig';
import { createAxiosTransport } from '../src/core/http/axiosTransport';
import { countingTransport } from '../src/core/sync/countingTransport';
import { SyncEngine, type SyncSummary } from '../src/core/sync/syncEngine';
import { FakePlatform } from '../src/core/sync/testing/fakePlatform';
import { describeSyncError } from '../src/shared/errors/syncErrors';
import { decodeOrder } from '../src/shared/domain/orderDecoding';
import { PAGE_SIZE_MAX } from '../src/shared/domain/requests';
import { runNodeCoreHost } from '../src/core/host/nodeHostMain';
import { appOperations } from '../src/core/host/operations/appOperations';
import { hostBench, idleLoopDelay, type HostBenchRow, type HostSetup } from './hostBench';
import { uiOrdersBench, uiOrdersTable } from './uiOrders';
import { networkBench, networkTable, serveOfficeNetwork } from './networkBench';
import { startRemoteSandbox, serveSandbox, type DumpedOrder, type RemoteSandbox } from './sandboxProcess';
import { mib, ms, percentile, time, type Timing } from './stats';
import { runPageQuery } from '../src/core/cache/queryPage';
import { filterSql } from '../src/core/cache/filterSql';
import { cacheQuerySchema } from '../src/core/cache/querySchema';
import { StatementCache } from '../src/core/cache/statementCache';
import { textPlanFor, type TextPlan } from '../src/core/cache/textTestPlan';

const argv = process.argv.slice(2);
if (argv[0] === 'serve') {
  await serveSandbox(JSON.parse(argv[1] ?? '{}'));
} else if (argv[0] === 'memrun') {
  await memoryRun(JSON.parse(argv[1] ?? '{}'));
} else if (argv[0] === 'corehost') {
  // The out-of-process core host of the host bench: this same bundle, started by nodeHostLauncher.
  runNodeCoreHost(appOperations);
} else if (argv[0] === 'office') {
  await serveOfficeNetwork(JSON.parse(argv[1] ?? '{}'));
} else if (argv[0] === 'exportrun') {
  await exportRun(JSON.parse(argv[1] ?? '{}'));
} else {
  await main();
}

interface MemoryRunInput {
  sandbox: Omit<RemoteSandbox, 'stop' | 'advanceClock' | 'dumpOrders'>;
  file: string;
}

/** Child side of a memory measurement: one full sync in a fresh process, its figures as one JSON line. */
async function memoryRun(input: MemoryRunInput): Promise<void> {
  const sb: RemoteSandbox = {
    ...input.sandbox,
    advanceClock: async () => {},
    dumpOrders: async () => {},
    stop: async () => {},
  };
  const r = openOrderCache({ file: input.file, identity: { baseUrl: sb.baseUrl, merchantId: sb.merchantId } });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  const run = await fullSync(sb, r.value, 4, true);
  r.value.close();
  process.stdout.write(`${JSON.stringify(run)}\n`);
}

/** Parent side: runs memoryRun in a new process (nothing else in its heap) and reads its figures. */
function measureInFreshProcess(sb: RemoteSandbox, file: string): Promise<SyncRun> {
  const input: MemoryRunInput = {
    sandbox: {
      baseUrl: sb.baseUrl,
      platformUrl: sb.platformUrl,
      merchantId: sb.merchantId,
      token: sb.token,
      orders: sb.orders,
    },
    file,
  };
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, 'memrun', JSON.stringify(input)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').pop()!) as SyncRun)
        : reject(new Error(`memrun exited ${code}`)),
    ),
  );
}

interface ExportRunInput {
  cache: string;
  output: string;
  format: ExportFormat;
}

interface ExportRun {
  format: ExportFormat;
  orders: number;
  rows: number;
  bytes: number;
  wallMs: number;
  peak: MemoryPeak;
  baseline: MemoryPeak;
}

/** Child side of an export measurement: every order of a cache exported to a file, in a fresh process. */
async function exportRun(input: ExportRunInput): Promise<void> {
  const r = openOrderCache({ file: input.cache });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  const out = createWriteStream(input.output);
  const t = performance.now();
  const { value, peak, baseline } = await withMemoryPeak(
    () => writeExport(r.value, {}, out, { format: input.format }),
    true,
  );
  await new Promise<void>((resolve) => out.end(resolve));
  const wallMs = performance.now() - t;
  r.value.close();
  if (!value.ok) throw new Error(JSON.stringify(value.error));
  const run: ExportRun = {
    format: input.format,
    ...value.value,
    bytes: statSync(input.output).size,
    wallMs,
    peak,
    baseline,
  };
  rmSync(input.output, { force: true });
  process.stdout.write(`${JSON.stringify(run)}\n`);
}

/** Parent side: exports a cache file in a fresh process (nothing else in its heap) and reads its figures. */
function exportInFreshProcess(cache: string, format: ExportFormat): Promise<ExportRun> {
  const input: ExportRunInput = { cache, output: `${cache}.export.${format}`, format };
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, 'exportrun', JSON.stringify(input)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').pop()!) as ExportRun)
        : reject(new Error(`exportrun exited ${code}`)),
    ),
  );
}

function exportRows(size: number, runs: ExportRun[]): string[] {
  return runs.map(
    (r) =>
      `| ${size.toLocaleString('en')} | ${r.format} | ${r.orders.toLocaleString('en')} | ${r.rows.toLocaleString('en')} | ${mib(r.bytes)} | ${(r.wallMs / 1000).toFixed(2)} | ${Math.round(r.orders / (r.wallMs / 1000)).toLocaleString('en')} | ${mib(r.peak.rss)} | ${mib(r.peak.rssAnon)} | ${mib(r.peak.heapUsed)} | ${mib(r.peak.liveHeap)} |`,
  );
}

/** A function declaration (hoisted): main() runs at the top of this module, before later constants exist. */
function exportTableHead(): string[] {
  return [
    '| Orders cached | Format | Orders exported | Rows | Output MiB | Wall s | Orders/s | Peak RSS MiB | Peak RSS without mapped files MiB | Peak JS heap MiB | Peak live heap MiB (after GC) |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
}

interface Client {
  seller: SellerApi;
  transport: ReturnType<typeof countingTransport>;
}

function client(sb: RemoteSandbox, maxSockets = 16): Client {
  const transport = countingTransport(createAxiosTransport({ maxSockets }));
  const seller = new SellerApi({
    config: platformConfigSchema.parse({
      baseUrl: sb.baseUrl,
      platformUrl: sb.platformUrl,
      merchantId: sb.merchantId,
      timeoutMs: 60_000,
    }),
    transport,
    credentials: fixedCredentials({ token: sb.token }),
  });
  return { seller, transport };
}

function freshCache(sb: RemoteSandbox, dir: string, name: string): OrderCache {
  const r = openOrderCache({
    file: path.join(dir, `${name}.sqlite`),
    identity: { baseUrl: sb.baseUrl, merchantId: sb.merchantId },
  });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

interface MemoryPeak {
  rss: number;
  heapUsed: number;
  external: number;
  /** Heap in use right after a full GC (sampled every 2 s when asked for): what the sync really holds. */
  liveHeap: number;
  /**
   * Resident memory that is not a mapped file (Linux: RssAnon of /proc/self/status; 0 elsewhere): RSS also counts
   * the cache file's pages SQLite reads through its memory map, which belong to the OS's file cache.
   */
  rssAnon: number;
}

/** RssAnon in bytes (Linux), else 0. */
function rssAnon(): number {
  try {
    const m = /^RssAnon:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

const gc = (globalThis as { gc?: () => void }).gc;

/** Samples this process's memory every 20 ms while `fn` runs (and the live heap every 2 s if `live`). */
async function withMemoryPeak<T>(
  fn: () => Promise<T>,
  live = false,
): Promise<{ value: T; peak: MemoryPeak; baseline: MemoryPeak }> {
  gc?.();
  const m0 = process.memoryUsage();
  const baseline = {
    rss: m0.rss,
    heapUsed: m0.heapUsed,
    external: m0.external,
    liveHeap: m0.heapUsed,
    rssAnon: rssAnon(),
  };
  const peak = { ...baseline };
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
    peak.external = Math.max(peak.external, m.external);
    peak.rssAnon = Math.max(peak.rssAnon, rssAnon());
  }, 20);
  const liveTimer =
    live && gc
      ? setInterval(() => {
          gc();
          peak.liveHeap = Math.max(peak.liveHeap, process.memoryUsage().heapUsed);
        }, 2000)
      : undefined;
  try {
    return { value: await fn(), peak, baseline };
  } finally {
    clearInterval(timer);
    if (liveTimer) clearInterval(liveTimer);
  }
}

interface SyncRun {
  summary: SyncSummary;
  wallMs: number;
  /** CPU time of this (the syncing) process, user + system: steadier than wall time on a busy machine. */
  cpuMs: number;
  /** CPU time of the thread that fetches (the writer thread's is the rest of cpuMs). */
  mainThreadCpuMs: number;
  httpRequests: number;
  peak: MemoryPeak;
  baseline: MemoryPeak;
}

/** Where the sync stores pages: the writer thread (the default) or the syncing thread (the fallback). */
type PageWriterChoice = 'worker' | 'thread';

async function fullSync(
  sb: RemoteSandbox,
  cache: OrderCache,
  parallelism: number,
  liveHeap = false,
  writer: PageWriterChoice = 'worker',
): Promise<SyncRun> {
  const c = client(sb, parallelism);
  const engine = new SyncEngine({
    cache,
    source: c.seller,
    settings: { parallelism },
    requestCount: () => c.transport.count,
    ...(writer === 'thread' ? { writerThread: false as const } : {}),
  });
  const t = performance.now();
  const cpu = process.cpuUsage();
  const threadCpu = process.threadCpuUsage();
  const { value, peak, baseline } = await withMemoryPeak(() => engine.sync(), liveHeap);
  const wallMs = performance.now() - t;
  const cpuMs = cpuMsSince(cpu);
  const thread = process.threadCpuUsage(threadCpu);
  if (!value.ok) throw new Error(JSON.stringify(value.error));
  return {
    summary: value.value,
    wallMs,
    cpuMs,
    mainThreadCpuMs: (thread.user + thread.system) / 1000,
    httpRequests: c.transport.count,
    peak,
    baseline,
  };
}

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** Every page of the whole list with the same parallelism, stored nowhere: the fastest any client gets here. */
async function fetchOnlyFloor(
  sb: RemoteSandbox,
  parallelism: number,
  orders: number,
): Promise<{ wallMs: number; cpuMs: number }> {
  const c = client(sb, parallelism);
  const pages = Math.ceil(orders / PAGE_SIZE_MAX);
  // 100 pages per query at most: page through creation windows of 10,000 the engine found would cost the same.
  let next = 1;
  const t = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: parallelism }, async () => {
      while (next <= pages) {
        const page = next++;
        const r = await c.seller.listOrders({ pageIndex: ((page - 1) % 100) + 1, pageSize: PAGE_SIZE_MAX });
        if (!r.ok) throw new Error(JSON.stringify(r.error));
      }
    }),
  );
  return { wallMs: performance.now() - t, cpuMs: cpuMsSince(cpu) };
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
async function churnSyncInMemory(dir: string, n: number): Promise<ChurnRun> {
  const now = Date.UTC(2026, 2, 15, 12, 0, 0);
  const platform = new FakePlatform(now);
  let x = 1;
  const rnd = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  platform.add(Array.from({ length: n }, () => now - 1000 - Math.floor(rnd() * 730 * 86_400_000)));
  platform.churn = { insert: 1, update: 1, stepMs: 20 };
  const opened = openOrderCache({ file: path.join(dir, 'sync-churn-memory.sqlite') });
  if (!opened.ok) throw new Error(JSON.stringify(opened.error));
  const cache = opened.value;
  const engine = new SyncEngine({ cache, source: platform, now: () => platform.clock });
  const t = performance.now();
  const r = await engine.sync();
  const wallMs = performance.now() - t;
  const run = churnRunOf('in-memory (the test’s)', n, platform.requests.length, r, wallMs);
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

interface QueryCase {
  name: string;
  input: Record<string, unknown>;
  /** The same filter as a platform order-list request (absent: the platform has no such filter). */
  platform?: Record<string, unknown>;
}

function queryCases(cache: OrderCache, now: number): { typical: QueryCase[]; text: QueryCase[] } {
  const sample = cache.query({ limit: 1, sellerOrderStatus: [4] });
  if (!sample.ok || !sample.value.list[0]) throw new Error('empty cache');
  const o = sample.value.list[0];
  const month = {
    createBeginDate: new Date(now - 30 * 86_400_000).toISOString(),
    createEndDate: new Date(now).toISOString(),
  };
  const deep = cache.query({ limit: 1000, sellerOrderStatus: [4] });
  const cursor = deep.ok ? deep.value.nextCursor : undefined;
  const typical: QueryCase[] = [
    { name: 'newest 50, no filter', input: {}, platform: {} },
    { name: 'status in (2,3)', input: { sellerOrderStatus: [2, 3] }, platform: { sellerOrderStatus: [2, 3] } },
    {
      name: 'after-sales awaiting review',
      input: { orderAfterSalesStatus: [1] },
      platform: { orderAfterSalesStatus: [1] },
    },
    { name: 'created in the last 30 days', input: month, platform: month },
    { name: 'one buyer', input: { buyerId: o.buyerId }, platform: { buyerId: o.buyerId } },
    { name: 'order number (exact)', input: { orderNum: o.orderNum }, platform: { orderNum: o.orderNum } },
    {
      name: 'status 4 + last 30 days',
      input: { sellerOrderStatus: [4], ...month },
      platform: { sellerOrderStatus: [4], ...month },
    },
    { name: 'flags: after-sales, delivered', input: { hasAfterSales: true, deliveryStatus: [2, 3] } },
    { name: 'dispute or delivery exception (flag)', input: { hasDispute: true } },
    { name: 'sorted by paid time', input: { sort: 'paid' } },
    { name: 'due: overdue', input: { due: 'overdue' } },
    { name: 'due: soon', input: { due: 'soon' } },
    { name: 'due: any open deadline, soonest first', input: { due: 'any', sort: 'due', direction: 'asc' } },
    { name: 'sorted by due time (no filter)', input: { sort: 'due', direction: 'asc' } },
    { name: 'overdue + status 2', input: { due: 'overdue', sellerOrderStatus: [2] } },
    {
      name: 'status 4, keyset page 21 (after 1,000)',
      input: { sellerOrderStatus: [4], ...(cursor ? { cursor } : {}), withTotal: false },
    },
  ];
  const text: QueryCase[] = [
    { name: 'product title "steam" (filter)', input: { productTitle: 'steam' }, platform: { productTitle: 'steam' } },
    {
      name: 'product title + status',
      input: { productTitle: 'gift card', sellerOrderStatus: [4] },
      platform: { productTitle: 'gift card', sellerOrderStatus: [4] },
    },
    { name: 'search buyer "müller"', input: { search: 'müller' } },
    { name: 'search buyer "佐藤 美咲" (two 2-character words)', input: { search: '佐藤 美咲' } },
    { name: 'search order-number fragment', input: { search: (o.orderNum ?? '').slice(-7) } },
    { name: 'search two words "netflix jp"', input: { search: 'netflix jp' } },
    { name: 'search remark "weekend"', input: { search: 'weekend' } },
    { name: 'search 2-letter word "张伟"', input: { search: '张伟' } },
    {
      name: 'search "steam" + status 4 (a search in a status tab)',
      input: { search: 'steam', sellerOrderStatus: [4] },
    },
    { name: 'search "netflix jp" + last 30 days', input: { search: 'netflix jp', ...month } },
  ];
  return { typical, text };
}

interface QueryRow {
  size: number;
  kind: 'typical' | 'text';
  name: string;
  matches: number;
  /** First page and exact count together (`query`, withTotal). */
  cache: Timing;
  /** The first page alone (`queryPage`): what a screen shows first. */
  page: Timing;
  /** The exact count alone (`countMatches`). */
  count: Timing;
  http: Timing | undefined;
}

/** The filters of a query input (what `countMatches` takes). */
function filtersOf(input: Record<string, unknown>): Record<string, unknown> {
  const { sort: _s, direction: _d, limit: _l, cursor: _c, withTotal: _w, ...filters } = input;
  return filters;
}

async function queryBench(cache: OrderCache, sb: RemoteSandbox, size: number, iterations: number): Promise<QueryRow[]> {
  const { typical, text } = queryCases(cache, Date.now());
  const c = client(sb, 1);
  const rows: QueryRow[] = [];
  for (const [kind, cases] of [
    ['typical', typical],
    ['text', text],
  ] as const) {
    for (const q of cases) {
      const first = cache.query(q.input);
      if (!first.ok) throw new Error(`${q.name}: ${JSON.stringify(first.error)}`);
      const cacheTiming = await time(() => {
        const r = cache.query(q.input);
        if (!r.ok) throw new Error(q.name);
      }, iterations);
      const page = await time(() => {
        const r = cache.queryPage(q.input);
        if (!r.ok) throw new Error(q.name);
      }, iterations);
      const filters = filtersOf(q.input);
      const count = await time(() => {
        const r = cache.countMatches(filters);
        if (!r.ok) throw new Error(q.name);
      }, iterations);
      let http: Timing | undefined;
      if (q.platform) {
        http = await time(
          async () => {
            const r = await c.seller.listOrders({ ...q.platform, pageSize: 50 });
            if (!r.ok) throw new Error(`${q.name}: ${JSON.stringify(r.error)}`);
          },
          Math.max(20, Math.floor(iterations / 10)),
          3,
        );
      }
      rows.push({
        size,
        kind,
        name: q.name,
        matches: first.value.total ?? first.value.list.length,
        cache: cacheTiming,
        page,
        count,
        http,
      });
    }
  }
  const queue = cache.attention({ awaitingReview: [1], limit: 50 });
  if (!queue.ok) throw new Error(`attention: ${JSON.stringify(queue.error)}`);
  const attention = await time(() => {
    const r = cache.attention({ awaitingReview: [1], limit: 50 });
    if (!r.ok) throw new Error('attention');
  }, iterations);
  rows.push({
    size,
    kind: 'typical',
    name: 'attention queue: 5 kinds counted, ≤ 50 rows each, next due change',
    matches: Object.values(queue.value.counts).reduce((a, b) => a + b, 0),
    cache: attention,
    page: attention,
    count: attention,
    http: undefined,
  });
  const counts = await time(() => cache.counts({}), iterations);
  rows.push({
    size,
    kind: 'typical',
    name: 'counts per status and after-sales status',
    matches: size,
    cache: counts,
    page: counts,
    count: counts,
    http: undefined,
  });
  return rows;
}

interface TextPlanRow {
  name: string;
  chosen: 'full-text' | 'tested';
  fullText: { p50: number; p95: number };
  chosenPlan: { p50: number; p95: number };
}

/**
 * The first page of each text search found both ways, interleaved run by run on one connection (so a busy machine
 * disturbs both alike): the full-text plan alone (every match collected first: what every text search did before
 * textTestPlan.ts) and the plan the cache chooses.
 */
function textPlanSideBySide(cache: OrderCache, iterations: number): TextPlanRow[] {
  const statements = new StatementCache(cache.db);
  const rows: TextPlanRow[] = [];
  for (const q of queryCases(cache, Date.now()).text) {
    if (q.input['search'] === undefined) continue;
    const input = cacheQuerySchema.parse(q.input);
    const run = (plan: TextPlan) => () => {
      const r = runPageQuery(statements, input, undefined, plan);
      if (!r.ok) throw new Error(q.name);
    };
    const ways = [run({ plan: 'full-text' }), run({ plan: 'auto' })] as const;
    const samples: [number[], number[]] = [[], []];
    for (let i = 0; i < iterations + 20; i++) {
      for (const w of i % 2 === 0 ? [0, 1] : [1, 0]) {
        const t = performance.now();
        ways[w]!();
        if (i >= 20) samples[w]!.push(performance.now() - t);
      }
    }
    const stat = (xs: number[]) => {
      xs.sort((a, b) => a - b);
      return { p50: percentile(xs, 50), p95: percentile(xs, 95) };
    };
    rows.push({
      name: q.name,
      chosen: textPlanFor(statements, filterSql(input).textTest, { plan: 'auto' }),
      fullText: stat(samples[0]),
      chosenPlan: stat(samples[1]),
    });
  }
  return rows;
}

function textPlanTable(rows: TextPlanRow[]): string {
  return [
    '| Query | Plan chosen | Full-text plan (before) p50 / p95 ms | Chosen plan p50 / p95 ms | Before ÷ after (p50) |',
    '|---|---|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| 🔎 ${r.name} | ${r.chosen} | ${ms(r.fullText.p50)} / ${ms(r.fullText.p95)} | ${ms(r.chosenPlan.p50)} / ${ms(r.chosenPlan.p95)} | ${(r.fullText.p50 / r.chosenPlan.p50).toFixed(2)} |`,
    ),
  ].join('\n');
}

function queryTable(rows: QueryRow[]): string {
  const lines = [
    '| Orders | Query | Matches | Page + count p50 / p95 ms | First page p50 / p95 ms | First page CPU p50 / p95 ms | Count p50 / p95 ms | Count CPU p50 / p95 ms | Sandbox HTTP p50 / p95 ms | HTTP ÷ cache (p50) |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.size.toLocaleString('en')} | ${r.kind === 'text' ? '🔎 ' : ''}${r.name} | ${r.matches.toLocaleString('en')} | ${ms(r.cache.p50)} / ${ms(r.cache.p95)} | ${ms(r.page.p50)} / ${ms(r.page.p95)} | ${ms(r.page.cpuP50)} / ${ms(r.page.cpuP95)} | ${ms(r.count.p50)} / ${ms(r.count.p95)} | ${ms(r.count.cpuP50)} / ${ms(r.count.cpuP95)} | ${r.http ? `${ms(r.http.p50)} / ${ms(r.http.p95)}` : '—'} | ${r.http ? `${(r.http.p50 / r.cache.p50).toFixed(0)}×` : '—'} |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const quick = argv.includes('--quick');
  const only = argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const want = (part: string) => only === undefined || only.split(',').includes(part);
  const keep = argv.find((a) => a.startsWith('--keep='))?.slice('--keep='.length);
  const onlyParallelism = argv.find((a) => a.startsWith('--parallelism='))?.slice('--parallelism='.length);
  const writerChoice = argv.find((a) => a.startsWith('--writer='))?.slice('--writer='.length) ?? 'worker';
  const dir = keep ?? mkdtempSync(path.join(tmpdir(), 'md-bench-'));
  mkdirSync(dir, { recursive: true });
  const out: string[] = [];
  const results: Record<string, unknown> = { startedAt: new Date().toISOString(), node: process.version, quick };
  const say = (s: string) => {
    out.push(s);
    process.stdout.write(`${s}\n`);
  };
  const SMALL = quick ? 2_000 : 10_000;
  const SYNC_N = quick ? 5_000 : 25_000;
  const BIG = quick ? 20_000 : 100_000;
  const ITER = quick ? 50 : 300;
  say(
    `# Merchant Desk benchmark run — ${results.startedAt as string} (Node ${process.version}${quick ? ', quick' : ''})\n`,
  );

  try {
    if (only !== undefined && want('network')) {
      // Not part of the default run (issue 23's comparison): `--only=network`.
      const n = quick ? 2_000 : 5_000;
      say(
        `## Today's HTTP client and the office-network one: full sync of ${n.toLocaleString('en')} orders, 20 ms latency\n`,
      );
      const sb = await startRemoteSandbox({ orders: n, seed: 1, faults: { latencyMs: 20 } });
      try {
        const rows = await networkBench(sb, 4, quick ? 1 : 3);
        say(networkTable(rows));
        say('');
        say(
          `Parallelism 4, median of ${quick ? 1 : 3} runs each, interleaved. Machine load average at the end: ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores.\n`,
        );
        results.network = rows;
      } finally {
        await sb.stop();
      }
    }
    if (want('sync')) {
      say(`## Full sync of ${SYNC_N.toLocaleString('en')} orders, 50 ms injected latency\n`);
      const sb = await startRemoteSandbox({ orders: SYNC_N, seed: 1, faults: { latencyMs: 50 } });
      try {
        const minimum = Math.ceil(SYNC_N / PAGE_SIZE_MAX);
        const rows: string[] = [
          '| Parallelism | Page writer | Requests | Minimum ceil(N/100) | Requests ÷ minimum | Windows | Wall s | Latency-bound minimum s | Wall ÷ minimum | Fetch-only floor s | Wall ÷ floor | Client CPU µs/order: sync (fetching thread) / floor |',
          '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
        ];
        const syncRuns: Record<string, unknown>[] = [];
        const parallelisms = onlyParallelism ? [Number(onlyParallelism)] : quick ? [4] : [4, 1, 8];
        for (const parallelism of parallelisms) {
          // --writer=both: the fallback (pages stored on the fetching thread) right after the default, same floor.
          const extra =
            writerChoice === 'both'
              ? [await fullSync(sb, freshCache(sb, dir, `sync-p${parallelism}-thread`), parallelism, false, 'thread')]
              : [];
          const cache = freshCache(sb, dir, `sync-p${parallelism}`);
          const run = await fullSync(sb, cache, parallelism, false, writerChoice === 'thread' ? 'thread' : 'worker');
          const latencyBound = Math.ceil(minimum / parallelism) * 50;
          const floorRun = await fetchOnlyFloor(sb, parallelism, SYNC_N);
          const floor = floorRun.wallMs;
          const perOrder = (cpuMs: number) => ((cpuMs * 1000) / SYNC_N).toFixed(0);
          const labelled: Array<[SyncRun, PageWriterChoice]> = [
            [run, writerChoice === 'thread' ? 'thread' : 'worker'],
            ...extra.map((r): [SyncRun, PageWriterChoice] => [r, 'thread']),
          ];
          for (const [r, writer] of labelled) {
            rows.push(
              `| ${parallelism}${parallelism === 4 ? ' (default)' : ''} | ${writer === 'worker' ? 'writer thread' : 'fetching thread'} | ${r.httpRequests} | ${minimum} | ${(r.httpRequests / minimum).toFixed(3)} | ${r.summary.windows} | ${(r.wallMs / 1000).toFixed(2)} | ${(latencyBound / 1000).toFixed(2)} | ${(r.wallMs / latencyBound).toFixed(2)} | ${(floor / 1000).toFixed(2)} | ${(r.wallMs / floor).toFixed(2)} | ${perOrder(r.cpuMs)} (${perOrder(r.mainThreadCpuMs)}) / ${perOrder(floorRun.cpuMs)} |`,
            );
          }
          syncRuns.push({
            parallelism,
            writer: writerChoice === 'thread' ? 'thread' : 'worker',
            mainThreadCpuMs: run.mainThreadCpuMs,
            ...(extra[0] ? { fallback: { wallMs: extra[0].wallMs, cpuMs: extra[0].cpuMs } } : {}),
            requests: run.httpRequests,
            minimum,
            wallMs: run.wallMs,
            latencyBoundMs: latencyBound,
            fetchOnlyFloorMs: floor,
            cpuMs: run.cpuMs,
            fetchOnlyFloorCpuMs: floorRun.cpuMs,
            summary: run.summary,
          });
          if (parallelism === 4) {
            // 3. Polls a few minutes apart (the sandbox clock is moved on): the first one's overlap margin reaches
            // back to the orders the sandbox stamped when it started; later ones find nothing new.
            const c = client(sb, 4);
            const engine = new SyncEngine({ cache, source: c.seller, requestCount: () => c.transport.count });
            const polls: Array<{ requests: number; fetched: number; inserted: number; updated: number }> = [];
            for (let i = 0; i < 3; i++) {
              await sb.advanceClock(5 * 60_000);
              const before = c.transport.count;
              const r = await engine.sync();
              if (!r.ok) throw new Error(JSON.stringify(r.error));
              polls.push({
                requests: c.transport.count - before,
                fetched: r.value.fetched,
                inserted: r.value.inserted,
                updated: r.value.updated,
              });
            }
            results.polls = polls;
          }
          cache.close();
        }
        if (!quick && !onlyParallelism) {
          // Context: with more latency per request the same client becomes latency-bound.
          const slow = await startRemoteSandbox({ orders: SYNC_N, seed: 1, faults: { latencyMs: 150 } });
          try {
            const cache = freshCache(slow, dir, 'sync-150ms');
            const run = await fullSync(slow, cache, 4);
            const latencyBound = Math.ceil(minimum / 4) * 150;
            rows.push(
              `| 4, at 150 ms latency (context) | ${run.httpRequests} | ${minimum} | ${(run.httpRequests / minimum).toFixed(3)} | ${run.summary.windows} | ${(run.wallMs / 1000).toFixed(2)} | ${(latencyBound / 1000).toFixed(2)} | ${(run.wallMs / latencyBound).toFixed(2)} | — | — | — |`,
            );
            syncRuns.push({
              parallelism: 4,
              latencyMs: 150,
              requests: run.httpRequests,
              minimum,
              wallMs: run.wallMs,
              latencyBoundMs: latencyBound,
              summary: run.summary,
            });
            cache.close();
          } finally {
            await slow.stop();
          }
        }
        say(rows.join('\n'));
        say('');
        results.sync = syncRuns;
        const polls = (results.polls ?? []) as Array<{
          requests: number;
          fetched: number;
          inserted: number;
          updated: number;
        }>;
        say('## Polls with nothing changed (after the full sync above, 5 minutes apart on the platform clock)\n');
        say(
          '| Poll | HTTP requests | Orders fetched (overlap margin) | Inserted | Updated |\n|---:|---:|---:|---:|---:|',
        );
        polls.forEach((p, i) => say(`| ${i + 1} | ${p.requests} | ${p.fetched} | ${p.inserted} | ${p.updated} |`));
        say('');
      } finally {
        await sb.stop();
      }
    }

    if (want('churn') || want('sync')) {
      say(
        `## Full sync of ${SYNC_N.toLocaleString('en')} orders while the shop changes on every request (one new and one updated order per request), 50 ms latency, parallelism 4\n`,
      );
      const runs = [await churnSync(dir, SYNC_N), await churnSyncInMemory(dir, SYNC_N)];
      say(churnTable(runs));
      say('');
      results.churn = runs;
    }

    let exportSmall: ExportRun[] = [];
    if (want('query')) {
      say(
        `## Cache queries at ${SMALL.toLocaleString('en')} orders (${ITER} runs each; sandbox HTTP: pageSize 50, latency 0)\n`,
      );
      const sb = await startRemoteSandbox({ orders: SMALL, seed: 2 });
      try {
        const cache = freshCache(sb, dir, 'query-small');
        await fullSync(sb, cache, 4);
        const rows = await queryBench(cache, sb, SMALL, ITER);
        say(queryTable(rows));
        say('');
        results.querySmall = rows;
        cache.close();
        exportSmall = [
          await exportInFreshProcess(path.join(dir, 'query-small.sqlite'), 'csv'),
          await exportInFreshProcess(path.join(dir, 'query-small.sqlite'), 'jsonl'),
        ];
      } finally {
        await sb.stop();
      }
    }

    if (want('memory') || want('query')) {
      say(
        `## Memory of the syncing process: ${SYNC_N.toLocaleString('en')} vs ${BIG.toLocaleString('en')} orders (latency 0, parallelism 4)\n`,
      );
      const rows = [
        '| Orders synced | Requests (÷ minimum) | Windows | Wall s | Peak RSS MiB | Peak JS heap MiB | Peak live heap MiB (after GC) | Peak external MiB | Heap before MiB |',
        '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ];
      const memory: Record<string, unknown> = {};
      let big: { sb: RemoteSandbox; cache: OrderCache } | undefined;
      for (const n of [SYNC_N, BIG]) {
        const sb = await startRemoteSandbox({ orders: n, seed: 3 });
        const r = await measureInFreshProcess(sb, path.join(dir, `mem-${n}.sqlite`));
        const cache = freshCache(sb, dir, `mem-${n}`);
        rows.push(
          `| ${n.toLocaleString('en')} | ${r.httpRequests} (${(r.httpRequests / Math.ceil(n / PAGE_SIZE_MAX)).toFixed(3)}) | ${r.summary.windows} | ${(r.wallMs / 1000).toFixed(1)} | ${mib(r.peak.rss)} | ${mib(r.peak.heapUsed)} | ${mib(r.peak.liveHeap)} | ${mib(r.peak.external)} | ${mib(r.baseline.heapUsed)} |`,
        );
        memory[String(n)] = { orders: n, ...r };
        if (n === BIG) big = { sb, cache };
        else {
          cache.close();
          await sb.stop();
        }
      }
      say(rows.join('\n'));
      say('');
      results.memory = memory;
      if (big) {
        try {
          if (want('query')) {
            say(
              `## Cache queries at ${BIG.toLocaleString('en')} orders (${ITER} runs each; sandbox HTTP: pageSize 50, latency 0)\n`,
            );
            const rows2 = await queryBench(big.cache, big.sb, BIG, ITER);
            say(queryTable(rows2));
            say('');
            results.queryBig = rows2;
            say(
              `## Text search, first page: the full-text plan vs the chosen plan at ${BIG.toLocaleString('en')} orders (interleaved, ${ITER} runs each)\n`,
            );
            const sideBySide = textPlanSideBySide(big.cache, ITER);
            say(textPlanTable(sideBySide));
            say(`\nMachine load average at the end: ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores.\n`);
            results.textPlans = sideBySide;
            const stats = big.cache.stats();
            if (stats.ok) say(`Cache file at ${BIG.toLocaleString('en')} orders: ${mib(stats.value.bytes)} MiB.\n`);
            const integrity = await time(() => big!.cache.checkIntegrity(), 3, 1);
            say(
              `Integrity check (PRAGMA quick_check, before each full sync) at ${BIG.toLocaleString('en')} orders: ${ms(integrity.p50)} ms.\n`,
            );
            results.integrityCheckMs = integrity.p50;

            say(
              `## Export of every cached order (\`cache export\`), ${SMALL.toLocaleString('en')} vs ${BIG.toLocaleString('en')} orders, each in a fresh process\n`,
            );
            const bigFile = path.join(dir, `mem-${BIG}.sqlite`);
            const exportBig = [
              await exportInFreshProcess(bigFile, 'csv'),
              await exportInFreshProcess(bigFile, 'jsonl'),
            ];
            say([...exportTableHead(), ...exportRows(SMALL, exportSmall), ...exportRows(BIG, exportBig)].join('\n'));
            say('');
            results.export = { [SMALL]: exportSmall, [BIG]: exportBig };
          }
        } finally {
          big.cache.close();
          await big.sb.stop();
        }
      }
    }

    if (want('host')) {
      say(
        `## Main's event loop during a full sync of ${BIG.toLocaleString('en')} orders, queries every 50 ms: core host in process vs out of process\n`,
      );
      const sb = await startRemoteSandbox({ orders: BIG, seed: 5 });
      try {
        const rows: HostBenchRow[] = [];
        const setups: HostSetup[] = [
          { kind: 'in-process', label: 'in process (main runs the sync)' },
          { kind: 'out-of-process', label: 'out of process (child process over the port)' },
          { kind: 'out-of-process', queries: false, label: 'control: out of process, main sends no queries' },
        ];
        for (const setup of setups) rows.push(await hostBench(setup, sb, dir, process.argv[1]!));
        const idle = await idleLoopDelay(10_000);
        say(
          [
            '| Core host | Orders synced | Sync wall s | Main CPU (share of wall) | Main loop delay p50 ms | **p99 ms** | max ms | Queries answered | Query round trip p50 ms | p95 ms | max ms | Progress events relayed |',
            '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
            ...rows.map(
              (r) =>
                `| ${r.host} | ${r.orders.toLocaleString('en')} | ${(r.syncWallMs / 1000).toFixed(1)} | ${(r.mainCpuShare * 100).toFixed(0)} % | ${ms(r.loopDelay.p50)} | **${ms(r.loopDelay.p99)}** | ${ms(r.loopDelay.max)} | ${r.queries.answered} | ${r.queries.answered ? ms(r.queries.p50) : '—'} | ${r.queries.answered ? ms(r.queries.p95) : '—'} | ${r.queries.answered ? ms(r.queries.max) : '—'} | ${r.progressEvents} |`,
            ),
            `| none (idle baseline, 10 s) | — | — | — | ${ms(idle.p50)} | **${ms(idle.p99)}** | ${ms(idle.max)} | — | — | — | — | — |`,
          ].join('\n'),
        );
        say('');
        say(
          `Loop delay: perf_hooks.monitorEventLoopDelay at 1 ms resolution in this process (which plays main) from the start to the end of the sync call; the figures include the 1 ms sampling interval. Machine load average at the end: ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores.\n`,
        );
        results.host = { rows, idle, loadAverage: loadavg()[0], cores: availableParallelism() };
      } finally {
        await sb.stop();
      }
    }

    if (want('ui')) {
      say(
        `## The orders list in Chromium over the browser host, ${BIG.toLocaleString('en')} cached orders (bench/uiOrders.ts)\n`,
      );
      const traceDir = argv.find((a) => a.startsWith('--ui-trace='))?.slice('--ui-trace='.length);
      const run = await uiOrdersBench(process.cwd(), BIG, quick ? 20 : 60, traceDir ? { traceDir } : {});
      say(uiOrdersTable(run));
      say('');
      say(
        `Machine load average at the end: ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores; headless Chromium (${'/usr/bin/chromium'}), 1280×800.\n`,
      );
      results.ui = run;
    }
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
  // Full runs are the record docs/PERFORMANCE.md quotes; quick and partial runs are scratch.
  const resultsDir =
    quick || only !== undefined || onlyParallelism !== undefined
      ? path.join(process.cwd(), 'node_modules', '.tmp', 'bench-results')
      : path.join(process.cwd(), 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  // A partial run (--only) keeps its own record instead of replacing the full one.
  const name = only === undefined ? 'latest' : `latest-${only.replaceAll(',', '-')}`;
  writeFileSync(path.join(resultsDir, `${name}.json`), await format(JSON.stringify(results), { parser: 'json' }));
  writeFileSync(
    path.join(resultsDir, `${name}.md`),
    await format(out.join('\n'), { parser: 'markdown', printWidth: 120 }),
  );
}
