import { ErrorNotice } from '../components/ErrorNotice';
import { Select } from '../components/ui/Select';
import { activeProfile, useProfilesStore } from '../stores/profilesStore';
import { useT } from '../i18n/t';

/** The active profile, and a switch to any other one of this data directory. */
export function ProfileSwitcher() {
  const t = useT();
  const list = useProfilesStore((s) => s.list);
  const switchError = useProfilesStore((s) => s.switchError);
  const use = useProfilesStore((s) => s.use);
  const active = activeProfile(list.data);
  const profiles = list.data?.profiles ?? [];
  return (
    <div className="profile-switcher">
      <label htmlFor="profile-switcher-select">{t('profileSwitcher.label')}</label>
      <Select
        id="profile-switcher-select"
        value={active?.id ?? ''}
        disabled={profiles.length === 0}
        onChange={(e) => void use(e.target.value)}
      >
        {active === null && (
          <option value="">{profiles.length === 0 ? t('profileSwitcher.none') : t('profileSwitcher.choose')}</option>
        )}
        {profiles.map((p) => (
          <option key={p.id} value={p.id}>
            {t(p.kind === 'sandbox' ? 'profileSwitcher.sandboxOption' : 'profileSwitcher.option', {
              name: p.name || p.id,
            })}
          </option>
        ))}
      </Select>
      {switchError && <ErrorNotice error={switchError} title={t('profileSwitcher.switchFailed')} />}
      {list.error && <ErrorNotice error={list.error} title={t('profileSwitcher.readFailed')} />}
    </div>
  );
}
