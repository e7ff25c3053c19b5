/**
 * The writer thread's entry (a worker_threads worker, built as its own file beside the CLI and app bundles): opens
 * the cache file on its own connection and stores the pages it is sent, one transaction each, in the order sent,
 * answering each with the page's counts and change events or the cache error (writerPump.ts). See writerThread.ts.
 *
 * The same file, started with `role: COMPRESSOR_ROLE`, is the writer thread's document compressor
 * (docCompressor.ts), which compresses the JSON of the next pages while the writer writes the page before them.
 */
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { openOrderCache } from '../cache/openCache';
import { COMPRESSOR_ROLE, DocCompressor, runDocCompressor } from './docCompressor';
import { PageWriter } from './pageStore';
import { WriterPump } from './writerPump';
import type { WriterReply, WriterRequest, WriterThreadData } from './writerProtocol';

const port = parentPort;
if (port && (workerData as { role?: string } | undefined)?.role === COMPRESSOR_ROLE) {
  runDocCompressor(port);
} else if (port) {
  const data = workerData as WriterThreadData;
  const opened = openOrderCache({ file: data.file });
  const reply = (message: WriterReply) => port.postMessage(message);
  if (!opened.ok) {
    reply({ kind: 'open-failed', error: opened.error });
    port.close();
  } else {
    const cache = opened.value;
    const onMessage = (request: WriterRequest) => pump.push(request);
    const pump: WriterPump = new WriterPump(
      cache,
      new PageWriter(cache, data.baseline, data.deferIndexes),
      data.entry === undefined ? undefined : DocCompressor.start(new URL(data.entry)),
      reply,
      () => port.close(),
      {
        // With no listener the port keeps what arrives queued, for `pull`.
        pause: () => port.off('message', onMessage),
        resume: () => port.on('message', onMessage),
        pull: () => receiveMessageOnPort(port)?.message as WriterRequest | undefined,
      },
    );
    port.on('message', onMessage);
    reply({ kind: 'ready' });
  }
}
