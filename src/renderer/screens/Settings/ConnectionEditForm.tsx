import { useState, type FormEvent } from 'react';
import type { ConnectionDraft } from '../../../shared/forms/profileForm';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useProfileSetupStore } from '../../stores/profileSetupStore';
import type { ProfileView } from '../../stores/profilesStore';
import { TextField } from './TextField';

/** Changes where a profile connects (what a failed connection test may ask to check). */
export function ConnectionEditForm({ profile, onDone }: { profile: ProfileView; onDone(): void }) {
  const edit = useProfileSetupStore((s) => s.edit);
  const editConnection = useProfileSetupStore((s) => s.editConnection);
  const [draft, setDraft] = useState<ConnectionDraft>({
    baseUrl: profile.baseUrl,
    platformUrl: profile.platformUrl,
    apiPrefix: profile.apiPrefix,
    merchantId: profile.merchantId,
  });
  const field = (name: keyof ConnectionDraft) => ({
    id: `edit-${name}`,
    value: draft[name],
    error: edit.fieldErrors[name],
    autoComplete: 'off',
    onChange: (value: string) => setDraft((d) => ({ ...d, [name]: value })),
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await editConnection(profile.id, draft)) onDone();
  };
  return (
    <form className="settings-form" onSubmit={(e) => void submit(e)} aria-labelledby="edit-title" noValidate>
      <h4 id="edit-title">Connection</h4>
      <TextField label="Base URL" type="url" inputMode="url" {...field('baseUrl')} />
      <TextField label="Platform URL" type="url" inputMode="url" {...field('platformUrl')} />
      <TextField label="API prefix" help="Empty, or like /merchant-api" {...field('apiPrefix')} />
      <TextField label="Merchant ID" {...field('merchantId')} />
      {edit.status === 'failed' && edit.error && <ErrorNotice error={edit.error} title="Not saved" />}
      {edit.status === 'failed' && !edit.error && (
        <p className="settings-field-error" role="alert">
          Correct the marked fields; nothing was sent.
        </p>
      )}
      <div className="settings-actions">
        <button type="submit" className="primary" disabled={edit.status === 'loading'}>
          Save connection
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
