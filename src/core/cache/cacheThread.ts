import { Worker } from 'node:worker_threads';
import type { CacheError } from '../../shared/errors/cacheErrors';
import { err, type Result } from '../result';

/**
 * Starting and ending the cache's worker threads (the upkeep's checks, the compaction, the end of a first sync: each
 * an entry built as its own file beside the bundles, found with findThreadEntry, working on a connection of its own
 * while the core host's thread goes on answering). One place for what they share: the start, a cancel sent as a
 * message and seen before the thread's next step, the thread ended at once when the session closes, and a thread
 * that fails or ends without answering reported as a cache error.
 */

/** The abort reason of a session closing: the thread is ended at once, not after its step. */
export const CLOSING = 'closing';

/** What a thread that takes cancels is sent (it stops before its next step and answers as it ends). */
export type CacheThreadRequest = { kind: 'cancel' };

export interface CacheThreadRun<Reply, T> {
  entry: URL;
  /** The cache file (the thread opens its own connection; also named in errors). */
  file: string;
  /** The thread's workerData. */
  data: unknown;
  /** The thread as errors name it: "the compaction's thread". */
  name: string;
  /**
   * Each message of the thread: a result ends the run with it (the thread ends by itself), undefined goes on.
   */
  onMessage: (message: Reply) => Result<T, CacheError> | undefined;
  /** Cancels (sent to the thread); aborted with CLOSING, the thread is ended at once and the run ends `closed()`. */
  signal?: AbortSignal;
  /** The run's result when the session closes, or when a cancelled thread ends without answering. */
  closed?: () => Result<T, CacheError>;
}

export function runCacheThread<Reply, T>(run: CacheThreadRun<Reply, T>): Promise<Result<T, CacheError>> {
  const { file, name, signal } = run;
  return new Promise((resolve) => {
    const failed = (detail: string) => err<CacheError>({ kind: 'io', file, detail });
    let worker: Worker;
    try {
      worker = new Worker(run.entry, { workerData: run.data });
    } catch (e) {
      resolve(failed(`${name} did not start: ${String(e)}`));
      return;
    }
    let settled = false;
    let cancelled = false;
    const finish = (r: Result<T, CacheError>) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', cancel);
      resolve(r);
    };
    const cancel = () => {
      cancelled = true;
      worker.postMessage({ kind: 'cancel' } satisfies CacheThreadRequest);
      // Closing: the session's connection goes away; nothing the thread says now can be recorded. A thread in a
      // write transaction ends as a killed process would: the transaction is not committed.
      if (signal?.reason === CLOSING && run.closed) {
        void worker.terminate();
        finish(run.closed());
      }
    };
    if (signal?.aborted) cancel();
    else signal?.addEventListener('abort', cancel, { once: true });
    worker.on('message', (message: Reply) => {
      if (settled) return;
      const r = run.onMessage(message);
      if (r !== undefined) finish(r);
    });
    worker.once('error', (e) => finish(failed(`${name} failed: ${e.message}`)));
    worker.once('exit', () => finish(cancelled && run.closed ? run.closed() : failed(`${name} ended early`)));
  });
}
