import type { SkippedOrder } from '../../shared/domain/order';
import { refetchDamaged } from './refetchDamaged';
import { formatIsoInstant, parseIsoInstant } from '../../shared/time/isoInstant';
import type { OrderCache } from '../cache/orderCache';
import { err, ok, type Result } from '../result';
import { Checkpoint, type SyncMode, type SyncRun } from './checkpoint';
import { runFullSync } from './fullSync';
import { runIncrementalSync, updatedSinceFilter } from './incrementalSync';
import { PlatformClock, type ClockSkew } from './platformClock';
import type { ProgressListener } from './progress';
import { inThreadPageStore, type PageStore, type StoredChangeEvent, type SyncCounters } from './pageStore';
import { DEFAULT_SYNC_SETTINGS, type SyncContext, type SyncSettings } from './syncContext';
import { checkDataSet, type DataSetSource } from './dataSetWatch';
import { describeSyncError, type SyncError } from '../../shared/errors/syncErrors';
import { SyncLease, type SyncLeaseOptions } from './syncLease';
import type { OrderSource, WindowSyncOptions } from './windowSync';
import { findWriterThreadEntry, startWriterThread, WRITER_QUEUE_PAGES } from './writerThread';
import type { WriterShortcuts } from '../cache/upsertOrders';
import { StartingPageStore } from './startingPageStore';

export interface SyncEngineDeps {
  cache: OrderCache;
  /** The platform's order list (SellerApi). */
  source: OrderSource;
  settings?: Partial<SyncSettings>;
  /** Local clock (progress, bookkeeping); platform times come from the answers. */
  now?: () => number;
  /** HTTP requests sent so far (retries included), when the caller counts them at the transport. */
  requestCount?: () => number;
  /** Window-level diagnostics (probes, splits, repairs). */
  trace?: WindowSyncOptions['trace'];
  /** The cross-process sync lease (tests inject the PID, host and liveness check). */
  lease?: SyncLeaseOptions;
  /** Data-set IDs the platform's answers named (the sandbox's; see dataSetWatch.ts). Checked before every write. */
  dataSets?: DataSetSource;
  /**
   * Where a full sync stores its pages: the writer thread started from this entry file (default: the one built
   * beside this bundle, see writerThread.ts), or `false`: on this thread. Without the file, or when the thread
   * cannot start, pages are stored on this thread. Incremental polls always store on this thread (few pages).
   */
  writerThread?: URL | false;
  /** The page writer's shortcuts (default all): the sync bench turns them off to compare, in one process. */
  writerShortcuts?: WriterShortcuts;
}

export interface SyncRequest {
  /** Fetch every order again (resuming an unfinished full sync if there is one). */
  full?: boolean;
  onProgress?: ProgressListener;
  /** Each change event, after the page that produced it has committed. */
  onChange?: (event: StoredChangeEvent) => void;
  signal?: AbortSignal;
}

export interface SyncSummary {
  mode: SyncMode;
  /** Continued an unfinished run from its checkpoint. */
  resumed: boolean;
  /** Requests to the platform (HTTP requests when the transport counts them, else order-list calls). */
  requests: number;
  /** Orders received (a re-fetched order counts each time). */
  fetched: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Windows completed by this sync. */
  windows: number;
  /** Windows fetched again because their list moved while they were paged. */
  refetches: number;
  /** Orders in the cache afterwards. */
  cached: number;
  events: number;
  /** Orders that could not be decoded or stored (the rest of their page was): the next full sync tries again. */
  skipped: number;
  /** The first 100 of them, by ID, with the reason. */
  skippedOrders: SkippedOrder[];
  /** The new watermark (platform time the sync's last poll started; never past the local clock plus a margin). */
  watermark: string;
  durationMs: number;
  /** The platform's clock (or the stored watermark) was more than a day off the local clock, which stood in. */
  clockSkew?: ClockSkew;
}

/**
 * Keeps one merchant's cache complete and current. `sync()` picks the work: a full sync when asked or when the
 * cache has no baseline yet, the unfinished run when there is one (resumed from its checkpoint), else an
 * incremental poll from the watermark.
 */
export class SyncEngine {
  private readonly settings: SyncSettings;
  private readonly now: () => number;
  private running = false;

  constructor(private readonly deps: SyncEngineDeps) {
    this.settings = { ...DEFAULT_SYNC_SETTINGS, ...deps.settings };
    if (!Number.isInteger(this.settings.parallelism) || this.settings.parallelism < 1) this.settings.parallelism = 1;
    this.now = deps.now ?? Date.now;
  }

