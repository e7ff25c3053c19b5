import type Database from 'better-sqlite3';
import type { CacheError } from '../../shared/errors/cacheErrors';
import { err, ok, type Result } from '../result';
import { runCacheThread } from './cacheThread';
import { cacheFileBytes, freeBytesOf, type OrderCache } from './orderCache';
import { findThreadEntry } from './threadEntry';

/** What a compaction did: the file's size (with its write-ahead log) before and after, and the pages it gave back. */
export interface CompactReport {
  bytesBefore: number;
  bytesAfter: number;
  /** Free pages inside the file before (what a VACUUM gives back to the disk). */
  freeBytesBefore: number;
}

/** The compaction thread's file name in the CLI and app bundles (see vite.cli.config.ts, electron.vite.config.ts). */
export const COMPACT_THREAD_FILE = 'cache-compact-thread.js';

/** The compaction thread's entry beside this bundle, or undefined (from sources): then it runs on the caller's. */
export function findCompactThreadEntry(): URL | undefined {
  return findThreadEntry(COMPACT_THREAD_FILE);
}

/** What the compaction thread answers (compactThread.ts). */
export type CompactThreadReply = { kind: 'done'; report: CompactReport } | { kind: 'failed'; error: CacheError };

/** The compaction on one connection (the caller's, or the thread's own): VACUUM, then a full checkpoint. */
export function compactDatabase(db: Database.Database, file: string): CompactReport {
  // PASSIVE: never waits (a writer's lock is waited for once, by the VACUUM, then answered `locked`).
  db.pragma('wal_checkpoint(PASSIVE)');
  const bytesBefore = cacheFileBytes(file);
  const freeBytesBefore = freeBytesOf(db);
  db.exec('VACUUM');
  db.pragma('wal_checkpoint(TRUNCATE)');
  return { bytesBefore, bytesAfter: cacheFileBytes(file), freeBytesBefore };
}

/**
 * Gives the cache file's free pages back to the disk (VACUUM), on the merchant's request. The upkeep never does this
 * on its own for a converted file (textConversionFinish.ts: at a million orders VACUUM holds the write lock 11–14 s,
 * and later writes reuse the free pages anyway); a merchant who wants the space now runs `cache compact` — best with
 * the app closed, as a sync writing meanwhile waits for it (or this waits for the sync, and answers `locked`).
 */
export function compactCache(cache: OrderCache): Result<CompactReport, CacheError> {
  return cache.guard(() => compactDatabase(cache.db, cache.file));
}

/**
 * The same on a thread of its own (compactThread.ts, its own connection), for the app: the core host goes on
 * answering reads during the 10–15 s a million-order file takes (readers of a WAL file are not blocked; a writer
 * is — the caller holds its syncs meanwhile). Without an entry (findCompactThreadEntry found none: from sources) it
 * runs on this thread.
 */
export function compactCacheOnThread(
  cache: OrderCache,
  entry: URL | undefined,
): Promise<Result<CompactReport, CacheError>> {
  if (!entry) return Promise.resolve(compactCache(cache));
  return runCacheThread<CompactThreadReply, CompactReport>({
    entry,
    file: cache.file,
    data: { file: cache.file },
    name: "the compaction's thread",
    onMessage: (reply) => (reply.kind === 'done' ? ok(reply.report) : err(reply.error)),
  });
}
