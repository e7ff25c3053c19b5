import { useState, type FormEvent } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { activeProfile, useProfilesStore } from '../../stores/profilesStore';
import { useSettingsStore, type Settings } from '../../stores/settingsStore';
import { AppSettingsForm } from './AppSettingsForm';
import { SaveStatus } from './SaveStatus';
import { changes, labelFromName, notificationLabels } from './settingsFields';

type Notifications = NonNullable<Settings['profile']>['notifications'];

function ProfileNotificationsForm({ profileName, stored }: { profileName: string; stored: Notifications }) {
  const save = useSettingsStore((s) => s.save);
  const updateProfile = useSettingsStore((s) => s.updateProfile);
  const [draft, setDraft] = useState<Notifications>(stored);
  const changed = changes(stored, draft);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await updateProfile('notify-kinds', { notifications: changed });
  };
  return (
    <form className="settings-form" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset className="settings-fieldset">
        <legend>Notify me about ({profileName})</legend>
        {Object.entries(draft).map(([kind, on]) => (
          <label key={kind} className="settings-choice">
            <input
              type="checkbox"
              checked={on}
              onChange={(e) => setDraft((d) => ({ ...d, [kind]: e.target.checked }))}
            />
            {notificationLabels[kind] ?? labelFromName(kind)}
          </label>
        ))}
      </fieldset>
      <div className="settings-actions">
        <button type="submit" disabled={Object.keys(changed).length === 0 || save.status === 'saving'}>
          Save
        </button>
        <SaveStatus section="notify-kinds" />
      </div>
    </form>
  );
}

/** Which changes of the active profile notify, and the app-wide notification settings (do not disturb…). */
export function NotificationsSection() {
  const settings = useSettingsStore((s) => s.settings);
  const profile = activeProfile(useProfilesStore((s) => s.list.data));
  const data = settings.data;
  return (
    <div className="settings-section">
      <h2>Notifications</h2>
      {settings.error && <ErrorNotice error={settings.error} title="Could not read the settings" />}
      {data?.profile && profile && (
        <ProfileNotificationsForm
          key={`${data.profile.profileId}:${JSON.stringify(data.profile.notifications)}`}
          profileName={profile.name}
          stored={data.profile.notifications}
        />
      )}
      {data && <AppSettingsForm key={JSON.stringify(data.app)} section="notifications" stored={data.app} />}
    </div>
  );
}
