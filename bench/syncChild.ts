/**
 * The syncing process of the memory and scale benches (`sync-child.js`, its own entry of the bench bundle: see
 * bench/run.mjs): one full sync in a fresh process, its figures as one JSON line on stdout.
 *
 * Its own entry so that the process holds what the core host holds when it syncs, and no more. Run from the bench's
 * bundle (as it was), the process also loaded every module the bench imports — Playwright, Prettier, Vite's output
 * with its source maps kept for `--enable-source-maps` — ~30 MiB of V8 heap (a heap snapshot at 300,000 orders: 66
 * MiB live on the fetching thread, the two largest objects Playwright's sources, 7 MB each) that the core host never
 * has (docs/PERFORMANCE.md §8 "Sixth pass (rss1m)").
 */
import { desktopHostOperations } from '../src/appHost/coreHost/hostOperations';
import { openOrderCache } from '../src/core/cache/openCache';
import { runNodeCoreHost } from '../src/core/host/nodeHostMain';
import { learnAfterSalesStatuses } from '../src/core/afterSales/learnStatuses';
import { DEFAULT_AFTER_SALES_STATUS_SETTINGS } from '../src/shared/domain/afterSalesReview';
import type { RemoteSandbox } from './sandboxProcess';
import { client, fullSync } from './syncRuns';

export interface SyncChildInput {
  sandbox: Omit<RemoteSandbox, 'stop' | 'advanceClock' | 'dumpOrders' | 'digest'>;
  file: string;
  /**
   * After the sync, the app's after-sales learning pass (src/core/app/sync.ts runs it after every sync): the spec's
   * orders carry no status, so a cache synced by the engine alone lists every request as "status not known yet" and
   * no view of requests awaiting a decision has any. Outside the sync's measured time and memory.
   */
  learnAfterSales?: boolean;
}

/** What the learning pass after the sync did (the scale bench's line). */
export interface AfterSalesLearnRun {
  requests: number;
  wallMs: number;
  awaiting: number;
  complete: boolean;
}

const input = JSON.parse(process.argv[2] ?? '{}') as SyncChildInput;
const sb: RemoteSandbox = {
  ...input.sandbox,
  advanceClock: async () => {},
  dumpOrders: async () => {},
  digest: async () => ({ count: 0, sha256: '', undecodable: 0 }),
  stop: async () => {},
};
const r = openOrderCache({ file: input.file, identity: { baseUrl: sb.baseUrl, merchantId: sb.merchantId } });
if (!r.ok) throw new Error(JSON.stringify(r.error));
// Every module the core host loads is loaded here too (its operations are not started): its code and module objects
// are part of the core host's heap when it syncs. Referenced so the bundler keeps the import.
const hostModules = typeof desktopHostOperations === 'function' && typeof runNodeCoreHost === 'function';
// The live heap (a full GC every 2 s) is measured only when the parent started this process with --expose-gc.
const run = await fullSync(sb, r.value, 4, typeof (globalThis as { gc?: unknown }).gc === 'function');
let afterSales: AfterSalesLearnRun | undefined;
if (input.learnAfterSales) {
  const started = performance.now();
  const learned = await learnAfterSalesStatuses(
    client(sb, 4).seller,
    r.value,
    DEFAULT_AFTER_SALES_STATUS_SETTINGS,
    Date.now,
  );
  if (!learned.ok) throw new Error(JSON.stringify(learned.error));
  const { requests, awaiting, complete } = learned.value;
  afterSales = { requests, wallMs: performance.now() - started, awaiting, complete };
}
r.value.close();
process.stdout.write(`${JSON.stringify({ ...run, hostModules, ...(afterSales ? { afterSales } : {}) })}\n`);
