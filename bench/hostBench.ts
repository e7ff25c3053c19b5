/**
 * Main's event loop while the core host syncs: the bench process plays Electron's main process. It creates the
 * host (in this process, or as a child process over the port — what the utilityProcess is in the app), starts a
 * full sync into a new cache file against the sandbox (its own process), asks for a page or a count every 50 ms as
 * the orders screen would, relays progress events, and measures its own event-loop delay with
 * perf_hooks.monitorEventLoopDelay.
 *
 * The `composed` setup is what `merchant-desk ui` and Electron main run: the one composition (src/appHost) over a
 * child host, each call through the IPC gate (request and answer checked against the contract), each host event
 * through the profile host's relay.
 */
import { availableParallelism, loadavg } from 'node:os';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { CoreHost } from '../src/core/host/coreHost';
import { createInProcessCoreHost } from '../src/core/host/inProcessHost';
import { nodeHostLauncher } from '../src/core/host/nodeLauncher';
import { appOperations } from '../src/core/host/operations/appOperations';
import { type OrderSessionConfig } from '../src/core/host/operations/sessionOperations';
import { createSupervisedCoreHost } from '../src/core/host/supervisedHost';
import { createMemorySecretStore } from '../src/core/secrets/memorySecretStore';
import { createConfProfileStore } from '../src/core/profiles/confProfileStore';
import { ok } from '../src/core/result';
import { createIpcGate } from '../src/shared/ipc/gate';
import { composedApp } from '../test/helpers/composedApp';
import type { SyncSummary } from '../src/core/sync/syncEngine';
import type { RemoteSandbox } from './sandboxProcess';
import type { BenchRun } from './benchRun';
import { startRemoteSandbox } from './sandboxProcess';
import { ms, percentile } from './stats';

export type HostKind = 'in-process' | 'out-of-process' | 'composed';

export interface HostSetup {
  kind: HostKind;
  label: string;
  /** The setup's own cache file name (each setup syncs into a new, empty file). */
  name: string;
  /** false: main sends no queries and ignores events — what is left is the machine's CPU contention. */
  queries?: boolean;
}

export interface HostBenchRow {
  host: string;
  /** Orders this sync fetched and stored (inserted: the file was new), not the cache's total. */
  fetched: number;
  inserted: number;
  syncWallMs: number;
  requests: number;
  /** CPU time this process (main) used during the sync, as a share of the wall time: independent of machine load. */
  mainCpuShare: number;
  /** Main's event-loop delay during the sync, ms. */
  loopDelay: { p50: number; p99: number; max: number; samples: number };
  queries: { answered: number; p50: number; p95: number; max: number };
  progressEvents: number;
}

/**
 * What a window asks while the sync runs, as the orders screen does: a first page, then its count, for the default
 * list, a status tab, a search and the after-sales filter — the app's own operations (orders:queryPage / count).
 */
const FILTERS: Array<Record<string, unknown>> = [
  {},
  { sellerOrderStatus: [4] },
  { search: 'steam' },
  { orderAfterSalesStatus: [1] },
];
const QUERIES: Array<{ operation: 'orders:queryPage' | 'orders:count'; payload: Record<string, unknown> }> =
  FILTERS.flatMap((filter) => [
    { operation: 'orders:queryPage' as const, payload: { ...filter, limit: 50 } },
    { operation: 'orders:count' as const, payload: filter },
  ]);

