import { useState, type FormEvent } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useProfileSetupStore } from '../../stores/profileSetupStore';
import type { ProfileView } from '../../stores/profilesStore';
import { TextField } from './TextField';

const tokenStateText = { set: 'set', 'not set': 'not set', unknown: 'unknown (the keychain could not be asked)' };

/** The access token: whether one is stored, and a write-only field to store a new one. */
export function TokenForm({ profile }: { profile: ProfileView }) {
  const token = useProfileSetupStore((s) => s.token);
  const saveToken = useProfileSetupStore((s) => s.saveToken);
  const [value, setValue] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const sent = saveToken(profile.id, value);
    setValue('');
    await sent;
  };
  return (
    <form className="settings-form" onSubmit={(e) => void submit(e)} aria-labelledby="token-title" noValidate>
      <h4 id="token-title">Access token</h4>
      <p>
        Stored token: <strong>{tokenStateText[profile.tokenState]}</strong>
      </p>
      <TextField
        id="profile-token"
        label={profile.tokenState === 'set' ? 'Replace the access token' : 'Access token'}
        type="password"
        autoComplete="new-password"
        help="Paste the token from the platform; it goes to the system keychain and is never shown."
        value={value}
        onChange={setValue}
      />
      {token.status === 'failed' && token.error && <ErrorNotice error={token.error} title="Token not stored" />}
      {token.status === 'ready' && token.data && (
        <p role="status" className="settings-ok">
          Token stored ({token.data.length} characters). Test the connection to check it.
        </p>
      )}
      <div className="settings-actions">
        <button type="submit" disabled={value.trim() === '' || token.status === 'loading'}>
          Save token
        </button>
      </div>
    </form>
  );
}
