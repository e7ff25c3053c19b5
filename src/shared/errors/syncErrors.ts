import type { CacheError } from './cacheErrors';
import { describeCacheError } from './cacheErrors';
import { describeApiError, type ApiError } from './apiError';

/** Why a sync stopped. Finished windows and stored pages are kept in every case; the next sync resumes. */
export type SyncError =
  /** A platform request failed after its retries. */
  | { kind: 'api'; error: ApiError; window: string }
  /** The cache could not be read or written. */
  | { kind: 'cache'; error: CacheError }
  /** More than 10,000 orders share one creation millisecond: the platform cannot list them all. */
  | { kind: 'instant-overflow'; instant: string; count: number }
  /** A window's list kept moving: its unique IDs never matched its totalCount within the allowed passes. */
  | { kind: 'window-unstable'; window: string; passes: number; fetched: number; totalCount: number }
  /** An over-full window whose 10,000th order has no readable createTime, so it cannot be split. */
  | { kind: 'unsplittable'; window: string; detail: string }
  /** The platform serves another data set than the one the cache holds (the sandbox says so; see dataSetWatch.ts). */
  | { kind: 'data-set-changed'; recorded: string; found: string }
  /** Cancelled by the caller. */
  | { kind: 'aborted' }
  /** Another process took this sync's lease over (this one had stopped answering); it stopped. */
  | { kind: 'lease-lost' }
  /** This engine, or another process (`holder`), is already syncing this cache. */
  | { kind: 'busy'; holder?: { pid: number; host: string; sinceMs: number } };

export function describeSyncError(error: SyncError, rebuildHint?: string): string {
  switch (error.kind) {
    case 'api':
      return `Sync stopped: ${describeApiError(error.error)} (window ${error.window}). Orders already fetched are kept; the next sync resumes.`;
    case 'cache':
      return describeCacheError(error.error, rebuildHint);
    case 'instant-overflow':
      return `Sync stopped: ${error.count} orders were created at the same millisecond (${error.instant}); the platform lists at most 10,000 per query and cannot filter finer, so they cannot all be fetched.`;
    case 'window-unstable':
      return `Sync stopped: the orders created ${error.window} kept changing while being paged (${error.fetched} unique of ${error.totalCount} after ${error.passes} passes). Orders already fetched are kept; try again later.`;
    case 'unsplittable':
      return `Sync stopped: cannot split the window ${error.window}: ${error.detail}.`;
    case 'data-set-changed':
      return `Sync stopped: the platform now serves another data set (${error.found}) than the one this cache holds (${error.recorded}) — e.g. a sandbox whose data was generated anew. Nothing from it was stored: the two would mix. ${rebuildHint ?? 'Rebuild the cache from the platform'}: the old file is kept beside the new one.`;
    case 'aborted':
      return 'Sync cancelled. Orders already fetched are kept; the next sync resumes.';
    case 'lease-lost':
      return 'Sync stopped: another process took over this cache (this sync had not answered for over a minute — asleep or blocked). Orders already fetched are kept; the other sync goes on.';
    case 'busy':
      return error.holder
        ? `Another sync of this cache is running (process ${error.holder.pid} on ${error.holder.host}, since ${new Date(error.holder.sinceMs).toISOString()}). Wait for it to finish, or stop that process; a killed sync's claim expires by itself.`
        : 'A sync of this cache is already running in this process.';
  }
}
