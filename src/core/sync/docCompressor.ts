import { Worker } from 'node:worker_threads';
import { compressDoc, type DocDictionary, type PackedDoc } from '../cache/orderDocs';

/**
 * The writer thread's helper for compressing order documents: a second worker (started by the writer thread from
 * its own entry file) that compresses the JSON of the next pages while the writer thread writes the previous ones.
 * Compression with the preset dictionary is the largest part of storing an order (~70 µs of ~300 with node:zlib,
 * which sets the dictionary up again on every call; docs/PERFORMANCE.md §8 "Fourth pass"), and it needs no
 * database: done here it no longer lengthens the writer thread's path nor its transactions. The documents are the
 * same bytes `compressDoc` makes on the writer thread (the same function, the same dictionary); when this thread
 * is missing or fails, the writer compresses as before.
 */

/** Writer thread → compressor. A dictionary is sent once, before the first request that names its key. */
export type CompressorRequest =
  | { kind: 'dictionary'; key: number; dict: DocDictionary }
  | { kind: 'pack'; seq: number; key: number; texts: string[] };

/** Compressor → writer thread: the documents of request `seq`, end to end in `bytes`, `lengths` each. */
export interface CompressorReply {
  seq: number;
  bytes: Uint8Array;
  lengths: Uint32Array;
}

/** The compressor's young generation, MB (see WRITER_YOUNG_GENERATION_MB in writerThread.ts). */
export const COMPRESSOR_YOUNG_GENERATION_MB = 8;

/** What the writer thread's entry is started with when it is to run the compressor instead. */
export const COMPRESSOR_ROLE = 'doc-compressor';

/** The compressor's side: answers every `pack` in order (runs in the worker started by DocCompressor.start). */
export function runDocCompressor(port: {
  on(event: 'message', listener: (request: CompressorRequest) => void): unknown;
  postMessage(reply: CompressorReply): void;
}): void {
  const dictionaries = new Map<number, DocDictionary>();
  port.on('message', (request) => {
    if (request.kind === 'dictionary') {
      const { id, codec, bytes } = request.dict;
      dictionaries.set(request.key, { id, codec, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length) });
      return;
    }
    const dict = dictionaries.get(request.key);
    if (dict === undefined) throw new Error(`dictionary ${request.key} was not sent`);
    const docs = request.texts.map((text) => compressDoc(dict, text));
    const lengths = Uint32Array.from(docs, (d) => d.length);
    const bytes = Buffer.concat(docs);
    port.postMessage({ seq: request.seq, bytes, lengths });
  });
}

/** The writer thread's side. */
export class DocCompressor {
  private seq = 0;
  private readonly pending = new Map<number, { dict: DocDictionary; done: (docs: PackedDoc[] | undefined) => void }>();
  private readonly keys = new WeakMap<DocDictionary, number>();
  private nextKey = 1;
  private failed = false;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: CompressorReply) => this.onReply(reply));
    const stop = () => this.fail();
    worker.on('error', stop);
    worker.on('exit', stop);
  }

  /** Starts the compressor from `entry` (the writer thread's own file); undefined when it cannot start. */
  static start(entry: string | URL): DocCompressor | undefined {
    try {
      return new DocCompressor(
        new Worker(entry, {
          // As the writer thread's (WRITER_YOUNG_GENERATION_MB): a page's garbage is little; a large young
          // generation only lets it pile up (a default one added ~140 MB RssAnon to a 100,000-order sync).
          resourceLimits: { maxYoungGenerationSizeMb: COMPRESSOR_YOUNG_GENERATION_MB },
          workerData: { role: COMPRESSOR_ROLE },
        }),
      );
    } catch {
      return undefined;
    }
  }

  /**
   * The texts compressed with `dict`, in order; undefined when the compressor has failed (the caller compresses
   * them itself).
   */
  pack(texts: string[], dict: DocDictionary): Promise<PackedDoc[] | undefined> {
    if (this.failed) return Promise.resolve(undefined);
    let key = this.keys.get(dict);
    try {
      if (key === undefined) {
        key = this.nextKey++;
        this.keys.set(dict, key);
        this.worker.postMessage({ kind: 'dictionary', key, dict } satisfies CompressorRequest);
      }
      const seq = ++this.seq;
      this.worker.postMessage({ kind: 'pack', seq, key, texts } satisfies CompressorRequest);
      return new Promise((done) => this.pending.set(seq, { dict, done }));
    } catch {
      this.fail();
      return Promise.resolve(undefined);
    }
  }

  close(): Promise<number> {
    this.fail();
    return this.worker.terminate();
  }

  private onReply(reply: CompressorReply): void {
    const waiting = this.pending.get(reply.seq);
    if (waiting === undefined) return;
    this.pending.delete(reply.seq);
    const bytes = Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength);
    const docs: PackedDoc[] = [];
    let at = 0;
    for (const length of reply.lengths) {
      docs.push({ dict: waiting.dict, doc: bytes.subarray(at, at + length) });
      at += length;
    }
    waiting.done(docs);
  }

  private fail(): void {
    this.failed = true;
    for (const { done } of this.pending.values()) done(undefined);
    this.pending.clear();
  }
}
