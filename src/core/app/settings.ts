import type { AppError } from '../../shared/errors/appError';
import type { AppSettings, Notifications, Profile, StatusLabels } from '../profiles/profileSchema';
import type { DeliveryDeadlinesPatch, ProfileStore } from '../profiles/profileStore';
import type { DeliveryDeadlineSettings } from '../due/deadlineRules';
import { err, ok, type Result } from '../result';
import { profileStoreAppError } from './profilesErrors';

/** The settings a person changes in the app: the app-wide ones and those of one profile. */
export interface ProfileSettings {
  profileId: string;
  pollIntervalSeconds: number;
  /** How far back each poll asks again (labelled default 2 minutes). */
  pollOverlapMinutes: number;
  notifications: Notifications;
  statusLabels: StatusLabels;
  deliveryDeadlines: DeliveryDeadlineSettings;
  /** Extra hosts whose order images load without a click. */
  imageHosts: string[];
  afterSalesStatuses: Profile['afterSalesStatuses'];
}

export interface Settings {
  app: AppSettings;
  /** The settings of the profile asked for (default: the active one); null when there is none. */
  profile: ProfileSettings | null;
}

export interface SettingsChange {
  app?: Partial<AppSettings>;
  profile?: {
    profileId: string;
    pollIntervalSeconds?: number;
    pollOverlapMinutes?: number;
    /** Merged field by field. */
    notifications?: Partial<Notifications>;
    /** Each map given replaces the stored one. */
    statusLabels?: Partial<StatusLabels>;
    /** Merged field by field within each part (rules, due-soon window). */
    deliveryDeadlines?: DeliveryDeadlinesPatch;
    /** Replaces the stored list. */
    imageHosts?: string[];
    /** Merged field by field (confirming them: `confirmed: true`). */
    afterSalesStatuses?: Partial<Profile['afterSalesStatuses']>;
  };
}

function profileSettings(p: Profile): ProfileSettings {
  return {
    profileId: p.id,
    pollIntervalSeconds: p.pollIntervalSeconds,
    pollOverlapMinutes: p.pollOverlapMinutes,
    notifications: p.notifications,
    statusLabels: p.statusLabels,
    deliveryDeadlines: p.deliveryDeadlines,
    imageHosts: p.imageHosts,
    afterSalesStatuses: p.afterSalesStatuses,
  };
}

/** The app settings and those of a profile (`profileId`, else the active profile). */
export function getSettings(profiles: ProfileStore, profileId?: string): Result<Settings, AppError> {
  const app = profiles.appSettings();
  if (!app.ok) return err(profileStoreAppError(app.error));
  const profile = profileId === undefined ? profiles.active() : profiles.get(profileId);
  if (!profile.ok) return err(profileStoreAppError(profile.error));
  return ok({ app: app.value, profile: profile.value ? profileSettings(profile.value) : null });
}

/**
 * Changes the given settings; each part is validated by the store before anything is written (an invalid value
 * changes nothing in that part). Returns the settings as stored.
 */
export function updateSettings(profiles: ProfileStore, change: SettingsChange): Result<Settings, AppError> {
  if (change.profile) {
    const { profileId, ...fields } = change.profile;
    const patch = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    if (Object.keys(patch).length > 0) {
      const updated = profiles.update(profileId, patch);
      if (!updated.ok) return err(profileStoreAppError(updated.error));
    }
  }
  if (change.app) {
    const updated = profiles.updateAppSettings(change.app);
    if (!updated.ok) return err(profileStoreAppError(updated.error));
  }
  return getSettings(profiles, change.profile?.profileId);
}
