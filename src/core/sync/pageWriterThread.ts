/**
 * The writer thread's entry (a worker_threads worker, built as its own file beside the CLI and app bundles): opens
 * the cache file on its own connection and stores the pages it is sent, one transaction each, in the order sent,
 * answering each with the page's counts and change events or the cache error. See writerThread.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openOrderCache } from '../cache/openCache';
import type { CacheError } from '../../shared/errors/cacheErrors';
import { err, type Result } from '../result';
import { writeCheckpointRow } from './checkpoint';
import { PageWriter } from './pageStore';
import type { WriterReply, WriterRequest, WriterThreadData } from './writerProtocol';

const port = parentPort;
if (port) {
  const data = workerData as WriterThreadData;
  const opened = openOrderCache({ file: data.file });
  const reply = (message: WriterReply) => port.postMessage(message);
  if (!opened.ok) {
    reply({ kind: 'open-failed', error: opened.error });
    port.close();
  } else {
    const cache = opened.value;
    const writer = new PageWriter(cache, data.baseline, data.deferIndexes);
    // After the first failure nothing more is written: a checkpoint row sent after a page that failed would claim
    // orders that are not stored.
    let failure: CacheError | undefined;
    const noted = <T>(result: Result<T, CacheError>): Result<T, CacheError> => {
      if (!result.ok) failure ??= result.error;
      return result;
    };
    port.on('message', (request: WriterRequest) => {
      if (request.kind === 'close') {
        // What the catch-up stored is indexed here (and deferred indexes built, had `finish` not come), off the
        // syncing thread; a failure is retried and reported by the sync.
        writer.finish();
        cache.close();
        port.close();
        return;
      }
      if (failure) {
        const refused = err(failure);
        if (request.kind === 'finish') return reply({ kind: 'finished', result: refused });
        return reply(
          request.kind === 'record' ? { kind: 'recorded', result: refused } : { kind: 'page', result: refused },
        );
      }
      if (request.kind === 'finish') return reply({ kind: 'finished', result: noted(writer.finish()) });
      if (request.kind === 'record') {
        const written = writeCheckpointRow(cache, request.row);
        // A heartbeat that could not be written claims nothing (the lease treats it as a busy file): not a failure.
        return reply({ kind: 'recorded', result: request.row.kind === 'lease' ? written : noted(written) });
      }
      reply({ kind: 'page', result: noted(writer.write(request.orders, request.at)) });
    });
    reply({ kind: 'ready' });
  }
}
