import { ok, type Result } from '../result';
import type { SyncRun } from './checkpoint';
import { fetchWindows, updatedSinceFilter, type PollOutcome } from './incrementalSync';
import type { SyncContext } from './syncContext';
import type { SyncError } from '../../shared/errors/syncErrors';

/**
 * A full sync: every order, window by window over creation dates (checkpointed: a resumed run skips the
 * windows it finished), then a catch-up poll for what was created or updated while it ran — the windows stop
 * at the platform time of the first answer, so the catch-up asks for updates since then (minus the overlap).
 */
export async function runFullSync(ctx: SyncContext, run: SyncRun): Promise<Result<PollOutcome, SyncError>> {
  const windows = await fetchWindows(ctx, run.baseFilter, 'windows', run);
  if (!windows.ok) return windows;
  // The windows hold the bulk of the orders: the search rows still waiting and the indexes a first full sync
  // deferred are done by the writer while the catch-up is fetched (its few pages are stored after them).
  ctx.writes.loaded();
  const startedMs = run.startedMs ?? windows.value.startedMs ?? ctx.clock.standIn();
  const catchUp = await fetchWindows(
    ctx,
    updatedSinceFilter(startedMs - ctx.settings.overlapMs),
    'catch-up',
    undefined,
  );
  if (!catchUp.ok) return catchUp;
  return ok({
    requests: windows.value.requests + catchUp.value.requests,
    fetched: windows.value.fetched + catchUp.value.fetched,
    windows: windows.value.windows + catchUp.value.windows,
    refetches: windows.value.refetches + catchUp.value.refetches,
    watermarkMs: catchUp.value.startedMs ?? startedMs,
  });
}
