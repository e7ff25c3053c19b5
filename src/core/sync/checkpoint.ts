import type { CacheError } from '../../shared/errors/cacheErrors';
import type { OrderCache } from '../cache/orderCache';
import { ok, type Result } from '../result';
import { beatLease } from './syncLease';
import type { BaseFilter } from './windowSync';
import type { CreateWindow } from './windowPlanner';

/**
 * The sync checkpoint, kept in the cache file itself so it commits with the orders:
 * - `sync_run`: one row per run — mode, the filters all its windows carry, its creation upper bound `hi_ms`
 *   and first platform time `started_ms` (both from the first answer, platform clock), status.
 * - `sync_window`: the windows a run has finished (every order in them stored), with the totalCount each was
 *   verified against. What a resumed run still has to fetch is (-inf, hi] minus these windows.
 * - `sync_page`: the pages a full run has stored in windows it has not finished (schema 11): the query each answered
 *   and what the window logic read from it. A resumed run takes a page it would ask for again from here
 *   (windowSync.ts); a window's rows go once it is finished, a run's when it ends.
 * - `meta`: `sync.watermarkMs` (platform time at which the last successful poll started), `sync.baseline`
 *   ('1' once a full sync has completed), `sync.lastSuccessLocalMs`, `sync.lastFullLocalMs`.
 */

export type SyncMode = 'full' | 'incremental';

export interface SyncRun {
  /** 0 while planned (not recorded yet). */
  id: number;
  mode: SyncMode;
  /** planned: not in the checkpoint yet — a run is recorded at its first answer (see `record`). */
  status: 'planned' | 'running' | 'done' | 'failed' | 'abandoned';
  baseFilter: BaseFilter;
  hiMs: number | null;
  startedMs: number | null;
  localStarted: number;
}

export interface SyncStatus {
  /** Platform time (ms) at which the last successful poll started; undefined before the first full sync ends. */
  watermarkMs: number | undefined;
  /** A full sync has completed: the cache holds every order (as of then). */
  baseline: boolean;
  lastSuccessLocalMs: number | undefined;
  lastFullLocalMs: number | undefined;
  /** An unfinished run the next sync resumes. */
  running: (SyncRun & { windowsDone: number }) | undefined;
}

interface RunRow {
  id: number;
  mode: SyncMode;
  status: SyncRun['status'];
  base_filter: string;
  hi_ms: number | null;
  started_ms: number | null;
  local_started: number;
}

const toRun = (r: RunRow): SyncRun => ({
  id: r.id,
  mode: r.mode,
  status: r.status,
  baseFilter: JSON.parse(r.base_filter) as BaseFilter,
  hiMs: r.hi_ms,
  startedMs: r.started_ms,
  localStarted: r.local_started,
});

/**
 * A checkpoint row a sync writes while its pages are stored. During a full sync they go to the writer thread in the
 * stream of pages, after the pages they describe: one connection writes the cache, so a checkpoint row never waits
 * for the write lock behind a page transaction, and it commits only after every page written before it (and not
 * at all once one of them failed). `lease`: the sync lease's heartbeat (syncLease.ts), the same way.
 */
export type CheckpointRow =
  | { kind: 'window'; runId: number; lo: number | null; hi: number | null; total: number }
  | ({ kind: 'page'; runId: number } & RecordedPage)
  | { kind: 'bound'; runId: number; hiMs: number; startedMs: number }
  | { kind: 'lease'; token: string; heartbeatMs: number };

/** A page of a window's first pass that has committed: the query it answered and what the window logic read. */
export interface RecordedPage {
  lo: number | null;
  hi: number;
  pageSize: number;
  pageIndex: number;
  total: number;
  /** The answer's orders in its order: ID and createTime as sent (null when absent). */
  listed: Array<[id: string, createTime: string | null]>;
}

/** Writes one checkpoint row on `cache`'s connection: the rows it changed. */
export function writeCheckpointRow(cache: OrderCache, row: CheckpointRow): Result<number, CacheError> {
  return cache.guard(() => {
    switch (row.kind) {
      case 'window':
        return cache.db.transaction(() => {
          const changes = cache.db
            .prepare('INSERT OR REPLACE INTO sync_window (run_id, lo_ms, hi_ms, total) VALUES (?, ?, ?, ?)')
            .run(row.runId, row.lo, row.hi, row.total).changes;
          // The window's own pages, and those of the window it was the upper part of (same upper bound): a resume
          // never asks for either query again.
          cache.db.prepare('DELETE FROM sync_page WHERE run_id = ? AND hi_ms = ?').run(row.runId, row.hi);
          return changes;
        })();
      case 'page':
        return cache.db
          .prepare(
            'INSERT INTO sync_page (run_id, lo_ms, hi_ms, page_size, page_index, total, listed) VALUES (?, ?, ?, ?, ?, ?, ?)',
          )
          .run(row.runId, row.lo, row.hi, row.pageSize, row.pageIndex, row.total, JSON.stringify(row.listed)).changes;
      case 'bound':
        return cache.db
          .prepare('UPDATE sync_run SET hi_ms = ?, started_ms = ? WHERE id = ?')
          .run(row.hiMs, row.startedMs, row.runId).changes;
      case 'lease':
        return beatLease(cache, row.token, row.heartbeatMs);
    }
  });
}

/** Runs kept for inspection; older finished ones (and their windows) are deleted. */
const RUNS_KEPT = 20;

export class Checkpoint {
  constructor(private readonly cache: OrderCache) {}

