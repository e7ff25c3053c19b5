import { useEffect, useState } from 'react';
import { formatClock, instantMs } from '../format/time';
import { formatRoute } from '../router';
import { useAppStore } from '../stores/appStore';
import { activeProfile, useProfilesStore } from '../stores/profilesStore';
import { useSyncStore } from '../stores/syncStore';
import { Msg, SPACE, useT } from '../i18n/t';
import { lastShownSandbox, rememberSandbox } from './sandboxHint';

/** What the merchant must know before trusting what the screen shows: demo data, offline, the host's trouble. */
export function Banners() {
  const t = useT();
  const list = useProfilesStore((s) => s.list.data);
  const host = useAppStore((s) => s.host);
  const live = useSyncStore((s) => s.live);
  const status = useSyncStore((s) => s.status.data);
  const profile = activeProfile(list);
  const environment = useAppStore((s) => s.info.data?.environment ?? null);
  // The sandbox's data whenever the platform is the sandbox: its profile, or no profile over the sandbox's settings.
  const sandboxNow =
    profile?.kind === 'sandbox' || (list !== null && !list.activeProfileId && environment?.sandbox === true);
  // Known once the profiles are read (or failed) and, without an active profile, the app's info too; until then (the
  // first frame) the banner is as the last start left it (sandboxHint.ts): the screen does not move when they answer.
  const answered = (status: string) => status === 'ready' || status === 'failed';
  const listAnswered = useProfilesStore((s) => answered(s.list.status));
  const infoAnswered = useAppStore((s) => answered(s.info.status));
  const known = listAnswered && (profile !== null || infoAnswered);
  const [lastStart] = useState(lastShownSandbox);
  useEffect(() => {
    if (known) rememberSandbox(sandboxNow);
  }, [known, sandboxNow]);
  const sandbox = known ? sandboxNow : lastStart;
  const lastSyncedMs = instantMs(live?.lastSyncedAt ?? status?.lastSyncedAt ?? null);
  const lastError = useSyncStore((s) => s.lastError);
  // Offline: the OS says so (the desktop's poller), the host is gone, or the platform could not be reached.
  const networkError = [live?.error, lastError].find((e) => e?.kind === 'network') ?? null;
  const offline = live?.state === 'offline' || host?.state === 'stopped' || networkError !== null;

  return (
    <div className="banners">
      {sandbox && (
        <div className="banner banner-sandbox" role="note">
          <Msg id="banner.sandbox" values={{ b: (text) => <strong>{text}</strong> }} />
          {SPACE}
          <a href={formatRoute('settings', ['connection'])}>{t('banner.addProfile')}</a>
        </div>
      )}
      {offline && (
        <div className="banner banner-offline" role="status">
          {lastSyncedMs !== undefined
            ? t('banner.offlineSince', { time: formatClock(lastSyncedMs) })
            : t('banner.offline')}
          {SPACE}
          {host?.state === 'stopped'
            ? host.message
            : (networkError?.action ?? live?.error?.action ?? t('banner.retries'))}
        </div>
      )}
      {host && (host.state === 'restarting' || host.state === 'failed') && (
        <div className="banner banner-error" role="alert">
          {host.state === 'restarting' ? t('banner.reconnecting') : t('banner.hostFailed')} {host.message}
          {host.logFile ? SPACE + t('banner.details', { file: host.logFile }) : null}
        </div>
      )}
    </div>
  );
}
