import { create } from 'zustand';
import type { IpcData, IpcRequest } from '../../shared/ipc/contract';
import type { IpcError } from '../../shared/ipc/result';
import { invoke } from '../ipc';
import { issuesByField, type FieldMessages } from '../../shared/forms/profileForm';
import { useProfilesStore } from './profilesStore';
import { idleState, loadingState, settledState, type RequestState } from '../state/requestState';

/**
 * The settings the merchant changes in the app (app-wide and the active profile's), the signature inspector, the
 * cache's facts and the "open the data folder / log file" shortcuts. Every change is a `settings:update` whose answer
 * is the settings as stored; a refused one leaves the stored settings as they were and its issues by field.
 */

export type Settings = IpcData<'settings:get'>;
export type AppSettings = Settings['app'];
export type ProfileSettingsChange = Omit<NonNullable<IpcRequest<'settings:update'>['profile']>, 'profileId'>;
type Inspection = IpcData<'credentials:inspectSignature'>;
type Opened = IpcData<'shell:openDataFolder'>;

export interface SaveState {
  status: 'idle' | 'saving' | 'saved' | 'failed';
  /** Which part of the settings the last save was about (one section's form). */
  section: string | null;
  error: IpcError | null;
  fieldErrors: FieldMessages;
}

const idleSave = (): SaveState => ({ status: 'idle', section: null, error: null, fieldErrors: {} });

interface SettingsStore {
  settings: RequestState<Settings>;
  save: SaveState;
  inspection: RequestState<Inspection>;
  cache: RequestState<IpcData<'orders:cacheStats'>>;
  /** The last "give back the unused space" (orders:compact) of this page. */
  compaction: RequestState<IpcData<'orders:compact'>>;
  opened: RequestState<Opened>;
  load(): Promise<void>;
  /** Saves app-wide settings (only the fields given). */
  updateApp(section: string, change: Partial<AppSettings>): Promise<boolean>;
  /** Saves settings of the profile the store holds (only the fields given). */
  updateProfile(section: string, change: ProfileSettingsChange): Promise<boolean>;
  /**
   * Saves one screen's changes at once (its save bar): the app-wide ones and those of the profile the store holds,
   * in one request; nothing is sent when nothing changed.
   */
  updateScreen(
    section: string,
    change: { app?: Partial<AppSettings>; profile?: ProfileSettingsChange },
  ): Promise<boolean>;
  /** Changes the profile's signature settings (profiles:edit), then re-reads. */
  updateSignature(
    profileId: string,
    signatureProfile: NonNullable<IpcRequest<'profiles:edit'>['changes']['signatureProfile']>,
  ): Promise<boolean>;
  inspect(profileId: string, publicKeyPem: string | null): Promise<void>;
  loadCache(): Promise<void>;
  /** Gives the cache file's unused space back to the disk (orders:compact), then reads the cache's figures again. */
  compactCache(): Promise<void>;
  open(target: 'data-folder' | 'log-file'): Promise<void>;
  clearSave(): void;
}

export const useSettingsStore = create<SettingsStore>((set, get) => {
  const saved = (section: string, answer: { ok: true; data: Settings } | { ok: false; error: IpcError }) => {
    if (answer.ok) {
      set({
        settings: { status: 'ready', data: answer.data, error: null },
        save: { status: 'saved', section, error: null, fieldErrors: {} },
      });
      return true;
    }
    set({ save: { status: 'failed', section, error: answer.error, fieldErrors: issuesByField(answer.error) } });
    return false;
  };

  return {
    settings: idleState(),
    save: idleSave(),
    inspection: idleState(),
    cache: idleState(),
    compaction: idleState(),
    opened: idleState(),

    async load() {
      set({ settings: loadingState(get().settings) });
      const answer = await invoke('settings:get', { profileId: null });
      set({ settings: settledState(get().settings, answer) });
    },

    async updateApp(section, change) {
      set({ save: { ...idleSave(), status: 'saving', section } });
      return saved(section, await invoke('settings:update', { app: change, profile: null }));
    },

    async updateScreen(section, change) {
      const app = change.app && Object.keys(change.app).length > 0 ? change.app : null;
      const profileChange = change.profile && Object.keys(change.profile).length > 0 ? change.profile : null;
      if (!profileChange) return app ? get().updateApp(section, app) : true;
      if (!app) return get().updateProfile(section, profileChange);
      const profileId = get().settings.data?.profile?.profileId;
      if (!profileId) return get().updateProfile(section, profileChange);
      set({ save: { ...idleSave(), status: 'saving', section } });
      return saved(section, await invoke('settings:update', { app, profile: { profileId, ...profileChange } }));
    },

    async updateProfile(section, change) {
      const profileId = get().settings.data?.profile?.profileId;
      if (!profileId) {
        set({
          save: {
            ...idleSave(),
            status: 'failed',
            section,
            error: { kind: 'settings', message: 'No profile is active.', action: 'Choose or connect a profile first.' },
          },
        });
        return false;
      }
      set({ save: { ...idleSave(), status: 'saving', section } });
      return saved(section, await invoke('settings:update', { app: null, profile: { profileId, ...change } }));
    },

    async updateSignature(profileId, signatureProfile) {
      set({ save: { ...idleSave(), status: 'saving', section: 'signature' }, inspection: idleState() });
      const answer = await invoke('profiles:edit', { profileId, changes: { signatureProfile }, use: false });
      if (!answer.ok) {
        set({
          save: {
            status: 'failed',
            section: 'signature',
            error: answer.error,
            fieldErrors: issuesByField(answer.error),
          },
        });
        return false;
      }
      set({ save: { ...idleSave(), status: 'saved', section: 'signature' } });
      await useProfilesStore.getState().load();
      return true;
    },

    async inspect(profileId, publicKeyPem) {
      set({ inspection: loadingState(get().inspection) });
      const answer = await invoke('credentials:inspectSignature', { profileId, publicKeyPem });
      set({ inspection: settledState(get().inspection, answer) });
    },

    async loadCache() {
      set({ cache: loadingState(get().cache) });
      const answer = await invoke('orders:cacheStats');
      set({ cache: settledState(get().cache, answer) });
    },

    async compactCache() {
      if (get().compaction.status === 'loading') return;
      set({ compaction: loadingState(get().compaction) });
      const answer = await invoke('orders:compact');
      set({ compaction: settledState(get().compaction, answer) });
      await get().loadCache();
    },

    async open(target) {
      set({ opened: loadingState(get().opened) });
      const answer = await invoke(target === 'data-folder' ? 'shell:openDataFolder' : 'shell:openLogFile');
      set({ opened: settledState(get().opened, answer) });
    },

    clearSave() {
      set({ save: idleSave() });
    },
  };
});
