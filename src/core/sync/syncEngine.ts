import { formatIsoInstant } from '../../shared/time/isoInstant';
import type { OrderCache } from '../cache/orderCache';
import { err, ok, type Result } from '../result';
import { Checkpoint, type SyncMode, type SyncRun } from './checkpoint';
import { runFullSync } from './fullSync';
import { runIncrementalSync, updatedSinceFilter } from './incrementalSync';
import type { ProgressListener } from './progress';
import {
  DEFAULT_SYNC_SETTINGS,
  pageWriter,
  type StoredChangeEvent,
  type SyncContext,
  type SyncSettings,
} from './syncContext';
import { describeSyncError, type SyncError } from './syncErrors';
import { SyncLease, type SyncLeaseOptions } from './syncLease';
import type { OrderSource, WindowSyncOptions } from './windowSync';

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
  /** The new watermark (platform time the sync's last poll started). */
  watermark: string;
  durationMs: number;
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
      const result = await this.syncOnce({ ...request, signal });
      return !result.ok && lost.signal.aborted ? err({ kind: 'lease-lost' }) : result;
    } finally {
      lease.value.release();
      this.running = false;
    }
  }

  private async syncOnce(request: SyncRequest): Promise<Result<SyncSummary, SyncError>> {
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
    // A full pass compares content hashes only: a page damaged elsewhere in the file would go unnoticed.
    if (request.full || !baseline || running?.mode === 'full') {
      const intact = cache.checkIntegrity();
      if (!intact.ok) return err({ kind: 'cache', error: intact.error });
    }

    let run: SyncRun;
    let resumed = false;
    if (running && (running.mode === 'full' || (!request.full && baseline))) {
      run = running;
      resumed = true;
    } else {
      const mode: SyncMode = request.full || !baseline || watermarkMs === undefined ? 'full' : 'incremental';
      const filter = mode === 'full' ? {} : updatedSinceFilter(watermarkMs! - this.settings.overlapMs);
      const begun = checkpoint.begin(mode, filter, this.now());
      if (!begun.ok) return err({ kind: 'cache', error: begun.error });
      run = begun.value;
    }

    const counters = { inserted: 0, updated: 0, unchanged: 0, events: 0 };
    const ctx: SyncContext = {
      cache,
      checkpoint,
      source: this.deps.source,
      settings: this.settings,
      now: this.now,
      signal: request.signal,
      onProgress: request.onProgress,
      counters,
      trace: this.deps.trace,
      // Before the first full sync completes there is nothing to compare with: no events, no storm.
      writePage: pageWriter(cache, counters, baseline, request.onChange),
    };
    const outcome = run.mode === 'full' ? await runFullSync(ctx, run) : await runIncrementalSync(ctx, run);
    const indexed = cache.indexPendingSearchRows();
    if (!indexed.ok && outcome.ok) return err({ kind: 'cache', error: indexed.error });
    if (!outcome.ok) {
      checkpoint.finish(run, { ok: false, error: describeSyncError(outcome.error) }, this.now());
      return outcome;
    }
    const cached = cache.orderCount();
    if (!cached.ok) return err({ kind: 'cache', error: cached.error });
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
      watermark: formatIsoInstant(outcome.value.watermarkMs),
      durationMs: this.now() - started,
    };
    const finished = checkpoint.finish(
      run,
      { ok: true, watermarkMs: outcome.value.watermarkMs, stats: summary },
      this.now(),
    );
    if (!finished.ok) return err({ kind: 'cache', error: finished.error });
    return ok(summary);
  }
}

export function createSyncEngine(deps: SyncEngineDeps): SyncEngine {
  return new SyncEngine(deps);
}
