import type { CacheError } from '../../shared/errors/cacheErrors';
import type { Order } from '../../shared/domain/order';
import type { OrderCache } from '../cache/orderCache';
import type { PackedDoc } from '../cache/orderDocs';
import { prepareOrders, type PreparedOrder } from '../cache/upsertOrders';
import { err, type Result } from '../result';
import { writeCheckpointRow } from './checkpoint';
import type { DocCompressor } from './docCompressor';
import type { PageWriter } from './pageStore';
import type { WriterReply, WriterRequest } from './writerProtocol';

/**
 * Pages whose columns and documents are prepared ahead of the one being written: enough to keep the compressor busy
 * while a page (or a full-text batch) is written, few enough that a failure wastes little.
 */
export const PAGES_PREPARED_AHEAD = 3;

/**
 * Where requests come from while the pump works: it stops their delivery (`pause`) and takes them one at a time
 * (`pull`) as it needs them, so that while it waits for the compressor the requests behind stay serialised in the
 * port's queue instead of all being delivered and held decoded (24 pages of orders in the writer thread's heap:
 * ~100 MB more RssAnon at 100,000 orders); `resume` when it has nothing left to do.
 */
export interface RequestSource {
  pause(): void;
  resume(): void;
  pull(): WriterRequest | undefined;
}

/** A request waiting its turn, with its page's documents once asked for (one per text). */
interface Job {
  request: WriterRequest;
  ahead?: Promise<PackedDoc[] | undefined>;
}

/**
 * The writer thread's work on what it is sent (pageWriterThread.ts): every request in the order sent, one page a
 * transaction, each answered through `reply`. With a compressor, the next PAGES_PREPARED_AHEAD pages' JSON texts
 * are compressed on the compressor's thread while the page before them is written; the writer parses a page's
 * orders and computes their row columns when it writes it. After the first failure nothing more is written: a
 * checkpoint row sent after a page that failed would claim orders that are not stored.
 */
export class WriterPump {
  private readonly jobs: Job[] = [];
  private pumping = false;
  private closed = false;
  private failure: CacheError | undefined;

  constructor(
    private readonly cache: OrderCache,
    private readonly writer: PageWriter,
    private readonly compressor: DocCompressor | undefined,
    private readonly reply: (message: WriterReply) => void,
    /** After `close` has been handled (the cache is closed). */
    private readonly onClosed: () => void,
    private readonly source?: RequestSource,
  ) {}

  push(request: WriterRequest): void {
    if (this.closed) return;
    this.jobs.push({ request });
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    this.source?.pause();
    try {
      for (;;) {
        // The page being written and the ones prepared ahead of it, no more, are taken from the port.
        while (this.source && this.jobs.length <= PAGES_PREPARED_AHEAD) {
          const next = this.source.pull();
          if (next === undefined) break;
          this.jobs.push({ request: next });
        }
        if (this.jobs.length === 0 || this.closed) break;
        this.prepareNext();
        const job = this.jobs[0]!;
        const packed = job.ahead === undefined ? undefined : await job.ahead;
        this.jobs.shift();
        this.handle(job.request, packed);
      }
    } finally {
      this.pumping = false;
      if (!this.closed) this.source?.resume();
    }
  }

  /** Asks for the next pages' documents, up to PAGES_PREPARED_AHEAD pages ahead. */
  private prepareNext(): void {
    const compressor = this.compressor;
    if (compressor === undefined || this.failure) return;
    let pages = 0;
    for (const job of this.jobs) {
      if (job.request.kind !== 'page') continue;
      if (++pages > PAGES_PREPARED_AHEAD) break;
      job.ahead ??= this.packAhead(compressor, job.request.texts);
    }
  }

  /** The page's texts compressed by the compressor (left to the transaction when it cannot). */
  private packAhead(compressor: DocCompressor, texts: readonly string[]): Promise<PackedDoc[] | undefined> | undefined {
    const dict = this.cache.docDictionary();
    // No dictionary yet (a fresh cache's first page builds it in its transaction): compressed there.
    if (dict === undefined || dict.id === 0) return undefined;
    return compressor.pack([...texts], dict);
  }

  private noted<T>(result: Result<T, CacheError>): Result<T, CacheError> {
    if (!result.ok) this.failure ??= result.error;
    return result;
  }

  private handle(request: WriterRequest, packed: PackedDoc[] | undefined): void {
    if (request.kind === 'close') {
      // What the catch-up stored is indexed here (and deferred indexes built, had `finish` not come), off the
      // syncing thread; a failure is retried and reported by the sync.
      this.closed = true;
      this.writer.finish();
      this.cache.close();
      void this.compressor?.close();
      this.onClosed();
      return;
    }
    if (this.failure) {
      const refused = err(this.failure);
      if (request.kind === 'finish') this.reply({ kind: 'finished', result: refused });
      else
        this.reply(
          request.kind === 'record' ? { kind: 'recorded', result: refused } : { kind: 'page', result: refused },
        );
      return;
    }
    if (request.kind === 'finish') {
      this.reply({ kind: 'finished', result: this.noted(this.writer.finish()) });
    } else if (request.kind === 'record') {
      const written = writeCheckpointRow(this.cache, request.row);
      // A heartbeat that could not be written claims nothing (the lease treats it as a busy file): not a failure.
      this.reply({ kind: 'recorded', result: request.row.kind === 'lease' ? written : this.noted(written) });
    } else {
      const orders = request.texts.map((text) => JSON.parse(text) as Order);
      let prepared: Array<PreparedOrder | undefined> | undefined;
      if (packed !== undefined) {
        prepared = prepareOrders(orders);
        // A document made ahead is used only for exactly the text the row's columns hold.
        prepared.forEach((p, i) => {
          if (p !== undefined && p.columns.json === request.texts[i]) p.packed = packed[i];
        });
      }
      this.reply({ kind: 'page', result: this.noted(this.writer.write(orders, request.at, prepared)) });
    }
  }
}
