import { ErrorNotice } from '../../components/ErrorNotice';
import { ContextualSaveBar } from '../../components/ui/ContextualSaveBar';
import { useContextualSave } from '../../components/ui/useContextualSave';
import { useT } from '../../i18n/t';
import { activeProfile, useProfilesStore } from '../../stores/profilesStore';
import { useSettingsStore, type AppSettings, type Settings } from '../../stores/settingsStore';
import { SaveStatus } from './SaveStatus';
import { SettingControl } from './SettingControl';
import { appSettingSection, changes, notificationLabel, settingLabel } from './settingsFields';
import { useLeaveWarning } from './useLeaveWarning';

type Notifications = NonNullable<Settings['profile']>['notifications'];

const SECTION = 'notifications';

interface NotificationsDraft {
  app: AppSettings;
  /** The active profile's kinds, or null with no profile. */
  notifications: Notifications | null;
}

function NotificationsForm({
  storedApp,
  kinds,
}: {
  storedApp: AppSettings;
  /** The active profile's notification kinds, or null with no profile. */
  kinds: { profileName: string; stored: Notifications } | null;
}) {
  const save = useSettingsStore((s) => s.save);
  const t = useT();
  const keys = Object.keys(storedApp).filter((k) => appSettingSection(k) === SECTION);
  const form = useContextualSave<NotificationsDraft>(
    { app: storedApp, notifications: kinds?.stored ?? null },
    async ({ app, notifications }) => {
      const kindsChanged = kinds && notifications ? changes(kinds.stored, notifications) : {};
      await useSettingsStore.getState().updateScreen(SECTION, {
        app: changes(storedApp as Record<string, unknown>, app as Record<string, unknown>) as Partial<AppSettings>,
        ...(Object.keys(kindsChanged).length > 0 ? { profile: { notifications: kindsChanged } } : {}),
      });
    },
  );
  const { draft, setDraft } = form;
  useLeaveWarning(form.dirty, t('settings.section.notifications'));
  const errors = save.section === SECTION ? save.fieldErrors : {};
  return (
    <form className="settings-form" onSubmit={form.submit} aria-label={t('notifications.form')} noValidate>
      {kinds && draft.notifications && (
        <fieldset className="settings-fieldset">
          <legend>{t('notifications.kinds', { profile: kinds.profileName })}</legend>
          {Object.entries(draft.notifications).map(([kind, on]) => (
            <label key={kind} className="settings-choice">
              <input
                type="checkbox"
                checked={on}
                onChange={(e) =>
                  setDraft((d) =>
                    d.notifications ? { ...d, notifications: { ...d.notifications, [kind]: e.target.checked } } : d,
                  )
                }
              />
              {notificationLabel(kind, t)}
            </label>
          ))}
        </fieldset>
      )}
      {keys.length > 0 && <h3>{t('notifications.app')}</h3>}
      {keys.map((key) => (
        <SettingControl
          key={key}
          path={key}
          name={key}
          value={(draft.app as Record<string, unknown>)[key]}
          label={settingLabel(key, t)}
          errors={errors}
          onChange={(value) => setDraft((d) => ({ ...d, app: { ...d.app, [key]: value } }))}
        />
      ))}
      <ContextualSaveBar {...form.bar} />
      <SaveStatus section={SECTION} />
    </form>
  );
}

/** Which changes of the active profile notify, and the app-wide notification settings, under one save bar. */
export function NotificationsSection() {
  const settings = useSettingsStore((s) => s.settings);
  const profile = activeProfile(useProfilesStore((s) => s.list.data));
  const t = useT();
  const data = settings.data;
  const kinds = data?.profile && profile ? { profileName: profile.name, stored: data.profile.notifications } : null;
  return (
    <div className="settings-section">
      <h2>{t('settings.section.notifications')}</h2>
      {settings.error && <ErrorNotice error={settings.error} title={t('general.readFailed')} />}
      {data && <NotificationsForm key={JSON.stringify([data.app, kinds])} storedApp={data.app} kinds={kinds} />}
    </div>
  );
}