  async sync(request: SyncRequest = {}): Promise<Result<SyncSummary, SyncError>> {
    if (this.running) return err({ kind: 'busy' });
    this.running = true;
    // One sync per cache file across processes (the app and a CLI run); see syncLease.ts. Should another process
    // take the lease over (this one looked dead), this sync stops at once.
    const lost = new AbortController();
    const lease = SyncLease.acquire(this.deps.cache, { ...this.deps.lease, onLost: () => lost.abort() });
    if (!lease.ok) {
      this.running = false;
      return lease;
    }
    try {
      const signal = request.signal ? AbortSignal.any([request.signal, lost.signal]) : lost.signal;
      const result = await this.syncOnce({ ...request, signal }, lease.value);
      return !result.ok && lost.signal.aborted ? err({ kind: 'lease-lost' }) : result;
    } finally {
      lease.value.release();
      this.running = false;
    }
  }

  private async syncOnce(request: SyncRequest, lease: SyncLease): Promise<Result<SyncSummary, SyncError>> {
    const { cache } = this.deps;
    const started = this.now();
    const requestsBefore = this.deps.requestCount?.();
    const checkpoint = new Checkpoint(cache);
    // Rows a killed sync stored but did not index yet.
    const leftover = cache.indexPendingSearchRows();
    if (!leftover.ok) return err({ kind: 'cache', error: leftover.error });
    const status = checkpoint.status();
    if (!status.ok) return err({ kind: 'cache', error: status.error });
    const { baseline, watermarkMs, running } = status.value;
    // Orders whose stored copy was found damaged are fetched again first, by ID.
    const repaired = await refetchDamaged(cache, this.deps.source, this.now, baseline);
    if (!repaired.ok) return repaired;
    const clock = new PlatformClock(this.now);
    // A full pass compares content hashes only: a page damaged elsewhere in the file would go unnoticed.
    if (request.full || !baseline || running?.mode === 'full') {
      const intact = cache.checkIntegrity();
      if (!intact.ok) return err({ kind: 'cache', error: intact.error });
    }

    // A watermark past the local clock (set by a platform clock that was far ahead, before it was capped) would
    // hide every change until then: only a full sync can be sure of the cache again. The same for an unfinished
    // poll asking for updates since then.
    const pollFrom = parseIsoInstant(running?.baseFilter.updateBeginDate);
    const resumable = running && (running.mode === 'full' || pollFrom === undefined || clock.trusts(pollFrom));
    let run: SyncRun;
    let resumed = false;
    if (running && resumable && (running.mode === 'full' || (!request.full && baseline))) {
      run = running;
      resumed = true;
    } else {
      const trusted = watermarkMs !== undefined && clock.trusts(watermarkMs);
      const mode: SyncMode = request.full || !baseline || !trusted ? 'full' : 'incremental';
      const filter = mode === 'full' ? {} : updatedSinceFilter(watermarkMs! - this.settings.overlapMs);
      run = checkpoint.plan(mode, filter, this.now());
    }

    // IDs named before this sync (another command, a sync before a rebuild) are not this sync's business.
    this.deps.dataSets?.take();
    const dataSetOk = () => (this.deps.dataSets ? checkDataSet(cache, this.deps.dataSets.take()) : ok(undefined));
    const counters: SyncCounters = {
      inserted: 0,
      updated: 0,
      unchanged: 0,
      events: 0,
      skipped: 0,
      skippedOrders: [],
    };
    // Before the first full sync completes there is nothing to compare with: no events, no storm.
    // The first full sync into an empty cache loads without the secondary indexes and builds them at the end; so
    // does its resume after a kill while it was loading (opening the file left them deferred).
    const empty = cache.orderCount();
    if (!empty.ok) return err({ kind: 'cache', error: empty.error });
    const loading = resumed ? cache.loadingWithoutIndexes() : ok(false);
    if (!loading.ok) return err({ kind: 'cache', error: loading.error });
    const deferIndexes = run.mode === 'full' && !baseline && (empty.value === 0 || loading.value);
    // The first requests go out while the writer thread starts (StartingPageStore keeps what comes meanwhile).
    const writes = new StartingPageStore(
      this.pageStore(run.mode, baseline, deferIndexes, counters, request.onChange),
      WRITER_QUEUE_PAGES,
    );
    // While the pages are being stored, the writer's connection writes the heartbeat too (see CheckpointRow).
    lease.beatThrough(writes);
    try {
      return await this.runWith(writes, { run, resumed, started, requestsBefore, counters, clock, dataSetOk, request });
    } finally {
      lease.beatThrough(undefined);
      await writes.close();
      // Also after a throw. A first sync that stopped while loading (failed, cancelled) keeps its indexes deferred
      // for its resume; otherwise what an earlier end left is finished, a step per event-loop turn (a cancel or
      // pause stops it after its step: the rest is left to the upkeep or the next sync).
      await cache.finishEndOfSync(request.signal ? { signal: request.signal } : {});
    }
  }

