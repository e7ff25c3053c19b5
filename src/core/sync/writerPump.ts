import type { CacheError } from '../../shared/errors/cacheErrors';
import type { Order } from '../../shared/domain/order';
import type { OrderCache } from '../cache/orderCache';
import { ALL_SHORTCUTS, type WriterShortcuts } from '../cache/upsertOrders';
import { err, type Result } from '../result';
import { writeCheckpointRow } from './checkpoint';
import type { PageWriter } from './pageStore';
import type { WriterCpu, WriterReply, WriterRequest } from './writerProtocol';

/**
 * WAL pages between two automatic checkpoints on the writer thread's connection (SQLite's default: 1,000). A page of
 * 100 orders rewrites ~180 B-tree pages, many of them the same ones page after page (the day and month sums, the
 * tails of the tables and indexes): each checkpoint copies them into the file again, and in a first sync a
 * checkpoint came every 5–6 pages. 10,000 pages (40 MiB of WAL at most) made the writer bench's CPU ~4 % lower an
 * order (docs/PERFORMANCE.md §8 "Seventh pass"). Readers are not slowed (they find a page in the WAL through its
 * index), and a connection's next commit after the sync checkpoints what is left.
 */
export const WRITER_WAL_CHECKPOINT_PAGES = 10_000;

/** The writer thread's connection, set up for writing pages (`shortcuts` default all). */
export function prepareWriterConnection(cache: OrderCache, shortcuts: WriterShortcuts = ALL_SHORTCUTS): void {
  if (shortcuts.fewerCheckpoints) cache.db.pragma(`wal_autocheckpoint = ${WRITER_WAL_CHECKPOINT_PAGES}`);
}

/** This thread's CPU time so far, ms (user + system). */
export function threadCpuMs(): number {
  const used = process.threadCpuUsage();
  return (used.user + used.system) / 1000;
}

/**
 * The writer thread's work on what it is sent (pageWriterThread.ts): every request in the order sent, one page a
 * transaction, each answered through `reply` after its commit. A page arrives as one JSON text an order, parsed only
 * when it is written. After the first failure nothing more is written: a checkpoint row sent after a page that
 * failed would claim orders that are not stored. (Several waiting pages in one transaction were measured: no less
 * CPU an order, and a longer hold of the write lock: docs/PERFORMANCE.md §8 "Fifth pass: the writer".)
 */
export class WriterPump {
  private closed = false;
  private failure: CacheError | undefined;
  /** CPU ms spent so far per kind of work (reported in the `closed` reply). */
  private readonly cpu = { pagesMs: 0, endOfLoadMs: 0, closeMs: 0 };

  constructor(
    private readonly cache: OrderCache,
    private readonly writer: PageWriter,
    private readonly reply: (message: WriterReply) => void,
    /** After `close` has been handled (the cache is closed and `closed` replied). */
    private readonly onClosed: () => void,
    /** This thread's CPU clock (ms); the writer bench, which plays the thread on its own, passes its own. */
    private readonly cpuMs: () => number = threadCpuMs,
  ) {}

  push(request: WriterRequest): void {
    if (this.closed) return;
    const started = this.cpuMs();
    if (request.kind === 'page' && !this.failure) {
      const orders = request.texts.map((text) => JSON.parse(text) as Order);
      // The texts are JSON.stringify of these orders (writerThread.ts): stored as they came, not stringified again.
      this.reply({ kind: 'page', result: this.noted(this.writer.write(orders, request.at, request.texts)) });
    } else if (request.kind === 'close') {
      this.close(started);
      return;
    } else this.handle(request);
    this.cpu[request.kind === 'finish' ? 'endOfLoadMs' : 'pagesMs'] += this.cpuMs() - started;
  }

  /** What was written so far cost this much CPU (ms per kind of work; `threadMs` is the clock's reading now). */
  cpuSpent(): WriterCpu {
    return { threadMs: this.cpuMs(), ...this.cpu };
  }

  private close(started: number): void {
    // What the catch-up stored is indexed here, off the syncing thread; had `finish` not come (the sync failed or
    // was cancelled while loading), a first sync's deferred indexes stay deferred for its resume (PageWriter.stop).
    this.closed = true;
    this.writer.stop();
    this.cache.close();
    this.cpu.closeMs += this.cpuMs() - started;
    this.reply({ kind: 'closed', cpu: this.cpuSpent() });
    this.onClosed();
  }

  private noted<T>(result: Result<T, CacheError>): Result<T, CacheError> {
    if (!result.ok) this.failure ??= result.error;
    return result;
  }

  private handle(request: Exclude<WriterRequest, { kind: 'close' }>): void {
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
    }
    // A page reaches here only after a failure (refused above).
  }
}
