import type { CacheError } from '../../shared/errors/cacheErrors';
import type { Result } from '../result';
import { cacheFileBytes, type OrderCache } from './orderCache';

/** What a compaction did: the file's size (with its write-ahead log) before and after, and the pages it gave back. */
export interface CompactReport {
  bytesBefore: number;
  bytesAfter: number;
  /** Free pages inside the file before (what a VACUUM gives back to the disk). */
  freeBytesBefore: number;
}

/**
 * Gives the cache file's free pages back to the disk (VACUUM), on the merchant's request. The upkeep never does this
 * on its own for a converted file (textConversionFinish.ts: at a million orders VACUUM holds the write lock 11–14 s,
 * and later writes reuse the free pages anyway); a merchant who wants the space now runs `cache compact` — best with
 * the app closed, as a sync writing meanwhile waits for it (or this waits for the sync, and answers `locked`).
 */
export function compactCache(cache: OrderCache): Result<CompactReport, CacheError> {
  return cache.guard(() => {
    cache.db.pragma('wal_checkpoint(TRUNCATE)');
    const bytesBefore = cacheFileBytes(cache.file);
    const pageSize = cache.db.pragma('page_size', { simple: true }) as number;
    const freeBytesBefore = (cache.db.pragma('freelist_count', { simple: true }) as number) * pageSize;
    cache.db.exec('VACUUM');
    cache.db.pragma('wal_checkpoint(TRUNCATE)');
    return { bytesBefore, bytesAfter: cacheFileBytes(cache.file), freeBytesBefore };
  });
}
