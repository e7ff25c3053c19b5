/**
 * The end of a first full sync finished on a thread of its own (a worker_threads worker, built as its own file
 * beside the CLI and app bundles, like the compaction's thread): what a kill or a failure left of that end (the
 * deferred indexes, the repacks, the repeat-buyer walk: deferredIndexes.ts) is finished in its steps on the thread's
 * own connection, so the core host's thread answers reads meanwhile — a step is one transaction that cannot be cut
 * (an index build: up to ~1.6 s at a million orders), which on the host's thread was that long answering nothing.
 * It reports each step, stops before the next when sent a cancel, and answers `end` as it ends. See
 * endOfSyncOnThread.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openOrderCache } from './openCache';
import type { CacheThreadRequest } from './cacheThread';
import type { EndOfSyncThreadData, EndOfSyncThreadReply } from './endOfSyncOnThread';

const port = parentPort;
if (port) {
  const data = workerData as EndOfSyncThreadData;
  const reply = (message: EndOfSyncThreadReply) => port.postMessage(message);
  const cancel = new AbortController();
  // Seen between steps: the stepping leaves this thread's event loop free after each (deferredIndexes.ts).
  port.on('message', (request: CacheThreadRequest) => {
    if (request.kind === 'cancel') cancel.abort();
  });
  const opened = openOrderCache({ file: data.file });
  if (!opened.ok) {
    reply({ kind: 'failed', error: opened.error });
    port.close();
  } else {
    const cache = opened.value;
    void cache
      .finishEndOfSync({
        signal: cancel.signal,
        onStep: (step, steps, ms) => reply({ kind: 'step', step, steps, ms }),
        ...(data.walkRows !== undefined ? { walkRows: data.walkRows } : {}),
      })
      .then((r) =>
        reply(
          r.ok ? { kind: 'end', steps: r.value, cancelled: cancel.signal.aborted } : { kind: 'failed', error: r.error },
        ),
      )
      .finally(() => {
        cache.close();
        port.close();
      });
  }
}
