import { getSettings, updateSettings } from '../../core/app/settings';
import type { ProfileStore } from '../../core/profiles/profileStore';
import type { IpcImplementations } from '../../shared/ipc/contract';
import { answer } from '../../shared/ipc/appErrorResult';

const same = <T>(value: T) => value;

/** App settings and the settings of a profile a person changes in the app. */
export function settingsHandlers(app: {
  profiles: ProfileStore;
}): Pick<IpcImplementations, 'settings:get' | 'settings:update'> {
  return {
    'settings:get': ({ profileId }) => answer(getSettings(app.profiles, profileId ?? undefined), same),
    'settings:update': ({ app: appChange, profile }) =>
      answer(
        updateSettings(app.profiles, {
          ...(appChange ? { app: appChange } : {}),
          ...(profile ? { profile } : {}),
        }),
        same,
      ),
  };
}
