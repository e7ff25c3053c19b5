import { ErrorNotice } from '../components/ErrorNotice';
import { activeProfile, useProfilesStore } from '../stores/profilesStore';

/** The active profile, and a switch to any other one of this data directory. */
export function ProfileSwitcher() {
  const list = useProfilesStore((s) => s.list);
  const switchError = useProfilesStore((s) => s.switchError);
  const use = useProfilesStore((s) => s.use);
  const active = activeProfile(list.data);
  const profiles = list.data?.profiles ?? [];
  return (
    <div className="profile-switcher">
      <label htmlFor="profile-switcher-select">Profile</label>
      <select
        id="profile-switcher-select"
        className="select"
        value={active?.id ?? ''}
        disabled={profiles.length === 0}
        onChange={(e) => void use(e.target.value)}
      >
        {active === null && <option value="">{profiles.length === 0 ? 'No profile yet' : 'Choose…'}</option>}
        {profiles.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name || p.id}
            {p.kind === 'sandbox' ? ' (sandbox)' : ''}
          </option>
        ))}
      </select>
      {switchError && <ErrorNotice error={switchError} title="Could not switch profile" />}
      {list.error && <ErrorNotice error={list.error} title="Could not read the profiles" />}
    </div>
  );
}