  /** The newest unfinished run, if any. */
  running(): Result<SyncRun | undefined, CacheError> {
    return this.cache.guard(() => {
      const row = this.cache.db
        .prepare("SELECT * FROM sync_run WHERE status = 'running' ORDER BY id DESC LIMIT 1")
        .get() as RunRow | undefined;
      return row ? toRun(row) : undefined;
    });
  }

  /** A new run, not recorded yet: a sync that fails before anything was fetched leaves no unfinished run behind. */
  plan(mode: SyncMode, baseFilter: BaseFilter, localNow: number): SyncRun {
    return { id: 0, mode, status: 'planned', baseFilter, hiMs: null, startedMs: null, localStarted: localNow };
  }

  /**
   * Records a planned run (at its first answer) as the unfinished run the next sync resumes; any other unfinished
   * run is abandoned (its finished windows no longer count).
   */
  record(run: SyncRun): Result<void, CacheError> {
    return this.cache.transaction(() => {
      this.cache.db
        .prepare("UPDATE sync_run SET status = 'abandoned', local_ended = ? WHERE status = 'running'")
        .run(run.localStarted);
      const info = this.cache.db
        .prepare("INSERT INTO sync_run (mode, status, base_filter, local_started) VALUES (?, 'running', ?, ?)")
        .run(run.mode, JSON.stringify(run.baseFilter), run.localStarted);
      this.cache.db
        .prepare(`DELETE FROM sync_run WHERE status <> 'running' AND id <= (SELECT max(id) FROM sync_run) - ?`)
        .run(RUNS_KEPT);
      // The abandoned run's pages are never replayed.
      this.cache.db
        .prepare("DELETE FROM sync_page WHERE run_id NOT IN (SELECT id FROM sync_run WHERE status = 'running')")
        .run();
      run.id = Number(info.lastInsertRowid);
      run.status = 'running';
    });
  }

  /** Records the run's creation upper bound and first platform time (from its first answer). */
  setBound(runId: number, hiMs: number, startedMs: number): Result<void, CacheError> {
    const written = writeCheckpointRow(this.cache, { kind: 'bound', runId, hiMs, startedMs });
    return written.ok ? ok(undefined) : written;
  }

  windowDone(runId: number, w: CreateWindow, total: number): Result<void, CacheError> {
    const written = writeCheckpointRow(this.cache, { kind: 'window', runId, lo: w.lo, hi: w.hi, total });
    return written.ok ? ok(undefined) : written;
  }

  finishedWindows(runId: number): Result<CreateWindow[], CacheError> {
    return this.cache.guard(
      () =>
        this.cache.db
          .prepare('SELECT lo_ms AS lo, hi_ms AS hi FROM sync_window WHERE run_id = ? ORDER BY hi_ms DESC')
          .all(runId) as CreateWindow[],
    );
  }

  /** The pages the run recorded in windows it has not finished (none once they are). */
  recordedPages(runId: number): Result<RecordedPage[], CacheError> {
    return this.cache.guard(() =>
      (
        this.cache.db
          .prepare(
            `SELECT lo_ms AS lo, hi_ms AS hi, page_size AS pageSize, page_index AS pageIndex, total, listed
               FROM sync_page WHERE run_id = ? ORDER BY rowid`,
          )
          .all(runId) as Array<Omit<RecordedPage, 'listed'> & { listed: string }>
      ).map((r) => ({ ...r, listed: JSON.parse(r.listed) as RecordedPage['listed'] })),
    );
  }

  /** Ends a run. A successful one moves the watermark (and, for a full sync, establishes the baseline). */
  finish(
    run: SyncRun,
    outcome: { ok: true; watermarkMs: number; stats: object } | { ok: false; error: string },
    localNow: number,
  ): Result<void, CacheError> {
    return this.cache.transaction(() => {
      const db = this.cache.db;
      if (!outcome.ok && run.status === 'planned') return; // nothing fetched: nothing to resume
      if (!outcome.ok) {
        db.prepare('UPDATE sync_run SET error = ? WHERE id = ?').run(outcome.error, run.id);
        return;
      }
      db.prepare("UPDATE sync_run SET status = 'done', local_ended = ?, stats = ?, error = NULL WHERE id = ?").run(
        localNow,
        JSON.stringify(outcome.stats),
        run.id,
      );
      const set = db.prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      );
      set.run('sync.watermarkMs', String(outcome.watermarkMs));
      set.run('sync.lastSuccessLocalMs', String(localNow));
      if (run.mode === 'full') {
        set.run('sync.baseline', '1');
        set.run('sync.lastFullLocalMs', String(localNow));
      }
      // Finished windows and recorded pages matter only for resuming; a finished run needs none.
      db.prepare('DELETE FROM sync_window WHERE run_id = ?').run(run.id);
      db.prepare('DELETE FROM sync_page WHERE run_id = ?').run(run.id);
    });
  }

  status(): Result<SyncStatus, CacheError> {
    const running = this.running();
    if (!running.ok) return running;
    return this.cache.guard(() => {
      const meta = (key: string) => {
        const v = this.cache.db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined;
        return v === undefined ? undefined : Number(v);
      };
      const windowsDone = running.value
        ? (this.cache.db
            .prepare('SELECT count(*) FROM sync_window WHERE run_id = ?')
            .pluck()
            .get(running.value.id) as number)
        : 0;
      return {
        watermarkMs: meta('sync.watermarkMs'),
        baseline: meta('sync.baseline') === 1,
        lastSuccessLocalMs: meta('sync.lastSuccessLocalMs'),
        lastFullLocalMs: meta('sync.lastFullLocalMs'),
        running: running.value ? { ...running.value, windowsDone } : undefined,
      };
    });
  }
}
