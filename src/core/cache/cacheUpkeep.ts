import type { CacheError } from '../../shared/errors/cacheErrors';
import { err, ok, type Result } from '../result';
import { optimizeStats } from './optimizeStats';
import type { OrderCache } from './orderCache';
import { checkedTables, quickCheckTable } from './tableChecks';
import { findThreadEntry } from './threadEntry';
import { finishStage, freePagesLeftByTextConversion } from './textConversionFinish';
import type { UpkeepThreadData, UpkeepThreadReply } from './upkeepProtocol';
import { runCacheThread } from './cacheThread';
import { finishEndOfSyncOnThread } from './endOfSyncOnThread';

/**
 * Work on an opened cache that must not delay opening it (issue 26: a million orders): run after start, in the
 * core host, one small step at a time with the event loop free in between, and cancellable at any step.
 * 0. What the end of a first full sync left when it was killed (deferred indexes, repacks, the repeat-buyer walk:
 *    deferredIndexes.ts) is finished in its steps, other writers getting their turn between them — unless that sync
 *    is still loading (its resume builds them). Opening the file no longer does it (~5–15 s at a million orders).
 *    On a thread of its own when its entry is given (`endOfSyncThread`: endOfSyncOnThread.ts): a step cannot be
 *    cut, and an index build at a million orders (up to ~1.6 s) held every read of the host's thread that long.
 * 1. Orders of an older file still stored as plain JSON are converted (migrationV7.ts), and orders of a schema-8
 *    file moved to the title-set index (migrationV9.ts), in batches. After the first, one VACUUM gives the freed
 *    pages back (1.3 s at 100,000 orders: the only step that long, once). After the second, its end runs in bounded
 *    steps too (textConversionFinish.ts) and the pages it frees are left to later writes (no VACUUM: 14 s at a
 *    million orders with the write lock held; see docs/PERFORMANCE.md §8).
 * 2. Every stored order's JSON is decoded: a damaged one is recorded and fetched again by the next sync.
 * 3. The file's structure is checked table by table (PRAGMA quick_check(table): each table with its indexes), so a
 *    step lasts one table's check, not the whole file's (quick_check of a 100,000-order file: 1.3–1.5 s).
 * 2 and 3 run on a thread of their own when its entry is given (`thread`): one table's check is over a second at a
 * million orders, and cannot be split. 4. `PRAGMA optimize` keeps the planner's statistics current (optimizeStats.ts).
 */

export interface UpkeepProgress {
  phase: 'convert' | 'index' | 'vacuum' | 'scan' | 'check';
  done: number;
  total: number;
}

/** How the upkeep stands, as the core host reports it (the `cache:upkeep` push event). */
export interface UpkeepReport extends UpkeepProgress {
  state: 'running' | 'done' | 'cancelled' | 'failed';
  damagedOrders: number;
}

export interface UpkeepResult {
  cancelled: boolean;
  converted: number;
  /** Orders whose stored JSON was found damaged (recorded: the next sync fetches them again). */
  damaged: string[];
  /** What quick_check said of each damaged table ('ok' tables are not listed). */
  problems: string[];
}

