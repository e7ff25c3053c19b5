import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useProfileSetupStore } from '../../stores/profileSetupStore';
import type { ProfileView } from '../../stores/profilesStore';
import { TextField } from './TextField';
import type { MessageId } from '../../i18n/catalogs';
import { Msg, useT } from '../../i18n/t';

const tokenStateIds = {
  set: 'accessToken.state.set',
  'not set': 'accessToken.state.notSet',
  unknown: 'accessToken.state.unknown',
} as const satisfies Record<ProfileView['tokenState'], MessageId>;

/** The access token: whether one is stored, and a write-only field to store a new one. */
export function TokenForm({ profile }: { profile: ProfileView }) {
  const token = useProfileSetupStore((s) => s.token);
  const saveToken = useProfileSetupStore((s) => s.saveToken);
  const [value, setValue] = useState('');
  const t = useT();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const sent = saveToken(profile.id, value);
    setValue('');
    await sent;
  };
  return (
    <form className="settings-form" onSubmit={(e) => void submit(e)} aria-labelledby="token-title" noValidate>
      <h4 id="token-title">{t('accessToken.title')}</h4>
      <p>
        <Msg
          id="accessToken.stored"
          values={{ state: t(tokenStateIds[profile.tokenState]), b: (chunks) => <strong>{chunks}</strong> }}
        />
      </p>
      <TextField
        id="profile-token"
        label={profile.tokenState === 'set' ? t('accessToken.replace') : t('accessToken.title')}
        type="password"
        autoComplete="new-password"
        help={t('accessToken.help')}
        value={value}
        onChange={setValue}
      />
      {token.status === 'failed' && token.error && (
        <ErrorNotice error={token.error} title={t('accessToken.notStored')} />
      )}
      {token.status === 'ready' && token.data && (
        <p role="status" className="settings-ok">
          {t('accessToken.saved', { count: token.data.length })}
        </p>
      )}
      <div className="settings-actions">
        <Button type="submit" disabled={value.trim() === '' || token.status === 'loading'}>
          {t('accessToken.save')}
        </Button>
      </div>
    </form>
  );
}
