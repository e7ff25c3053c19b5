/**
 * The writer thread's entry (a worker_threads worker, built as its own file beside the CLI and app bundles): opens
 * the cache file on its own connection and stores the pages it is sent, one transaction each, in the order sent,
 * answering each with the page's counts and change events or the cache error. See writerThread.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openOrderCache } from '../cache/openCache';
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
    port.on('message', (request: WriterRequest) => {
      if (request.kind === 'close') {
        // What the catch-up stored is indexed here (and deferred indexes built, had `finish` not come), off the
        // syncing thread; a failure is retried and reported by the sync.
        writer.finish();
        cache.close();
        port.close();
        return;
      }
      if (request.kind === 'finish') return reply({ kind: 'finished', result: writer.finish() });
      reply({ kind: 'page', result: writer.write(request.orders, request.at) });
    });
    reply({ kind: 'ready' });
  }
}
