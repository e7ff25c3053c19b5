/**
 * What several benchmarks share: an API client of the sandbox, a cache file, a full sync measured (wall, CPU, the
 * syncing process's memory peak), and the fetch-only floor a sync is compared with.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SellerApi } from '../src/core/api/sellerApi';
import { openOrderCache } from '../src/core/cache/openCache';
import type { OrderCache } from '../src/core/cache/orderCache';
import { platformConfigSchema } from '../src/core/config/platformConfig';
import { fixedCredentials } from '../src/core/credentials/credentials';
import { createAxiosTransport } from '../src/core/http/axiosTransport';
import { countingTransport } from '../src/core/sync/countingTransport';
import { SyncEngine, type SyncSummary } from '../src/core/sync/syncEngine';
import { PAGE_SIZE_MAX } from '../src/shared/domain/requests';
import type { RemoteSandbox } from './sandboxProcess';
import { sampleParts, watchWorkers, type MemoryParts } from './memoryParts';
import { processCpuMs, watchWriterCpu } from './syncCpu';
import type { WriterCpu } from '../src/core/sync/writerProtocol';
import type { WriterShortcuts } from '../src/core/cache/upsertOrders';
import { timedTransport, type RequestTimeline } from './requestTimeline';

export interface Client {
  seller: SellerApi;
  transport: ReturnType<typeof countingTransport>;
  /** When its requests were in flight. */
  timeline: RequestTimeline;
}

export function client(
  sb: Pick<RemoteSandbox, 'baseUrl' | 'platformUrl' | 'merchantId' | 'token'>,
  maxSockets = 16,
): Client {
  const timeline = timedTransport(createAxiosTransport({ maxSockets }), maxSockets);
  const transport = countingTransport(timeline);
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
  return { seller, transport, timeline };
}

