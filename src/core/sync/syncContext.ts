import type { OrderCache } from '../cache/orderCache';
import { err, ok, type Result } from '../result';
import type { Order } from '../../shared/domain/order';
import { PAGE_SIZE_MAX } from '../../shared/domain/requests';
import { describeOrderChange, type ChangeEvent } from './changeEvents';
import type { Checkpoint } from './checkpoint';
import type { PlatformClock } from './platformClock';
import type { ProgressListener } from './progress';
import type { SyncError } from './syncErrors';
import type { OrderSource, WindowSyncOptions } from './windowSync';

export interface SyncSettings {
  /** Requests in flight at once. */
  parallelism: number;
  /** Incremental polls ask for orders updated since the watermark minus this margin (platform clock). */
  overlapMs: number;
  /** Passes over one window before it counts as unstable. */
  maxPasses: number;
  /** Orders per request: the platform maximum. Smaller values only make tests split windows cheaply. */
  pageSize: number;
}

export const DEFAULT_SYNC_SETTINGS: SyncSettings = {
  parallelism: 4,
  overlapMs: 2 * 60_000,
  maxPasses: 6,
  pageSize: PAGE_SIZE_MAX,
};

export type StoredChangeEvent = ChangeEvent & { seq: number };

export interface SyncCounters {
  inserted: number;
  updated: number;
  unchanged: number;
  events: number;
}

/** What the parts of one sync share. */
export interface SyncContext {
  cache: OrderCache;
  checkpoint: Checkpoint;
  source: OrderSource;
  settings: SyncSettings;
  now: () => number;
  /** Reads the platform's time from each answer; one per sync, so a clock skew is reported once. */
  clock: PlatformClock;
  signal: AbortSignal | undefined;
  onProgress: ProgressListener | undefined;
  counters: SyncCounters;
  trace: WindowSyncOptions['trace'];
  /** Stores one page (one transaction) and reports its change events after the commit. */
  writePage(orders: readonly Order[], seenAtMs: number): Result<void, SyncError>;
}

/**
 * New rows wait for the full-text index until this many have accumulated: one FTS segment per batch costs about
 * a third of one per page, and queries cover waiting rows with LIKE meanwhile.
 */
export const SEARCH_INDEX_BATCH_ROWS = 5_000;

export function pageWriter(
  cache: OrderCache,
  counters: SyncCounters,
  baseline: boolean,
  onChange: ((e: StoredChangeEvent) => void) | undefined,
): SyncContext['writePage'] {
  let waitingForIndex = 0;
  return (orders, seenAtMs) => {
    const written = cache.applyPage<ChangeEvent>(orders, { seenAtMs, baseline, describe: describeOrderChange });
    if (!written.ok) return err({ kind: 'cache', error: written.error });
    waitingForIndex += written.value.inserted;
    if (waitingForIndex >= SEARCH_INDEX_BATCH_ROWS) {
      waitingForIndex = 0;
      const indexed = cache.indexPendingSearchRows();
      if (!indexed.ok) return err({ kind: 'cache', error: indexed.error });
    }
    counters.inserted += written.value.inserted;
    counters.updated += written.value.updated;
    counters.unchanged += written.value.unchanged;
    counters.events += written.value.events.length;
    if (onChange) for (const e of written.value.events) onChange(e as StoredChangeEvent);
    return ok(undefined);
  };
}
