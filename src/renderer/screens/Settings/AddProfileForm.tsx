import { useState, type FormEvent } from 'react';
import { Select } from '../../components/ui/Select';
import { Button } from '../../components/ui/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useProfileSetupStore, type KeyBits } from '../../stores/profileSetupStore';
import { emptyDraft, suggestedId, type ProfileDraft } from '../../../shared/forms/profileForm';
import { KeyFileInput } from './KeyFileInput';
import { TextField } from './TextField';
import { KEY_SIZES } from './settingsFields';
import type { MessageId } from '../../i18n/catalogs';
import { useT } from '../../i18n/t';

const stepTitles = {
  profile: 'addProfile.failed.profile',
  token: 'addProfile.failed.token',
  key: 'addProfile.failed.key',
} as const satisfies Record<string, MessageId>;

/** "Add a merchant profile": where the platform is, the merchant ID, the access token and the signing key. */
export function AddProfileForm({ onDone, onCancel }: { onDone(profileId: string): void; onCancel(): void }) {
  const connect = useProfileSetupStore((s) => s.connect);
  const addProfile = useProfileSetupStore((s) => s.addProfile);
  const [draft, setDraft] = useState<ProfileDraft>(emptyDraft);
  const [idEdited, setIdEdited] = useState(false);
  // Secrets live only in these fields until the form is sent, then they are cleared.
  const [token, setToken] = useState('');
  const [keyKind, setKeyKind] = useState<'generate' | 'import' | 'later'>('generate');
  const [bits, setBits] = useState<KeyBits>(2048);
  const [pem, setPem] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const t = useT();
  const errors = connect.fieldErrors;
  const sending = connect.status === 'sending';

  const field = (name: keyof ProfileDraft) => ({
    id: `connect-${name}`,
    value: draft[name],
    error: errors[name],
    onChange: (value: string) =>
      setDraft((d) => ({ ...d, [name]: value, ...(name === 'name' && !idEdited ? { id: suggestedId(value) } : {}) })),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const key =
      keyKind === 'import'
        ? { kind: 'import' as const, privateKeyPem: pem, passphrase }
        : keyKind === 'generate'
          ? { kind: 'generate' as const, bits }
          : { kind: 'later' as const };
    const sent = addProfile(draft, { token, key });
    // Once sent, the secrets leave the form; a hint shown here sent nothing, so they stay for the correction.
    if (useProfileSetupStore.getState().connect.status === 'sending') {
      setToken('');
      setPassphrase('');
    }
    const done = await sent;
    const { profileId } = useProfileSetupStore.getState().connect;
    if (profileId !== null) setPem('');
    if (done && profileId) onDone(profileId);
  };

  return (
    <form className="settings-form" onSubmit={(e) => void submit(e)} aria-labelledby="connect-title" noValidate>
      <h3 id="connect-title">{t('connection.add')}</h3>
      <p className="settings-help">{t('addProfile.intro')}</p>
      <TextField label={t('addProfile.name')} autoComplete="off" {...field('name')} />
      <TextField
        label={t('addProfile.id')}
        help={t('addProfile.idHelp')}
        autoComplete="off"
        {...field('id')}
        onChange={(value) => {
          setIdEdited(true);
          setDraft((d) => ({ ...d, id: value }));
        }}
      />
      <TextField
        label={t('connection.baseUrl')}
        help={t('addProfile.baseUrlHelp')}
        type="url"
        inputMode="url"
        autoComplete="off"
        {...field('baseUrl')}
      />
      <TextField
        label={t('connection.platformUrl')}
        help={t('addProfile.platformUrlHelp')}
        type="url"
        inputMode="url"
        autoComplete="off"
        {...field('platformUrl')}
      />
      <TextField
        label={t('connection.apiPrefix')}
        help={t('connection.apiPrefixHelp')}
        autoComplete="off"
        {...field('apiPrefix')}
      />
      <TextField label={t('connection.merchantId')} autoComplete="off" {...field('merchantId')} />
      <TextField
        id="connect-token"
        label={t('accessToken.title')}
        type="password"
        autoComplete="new-password"
        help={t('addProfile.tokenHelp')}
        value={token}
        onChange={setToken}
        error={connect.failedStep === 'token' ? connect.error?.message : undefined}
      />
      <fieldset className="settings-fieldset">
        <legend>{t('addProfile.key')}</legend>
        <label className="settings-choice">
          <input
            type="radio"
            name="connect-key"
            checked={keyKind === 'generate'}
            onChange={() => setKeyKind('generate')}
          />
          {t('addProfile.key.generate')}
        </label>
        {keyKind === 'generate' && (
          <div className="settings-field settings-indented">
            <label htmlFor="connect-bits">{t('rsaKey.size')}</label>
            <Select id="connect-bits" value={bits} onChange={(e) => setBits(Number(e.target.value) as KeyBits)}>
              {KEY_SIZES.map((size) => (
                <option key={size} value={size}>
                  {t('rsaKey.bits', { bits: size })}
                </option>
              ))}
            </Select>
          </div>
        )}
        <label className="settings-choice">
          <input type="radio" name="connect-key" checked={keyKind === 'import'} onChange={() => setKeyKind('import')} />
          {t('addProfile.key.import')}
        </label>
        {keyKind === 'import' && (
          <div className="settings-indented">
            <KeyFileInput id="connect-key-file" onPem={setPem} error={errors.privateKey} />
            <TextField
              id="connect-passphrase"
              label={t('rsaKey.passphrase')}
              type="password"
              autoComplete="off"
              value={passphrase}
              onChange={setPassphrase}
            />
          </div>
        )}
        <label className="settings-choice">
          <input type="radio" name="connect-key" checked={keyKind === 'later'} onChange={() => setKeyKind('later')} />
          {t('addProfile.key.later')}
        </label>
      </fieldset>
      {connect.status === 'failed' && connect.error && connect.failedStep && (
        <ErrorNotice error={connect.error} title={t(stepTitles[connect.failedStep])} />
      )}
      {connect.status === 'failed' && !connect.error && (
        <p className="settings-field-error" role="alert">
          {t('connection.correctFields')}
        </p>
      )}
      <div className="settings-actions">
        <Button type="submit" variant="primary" disabled={sending}>
          {sending ? t('addProfile.connecting') : t('addProfile.connect')}
        </Button>
        <Button onClick={onCancel} disabled={sending}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
