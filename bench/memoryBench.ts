/**
 * Peak memory of the syncing process: a full sync in a fresh process (nothing else in its heap) at the sync size
 * and at the big size. The big cache it leaves is what the query and export benchmarks read at that size.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { CORE_HOST_EXEC_ARGV } from '../src/core/host/hostHeapFlags';
import { openOrderCache } from '../src/core/cache/openCache';
import { PAGE_SIZE_MAX } from '../src/shared/domain/requests';
import type { BenchRun } from './benchRun';
import { startRemoteSandbox, type RemoteSandbox } from './sandboxProcess';
import { mib } from './stats';
import { fullSync, type SyncRun } from './syncRuns';

/** The bench bundle's sub-command of the child side. */
export const MEMORY_RUN = 'memrun';

/**
 * Measures both sizes; the big size's sandbox is left running and its cache file filled, for the caller's later
 * benchmarks (it stops the sandbox).
 */
export async function memoryBench({
  dir,
  sizes,
  say,
  results,
}: BenchRun): Promise<{ sandbox: RemoteSandbox; file: string }> {
  say(
    `## Memory of the syncing process: ${sizes.sync.toLocaleString('en')} vs ${sizes.big.toLocaleString('en')} orders (latency 0, parallelism 4)\n`,
  );
  const rows = [
    '| Orders synced | Requests (÷ minimum) | Windows | Wall s | Peak RSS MiB | Peak JS heap MiB | Peak live heap MiB (after GC) | Peak external MiB | Heap before MiB |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const memory: Record<string, unknown> = {};
  let big: { sandbox: RemoteSandbox; file: string } | undefined;
  for (const n of [sizes.sync, sizes.big]) {
    const sb = await startRemoteSandbox({ orders: n, seed: 3 });
    const file = path.join(dir, `mem-${n}.sqlite`);
    const r = await measureInFreshProcess(sb, file);
    rows.push(
      `| ${r.summary.fetched.toLocaleString('en')} | ${r.httpRequests} (${(r.httpRequests / Math.ceil(n / PAGE_SIZE_MAX)).toFixed(3)}) | ${r.summary.windows} | ${(r.wallMs / 1000).toFixed(1)} | ${mib(r.peak.rss)} | ${mib(r.peak.heapUsed)} | ${mib(r.peak.liveHeap)} | ${mib(r.peak.external)} | ${mib(r.baseline.heapUsed)} |`,
    );
    memory[String(n)] = { orders: n, ...r };
    if (n === sizes.big) big = { sandbox: sb, file };
    else await sb.stop();
  }
  say(rows.join('\n'));
  say('');
  results.memory = memory;
  return big!;
}

export interface MemoryRunInput {
  sandbox: Omit<RemoteSandbox, 'stop' | 'advanceClock' | 'dumpOrders' | 'digest'>;
  file: string;
}

/** Child side of a memory measurement: one full sync in a fresh process, its figures as one JSON line. */
export async function memoryRun(input: MemoryRunInput): Promise<void> {
  const sb: RemoteSandbox = {
    ...input.sandbox,
    advanceClock: async () => {},
    dumpOrders: async () => {},
    digest: async () => ({ count: 0, sha256: '', undecodable: 0 }),
    stop: async () => {},
  };
  const r = openOrderCache({ file: input.file, identity: { baseUrl: sb.baseUrl, merchantId: sb.merchantId } });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  const run = await fullSync(sb, r.value, 4, true);
  r.value.close();
  process.stdout.write(`${JSON.stringify(run)}\n`);
}

/** Parent side: runs memoryRun in a new process (nothing else in its heap) and reads its figures. */
export function measureInFreshProcess(sb: RemoteSandbox, file: string): Promise<SyncRun> {
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
  // Flags as the core host runs with (hostHeapFlags.ts): this process plays the core host that syncs.
  const child = spawn(
    process.execPath,
    [...process.execArgv, ...CORE_HOST_EXEC_ARGV, process.argv[1]!, MEMORY_RUN, JSON.stringify(input)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
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
