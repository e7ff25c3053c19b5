import { useState, type FormEvent } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { activeProfile, useProfilesStore } from '../../stores/profilesStore';
import { useSettingsStore, type AppSettings, type Settings } from '../../stores/settingsStore';
import { SaveBar } from './SaveBar';
import { SettingControl } from './SettingControl';
import { appSettingSection, changes, labelFromName, notificationLabels, settingLabel } from './settingsFields';
import { useLeaveWarning } from './useLeaveWarning';

type Notifications = NonNullable<Settings['profile']>['notifications'];

const SECTION = 'notifications';

function NotificationsForm({
  storedApp,
  kinds,
}: {
  storedApp: AppSettings;
  /** The active profile's notification kinds, or null with no profile. */
  kinds: { profileName: string; stored: Notifications } | null;
}) {
  const save = useSettingsStore((s) => s.save);
  const [app, setApp] = useState<AppSettings>(storedApp);
  const [notifications, setNotifications] = useState<Notifications | null>(kinds?.stored ?? null);
  const keys = Object.keys(storedApp).filter((k) => appSettingSection(k) === SECTION);
  const appChanged = changes(
    storedApp as Record<string, unknown>,
    app as Record<string, unknown>,
  ) as Partial<AppSettings>;
  const kindsChanged = kinds && notifications ? changes(kinds.stored, notifications) : {};
  const dirty = Object.keys(appChanged).length > 0 || Object.keys(kindsChanged).length > 0;
  useLeaveWarning(dirty, 'Notifications');
  const errors = save.section === SECTION ? save.fieldErrors : {};
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await useSettingsStore.getState().updateScreen(SECTION, {
      app: appChanged,
      ...(Object.keys(kindsChanged).length > 0 ? { profile: { notifications: kindsChanged } } : {}),
    });
  };
  const discard = () => {
    setApp(storedApp);
    setNotifications(kinds?.stored ?? null);
  };
  return (
    <form className="settings-form" onSubmit={(e) => void submit(e)} aria-label="Notification settings" noValidate>
      {kinds && notifications && (
        <fieldset className="settings-fieldset">
          <legend>Notify me about ({kinds.profileName})</legend>
          {Object.entries(notifications).map(([kind, on]) => (
            <label key={kind} className="settings-choice">
              <input
                type="checkbox"
                checked={on}
                onChange={(e) => setNotifications((d) => (d ? { ...d, [kind]: e.target.checked } : d))}
              />
              {notificationLabels[kind] ?? labelFromName(kind)}
            </label>
          ))}
        </fieldset>
      )}
      {keys.length > 0 && <h3>For the whole app</h3>}
      {keys.map((key) => (
        <SettingControl
          key={key}
          path={key}
          name={key}
          value={(app as Record<string, unknown>)[key]}
          label={settingLabel(key)}
          errors={errors}
          onChange={(value) => setApp((d) => ({ ...d, [key]: value }))}
        />
      ))}
      <SaveBar section={SECTION} dirty={dirty} onDiscard={discard} />
    </form>
  );
}

/** Which changes of the active profile notify, and the app-wide notification settings, under one save bar. */
export function NotificationsSection() {
  const settings = useSettingsStore((s) => s.settings);
  const profile = activeProfile(useProfilesStore((s) => s.list.data));
  const data = settings.data;
  const kinds = data?.profile && profile ? { profileName: profile.name, stored: data.profile.notifications } : null;
  return (
    <div className="settings-section">
      <h2>Notifications</h2>
      {settings.error && <ErrorNotice error={settings.error} title="Could not read the settings" />}
      {data && <NotificationsForm key={JSON.stringify([data.app, kinds])} storedApp={data.app} kinds={kinds} />}
    </div>
  );
}
