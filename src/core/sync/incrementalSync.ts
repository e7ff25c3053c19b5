import { formatIsoInstant } from '../../shared/time/isoInstant';
import { err, ok, type Result } from '../result';
import type { RecordedPage, SyncRun } from './checkpoint';
import { ProgressTracker, type SyncProgress } from './progress';
import type { SyncContext } from './syncContext';
import type { SyncError } from '../../shared/errors/syncErrors';
import { syncWindows, type BaseFilter, type WindowSyncOptions, type WindowSyncResult } from './windowSync';
import { windowGaps } from './windowPlanner';

/**
 * Fetches the windows of `baseFilter` — from the root (one probe over every creation date) or, for a resumed
 * run, the gaps its finished windows leave — and stores every page. With `run`, progress is checkpointed.
 */
export async function fetchWindows(
  ctx: SyncContext,
  baseFilter: BaseFilter,
  phase: SyncProgress['phase'],
  run: SyncRun | undefined,
): Promise<Result<WindowSyncResult, SyncError>> {
  let start: WindowSyncOptions['start'] = { kind: 'root' };
  let recorded: RecordedPage[] = [];
  if (run && run.hiMs !== null) {
    const finished = ctx.checkpoint.finishedWindows(run.id);
    if (!finished.ok) return err({ kind: 'cache', error: finished.error });
    start = { kind: 'windows', hi: run.hiMs, windows: windowGaps(run.hiMs, finished.value) };
    const pages = ctx.checkpoint.recordedPages(run.id);
    if (!pages.ok) return err({ kind: 'cache', error: pages.error });
    recorded = pages.value;
  }
  // A full run records the pages it stores inside unfinished windows (a poll's few pages are not worth a row each).
  const recordsPages = run?.mode === 'full';
  const result = await syncWindows({
    source: ctx.source,
    baseFilter,
    start,
    parallelism: ctx.settings.parallelism,
    pageSize: ctx.settings.pageSize,
    maxPasses: ctx.settings.maxPasses,
    writes: ctx.writes,
    windowRow: (w, total) => (run ? { kind: 'window', runId: run.id, lo: w.lo, hi: w.hi, total } : undefined),
    pageRow: (page) => (run && recordsPages ? { kind: 'page', runId: run.id, ...page } : undefined),
    recorded,
    boundRow: (hi, startedMs) => {
      if (!run) return undefined;
      run.hiMs = hi;
      run.startedMs = startedMs;
      return { kind: 'bound', runId: run.id, hiMs: hi, startedMs };
    },
    progress: new ProgressTracker(phase, ctx.now, ctx.onProgress, ctx.settings.pageSize, ctx.clock),
    clock: ctx.clock,
    ...(ctx.signal ? { signal: ctx.signal } : {}),
    ...(ctx.trace ? { trace: ctx.trace } : {}),
  });
  if (!result.ok) return result;
  return ok({
    ...result.value,
    hi: result.value.hi ?? run?.hiMs ?? undefined,
    startedMs: run?.startedMs ?? result.value.startedMs,
  });
}

/** The orders updated since `fromMs` (platform clock). */
export function updatedSinceFilter(fromMs: number): BaseFilter {
  return { updateBeginDate: formatIsoInstant(fromMs) };
}

export interface PollOutcome {
  requests: number;
  fetched: number;
  windows: number;
  refetches: number;
  /** Platform time at which the poll started: the next watermark. */
  watermarkMs: number;
}

/**
 * An incremental poll: every order updated since the run's `updateBeginDate` (watermark minus overlap), upserted
 * and compared for change events. With nothing changed it costs one request: the probe.
 */
export async function runIncrementalSync(ctx: SyncContext, run: SyncRun): Promise<Result<PollOutcome, SyncError>> {
  const fetched = await fetchWindows(ctx, run.baseFilter, 'poll', run);
  if (!fetched.ok) return fetched;
  const watermarkMs = run.startedMs ?? fetched.value.startedMs ?? ctx.clock.standIn();
  const { requests, windows, refetches } = fetched.value;
  return ok({ requests, fetched: fetched.value.fetched, windows, refetches, watermarkMs });
}
