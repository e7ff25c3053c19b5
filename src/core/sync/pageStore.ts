import type { OrderCache } from '../cache/orderCache';
import type { CacheError } from '../../shared/errors/cacheErrors';
import type { PageWriteResult, WriterShortcuts } from '../cache/upsertOrders';
import { DEFER_SUMS_BY_DEFAULT } from '../cache/deferredSums';
import { err, ok, type Result } from '../result';
import type { Order, SkippedOrder } from '../../shared/domain/order';
import { describeOrderChange, type ChangeEvent } from './changeEvents';
import type { SyncError } from '../../shared/errors/syncErrors';
import type { AnswerTime } from './platformClock';
import { writeCheckpointRow, type CheckpointRow } from './checkpoint';

/** A change event as stored in the cache's outbox, with its sequence number. */
export type StoredChangeEvent = ChangeEvent & { seq: number };

export interface SyncCounters {
  inserted: number;
  updated: number;
  unchanged: number;
  events: number;
  /** Distinct orders that could not be decoded or stored: reported, skipped, fetched again by the next sync. */
  skipped: number;
  /** The first SKIPPED_LISTED of them. */
  skippedOrders: SkippedOrder[];
}

/** Skipped orders listed by ID in a sync's result (all of them are counted). */
export const SKIPPED_LISTED = 100;

/**
 * New rows wait for the full-text index until this many have accumulated: one FTS segment per batch costs about
 * a third of one per page, and queries cover waiting rows with LIKE meanwhile.
 */
export const SEARCH_INDEX_BATCH_ROWS = 5_000;

/**
 * Where a sync's pages are stored: on this thread (each page committed before `write` returns) or by a writer
 * thread with its own connection (pages queued and committed in order while the next ones are fetched). Both
 * report each page's change events only after its commit, and write checkpoint rows (`record`) on the connection
 * that writes the pages, only once every page written before them has committed — the checkpoint never claims
 * orders that are not stored, and while a sync runs one connection writes the cache (a second one waited for the
 * write lock behind the page transactions and failed with SQLITE_BUSY: docs/PERFORMANCE.md "Scale").
 */
export interface PageStore {
  /**
   * Stores one page (one transaction). An error known at once is returned; a later one goes to `watch`.
   * `bodyChars`: the length of the response the page came in (what a queued page holds in memory), if known.
   */
  write(
    orders: readonly Order[],
    at: AnswerTime,
    skipped: readonly SkippedOrder[],
    bodyChars?: number,
  ): Result<void, SyncError>;
  /**
   * The bulk of the pages is written (a full sync's windows): the end-of-load work (PageWriter.finish) may run
   * now, while the last pages (the catch-up) are still being fetched. A failure reaches `watch` and the next write.
   */
  loaded(): void;
  /**
   * Writes `row` once every page written so far has committed, then calls `done` with the rows it changed or the
   * failure. A failed row stops the writer thread like a failed page (except the lease's heartbeat); after a
   * failure nothing more is written and `done` gets that failure; after a crash (a throw on this side), nothing.
   */
  record(row: CheckpointRow, done: (written: Result<number, SyncError>) => void): void;
  /** Undefined while few pages wait; else resolves once the writer has caught up enough to fetch more. */
  ready(): Promise<void> | undefined;
  /** Waits for every written page and `afterCommitted` callback: the first write failure, if any. */
  settled(): Promise<Result<void, SyncError>>;
  /** Calls `listener` with a write failure found after `write` returned; returns the unsubscribe. */
  watch(listener: (error: SyncError) => void): () => void;
  /** Releases the writer (waits for what is queued). */
  close(): Promise<void>;
}

/** Counts one committed page and hands its events to the listener. */
export class PageAccounting {
  // An order is fetched more than once by one sync (the catch-up poll, a re-paged window): counted once.
  private readonly skippedIds = new Set<string>();

  constructor(
    private readonly counters: SyncCounters,
    private readonly onChange: ((e: StoredChangeEvent) => void) | undefined,
  ) {}

  skip(orders: readonly SkippedOrder[]): void {
    for (const o of orders) {
      if (this.skippedIds.has(o.id)) continue;
      this.skippedIds.add(o.id);
      this.counters.skipped++;
      if (this.counters.skippedOrders.length < SKIPPED_LISTED) this.counters.skippedOrders.push(o);
    }
  }

  committed(written: PageWriteResult<ChangeEvent>): void {
    this.skip(written.skipped);
    this.counters.inserted += written.inserted;
    this.counters.updated += written.updated;
    this.counters.unchanged += written.unchanged;
    this.counters.events += written.events.length;
    if (this.onChange) for (const e of written.events) this.onChange(e as StoredChangeEvent);
  }
}

