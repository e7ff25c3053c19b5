import { ErrorNotice } from '../../components/ErrorNotice';
import { activeProfile, useProfilesStore } from '../../stores/profilesStore';
import { useSettingsStore } from '../../stores/settingsStore';
import { AppSettingsForm } from './AppSettingsForm';
import { ImageHostsForm } from './ImageHostsForm';
import { PollIntervalForm } from './PollIntervalForm';

/** Polling of the active profile, and the app-wide settings (clipboard, tray, login…). */
export function GeneralSection() {
  const settings = useSettingsStore((s) => s.settings);
  const profile = activeProfile(useProfilesStore((s) => s.list.data));
  const data = settings.data;
  return (
    <div className="settings-section">
      <h2>General</h2>
      {settings.error && <ErrorNotice error={settings.error} title="Could not read the settings" />}
      {data?.profile && profile && (
        <PollIntervalForm
          key={`${data.profile.profileId}:${data.profile.pollIntervalSeconds}`}
          profileName={profile.name}
          stored={data.profile.pollIntervalSeconds}
        />
      )}
      {data?.profile && profile && (
        <ImageHostsForm
          key={`${data.profile.profileId}:${data.profile.imageHosts.join(',')}`}
          profileName={profile.name}
          stored={data.profile.imageHosts}
        />
      )}
      {data && <AppSettingsForm key={JSON.stringify(data.app)} section="general" stored={data.app} />}
    </div>
  );
}
