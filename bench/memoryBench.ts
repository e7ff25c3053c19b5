/**
 * Peak memory of the syncing process: a full sync in a fresh process (nothing else in its heap) at the sync size
 * and at the big size. The big cache it leaves is what the query and export benchmarks read at that size.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { CORE_HOST_EXEC_ARGV } from '../src/core/host/hostHeapFlags';
import { PAGE_SIZE_MAX } from '../src/shared/domain/requests';
import type { BenchRun } from './benchRun';
import { startRemoteSandbox, type RemoteSandbox } from './sandboxProcess';
import { mib } from './stats';
import type { SyncRun } from './syncRuns';
import type { AfterSalesLearnRun, SyncChildInput } from './syncChild';

/** The syncing process's entry beside the bench bundle (bench/run.mjs builds it). */
const SYNC_CHILD_FILE = 'sync-child.js';

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
    const r = await measureInFreshProcess(sb, file, true);
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

/**
 * Parent side: runs one full sync in a new process (syncChild.ts: nothing else in its heap) and reads its figures.
 * `forcedGc`: started with --expose-gc, the child measures its live heap with a full GC every 2 s — which also
 * keeps its heap smaller than the core host's, which never forces one: the scale bench measures without.
 */
export function measureInFreshProcess(
  sb: RemoteSandbox,
  file: string,
  forcedGc = false,
  learnAfterSales = false,
): Promise<SyncRun & { afterSales?: AfterSalesLearnRun }> {
  const input: SyncChildInput = {
    sandbox: {
      baseUrl: sb.baseUrl,
      platformUrl: sb.platformUrl,
      merchantId: sb.merchantId,
      token: sb.token,
      orders: sb.orders,
    },
    file,
    learnAfterSales,
  };
  // Flags as the core host runs with (hostHeapFlags.ts): this process plays the core host that syncs.
  const entry = path.join(path.dirname(process.argv[1]!), SYNC_CHILD_FILE);
  const child = spawn(
    process.execPath,
    [...(forcedGc ? ['--expose-gc'] : []), ...CORE_HOST_EXEC_ARGV, entry, JSON.stringify(input)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').pop()!) as SyncRun)
        : reject(new Error(`the syncing process exited ${code}`)),
    ),
  );
}
