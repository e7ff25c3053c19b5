import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SkippedOrder } from '../../shared/domain/order';
import { err, ok, type Result } from '../result';
import { PageAccounting, type PageStore, type StoredChangeEvent, type SyncCounters } from './pageStore';
import type { SyncError } from '../../shared/errors/syncErrors';
import type { WriterReply, WriterRequest, WriterThreadData } from './writerProtocol';
import type { AnswerTime } from './platformClock';
import type { CheckpointRow } from './checkpoint';
import type { WriterShortcuts } from '../cache/upsertOrders';

/** The writer thread's file name in the CLI and app bundles (see vite.cli.config.ts, electron.vite.config.ts). */
export const WRITER_THREAD_FILE = 'page-writer-thread.js';

/**
 * Pages fetched but not yet committed, at most: a fetch that would exceed it waits (memory stays bounded, and
 * the fetching side never runs far ahead of what a killed sync keeps). 24, not fewer: every 5,000 new orders the
 * writer stops for a search-index batch (0.2–0.3 s), while which 4 requests at 50 ms bring 16–20 pages; with
 * room for 4 the fetching stalled behind every batch (wall ÷ fetch-only floor 1.63 → 1.31, docs/PERFORMANCE.md).
 */
export const WRITER_QUEUE_PAGES = 24;

/**
 * Response characters of the pages waiting, at most (a second bound beside the page count): 24 pages of 100
 * orders are ~6 M characters, but a platform may send pages up to the body cap (32 MB) each.
 */
export const WRITER_QUEUE_CHARS = 16 * 1024 * 1024;

/**
 * The writer thread's entry beside this bundle (the file holding this code is the entry or one of its chunks),
 * or undefined — from sources (tests), or a bundle built without it: the sync then writes on its own thread.
 */
export function findWriterThreadEntry(): URL | undefined {
  for (const relative of [`./${WRITER_THREAD_FILE}`, `../${WRITER_THREAD_FILE}`]) {
    const url = new URL(relative, import.meta.url);
    if (url.protocol === 'file:' && existsSync(fileURLToPath(url))) return url;
  }
  return undefined;
}

/**
 * The writer thread's young generation, MB. V8's default (tens of MB a semi-space) lets the garbage of every page
 * (parsed orders, row objects, compressed documents) pile up between scavenges: with it, the syncing process held
 * ~700 MB anonymous memory at 100,000 orders (docs/PERFORMANCE.md "Scale"). Scavenges of a small young generation
 * are cheap: what a page leaves alive is little.
 */
export const WRITER_YOUNG_GENERATION_MB = 8;

type Queued =
  | { kind: 'page'; skipped: readonly SkippedOrder[]; chars: number }
  | { kind: 'finish' }
  | { kind: 'record'; row: CheckpointRow; done: (written: Result<number, SyncError>) => void };

/**
 * Starts the writer thread on `file` and resolves to its PageStore once the thread has opened the file, or to
 * undefined when it cannot start (the caller writes on its own thread instead).
 */
export function startWriterThread(options: {
  entry: URL;
  file: string;
  baseline: boolean;
  /** Store without the secondary indexes, built as the writer closes (a first full sync into an empty cache). */
  deferIndexes?: boolean;
  counters: SyncCounters;
  onChange: ((e: StoredChangeEvent) => void) | undefined;
  /** The page writer's shortcuts (default all). */
  shortcuts?: WriterShortcuts;
}): Promise<PageStore | undefined> {
  let worker: Worker;
  try {
    worker = new Worker(options.entry, {
      resourceLimits: { maxYoungGenerationSizeMb: WRITER_YOUNG_GENERATION_MB },
      workerData: {
        file: options.file,
        baseline: options.baseline,
        deferIndexes: options.deferIndexes ?? false,
        ...(options.shortcuts ? { shortcuts: options.shortcuts } : {}),
      } satisfies WriterThreadData,
    });
  } catch {
    return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    const started = (message: WriterReply) => {
      worker.off('error', notStarted);
      worker.off('exit', notStarted);
      if (message.kind === 'ready') return resolve(new WriterThreadStore(worker, options));
      void worker.terminate();
      resolve(undefined);
    };
    const notStarted = () => {
      worker.off('message', started);
      resolve(undefined);
    };
    worker.once('message', started);
    worker.once('error', notStarted);
    worker.once('exit', notStarted);
  });
}

/**
 * The sync's side of the writer thread. Pages, checkpoint rows and the end-of-load work go out in order and are
 * answered in order; the queue holds what is not answered yet. The first failure (a cache error, the thread gone)
 * stops everything after it: the writer thread refuses what it is sent after its own failure, and this side sends
 * nothing more.
 */
class WriterThreadStore implements PageStore {
  private readonly queue: Queued[] = [];
  private pagesQueued = 0;
  /** Checkpoint rows sent and not answered yet. */
  private recordsQueued = 0;
  private charsQueued = 0;
  private failure: SyncError | undefined;
  /**
   * A programming error thrown by this side's work on an answer (a change listener, a checkpoint callback): like
   * a throw from an in-thread write, it ends the sync by rejecting (`write` and `settled` throw it).
   */
  private crash: { error: unknown } | undefined;
  private exited = false;
  private readonly exit: Promise<void>;
  private readonly listeners = new Set<(error: SyncError) => void>();
  private waiters: Array<() => void> = [];
  private readonly accounting: PageAccounting;

