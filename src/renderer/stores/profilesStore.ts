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

/** The session key of a host serving its MERCHANT_DESK_* settings with no profile (no keychain, no profile yet). */
export const ENVIRONMENT_SESSION = '(environment)';

/**
 * Which session the host serves this page, for the stores that read from it: the active profile's ID, or
 * ENVIRONMENT_SESSION when no profile is active (the host then answers from its environment settings, or says what
 * is missing); null until the profiles have been read.
 */
export function servedSession(list: ProfileList | null): string | null {
  if (!list) return null;
  return list.activeProfileId ?? ENVIRONMENT_SESSION;
}

/** Whether a push event of `profileId` is about what this page shows (with no active profile: the one session). */
export function isServedProfile(list: ProfileList | null, profileId: string): boolean {
  const active = list?.activeProfileId ?? null;
  return active === null || active === profileId;
}

/** The active profile's view, or null (none yet, or not loaded). */
export function activeProfile(list: ProfileList | null): ProfileView | null {
  if (!list?.activeProfileId) return null;
  return list.profiles.find((p) => p.id === list.activeProfileId) ?? null;
}
