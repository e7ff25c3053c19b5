import { existsSync } from 'node:fs';
import { openOrderCache, setCacheFileAside } from '../cache/openCache';
import { err, ok, type Result } from '../result';
import { Checkpoint, type SyncStatus } from '../sync/checkpoint';
import { countingTransport } from '../sync/countingTransport';
import { watchDataSet } from '../sync/dataSetWatch';
import type { ProgressListener } from '../sync/progress';
import { SyncEngine, type SyncSummary } from '../sync/syncEngine';
import type { StoredChangeEvent } from '../sync/syncContext';
import { SyncLease } from '../sync/syncLease';
import type { ClientDeps } from '../api/clientDeps';
import { SellerApi } from '../api/sellerApi';
import type { AppError } from '../../shared/errors/appError';
import type { Session } from './session';
import { appErrorFromApi, appErrorFromCache, appErrorFromSync } from './sessionErrors';
import { learnAfterSalesStatuses, type LearnedStatuses } from '../afterSales/learnStatuses';

/** Sync use cases: sync now (incremental, full or rebuild), the cache's sync status, and pausing the poller. */

export const DEFAULT_SYNC_PARALLELISM = 4;

export interface SyncNowOptions {
  full?: boolean;
  /** Set the cache file aside (kept, renamed) and fetch every order into a new one. */
  rebuild?: boolean;
  /** Requests in flight, 1-16. */
  parallelism?: number;
  /** Orders per request (the platform maximum by default; tests shrink it to split windows cheaply). */
  pageSize?: number;
  onProgress?: ProgressListener;
  onChange?: (event: StoredChangeEvent) => void;
  /** Where the old file went, on a rebuild (said before the sync starts). */
  onSetAside?: (file: string) => void;
  /** The cache is open and the sync starts. */
  onStart?: (file: string) => void;
  signal?: AbortSignal;
}

export interface SyncNowResult extends SyncSummary {
  file: string;
  /** Where a rebuild kept the old file. */
  keptAs: string | null;
  /**
   * The after-sales states learned through the filter after the sync (its requests are not in `requests`; its
   * changes went to `onChange` like the sync's); null when asking failed (`afterSalesError` says why; the orders
   * synced are kept).
   */
  afterSales: LearnedStatuses | null;
  afterSalesError: AppError | null;
}

function checkParallelism(n: number): AppError | undefined {
  return Number.isInteger(n) && n >= 1 && n <= 16
    ? undefined
    : {
        kind: 'invalid-input',
        message: 'parallelism must be 1 to 16',
        issues: [{ path: 'parallelism', message: 'must be 1 to 16' }],
      };
}

/** Sets the cache file aside for a rebuild, unless a sync (of any process) is running on it. */
function setAside(session: Session): Result<string | null, AppError> {
  const file = session.cacheFile;
  if (!existsSync(file)) return ok(null);
  // The file is closed again before it is renamed (Windows cannot rename an open database).
  session.close();
  const old = openOrderCache({ file });
  if (old.ok) {
    const lease = SyncLease.acquire(old.value, { heartbeatEveryMs: 0 });
    if (lease.ok) lease.value.release();
    old.value.close();
    if (!lease.ok) return err(appErrorFromSync(lease.error, session.wording.rebuildHint));
  }
  const aside = setCacheFileAside(file, 'replaced');
  if (!aside.ok) return err(appErrorFromCache(aside.error, session.wording.rebuildHint));
  return ok(aside.value ?? null);
}