  constructor(
    private readonly worker: Worker,
    private readonly options: { file: string; counters: SyncCounters; onChange?: (e: StoredChangeEvent) => void },
  ) {
    this.accounting = new PageAccounting(options.counters, options.onChange);
    worker.on('message', (message: WriterReply) => this.onReply(message));
    worker.on('error', (e) => this.fail(`the page writer thread failed: ${e.message}`));
    this.exit = new Promise((resolve) =>
      worker.once('exit', () => {
        this.exited = true;
        if (this.pagesQueued + this.recordsQueued > 0) this.fail('the page writer thread stopped with pages unwritten');
        this.wake();
        resolve();
      }),
    );
  }

  write(
    orders: Parameters<PageStore['write']>[0],
    at: AnswerTime,
    skipped: readonly SkippedOrder[],
    bodyChars = 0,
  ): Result<void, SyncError> {
    if (this.crash) throw this.crash.error;
    if (this.failure) return err(this.failure);
    try {
      const texts = orders.map((order) => JSON.stringify(order));
      this.worker.postMessage({ kind: 'page', texts, at } satisfies WriterRequest);
    } catch (e) {
      return err(this.failed(`a page could not be handed to the writer thread: ${(e as Error).message}`));
    }
    this.queue.push({ kind: 'page', skipped, chars: bodyChars });
    this.pagesQueued++;
    this.charsQueued += bodyChars;
    return ok(undefined);
  }

  loaded(): void {
    if (this.failure || this.crash) return;
    try {
      this.worker.postMessage({ kind: 'finish' } satisfies WriterRequest);
    } catch (e) {
      this.fail(`the end of the load could not be handed to the writer thread: ${(e as Error).message}`);
      return;
    }
    this.queue.push({ kind: 'finish' });
  }

  record(row: CheckpointRow, done: (written: Result<number, SyncError>) => void): void {
    if (this.crash) return;
    if (this.failure) return done(err(this.failure));
    // Closed: nothing more is written (only a heartbeat can come this late, and a missed one is no failure).
    if (this.exited)
      return done(
        err({
          kind: 'cache',
          error: { kind: 'io', file: this.options.file, detail: 'the page writer thread has stopped' },
        }),
      );
    try {
      this.worker.postMessage({ kind: 'record', row } satisfies WriterRequest);
    } catch (e) {
      return done(
        err(this.failed(`a checkpoint row could not be handed to the writer thread: ${(e as Error).message}`)),
      );
    }
    this.queue.push({ kind: 'record', row, done });
    this.recordsQueued++;
  }

  ready(): Promise<void> | undefined {
    return this.full() ? this.untilRoom() : undefined;
  }

  private full(): boolean {
    const full = this.pagesQueued >= WRITER_QUEUE_PAGES || this.charsQueued >= WRITER_QUEUE_CHARS;
    return full && !this.failure && !this.crash && !this.exited;
  }

  /**
   * Resolves once the queue has room again. Every answer of the writer thread wakes the waiters, and each looks
   * again: resolving them all at the first answer (as before) let each of the `parallelism` waiting requests
   * fetch a page per page written, so the queue — and the fetching thread's memory, holding the pages sent but not
   * written yet — grew without bound whenever fetching was faster than writing (2 GB at a million orders).
   */
  private async untilRoom(): Promise<void> {
    while (this.full()) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  async settled(): Promise<Result<void, SyncError>> {
    while (this.pagesQueued + this.recordsQueued > 0 && !this.exited)
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    if (this.crash) throw this.crash.error;
    return this.failure ? err(this.failure) : ok(undefined);
  }

  watch(listener: (error: SyncError) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    await this.settled().catch(() => undefined);
    if (!this.exited) this.worker.postMessage({ kind: 'close' } satisfies WriterRequest);
    await this.exit;
  }

  private onReply(message: WriterReply): void {
    // `closed` carries the thread's CPU time, for the sync bench (which listens on the worker itself).
    if (message.kind === 'ready' || message.kind === 'open-failed' || message.kind === 'closed') return;
    const head = this.queue.shift();
    if (message.kind === 'page') this.pagesQueued--;
    if (message.kind === 'recorded') this.recordsQueued--;
    if (head?.kind === 'page') this.charsQueued -= head.chars;
    const asked = { page: 'page', recorded: 'record', finished: 'finish' } as const;
    try {
      if (head?.kind !== asked[message.kind]) {
        throw new Error(`the writer thread answered a ${message.kind} that was not asked`);
      }
      if (head.kind === 'record' && message.kind === 'recorded') {
        const written = message.result;
        if (written.ok) {
          if (!this.crash) head.done(written);
        } else {
          // The lease's heartbeat may fail without failing the sync (a busy file is no proof of anything).
          const error: SyncError = this.failure ?? { kind: 'cache', error: written.error };
          if (head.row.kind !== 'lease') this.fail(error);
          if (!this.crash) head.done(err(error));
        }
      } else if (!message.result.ok) {
        this.fail({ kind: 'cache', error: message.result.error });
      } else if (!this.crash && head.kind === 'page' && message.kind === 'page') {
        this.accounting.skip(head.skipped);
        this.accounting.committed(message.result.value);
      }
    } catch (error) {
      this.crash ??= { error };
    }
    this.wake();
  }

  private failed(detail: string): SyncError {
    this.fail(detail);
    return this.failure!;
  }

  private fail(cause: SyncError | string): void {
    if (this.failure) return;
    this.failure =
      typeof cause === 'string'
        ? { kind: 'cache', error: { kind: 'io', file: this.options.file, detail: cause } }
        : cause;
    for (const listener of this.listeners) listener(this.failure);
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
