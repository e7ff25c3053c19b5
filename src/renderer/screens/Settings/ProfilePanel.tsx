import { useState } from 'react';
import { useProfileSetupStore } from '../../stores/profileSetupStore';
import { useProfilesStore, type ProfileView } from '../../stores/profilesStore';
import { ConnectionEditForm } from './ConnectionEditForm';
import { KeyPanel } from './KeyPanel';
import { TestConnectionResult } from './TestConnectionResult';
import { TokenForm } from './TokenForm';

/** One merchant account: where it connects, its token and key, and the connection test. */
export function ProfilePanel({ profile, active }: { profile: ProfileView; active: boolean }) {
  const use = useProfilesStore((s) => s.use);
  const edit = useProfileSetupStore((s) => s.edit);
  const [editing, setEditing] = useState(false);
  return (
    <section className="profile-panel" aria-labelledby="profile-title">
      <h3 id="profile-title">
        {profile.name} <span className="muted">({profile.id})</span>
      </h3>
      {editing ? (
        <ConnectionEditForm profile={profile} onDone={() => setEditing(false)} />
      ) : (
        <>
          <dl className="settings-facts">
            <dt>Base URL</dt>
            <dd>{profile.baseUrl}</dd>
            <dt>Platform URL</dt>
            <dd>{profile.platformUrl}</dd>
            <dt>API prefix</dt>
            <dd>{profile.apiPrefix || '(none)'}</dd>
            <dt>Merchant ID</dt>
            <dd>{profile.merchantId}</dd>
          </dl>
          <div className="settings-actions">
            <button type="button" onClick={() => setEditing(true)}>
              Edit connection
            </button>
            <span role="status">{edit.status === 'ready' ? 'Connection saved.' : ''}</span>
          </div>
        </>
      )}
      <p>
        {active ? (
          <strong>This is the active profile.</strong>
        ) : (
          <button type="button" onClick={() => void use(profile.id)}>
            Use this profile
          </button>
        )}
      </p>
      <TestConnectionResult profileId={profile.id} />
      <TokenForm profile={profile} />
      <KeyPanel profileId={profile.id} />
    </section>
  );
}