export async function hostBench(
  { kind, label, name, queries = true }: HostSetup,
  sb: RemoteSandbox,
  dir: string,
  hostEntry: string,
): Promise<HostBenchRow> {
  const secrets = createMemorySecretStore();
  secrets.entries.set('bench:token', sb.token);
  const session: OrderSessionConfig = {
    profileId: 'bench',
    platform: { baseUrl: sb.baseUrl, platformUrl: sb.platformUrl, merchantId: sb.merchantId, timeoutMs: 60_000 },
    cacheFile: path.join(dir, `host-${name}.sqlite`),
  };
  // Each setup times a first full sync: a file left by an earlier setup would turn it into a re-sync.
  if (existsSync(session.cacheFile)) throw new Error(`${session.cacheFile} exists: each setup needs a new file`);
  const config = { session };
  const childHost = (): CoreHost =>
    createSupervisedCoreHost({
      launcher: nodeHostLauncher({ entry: hostEntry, args: ['corehost'], log: (l) => process.stderr.write(`${l}\n`) }),
      config,
      secrets,
    });
  if (kind === 'composed') return composedBench({ label, queries }, session, dir, childHost);
  const host: CoreHost =
    kind === 'in-process' ? createInProcessCoreHost({ operations: appOperations, config, secrets }) : childHost();
  try {
    return await measureSync(
      {
        call: (operation, payload) => host.call(operation, payload),
        onProgress: (count) => host.onEvent((e) => e.name === 'sync:progress' && count()),
        syncFull: async () => {
          const sync = await host.call('sync:now', { full: true });
          if (!sync.ok) throw new Error(JSON.stringify(sync.error));
          return sync.value as SyncSummary;
        },
      },
      { label, queries },
    );
  } finally {
    await host.dispose();
  }
}

/** How one setup is asked: a call (an answer with `ok`), its progress events, and the full sync. */
interface SyncUnderTest {
  call(operation: string, payload: unknown): Promise<{ ok: boolean; error?: unknown }>;
  /** Counts each progress event; returns the unsubscribe. */
  onProgress(count: () => void): () => void;
  syncFull(): Promise<{ fetched: number; inserted: number; requests: number }>;
}

/**
 * The measurement itself, the same for every setup: a first page or a count every 50 ms (one at a time, like a
 * window awaiting its list) while the full sync runs, and this process's event-loop delay and CPU meanwhile.
 */
async function measureSync(
  setup: SyncUnderTest,
  { label, queries }: { label: string; queries: boolean },
): Promise<HostBenchRow> {
  // Ready before measuring: "no order cache yet" is the answer of a new file (anything else: not a first sync).
  const warm = await setup.call('orders:cacheStats', undefined);
  const warmError = warm.error as { kind?: string } | undefined;
  if (warm.ok || warmError?.kind !== 'cache') throw new Error(`not a new cache: ${JSON.stringify(warm)}`);
  let progressEvents = 0;
  const off = setup.onProgress(() => void progressEvents++);
  const queryMs: number[] = [];
  let queryIndex = 0;
  let inFlight: Promise<void> | undefined;
  const ticker = setInterval(() => {
    if (inFlight || !queries) return;
    const t = performance.now();
    const { operation, payload } = QUERIES[queryIndex++ % QUERIES.length]!;
    inFlight = setup.call(operation, payload).then((r) => {
      inFlight = undefined;
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      queryMs.push(performance.now() - t);
    });
  }, 50);
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  try {
    const summary = await setup.syncFull();
    const syncWallMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    histogram.disable();
    clearInterval(ticker);
    await inFlight;
    queryMs.sort((a, b) => a - b);
    return {
      host: label,
      fetched: summary.fetched,
      inserted: summary.inserted,
      syncWallMs,
      requests: summary.requests,
      mainCpuShare: (cpu.user + cpu.system) / 1000 / syncWallMs,
      loopDelay: {
        p50: histogram.percentile(50) / 1e6,
        p99: histogram.percentile(99) / 1e6,
        max: histogram.max / 1e6,
        samples: histogram.count,
      },
      queries: {
        answered: queryMs.length,
        p50: percentile(queryMs, 50),
        p95: percentile(queryMs, 95),
        max: queryMs.at(-1) ?? NaN,
      },
      progressEvents,
    };
  } finally {
    histogram.disable();
    clearInterval(ticker);
    off();
  }
}

