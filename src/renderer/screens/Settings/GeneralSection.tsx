import { useT } from '../../i18n/t';
import { useState, type FormEvent } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useAppStore } from '../../stores/appStore';
import { activeProfile, useProfilesStore } from '../../stores/profilesStore';
import { useSettingsStore, type AppSettings } from '../../stores/settingsStore';
import { minutesText, secondsOfMinutes } from './pollMinutes';
import { LanguageSetting } from './LanguageSetting';
import { SaveBar } from './SaveBar';
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
  const [app, setApp] = useState<AppSettings>(storedApp);
  const [minutes, setMinutes] = useState(poll ? minutesText(poll.seconds) : '');
  const [hint, setHint] = useState<string | null>(null);
  const [hostsText, setHostsText] = useState(poll ? poll.imageHosts.join('\n') : '');
  // The language has its own control (LanguageSetting), saved at once like the appearance.
  const keys = Object.keys(storedApp).filter(
    (k) => appSettingSection(k) === SECTION && !hidden.includes(k) && k !== 'language',
  );
  const appChanged = Object.fromEntries(
    Object.entries(changes(storedApp as Record<string, unknown>, app as Record<string, unknown>)).filter(([k]) =>
      keys.includes(k),
    ),
  ) as Partial<AppSettings>;
  const pollChanged = poll !== null && minutes !== minutesText(poll.seconds);
  const hostsChanged = poll !== null && hostsOf(hostsText).join('\n') !== poll.imageHosts.join('\n');
  const dirty = pollChanged || hostsChanged || Object.keys(appChanged).length > 0;
  useLeaveWarning(dirty, 'General');
  const errors = save.section === SECTION ? save.fieldErrors : {};

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    let pollIntervalSeconds: number | undefined;
    if (pollChanged) {
      const parsed = secondsOfMinutes(minutes);
      if (!parsed.ok) return setHint(parsed.problem);
      pollIntervalSeconds = parsed.seconds;
    }
    setHint(null);
    const profile = {
      ...(pollIntervalSeconds ? { pollIntervalSeconds } : {}),
      ...(hostsChanged ? { imageHosts: hostsOf(hostsText) } : {}),
    };
    const saved = await useSettingsStore
      .getState()
      .updateScreen(SECTION, { app: appChanged, ...(Object.keys(profile).length > 0 ? { profile } : {}) });
    // The order view reads the image hosts from the profile list: read it again once they are saved.
    if (saved && hostsChanged) await profilesStore.getState().load();
  };
  const discard = () => {
    setApp(storedApp);
    setMinutes(poll ? minutesText(poll.seconds) : '');
    setHostsText(poll ? poll.imageHosts.join('\n') : '');
    setHint(null);
  };

  return (
    <form className="settings-form" onSubmit={(e) => void submit(e)} aria-label={t('general.form')} noValidate>
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
            value={minutes}
            onChange={setMinutes}
            error={hint ?? errors.pollIntervalSeconds}
          />
          <ImageHostsField value={hostsText} onChange={setHostsText} error={errors.imageHosts} />
        </>
      )}
      <h3>{t('general.app')}</h3>
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
