/**
 * The writer thread's entry (a worker_threads worker, built as its own file beside the CLI and app bundles): opens
 * the cache file on its own connection and stores the pages it is sent, one transaction each, in the order sent,
 * answering each with the page's counts and change events or the cache error (writerPump.ts). See writerThread.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openOrderCache } from '../cache/openCache';
import { PageWriter } from './pageStore';
import { prepareWriterConnection, WriterPump } from './writerPump';
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
    prepareWriterConnection(cache, data.shortcuts);
    const pump = new WriterPump(
      cache,
      new PageWriter(cache, data.baseline, data.deferIndexes, data.shortcuts),
      reply,
      () => port.close(),
    );
    port.on('message', (request: WriterRequest) => pump.push(request));
    reply({ kind: 'ready' });
  }
}
