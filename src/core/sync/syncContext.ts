import type { OrderCache } from '../cache/orderCache';
import { PAGE_SIZE_MAX } from '../../shared/domain/requests';
import type { Checkpoint } from './checkpoint';
import type { PlatformClock } from './platformClock';
import type { ProgressListener } from './progress';
import type { PageStore, SyncCounters } from './pageStore';
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

export { SEARCH_INDEX_BATCH_ROWS, SKIPPED_LISTED, type StoredChangeEvent, type SyncCounters } from './pageStore';

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
  /** Where pages go (this thread or the writer thread); reports change events after each commit, and skipped orders. */
  writes: PageStore;
}
