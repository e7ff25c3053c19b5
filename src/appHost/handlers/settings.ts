import { getSettings, updateSettings } from '../../core/app/settings';
import type { ProfileStore } from '../../core/profiles/profileStore';
import type { IpcImplementations } from '../../shared/ipc/contract';
import { ipcResult } from './appResult';

const same = <T>(value: T) => value;

/** App settings and the settings of a profile a person changes in the app. */
export function settingsHandlers(app: {
  profiles: ProfileStore;
}): Pick<IpcImplementations, 'settings:get' | 'settings:update'> {
  return {
    'settings:get': ({ profileId }) => ipcResult(getSettings(app.profiles, profileId ?? undefined), same),
    'settings:update': ({ app: appChange, profile }) =>
      ipcResult(
        updateSettings(app.profiles, {
          ...(appChange ? { app: appChange } : {}),
          ...(profile ? { profile } : {}),
        }),
        same,
      ),
  };
}
