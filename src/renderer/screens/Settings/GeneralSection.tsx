import { useT } from '../../i18n/t';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ContextualSaveBar } from '../../components/ui/ContextualSaveBar';
import { useContextualSave } from '../../components/ui/useContextualSave';
import { useAppStore } from '../../stores/appStore';
import { activeProfile, useProfilesStore } from '../../stores/profilesStore';
import { useSettingsStore, type AppSettings } from '../../stores/settingsStore';
import { minutesText, secondsOfMinutes } from './pollMinutes';
import { LanguageSetting } from './LanguageSetting';
import { SaveStatus } from './SaveStatus';
import { SettingControl } from './SettingControl';
import { TextField } from './TextField';
import { appSettingSection, changes, settingLabel } from './settingsFields';
import { useLeaveWarning } from './useLeaveWarning';
import { ImageHostsField, hostsOf } from './ImageHostsField';
import { useProfilesStore as profilesStore } from '../../stores/profilesStore';

const SECTION = 'general';

/** App settings this host cannot honour: the browser host has no tray, no login item and no updater. */
function useHiddenKeys(): string[] {
  const capabilities = useAppStore((s) => s.info.data?.capabilities);
  const hidden: string[] = [];
  if (capabilities && !capabilities.tray) hidden.push('closeToTray');
  if (capabilities && !capabilities.openAtLogin) hidden.push('openAtLogin');
  // An older host without the field: as its tray says (the desktop app had one, the browser host not).
  if (capabilities && !(capabilities.updates ?? capabilities.tray)) hidden.push('automaticUpdates');
  return hidden;
}

interface GeneralDraft {
  app: AppSettings;
  /** The poll interval as typed, in minutes. */
  minutes: string;
  /** The image hosts as typed. */
  hostsText: string;
}

/** The draft as typed, compared by what it means: hosts as the list they make, app settings by value. */
const sameGeneral = (a: GeneralDraft, b: GeneralDraft) =>
  a.minutes === b.minutes &&
  hostsOf(a.hostsText).join('\n') === hostsOf(b.hostsText).join('\n') &&
  JSON.stringify(a.app) === JSON.stringify(b.app);

function GeneralForm({
  storedApp,
  poll,
  hidden,
}: {
  storedApp: AppSettings;
  /** The active profile's interval and image hosts, or null with no profile. */
  poll: { profileName: string; seconds: number; imageHosts: readonly string[] } | null;
  hidden: readonly string[];
}) {
  const save = useSettingsStore((s) => s.save);
  const t = useT();
  const stored: GeneralDraft = {
    app: storedApp,
    minutes: poll ? minutesText(poll.seconds) : '',
    hostsText: poll ? poll.imageHosts.join('\n') : '',
  };
  // The language has its own control (LanguageSetting), saved at once like the appearance.
  const keys = Object.keys(storedApp).filter(
    (k) => appSettingSection(k) === SECTION && !hidden.includes(k) && k !== 'language',
  );
  /** What changed in a draft: the interval (parsed) and whether the hosts did. */
  const edits = (next: GeneralDraft) => ({
    minutes: poll !== null && next.minutes !== stored.minutes ? secondsOfMinutes(next.minutes) : null,
    hostsChanged: poll !== null && hostsOf(next.hostsText).join('\n') !== poll.imageHosts.join('\n'),
  });
  const send = async (next: GeneralDraft) => {
    const { minutes: parsedMinutes, hostsChanged } = edits(next);
    const appChanged = Object.fromEntries(
      Object.entries(changes(storedApp as Record<string, unknown>, next.app as Record<string, unknown>)).filter(([k]) =>
        keys.includes(k),
      ),
    ) as Partial<AppSettings>;
    const profile = {
      ...(parsedMinutes?.ok ? { pollIntervalSeconds: parsedMinutes.seconds } : {}),
      ...(hostsChanged ? { imageHosts: hostsOf(next.hostsText) } : {}),
    };
    const saved = await useSettingsStore
      .getState()
      .updateScreen(SECTION, { app: appChanged, ...(Object.keys(profile).length > 0 ? { profile } : {}) });
    // The order view reads the image hosts from the profile list: read it again once they are saved.
    if (saved && hostsChanged) await profilesStore.getState().load();
  };
  const form = useContextualSave(stored, send, { same: sameGeneral });
  const { draft, setDraft } = form;
  const parsed = edits(draft).minutes;
  const hint = parsed && !parsed.ok ? parsed.problem : null;
  useLeaveWarning(form.dirty, t('settings.section.general'));
  const errors = save.section === SECTION ? save.fieldErrors : {};

  return (
    <form className="settings-form" onSubmit={form.submit} aria-label={t('general.form')} noValidate>
      {poll && (
        <>
          <h3>{t('general.polling', { profile: poll.profileName })}</h3>
          <TextField
            id="poll-interval"
            label={t('general.pollEvery')}
            type="number"
            inputMode="decimal"
            min={0.25}
            max={1440}
            step="any"
            help={t('general.pollHelp')}
            value={draft.minutes}
            onChange={(minutes) => setDraft((d) => ({ ...d, minutes }))}
            error={hint ?? errors.pollIntervalSeconds}
          />
          <ImageHostsField
            value={draft.hostsText}
            onChange={(hostsText) => setDraft((d) => ({ ...d, hostsText }))}
            error={errors.imageHosts}
          />
        </>
      )}
      <h3>{t('general.app')}</h3>
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
      <ContextualSaveBar {...form.bar} invalid={hint !== null} />
      <SaveStatus section={SECTION} />
    </form>
  );
}

/** Polling of the active profile and the app-wide settings this host can honour, under one save bar. */
export function GeneralSection() {
  const settings = useSettingsStore((s) => s.settings);
  const profile = activeProfile(useProfilesStore((s) => s.list.data));
  const hidden = useHiddenKeys();
  const t = useT();
  const data = settings.data;
  const poll =
    data?.profile && profile
      ? { profileName: profile.name, seconds: data.profile.pollIntervalSeconds, imageHosts: data.profile.imageHosts }
      : null;
  return (
    <div className="settings-section">
      <h2>{t('settings.section.general')}</h2>
      <LanguageSetting />
      {settings.error && <ErrorNotice error={settings.error} title={t('general.readFailed')} />}
      {data && <GeneralForm key={JSON.stringify([data.app, poll])} storedApp={data.app} poll={poll} hidden={hidden} />}
      {hidden.length > 0 && <p className="settings-help">{t('general.browserNote')}</p>}
    </div>
  );
}
