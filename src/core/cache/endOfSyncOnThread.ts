import type { CacheError } from '../../shared/errors/cacheErrors';
import { err, ok, type Result } from '../result';
import { runCacheThread } from './cacheThread';
import type { EndStep, FinishOptions } from './deferredIndexes';
import type { OrderCache } from './orderCache';
import { findThreadEntry } from './threadEntry';

/** The end-of-sync thread's file name in the CLI and app bundles (see vite.cli.config.ts, electron.vite.config.ts). */
export const END_OF_SYNC_THREAD_FILE = 'cache-end-of-sync-thread.js';

/** The end-of-sync thread's entry beside this bundle, or undefined (from sources): then it runs on the caller's. */
export function findEndOfSyncThreadEntry(): URL | undefined {
  return findThreadEntry(END_OF_SYNC_THREAD_FILE);
}

/** What the end-of-sync thread is started with (endOfSyncThread.ts). */
export interface EndOfSyncThreadData {
  file: string;
  /** The repeat-buyer walk's rows per step (default BUYER_WALK_STEP_ROWS). */
  walkRows?: number;
}

/** What the end-of-sync thread answers: each step taken, then how it ended. */
export type EndOfSyncThreadReply =
  | { kind: 'step'; step: EndStep; steps: number; ms: number }
  | { kind: 'end'; steps: number; cancelled: boolean }
  | { kind: 'failed'; error: CacheError };

/**
 * What a kill or a failure left of the end of a first full sync (deferredIndexes.ts), finished on a thread of its
 * own (endOfSyncThread.ts, its own connection), as the compaction runs on its thread (compactCache.ts): the caller's
 * thread answers reads meanwhile — a step's transaction cannot be cut (an index build: up to ~1.6 s at a million
 * orders), and readers of a WAL file never wait for a writer. A cancel (the signal) stops the thread before its
 * next step; closing (the signal's reason CLOSING) ends it at once, in or between steps: a step not committed is
 * not there, as after a kill, and the rest is left to the next upkeep or sync. While the thread runs, the cache's
 * own finishEndOfSync (a sync's end on this thread) leaves the work to it rather than wait for its steps and take
 * steps here. Without an entry (none found: from sources) it runs on this thread, a step per event-loop turn.
 * Returns the steps taken.
 */
export async function finishEndOfSyncOnThread(
  cache: OrderCache,
  entry: URL | undefined,
  options: FinishOptions = {},
): Promise<Result<number, CacheError>> {
  if (!entry) return cache.finishEndOfSync(options);
  let steps = 0;
  cache.endOfSyncOnThread = true;
  try {
    return await runCacheThread<EndOfSyncThreadReply, number>({
      entry,
      file: cache.file,
      data: {
        file: cache.file,
        ...(options.walkRows !== undefined ? { walkRows: options.walkRows } : {}),
      } satisfies EndOfSyncThreadData,
      name: 'the end-of-sync thread',
      ...(options.signal ? { signal: options.signal } : {}),
      closed: () => ok(steps),
      onMessage: (message) => {
        switch (message.kind) {
          case 'step':
            steps = message.steps;
            options.onStep?.(message.step, message.steps, message.ms);
            return undefined;
          case 'end':
            return ok(message.steps);
          case 'failed':
            return err(message.error);
        }
      },
    });
  } finally {
    cache.endOfSyncOnThread = false;
  }
}
