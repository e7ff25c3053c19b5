import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { useProfileSetupStore } from '../../stores/profileSetupStore';
import { useProfilesStore, type ProfileView } from '../../stores/profilesStore';
import { ConnectionEditForm } from './ConnectionEditForm';
import { KeyPanel } from './KeyPanel';
import { TestConnectionResult } from './TestConnectionResult';
import { TokenForm } from './TokenForm';
import { useT } from '../../i18n/t';

/** One merchant account: where it connects, its token and key, and the connection test. */
export function ProfilePanel({ profile, active }: { profile: ProfileView; active: boolean }) {
  const use = useProfilesStore((s) => s.use);
  const edit = useProfileSetupStore((s) => s.edit);
  const [editing, setEditing] = useState(false);
  const t = useT();
  return (
    <section className="profile-panel" aria-labelledby="profile-title">
      <h3 id="profile-title">
        {profile.name} <span className="muted">{t('profiles.idInTitle', { id: profile.id })}</span>
      </h3>
      {editing ? (
        <ConnectionEditForm profile={profile} onDone={() => setEditing(false)} />
      ) : (
        <>
          <dl className="settings-facts">
            <dt>{t('connection.baseUrl')}</dt>
            <dd>{profile.baseUrl}</dd>
            <dt>{t('connection.platformUrl')}</dt>
            <dd>{profile.platformUrl}</dd>
            <dt>{t('connection.apiPrefix')}</dt>
            <dd>{profile.apiPrefix || t('setting.listEmpty')}</dd>
            <dt>{t('connection.merchantId')}</dt>
            <dd>{profile.merchantId}</dd>
          </dl>
          <div className="settings-actions">
            <Button onClick={() => setEditing(true)}>{t('connection.edit')}</Button>
            <span role="status">{edit.status === 'ready' ? t('connection.saved') : ''}</span>
          </div>
        </>
      )}
      <p>
        {active ? (
          <strong>{t('profiles.isActive')}</strong>
        ) : (
          <Button onClick={() => void use(profile.id)}>{t('profiles.use')}</Button>
        )}
      </p>
      <TestConnectionResult profileId={profile.id} />
      <TokenForm profile={profile} />
      <KeyPanel profileId={profile.id} />
    </section>
  );
}
