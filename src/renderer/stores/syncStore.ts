import { create } from 'zustand';
import type { IpcData } from '../../shared/ipc/contract';
import type { IpcEventPayload } from '../../shared/ipc/events';
import type { IpcError } from '../../shared/ipc/result';
import { invoke } from '../ipc';
import { idleState, loadingState, settledState, type RequestState } from '../state/requestState';

type SyncResult = IpcData<'sync:now'>;

interface SyncStore {
  status: RequestState<IpcData<'sync:status'>>;
  /** The host's last word on the active profile's sync (the poller's state, offline, error). */
  live: IpcEventPayload<'sync:state'> | null;
  /** Progress of the sync running now; null when none runs. */
  progress: IpcEventPayload<'sync:progress'> | null;
  /** A "Sync now" started here is running. */
  running: boolean;
  lastResult: SyncResult | null;
  lastError: IpcError | null;
  loadStatus(): Promise<void>;
  syncNow(options?: { full?: boolean; rebuild?: boolean }): Promise<void>;
  setPaused(paused: boolean): Promise<void>;
  applyState(state: IpcEventPayload<'sync:state'>): void;
  applyProgress(progress: IpcEventPayload<'sync:progress'>): void;
  /** Forget everything about the previous profile. */
  reset(): void;
}

export const useSyncStore = create<SyncStore>((set, get) => ({
  status: idleState(),
  live: null,
  progress: null,
  running: false,
  lastResult: null,
  lastError: null,
  async loadStatus() {
    set({ status: loadingState(get().status) });
    const answer = await invoke('sync:status');
    set({ status: settledState(get().status, answer) });
  },
  async syncNow(options = {}) {
    // One sync at a time from this page: a second click while one runs does nothing.
    if (get().running) return;
    set({ running: true, lastError: null });
    const answer = await invoke('sync:now', options);
    set({
      running: false,
      progress: null,
      lastResult: answer.ok ? answer.data : get().lastResult,
      lastError: answer.ok ? null : answer.error,
    });
    await get().loadStatus();
  },
  async setPaused(paused) {
    const answer = await invoke('sync:setPaused', { paused });
    if (!answer.ok) set({ lastError: answer.error });
    await get().loadStatus();
  },
  applyState(live) {
    set({ live });
  },
  applyProgress(progress) {
    set({ progress: progress.finished && progress.phase !== 'windows' ? null : progress });
  },
  reset() {
    set({ status: idleState(), live: null, progress: null, running: false, lastResult: null, lastError: null });
  },
}));
