/**
 * Main's event loop while the core host syncs: the bench process plays Electron's main process. It creates the
 * host (in this process, or as a child process over the port — what the utilityProcess is in the app), starts a
 * full sync against the sandbox (its own process), asks the cache a query every 50 ms as a window would, relays
 * progress events, and measures its own event-loop delay with perf_hooks.monitorEventLoopDelay.
 */
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { CoreHost } from '../src/core/host/coreHost';
import { createInProcessCoreHost } from '../src/core/host/inProcessHost';
import { nodeHostLauncher } from '../src/core/host/nodeLauncher';
import { appOperations } from '../src/core/host/operations/appOperations';
import { type OrderSessionConfig } from '../src/core/host/operations/sessionOperations';
import { createSupervisedCoreHost } from '../src/core/host/supervisedHost';
import { createMemorySecretStore } from '../src/core/secrets/memorySecretStore';
import type { SyncSummary } from '../src/core/sync/syncEngine';
import type { RemoteSandbox } from './sandboxProcess';
import { percentile } from './stats';

export type HostKind = 'in-process' | 'out-of-process';

export interface HostSetup {
  kind: HostKind;
  label: string;
  /** false: main sends no queries and ignores events — what is left is the machine's CPU contention. */
  queries?: boolean;
}

export interface HostBenchRow {
  host: string;
  orders: number;
  syncWallMs: number;
  requests: number;
  /** CPU time this process (main) used during the sync, as a share of the wall time: independent of machine load. */
  mainCpuShare: number;
  /** Main's event-loop delay during the sync, ms. */
  loopDelay: { p50: number; p99: number; max: number; samples: number };
  queries: { answered: number; p50: number; p95: number; max: number };
  progressEvents: number;
}

/** The queries a window sends while the sync runs: the default list, a status tab, a search. */
const QUERIES: Array<Record<string, unknown>> = [
  {},
  { sellerOrderStatus: [4], limit: 50 },
  { search: 'steam', limit: 50 },
  { orderAfterSalesStatus: [1], limit: 50 },
];

export async function hostBench(
  { kind, label, queries = true }: HostSetup,
  sb: RemoteSandbox,
  dir: string,
  hostEntry: string,
): Promise<HostBenchRow> {
  const secrets = createMemorySecretStore();
  secrets.entries.set('bench:token', sb.token);
  const session: OrderSessionConfig = {
    profileId: 'bench',
    platform: { baseUrl: sb.baseUrl, platformUrl: sb.platformUrl, merchantId: sb.merchantId, timeoutMs: 60_000 },
    cacheFile: path.join(dir, `host-${kind}.sqlite`),
  };
  const config = { session };
  const host: CoreHost =
    kind === 'in-process'
      ? createInProcessCoreHost({ operations: appOperations, config, secrets })
      : createSupervisedCoreHost({
          launcher: nodeHostLauncher({
            entry: hostEntry,
            args: ['corehost'],
            log: (l) => process.stderr.write(`${l}\n`),
          }),
          config,
          secrets,
        });
  try {
    // Ready before measuring: any answer means the host is up; "no order cache yet" is the answer of a fresh file.
    const warm = await host.call('orders:cacheStats');
    if (!warm.ok && warm.error.kind !== 'cache') throw new Error(JSON.stringify(warm.error));

    let progressEvents = 0;
    const off = host.onEvent((e) => {
      // What main does with a progress event: hand it to the window (here: nothing more than looking at it).
      if (e.name === 'sync:progress') progressEvents++;
    });
    const queryMs: number[] = [];
    let queryIndex = 0;
    let inFlight: Promise<void> | undefined;
    const ticker = setInterval(() => {
      if (inFlight || !queries) return; // one query at a time, like a window awaiting its list
      const t = performance.now();
      inFlight = host.call('orders:queryPage', QUERIES[queryIndex++ % QUERIES.length]).then((r) => {
        inFlight = undefined;
        if (!r.ok) throw new Error(JSON.stringify(r.error));
        queryMs.push(performance.now() - t);
      });
    }, 50);

    const histogram = monitorEventLoopDelay({ resolution: 1 });
    histogram.enable();
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const sync = await host.call('sync:now', { full: true });
    const syncWallMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    histogram.disable();
    clearInterval(ticker);
    await inFlight;
    off();
    if (!sync.ok) throw new Error(JSON.stringify(sync.error));
    const summary = sync.value as SyncSummary;
    queryMs.sort((a, b) => a - b);
    const nsToMs = (ns: number) => ns / 1e6;
    return {
      host: label,
      orders: summary.cached,
      syncWallMs,
      requests: summary.requests,
      mainCpuShare: (cpu.user + cpu.system) / 1000 / syncWallMs,
      loopDelay: {
        p50: nsToMs(histogram.percentile(50)),
        p99: nsToMs(histogram.percentile(99)),
        max: nsToMs(histogram.max),
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
    await host.dispose();
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
