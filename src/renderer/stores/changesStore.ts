import { create } from 'zustand';
import type { IpcEventPayload } from '../../shared/ipc/events';

type ChangeEvent = IpcEventPayload<'orders:changed'>['events'][number];

interface ChangesStore {
  /** Goes up by one for every `orders:changed` event: screens showing cached orders re-read when it moves. */
  revision: number;
  /** The events of the last notice (at most one sync step's). */
  last: readonly ChangeEvent[];
  profileId: string | null;
  apply(changed: IpcEventPayload<'orders:changed'>): void;
  /** The cache was replaced (profile switch, rebuild): everything shown from it is stale. */
  invalidate(): void;
}

/** The cache's change notices, which every screen that shows cached orders follows. */
export const useChangesStore = create<ChangesStore>((set, get) => ({
  revision: 0,
  last: [],
  profileId: null,
  apply(changed) {
    set({ revision: get().revision + 1, last: changed.events, profileId: changed.profileId });
  },
  invalidate() {
    set({ revision: get().revision + 1, last: [] });
  },
}));