/** Brings the session's cache up to date: every order on the first run, then what changed since the last sync. */
export async function syncNow(
  session: Session,
  options: SyncNowOptions = {},
): Promise<Result<SyncNowResult, AppError>> {
  const parallelism = options.parallelism ?? DEFAULT_SYNC_PARALLELISM;
  const bad = checkParallelism(parallelism);
  if (bad) return err(bad);
  let keptAs: string | null = null;
  if (options.rebuild) {
    const aside = setAside(session);
    if (!aside.ok) return aside;
    keptAs = aside.value;
    if (keptAs) options.onSetAside?.(keptAs);
  }
  const file = session.cacheFile;
  const { baseUrl, merchantId } = session.config;
  const opened = openOrderCache({ file, identity: { baseUrl, merchantId } });
  if (!opened.ok) return err(appErrorFromCache(opened.error, session.wording.rebuildHint));
  const cache = opened.value;
  // The deadlines stored from now on follow the profile's rules (the writer thread reads them from the file).
  const prepared = session.prepareCache(cache);
  if (!prepared.ok) {
    cache.close();
    return prepared;
  }
  try {
    options.onStart?.(file);
    const dataSets = watchDataSet(session.parts.transport({ maxSockets: parallelism }));
    const transport = countingTransport(dataSets);
    const engine = new SyncEngine({
      cache,
      source: new SellerApi(cancellableDeps(session.clientDeps(transport), options.signal)),
      settings: {
        parallelism,
        overlapMs: session.pollOverlapMs,
        ...(options.pageSize !== undefined ? { pageSize: options.pageSize } : {}),
      },
      requestCount: () => transport.count,
      dataSets,
      now: session.now,
    });
    const result = await engine.sync({
      ...(options.full || options.rebuild ? { full: true } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.onChange ? { onChange: options.onChange } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (!result.ok) return err(appErrorFromSync(result.error, session.wording.rebuildHint));
    const learned = await learnAfterSalesStatuses(
      new SellerApi(session.clientDeps(transport)),
      cache,
      session.afterSalesSettings,
      session.now,
    );
    // Published like the sync's own changes: the counts, lists and inbox follow a learned change without a reload.
    if (learned.ok && options.onChange) for (const e of learned.value.events) options.onChange(e);
    const afterSalesError = learned.ok
      ? null
      : learned.error.kind === 'api'
        ? appErrorFromApi(learned.error.error)
        : appErrorFromCache(learned.error.error, session.wording.rebuildHint);
    return ok({
      ...result.value,
      file,
      keptAs,
      afterSales: learned.ok ? learned.value : null,
      afterSalesError,
    });
  } finally {
    cache.close();
  }
}

/** When the cache was last synced, whether a full sync has finished, and an unfinished run the next sync resumes. */
export function syncStatus(session: Session): Result<SyncStatus, AppError> {
  const c = session.existingCache();
  if (!c.ok) return c;
  const status = new Checkpoint(c.value).status();
  return status.ok ? status : err(appErrorFromCache(status.error, session.wording.rebuildHint));
}

/**
 * The sync's client also stops on the sync's own signal (a pause, the caller's cancel): the request in flight is
 * abandoned and no retry is sent, instead of the run waiting out the platform's time limit and its retries.
 */
function cancellableDeps(deps: ClientDeps, signal: AbortSignal | undefined): ClientDeps {
  if (!signal) return deps;
  return { ...deps, signal: deps.signal ? AbortSignal.any([deps.signal, signal]) : signal };
}

export type SyncState = 'idle' | 'syncing' | 'paused';

/** The `busy` refusal (the poller takes it as "try at the next turn", not as a failure). */
function busy(message: string, action?: string): Result<never, AppError> {
  return err({ kind: 'sync', code: 'busy', message, ...(action ? { action } : {}) });
}

/**
 * One session's sync for a long-lived caller (the app): one sync at a time, and a pause that stops the one running
 * (its fetched orders are kept; the next sync resumes) and refuses new ones until resumed.
 */
export class SyncController {
  private running: AbortController | undefined;
  private paused = false;
  /** Work that must not meet a sync's writer (a compaction) is running: syncs wait for it. */
  private holding = false;

  constructor(private readonly session: Session) {}

  get state(): SyncState {
    return this.paused ? 'paused' : this.running ? 'syncing' : 'idle';
  }

  /** `options.signal` cancels this one sync (the caller's cancel); a pause cancels it too. */
  async syncNow(options: SyncNowOptions = {}): Promise<Result<SyncNowResult, AppError>> {
    if (this.paused)
      return err({ kind: 'sync', code: 'paused', message: 'Sync is paused.', action: 'Resume syncing first.' });
    if (this.running) return busy('A sync of this profile is already running.');
    if (this.holding)
      return busy('The cache is being compacted; syncing goes on when it is done.', 'Sync again in a moment.');
    const controller = (this.running = new AbortController());
    try {
      const signal = options.signal ? AbortSignal.any([controller.signal, options.signal]) : controller.signal;
      return await syncNow(this.session, { ...options, signal });
    } finally {
      this.running = undefined;
    }
  }

  /**
   * Runs `work` with syncs held (each answers `busy`, which the poller takes as "try at the next turn"): for work
   * whose write lock a sync's writer must not wait on for long. Refused with `busy` while a sync runs.
   */
  async holdingSyncs<T>(work: () => Promise<Result<T, AppError>>): Promise<Result<T, AppError>> {
    if (this.running) return busy('A sync of this profile is running.', 'Try again when it has finished.');
    if (this.holding) return busy('The cache is already being compacted.');
    this.holding = true;
    try {
      return await work();
    } finally {
      this.holding = false;
    }
  }

  /** Pauses (or resumes) syncing; pausing stops a running sync. */
  setPaused(paused: boolean): SyncState {
    this.paused = paused;
    if (paused) this.running?.abort();
    return this.state;
  }

  status(): Result<SyncStatus & { state: SyncState }, AppError> {
    const s = syncStatus(this.session);
    return s.ok ? ok({ ...s.value, state: this.state }) : s;
  }
}