/** The same measurement through the one composition: the IPC gate, the platform relay and the profile host. */
async function composedBench(
  { label, queries }: { label: string; queries: boolean },
  session: OrderSessionConfig,
  dir: string,
  childHost: () => CoreHost,
): Promise<HostBenchRow> {
  let countProgress: () => void = () => {};
  const composed = composedApp({
    profiles: createConfProfileStore(path.join(dir, 'composed-settings')),
    dataDir: dir,
    startHost: () => childHost(),
    sessionConfig: () => ok(session),
    // What the browser host does with an event: hand it to the pages (here: nothing more than looking at it).
    events: {
      publish: (event) => {
        if (event === 'sync:progress') countProgress();
        return true;
      },
    },
  });
  const gate = createIpcGate({ implementations: composed.implementations, report: () => {} });
  try {
    return await measureSync(
      {
        call: (operation, payload) => gate(operation, payload === undefined ? [] : [payload]),
        onProgress: (count) => {
          countProgress = count;
          return () => (countProgress = () => {});
        },
        syncFull: async () => {
          const sync = await gate('sync:now', [{ full: true }]);
          if (!sync.ok) throw new Error(JSON.stringify(sync.error));
          return sync.data as { fetched: number; inserted: number; requests: number };
        },
      },
      { label, queries },
    );
  } finally {
    await composed.dispose();
  }
}

/** The same measurement with no host and no sync: what this machine's scheduling alone costs main's loop. */
export async function idleLoopDelay(durationMs: number): Promise<HostBenchRow['loopDelay']> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  const ticker = setInterval(() => {}, 50);
  histogram.enable();
  await new Promise((r) => setTimeout(r, durationMs));
  histogram.disable();
  clearInterval(ticker);
  return {
    p50: histogram.percentile(50) / 1e6,
    p99: histogram.percentile(99) / 1e6,
    max: histogram.max / 1e6,
    samples: histogram.count,
  };
}

/** The section of the record: each setup's row and the idle baseline. `hostEntry`: the bundle the child host runs. */
export async function hostSection({ dir, sizes, say, results }: BenchRun, hostEntry: string): Promise<void> {
  say(
    `## Main's event loop during a full sync of ${sizes.big.toLocaleString('en')} orders, queries every 50 ms: core host in process vs out of process\n`,
  );
  const sb = await startRemoteSandbox({ orders: sizes.big, seed: 5 });
  try {
    const rows: HostBenchRow[] = [];
    const setups: HostSetup[] = [
      { kind: 'in-process', name: 'in-process', label: 'in process (main runs the sync)' },
      { kind: 'out-of-process', name: 'out-of-process', label: 'out of process (child process over the port)' },
      {
        kind: 'composed',
        name: 'composed',
        label: 'the one composition over a child host (what `ui` and Electron main run: IPC gate, relay)',
      },
      {
        kind: 'out-of-process',
        name: 'control',
        queries: false,
        label: 'control: out of process, main sends no queries',
      },
    ];
    for (const setup of setups) rows.push(await hostBench(setup, sb, dir, hostEntry));
    const idle = await idleLoopDelay(10_000);
    say(
      [
        '| Core host | Orders fetched (inserted) | Sync wall s | Main CPU (share of wall) | Main loop delay p50 ms | **p99 ms** | max ms | Calls answered (pages + counts) | Call round trip p50 ms | p95 ms | max ms | Progress events relayed |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
        ...rows.map(
          (r) =>
            `| ${r.host} | ${r.fetched.toLocaleString('en')} (${r.inserted.toLocaleString('en')}) | ${(r.syncWallMs / 1000).toFixed(1)} | ${(r.mainCpuShare * 100).toFixed(0)} % | ${ms(r.loopDelay.p50)} | **${ms(r.loopDelay.p99)}** | ${ms(r.loopDelay.max)} | ${r.queries.answered} | ${r.queries.answered ? ms(r.queries.p50) : '—'} | ${r.queries.answered ? ms(r.queries.p95) : '—'} | ${r.queries.answered ? ms(r.queries.max) : '—'} | ${r.progressEvents} |`,
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
