import type { SyncController, SyncNowResult, SyncState } from '../../core/app/sync';
import type { SyncStatus } from '../../core/sync/checkpoint';
import type { Result } from '../../core/result';
import type { SyncProgress } from '../../core/sync/progress';
import type { StoredChangeEvent } from '../../core/sync/syncContext';
import type { AppError } from '../../shared/errors/appError';
import type { IpcImplementations } from '../../shared/ipc/contract';
import { okResult } from '../../shared/ipc/result';
import { formatIsoInstant } from '../../shared/time/isoInstant';
import { answer, ipcErrorOf } from './useCaseResult';

export interface SyncApp {
  /** The open profile's sync (one per session). */
  sync(): Result<SyncController, AppError>;
  /** Progress of a running sync (published as `sync:progress`). */
  onProgress?(progress: SyncProgress): void;
  /** Change events a sync revealed (published as `orders:changed`). */
  onChange?(event: StoredChangeEvent): void;
}

const isoOrNull = (ms: number | undefined) => (ms === undefined ? null : formatIsoInstant(ms));

/** The use cases' values as the channels' data (shared with the host-routed handlers). */
export const syncData = {
  run: (s: SyncNowResult) => ({
    mode: s.mode,
    resumed: s.resumed,
    requests: s.requests,
    fetched: s.fetched,
    inserted: s.inserted,
    updated: s.updated,
    unchanged: s.unchanged,
    cached: s.cached,
    skipped: s.skipped,
    changes: s.events,
    keptAs: s.keptAs,
  }),
  status: (s: SyncStatus & { state: SyncState }) => ({
    state: s.state,
    complete: s.baseline,
    lastSyncedAt: isoOrNull(s.lastSuccessLocalMs),
    lastFullSyncAt: isoOrNull(s.lastFullLocalMs),
    unfinished: s.running ? { mode: s.running.mode, windowsDone: s.running.windowsDone } : null,
  }),
};

export function syncHandlers(app: SyncApp): Pick<IpcImplementations, 'sync:now' | 'sync:status' | 'sync:setPaused'> {
  return {
    'sync:now': async (request) => {
      const controller = app.sync();
      if (!controller.ok) return { ok: false, error: ipcErrorOf(controller.error) };
      const r = await controller.value.syncNow({
        ...(request.full ? { full: true } : {}),
        ...(request.rebuild ? { rebuild: true } : {}),
        ...(app.onProgress ? { onProgress: (p: SyncProgress) => app.onProgress?.(p) } : {}),
        ...(app.onChange ? { onChange: (e: StoredChangeEvent) => app.onChange?.(e) } : {}),
      });
      return answer(r, syncData.run);
    },
    'sync:status': () => {
      const controller = app.sync();
      if (!controller.ok) return { ok: false, error: ipcErrorOf(controller.error) };
      return answer(controller.value.status(), syncData.status);
    },
    'sync:setPaused': ({ paused }) => {
      const controller = app.sync();
      if (!controller.ok) return { ok: false, error: ipcErrorOf(controller.error) };
      return okResult({ state: controller.value.setPaused(paused) });
    },
  };
}
