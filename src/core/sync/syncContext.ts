import type { OrderCache } from '../cache/orderCache';
import { err, ok, type Result } from '../result';
import type { Order, SkippedOrder } from '../../shared/domain/order';
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
  /** Distinct orders that could not be decoded or stored: reported, skipped, fetched again by the next sync. */
  skipped: number;
  /** The first SKIPPED_LISTED of them. */
  skippedOrders: SkippedOrder[];
}

/** Skipped orders listed by ID in a sync's result (all of them are counted). */
export const SKIPPED_LISTED = 100;

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
  /** Stores one page (one transaction) and reports its change events after the commit, and its skipped orders. */
  writePage(orders: readonly Order[], seenAtMs: number, skipped: readonly SkippedOrder[]): Result<void, SyncError>;
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
  // An order is fetched more than once by one sync (the catch-up poll, a re-paged window): counted once.
  const skippedIds = new Set<string>();
  const skip = (orders: readonly SkippedOrder[]) => {
    for (const o of orders) {
      if (skippedIds.has(o.id)) continue;
      skippedIds.add(o.id);
      counters.skipped++;
      if (counters.skippedOrders.length < SKIPPED_LISTED) counters.skippedOrders.push(o);
    }
  };
  return (orders, seenAtMs, skipped) => {
    skip(skipped);
    const written = cache.applyPage<ChangeEvent>(orders, { seenAtMs, baseline, describe: describeOrderChange });
    if (!written.ok) return err({ kind: 'cache', error: written.error });
    skip(written.value.skipped);
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