export interface UpkeepOptions {
  signal?: AbortSignal;
  onProgress?: (p: UpkeepProgress) => void;
  /** Rows decoded per step. */
  scanBatch?: number;
  /** Lets the event loop run between steps (default: setImmediate). */
  pause?: () => Promise<void>;
  /**
   * The checking thread's entry (findUpkeepThreadEntry): reading the orders back and checking the tables run there,
   * off this thread. Without it they run here, one step per event-loop turn.
   */
  thread?: URL;
  /**
   * The end-of-sync thread's entry (findEndOfSyncThreadEntry): phase 0 runs there, on its own connection, so a read
   * on this thread never waits for one of its steps (an index build: up to ~1.6 s at a million orders). Without it,
   * on this thread, a step per event-loop turn.
   */
  endOfSyncThread?: URL;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Orders decoded per step. */
const SCAN_BATCH = 2_000;

/** The abort reason of a session closing (the upkeep's threads are ended at once, not after their step). */
export { CLOSING } from './cacheThread';

/** The checking thread's file name in the CLI and app bundles (see vite.cli.config.ts, electron.vite.config.ts). */
export const UPKEEP_THREAD_FILE = 'cache-upkeep-thread.js';

/**
 * The checking thread's entry beside this bundle, or undefined — from sources (tests), or a bundle built without
 * it: the checks then run on the caller's thread, a step per event-loop turn.
 */
export function findUpkeepThreadEntry(): URL | undefined {
  return findThreadEntry(UPKEEP_THREAD_FILE);
}

export async function runCacheUpkeep(
  cache: OrderCache,
  options: UpkeepOptions = {},
): Promise<Result<UpkeepResult, CacheError>> {
  const pause = options.pause ?? nextTurn;
  const result: UpkeepResult = { cancelled: false, converted: 0, damaged: [], problems: [] };
  const stop = () => {
    result.cancelled = options.signal?.aborted === true;
    return result.cancelled;
  };

  const report = (p: UpkeepProgress) => options.onProgress?.(p);
  const endLeft = cache.endOfSyncLeft();
  if (!endLeft.ok) return endLeft;
  if (endLeft.value) {
    await pause();
    if (stop()) return ok(result);
    const finished = await finishEndOfSyncOnThread(cache, options.endOfSyncThread, {
      ...(options.signal ? { signal: options.signal } : {}),
      onStep: (_step, steps) => report({ phase: 'index', done: steps, total: steps + 1 }),
    });
    if (!finished.ok) return finished;
    if (stop()) return ok(result);
  }
  const left = cache.legacyDocsLeft();
  if (!left.ok) return left;
  for (let done = left.value === 0; !done;) {
    await pause();
    if (stop()) return ok(result);
    const step = cache.convertLegacyDocs();
    if (!step.ok) return step;
    result.converted += step.value.converted;
    done = step.value.done;
    report({ phase: 'convert', done: result.converted, total: left.value });
  }

  // Schema 9: an older file's orders moved to the title-set index, a batch a step (migrationV9.ts).
  const textLeft = cache.textGroupsLeft();
  if (!textLeft.ok) return textLeft;
  for (let done = textLeft.value === 0, converted = 0; !done;) {
    await pause();
    if (stop()) return ok(result);
    const step = cache.convertTextGroups();
    if (!step.ok) return step;
    converted += step.value.converted;
    done = step.value.done;
    report({ phase: 'index', done: converted, total: textLeft.value });
  }
  // Once every order is converted (now, or by an earlier run killed before the end): the older documents retired
  // and deleted, the new indexes merged, in bounded steps (textConversionFinish.ts: each ≤ ~100 ms of write lock).
  const older = cache.guard(() => finishStage(cache.db) !== 'done');
  if (!older.ok) return older;
  for (let more = older.value; more;) {
    await pause();
    if (stop()) return ok(result);
    const step = cache.finishTextConversion();
    if (!step.ok) return step;
    more = step.value?.more === true;
    report({ phase: 'index', done: textLeft.value, total: textLeft.value });
  }
  // After the plain-JSON conversion, and also when one finished but its VACUUM was cancelled (a quarter of the file
  // free) — unless the free pages are those the schema-9 conversion's end left on purpose (textConversionFinish.ts).
  const free = cache.guard(
    () =>
      (cache.db.pragma('freelist_count', { simple: true }) as number) * 4 >
        (cache.db.pragma('page_count', { simple: true }) as number) && !freePagesLeftByTextConversion(cache.db),
  );
  if (!free.ok) return free;
  if (left.value > 0 || free.value) {
    await pause();
    if (stop()) return ok(result);
    const vacuumed = cache.guard(() => cache.db.exec('VACUUM'));
    if (!vacuumed.ok) return vacuumed;
    report({ phase: 'vacuum', done: 1, total: 1 });
  }

  const checked = options.thread
    ? await checkOnThread(cache, options.thread, options, result)
    : await checkInProcess(cache, options, pause, stop, result);
  if (!checked.ok) return checked;
  if (result.cancelled) return ok(result);
  if (result.problems.length > 0)
    return err({ kind: 'corrupt', file: cache.file, detail: `PRAGMA quick_check: ${result.problems.join(' | ')}` });
  // The planner's statistics brought up to date (optimizeStats.ts): bounded work, once per opening.
  await pause();
  if (stop()) return ok(result);
  const optimized = cache.guard(() => optimizeStats(cache.db));
  if (!optimized.ok) return optimized;
  return ok(result);
}

/** Reading every order back and checking each table, on this thread: one step per event-loop turn. */
async function checkInProcess(
  cache: OrderCache,
  options: UpkeepOptions,
  pause: () => Promise<void>,
  stop: () => boolean,
  result: UpkeepResult,
): Promise<Result<void, CacheError>> {
  const report = (p: UpkeepProgress) => options.onProgress?.(p);
  const orders = cache.orderCount();
  if (!orders.ok) return orders;
  let scanned = 0;
  for (let after: number | undefined = 0; after !== undefined;) {
    await pause();
    if (stop()) return ok(undefined);
    const batch = options.scanBatch ?? SCAN_BATCH;
    const step = cache.scanDocs(after, batch);
    if (!step.ok) return step;
    result.damaged.push(...step.value.damaged);
    scanned += batch;
    after = step.value.lastRid;
    report({ phase: 'scan', done: Math.min(scanned, orders.value), total: orders.value });
  }
  const tables = cache.guard(() => checkedTables(cache.db));
  if (!tables.ok) return tables;
  for (const [i, table] of tables.value.entries()) {
    await pause();
    if (stop()) return ok(undefined);
    const checked = cache.guard(() => quickCheckTable(cache.db, table));
    if (!checked.ok) return checked;
    if (checked.value) result.problems.push(checked.value);
    report({ phase: 'check', done: i + 1, total: tables.value.length });
  }
  return ok(undefined);
}

/**
 * The same on the checking thread (upkeepThread.ts, its own read-only connection): this thread only records what
 * it reports (a damaged order, on the cache's connection) and passes its progress on. A cancel (the signal) is sent
 * to it and seen before its next step; the thread is ended at once if it is still in a step when the session
 * closes (the signal's reason is then `closing`).
 */
function checkOnThread(
  cache: OrderCache,
  entry: URL,
  options: UpkeepOptions,
  result: UpkeepResult,
): Promise<Result<void, CacheError>> {
  return runCacheThread<UpkeepThreadReply, void>({
    entry,
    file: cache.file,
    data: { file: cache.file, scanBatch: options.scanBatch ?? SCAN_BATCH } satisfies UpkeepThreadData,
    name: "the upkeep's thread",
    ...(options.signal ? { signal: options.signal } : {}),
    // Cancelled (the thread answers `end` after its step), or the session closing (the thread ended at once).
    closed: () => {
      result.cancelled = true;
      return ok(undefined);
    },
    onMessage: (message) => {
      switch (message.kind) {
        case 'scan':
          for (const { rid, detail } of message.damaged) {
            const recorded = cache.recordDamagedRow(rid, detail);
            if (!recorded.ok) return recorded;
            if (recorded.value !== undefined) result.damaged.push(recorded.value);
          }
          options.onProgress?.({ phase: 'scan', done: message.done, total: message.total });
          return undefined;
        case 'check':
          if (message.problem) result.problems.push(message.problem);
          options.onProgress?.({ phase: 'check', done: message.done, total: message.total });
          return undefined;
        case 'end':
          result.cancelled = message.cancelled || options.signal?.aborted === true;
          return ok(undefined);
        case 'failed':
          return err(message.error);
      }
    },
  });
}