export function freshCache(sb: Pick<RemoteSandbox, 'baseUrl' | 'merchantId'>, dir: string, name: string): OrderCache {
  const r = openOrderCache({
    file: path.join(dir, `${name}.sqlite`),
    identity: { baseUrl: sb.baseUrl, merchantId: sb.merchantId },
  });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

export interface MemoryPeak {
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
  /** RssAnon MiB every 5 s of the run (seconds since its start, MiB): where the peak is reached. */
  anonTimeline?: Array<[number, number]>;
  /** Every 5 s: each thread's V8 heap and the anonymous mappings by kind (memoryParts.ts). */
  parts?: MemoryParts[];
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
export async function withMemoryPeak<T>(
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
  const peak: MemoryPeak = { ...baseline, anonTimeline: [], parts: [] };
  const started = performance.now();
  const threads = watchWorkers();
  let sampling: Promise<void> = Promise.resolve();
  let sampledAt = started;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
    peak.external = Math.max(peak.external, m.external);
    const anon = rssAnon();
    peak.rssAnon = Math.max(peak.rssAnon, anon);
    const now = performance.now();
    if (now - sampledAt >= 5_000) {
      sampledAt = now;
      const t = Math.round((now - started) / 1000);
      peak.anonTimeline!.push([t, Math.round(anon / 1048576)]);
      sampling = sampling.then(async () => void peak.parts!.push(await sampleParts(t, anon, threads.workers)));
    }
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
    await sampling;
    threads.stop();
  }
}

export interface SyncRun {
  summary: SyncSummary;
  wallMs: number;
  /** CPU time of this (the syncing) process, user + system: steadier than wall time on a busy machine. */
  cpuMs: number;
  /** CPU time of the thread that fetches (the writer thread's is most of the rest of cpuMs). */
  mainThreadCpuMs: number;
  /** The writer thread's CPU as it reported it closing (undefined: pages were stored on the fetching thread). */
  writerCpu?: WriterCpu;
  /** CPU time of the sandbox's process during the sync (when it runs in a process of its own, on Linux). */
  sandboxCpuMs?: number;
  httpRequests: number;
  peak: MemoryPeak;
  baseline: MemoryPeak;
  /** Where the wall time went, ms from the sync's start (requestTimeline.ts). */
  phases: SyncPhases;
}

export interface SyncPhases {
  /** Before the first request (opening, the writer thread's start, planning). */
  beforeFirstRequestMs: number;
  /** First request to last answer. */
  fetchingMs: number;
  /** Within it: time fewer requests than the parallelism were in flight, and none were. */
  underParallelMs: number;
  idleMs: number;
  /** After the last answer: the writer's queue, the end of load, closing, the bookkeeping. */
  afterLastAnswerMs: number;
}

/** Where the sync stores pages: the writer thread (the default) or the syncing thread (the fallback). */
export type PageWriterChoice = 'worker' | 'thread';

/** The sandbox a sync talks to: its addresses, and its process id when it runs in a process of its own. */
export type SandboxAddress = Pick<RemoteSandbox, 'baseUrl' | 'platformUrl' | 'merchantId' | 'token' | 'pid'>;

/**
 * `writer`: where pages are stored; a URL is the writer thread's entry to use (tests, which run from sources: by
 * default the sync finds the built one beside the bench's bundle).
 */
export async function fullSync(
  sb: SandboxAddress,
  cache: OrderCache,
  parallelism: number,
  liveHeap = false,
  writer: PageWriterChoice | URL = 'worker',
  /** The page writer's shortcuts (default all; bench/writerVariants.ts). */
  shortcuts?: WriterShortcuts,
): Promise<SyncRun> {
  const c = client(sb, parallelism);
  const engine = new SyncEngine({
    cache,
    source: c.seller,
    settings: { parallelism },
    requestCount: () => c.transport.count,
    ...(shortcuts ? { writerShortcuts: shortcuts } : {}),
    ...(writer === 'thread' ? { writerThread: false as const } : writer instanceof URL ? { writerThread: writer } : {}),
  });
  const writers = watchWriterCpu();
  const sandbox0 = sb.pid === undefined ? undefined : processCpuMs(sb.pid);
  const t = performance.now();
  const cpu = process.cpuUsage();
  const threadCpu = process.threadCpuUsage();
  const { value, peak, baseline } = await withMemoryPeak(() => engine.sync(), liveHeap).finally(writers.stop);
  const wallMs = performance.now() - t;
  const cpuMs = cpuMsSince(cpu);
  const thread = process.threadCpuUsage(threadCpu);
  const sandbox1 = sb.pid === undefined ? undefined : processCpuMs(sb.pid);
  if (!value.ok) throw new Error(JSON.stringify(value.error));
  const writerCpu = writers.reported()[0];
  // SYNC_TIMELINE_FILE: every change of the requests in flight, ms from the sync's start (for a look at the gaps).
  const timelineFile = process.env.SYNC_TIMELINE_FILE;
  if (timelineFile)
    appendFileSync(
      timelineFile,
      `${JSON.stringify({ wallMs, changes: c.timeline.changes.map(([at, n]) => [Math.round((at - t) * 10) / 10, n]) })}\n`,
    );
  const first = (c.timeline.firstSentMs ?? t) - t;
  const last = (c.timeline.lastAnsweredMs ?? t) - t;
  const phases: SyncPhases = {
    beforeFirstRequestMs: first,
    fetchingMs: last - first,
    underParallelMs: c.timeline.underParallelMs,
    idleMs: c.timeline.idleMs,
    afterLastAnswerMs: wallMs - last,
  };
  return {
    phases,
    summary: value.value,
    wallMs,
    cpuMs,
    mainThreadCpuMs: (thread.user + thread.system) / 1000,
    ...(writerCpu ? { writerCpu } : {}),
    ...(sandbox0 !== undefined && sandbox1 !== undefined ? { sandboxCpuMs: sandbox1 - sandbox0 } : {}),
    httpRequests: c.transport.count,
    peak,
    baseline,
  };
}

export function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** Every page of the whole list with the same parallelism, stored nowhere: the fastest any client gets here. */
export async function fetchOnlyFloor(
  sb: SandboxAddress,
  parallelism: number,
  orders: number,
): Promise<{ wallMs: number; cpuMs: number; sandboxCpuMs?: number }> {
  const c = client(sb, parallelism);
  const pages = Math.ceil(orders / PAGE_SIZE_MAX);
  // 100 pages per query at most: page through creation windows of 10,000 the engine found would cost the same.
  let next = 1;
  const sandbox0 = sb.pid === undefined ? undefined : processCpuMs(sb.pid);
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
  const wallMs = performance.now() - t;
  const cpuMs = cpuMsSince(cpu);
  const sandbox1 = sb.pid === undefined ? undefined : processCpuMs(sb.pid);
  return {
    wallMs,
    cpuMs,
    ...(sandbox0 !== undefined && sandbox1 !== undefined ? { sandboxCpuMs: sandbox1 - sandbox0 } : {}),
  };
}
