import { useState, type FormEvent } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useProfileSetupStore, type KeyBits } from '../../stores/profileSetupStore';
import { emptyDraft, suggestedId, type ProfileDraft } from '../../../shared/forms/profileForm';
import { KeyFileInput } from './KeyFileInput';
import { TextField } from './TextField';

const stepTitles = {
  profile: 'The profile was not added',
  token: 'The profile was added, but its access token was not stored',
  key: 'The profile was added, but its key was not stored',
} as const;

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
      <h3 id="connect-title">Add a merchant profile</h3>
      <p className="settings-help">
        From the platform you need: the API address (base URL), the platform address, your merchant ID and an access
        token. Nothing is sent until you press Connect.
      </p>
      <TextField label="Profile name" autoComplete="off" {...field('name')} />
      <TextField
        label="Profile ID"
        help="Names this profile's files and commands, e.g. shop-eu."
        autoComplete="off"
        {...field('id')}
        onChange={(value) => {
          setIdEdited(true);
          setDraft((d) => ({ ...d, id: value }));
        }}
      />
      <TextField
        label="Base URL"
        help="The seller API, e.g. https://api.example.com"
        type="url"
        inputMode="url"
        autoComplete="off"
        {...field('baseUrl')}
      />
      <TextField
        label="Platform URL"
        help="Buyer sync and login links, e.g. https://shop.example.com"
        type="url"
        inputMode="url"
        autoComplete="off"
        {...field('platformUrl')}
      />
      <TextField label="API prefix" help="Empty, or like /merchant-api" autoComplete="off" {...field('apiPrefix')} />
      <TextField label="Merchant ID" autoComplete="off" {...field('merchantId')} />
      <TextField
        id="connect-token"
        label="Access token"
        type="password"
        autoComplete="new-password"
        help="Kept in the system keychain; never shown again. You can set it later."
        value={token}
        onChange={setToken}
        error={connect.failedStep === 'token' ? connect.error?.message : undefined}
      />
      <fieldset className="settings-fieldset">
        <legend>RSA key for buyer sync and login links</legend>
        <label className="settings-choice">
          <input
            type="radio"
            name="connect-key"
            checked={keyKind === 'generate'}
            onChange={() => setKeyKind('generate')}
          />
          Generate a new key here
        </label>
        {keyKind === 'generate' && (
          <div className="settings-field settings-indented">
            <label htmlFor="connect-bits">Key size</label>
            <select id="connect-bits" value={bits} onChange={(e) => setBits(Number(e.target.value) as KeyBits)}>
              <option value={2048}>2048 bits</option>
              <option value={3072}>3072 bits</option>
              <option value={4096}>4096 bits</option>
            </select>
          </div>
        )}
        <label className="settings-choice">
          <input type="radio" name="connect-key" checked={keyKind === 'import'} onChange={() => setKeyKind('import')} />
          Import a key I have
        </label>
        {keyKind === 'import' && (
          <div className="settings-indented">
            <KeyFileInput id="connect-key-file" onPem={setPem} error={errors.privateKey} />
            <TextField
              id="connect-passphrase"
              label="Passphrase (for an encrypted key)"
              type="password"
              autoComplete="off"
              value={passphrase}
              onChange={setPassphrase}
            />
          </div>
        )}
        <label className="settings-choice">
          <input type="radio" name="connect-key" checked={keyKind === 'later'} onChange={() => setKeyKind('later')} />
          Later
        </label>
      </fieldset>
      {connect.status === 'failed' && connect.error && connect.failedStep && (
        <ErrorNotice error={connect.error} title={stepTitles[connect.failedStep]} />
      )}
      {connect.status === 'failed' && !connect.error && (
        <p className="settings-field-error" role="alert">
          Correct the marked fields; nothing was sent.
        </p>
      )}
      <div className="settings-actions">
        <button type="submit" className="primary" disabled={sending}>
          {sending ? 'Connecting…' : 'Connect'}
        </button>
        <button type="button" onClick={onCancel} disabled={sending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