/**
 * Writes one page on `cache`'s connection and, every SEARCH_INDEX_BATCH_ROWS new rows, indexes them: the work
 * of a page, wherever it runs (this thread or the writer thread).
 */
export class PageWriter {
  private waitingForIndex = 0;
  private deferring: boolean;
  private finished = false;

  constructor(
    private readonly cache: OrderCache,
    private readonly baseline: boolean,
    /** Load without the secondary indexes, created by `finish` (a first full sync into an empty cache). */
    deferIndexes = false,
    /** The writer's shortcuts (default all): the writer bench and tests turn them off to compare. */
    private readonly shortcuts?: WriterShortcuts,
  ) {
    this.deferring = deferIndexes;
  }

  /** `texts`: each order's JSON.stringify text, when the caller has it (the writer thread receives pages so). */
  write(
    orders: readonly Order[],
    at: AnswerTime,
    texts?: readonly string[],
  ): Result<PageWriteResult<ChangeEvent>, CacheError> {
    if (this.deferring) {
      // At the first page, on the connection that writes: opening a connection creates deferred indexes again.
      this.deferring = false;
      const deferred = this.cache.deferIndexes({ sums: this.shortcuts?.deferSums ?? DEFER_SUMS_BY_DEFAULT });
      if (!deferred.ok) return deferred;
    }
    const written = this.cache.applyPage<ChangeEvent>(orders, {
      seenAtMs: at.seenAtMs,
      answeredMs: at.answeredMs,
      baseline: this.baseline,
      describe: describeOrderChange,
      ...(texts === undefined ? {} : { texts }),
      ...(this.shortcuts === undefined ? {} : { shortcuts: this.shortcuts }),
    });
    if (!written.ok) return written;
    this.waitingForIndex += written.value.inserted;
    if (this.waitingForIndex >= SEARCH_INDEX_BATCH_ROWS) {
      this.waitingForIndex = 0;
      const indexed = this.cache.indexPendingSearchRows();
      if (!indexed.ok) return indexed;
    }
    return written;
  }

  /**
   * The pages are all written: indexes the rows still waiting for search (in batches of a page store's own size,
   * each its own transaction) and creates the indexes deferred by the first page, if any, with the rest of the end
   * of a first full sync (deferredIndexes.ts: its steps, with turns for other writers between them).
   */
  finish(): Result<number, CacheError> {
    this.deferring = false;
    this.finished = true;
    const indexed = this.cache.indexPendingSearchRows(SEARCH_INDEX_BATCH_ROWS);
    if (!indexed.ok) return indexed;
    return this.cache.restoreIndexes();
  }

  /**
   * The sync stops (its store closes): rows waiting for search are indexed, and unless `finish` came, the deferred
   * indexes stay deferred while the first sync that deferred them has its run to resume (it failed, was cancelled
   * or paused before its windows were all stored: the resume goes on loading without them, as after a kill).
   */
  stop(): Result<number, CacheError> {
    this.deferring = false;
    const indexed = this.cache.indexPendingSearchRows(SEARCH_INDEX_BATCH_ROWS);
    if (!indexed.ok) return indexed;
    return this.finished ? indexed : this.cache.restoreIndexesUnlessLoading();
  }
}

/** Pages stored on this thread: each commits before `write` returns. */
export function inThreadPageStore(
  cache: OrderCache,
  baseline: boolean,
  counters: SyncCounters,
  onChange: ((e: StoredChangeEvent) => void) | undefined,
  deferIndexes = false,
  shortcuts?: WriterShortcuts,
): PageStore {
  const writer = new PageWriter(cache, baseline, deferIndexes, shortcuts);
  const accounting = new PageAccounting(counters, onChange);
  let loaded = false;
  return {
    write(orders, at, skipped) {
      accounting.skip(skipped);
      const written = writer.write(orders, at);
      if (!written.ok) return err({ kind: 'cache', error: written.error });
      accounting.committed(written.value);
      return ok(undefined);
    },
    // Nothing runs beside a write on this thread: the end-of-load work waits for close, where it costs the same.
    loaded: () => void (loaded = true),
    record(row, done) {
      // Every page written before it has committed already: on this thread `write` returns after the commit.
      const written = writeCheckpointRow(cache, row);
      done(written.ok ? written : err({ kind: 'cache', error: written.error }));
    },
    ready: () => undefined,
    settled: () => Promise.resolve(ok(undefined)),
    watch: () => () => {},
    close: () => {
      // A failure here is reported by the sync. Closed before its windows were all stored (failed, cancelled), a
      // first sync leaves its indexes deferred for its resume.
      if (loaded) writer.finish();
      else writer.stop();
      return Promise.resolve();
    },
  };
}
