import { create } from 'zustand';
import type { IpcData } from '../../shared/ipc/contract';
import type { IpcError } from '../../shared/ipc/result';
import { invoke } from '../ipc';
import { idleState, loadingState, settledState, type RequestState } from '../state/requestState';

type ProfileList = IpcData<'profiles:list'>;
export type ProfileView = ProfileList['profiles'][number];

interface ProfilesStore {
  list: RequestState<ProfileList>;
  /** Why the last switch failed, until the next one. */
  switchError: IpcError | null;
  load(): Promise<void>;
  /** Makes `profileId` the active profile; every domain store reloads for it (stores/subscriptions.ts). */
  use(profileId: string): Promise<boolean>;
}

export const useProfilesStore = create<ProfilesStore>((set, get) => ({
  list: idleState(),
  switchError: null,
  async load() {
    set({ list: loadingState(get().list) });
    const answer = await invoke('profiles:list');
    set({ list: settledState(get().list, answer) });
  },
  async use(profileId) {
    const answer = await invoke('profiles:use', { profileId });
    if (!answer.ok) {
      set({ switchError: answer.error });
      return false;
    }
    set({ switchError: null });
    await get().load();
    return true;
  },
}));

/** The active profile's view, or null (none yet, or not loaded). */
export function activeProfile(list: ProfileList | null): ProfileView | null {
  if (!list?.activeProfileId) return null;
  return list.profiles.find((p) => p.id === list.activeProfileId) ?? null;
}