  private async pageStore(
    mode: SyncMode,
    baseline: boolean,
    deferIndexes: boolean,
    counters: SyncCounters,
    onChange: SyncRequest['onChange'],
  ): Promise<PageStore> {
    const { cache } = this.deps;
    const entry = this.deps.writerThread ?? findWriterThreadEntry();
    // A full sync is CPU-bound on storing: the writer thread stores pages on the second core while this one
    // fetches and decodes the next (and queries on this connection no longer wait behind page writes).
    if (mode === 'full' && entry) {
      const shortcuts = this.deps.writerShortcuts;
      const thread = await startWriterThread({
        entry,
        file: cache.file,
        baseline,
        deferIndexes,
        counters,
        onChange,
        ...(shortcuts ? { shortcuts } : {}),
      });
      if (thread) return thread;
    }
    return inThreadPageStore(cache, baseline, counters, onChange, deferIndexes, this.deps.writerShortcuts);
  }

  private async runWith(store: PageStore, sync: PlannedSync): Promise<Result<SyncSummary, SyncError>> {
    const { run, resumed, started, requestsBefore, counters, clock, dataSetOk, request } = sync;
    const { cache } = this.deps;
    const checkpoint = new Checkpoint(cache);
    const ctx: SyncContext = {
      cache,
      checkpoint,
      source: this.deps.source,
      settings: this.settings,
      now: this.now,
      clock,
      signal: request.signal,
      onProgress: request.onProgress,
      counters,
      trace: this.deps.trace,
      // A page from another data set is refused before anything of it is stored or recorded.
      writes: checkedFirst(store, () => {
        // A page from another data set is refused before anything of it is stored or recorded.
        const checked = dataSetOk();
        if (!checked.ok) return checked;
        // The run is recorded at its first answer: a sync that fetched nothing leaves nothing to resume.
        if (run.status === 'planned') {
          const recorded = checkpoint.record(run);
          if (!recorded.ok) return err({ kind: 'cache', error: recorded.error });
        }
        return ok(undefined);
      }),
    };
    const synced = run.mode === 'full' ? await runFullSync(ctx, run) : await runIncrementalSync(ctx, run);
    // Every page is committed by now; the writer thread's connection is closed before the last bookkeeping.
    await store.close();
    // The writer built any deferred indexes as it finished loading; should that have failed, here again (in steps,
    // the event loop free between them), and reported. Not while a first sync that failed is still loading.
    const restored = await cache.finishEndOfSync(request.signal ? { signal: request.signal } : {});
    if (!restored.ok) return err({ kind: 'cache', error: restored.error });
    // A poll that stored nothing still must not move the watermark onto another data set.
    const settled = synced.ok ? dataSetOk() : ok(undefined);
    const outcome = settled.ok ? synced : settled;
    const indexed = cache.indexPendingSearchRows();
    if (!indexed.ok && outcome.ok) return err({ kind: 'cache', error: indexed.error });
    if (!outcome.ok) {
      checkpoint.finish(run, { ok: false, error: describeSyncError(outcome.error) }, this.now());
      return outcome;
    }
    const cached = cache.orderCount();
    if (!cached.ok) return err({ kind: 'cache', error: cached.error });
    const newWatermarkMs = clock.capWatermark(outcome.value.watermarkMs);
    const summary: SyncSummary = {
      mode: run.mode,
      resumed,
      requests: requestsBefore !== undefined ? this.deps.requestCount!() - requestsBefore : outcome.value.requests,
      fetched: outcome.value.fetched,
      inserted: counters.inserted,
      updated: counters.updated,
      unchanged: counters.unchanged,
      windows: outcome.value.windows,
      refetches: outcome.value.refetches,
      cached: cached.value,
      events: counters.events,
      skipped: counters.skipped,
      skippedOrders: counters.skippedOrders,
      watermark: formatIsoInstant(newWatermarkMs),
      durationMs: this.now() - started,
      ...(clock.skew ? { clockSkew: clock.skew } : {}),
    };
    const finished = checkpoint.finish(run, { ok: true, watermarkMs: newWatermarkMs, stats: summary }, this.now());
    if (!finished.ok) return err({ kind: 'cache', error: finished.error });
    return ok(summary);
  }
}

/** What syncOnce decided before the first request. */
interface PlannedSync {
  run: SyncRun;
  resumed: boolean;
  /** Local time the sync started. */
  started: number;
  requestsBefore: number | undefined;
  counters: SyncCounters;
  clock: PlatformClock;
  dataSetOk: () => Result<void, SyncError>;
  request: SyncRequest;
}

/** `store`, with `check` run before every page is handed to it (a failed check stops the page and the sync). */
function checkedFirst(store: PageStore, check: () => Result<void, SyncError>): PageStore {
  return {
    write(orders, at, skipped, bodyChars) {
      const checked = check();
      return checked.ok ? store.write(orders, at, skipped, bodyChars) : checked;
    },
    loaded: () => store.loaded(),
    record: (row, done) => store.record(row, done),
    ready: () => store.ready(),
    settled: () => store.settled(),
    watch: (listener) => store.watch(listener),
    close: () => store.close(),
  };
}
