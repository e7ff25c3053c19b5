import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button';
import type { ConnectionDraft } from '../../../shared/forms/profileForm';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useProfileSetupStore } from '../../stores/profileSetupStore';
import type { ProfileView } from '../../stores/profilesStore';
import { TextField } from './TextField';
import { useT } from '../../i18n/t';

/** Changes where a profile connects (what a failed connection test may ask to check). */
export function ConnectionEditForm({ profile, onDone }: { profile: ProfileView; onDone(): void }) {
  const edit = useProfileSetupStore((s) => s.edit);
  const editConnection = useProfileSetupStore((s) => s.editConnection);
  const t = useT();
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
      <h4 id="edit-title">{t('settings.section.connection')}</h4>
      <TextField label={t('connection.baseUrl')} type="url" inputMode="url" {...field('baseUrl')} />
      <TextField label={t('connection.platformUrl')} type="url" inputMode="url" {...field('platformUrl')} />
      <TextField label={t('connection.apiPrefix')} help={t('connection.apiPrefixHelp')} {...field('apiPrefix')} />
      <TextField label={t('connection.merchantId')} {...field('merchantId')} />
      {edit.status === 'failed' && edit.error && <ErrorNotice error={edit.error} title={t('settings.notSaved')} />}
      {edit.status === 'failed' && !edit.error && (
        <p className="settings-field-error" role="alert">
          {t('connection.correctFields')}
        </p>
      )}
      <div className="settings-actions">
        <Button type="submit" variant="primary" disabled={edit.status === 'loading'}>
          {t('connection.save')}
        </Button>
        <Button onClick={onDone}>{t('common.cancel')}</Button>
      </div>
    </form>
  );
}
