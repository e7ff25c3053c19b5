import { useState } from 'react';
import { Select } from '../../components/ui/Select';
import { Button } from '../../components/ui/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useProfileSetupStore, type KeyBits } from '../../stores/profileSetupStore';
import { ConfirmDialog } from './ConfirmDialog';
import { KeyFileInput } from './KeyFileInput';
import { PublicKeyView } from './PublicKeyView';
import { TextField } from './TextField';
import { useT } from '../../i18n/t';
import { KEY_SIZES } from './settingsFields';

type Pending = { kind: 'generate' } | { kind: 'import' };

/** The profile's RSA key: its public part to register, or import / generate one (replacing only after a question). */
export function KeyPanel({ profileId }: { profileId: string }) {
  const key = useProfileSetupStore((s) => s.key);
  const keySaved = useProfileSetupStore((s) => s.keySaved);
  const generateKey = useProfileSetupStore((s) => s.generateKey);
  const importKey = useProfileSetupStore((s) => s.importKey);
  const [bits, setBits] = useState<KeyBits>(2048);
  // The PEM and passphrase stay in the form only until they are sent.
  const [pem, setPem] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const [fileInput, setFileInput] = useState(0);
  const [confirm, setConfirm] = useState<Pending | null>(null);
  const t = useT();
  const current = key.data?.profileId === profileId ? key.data.key : null;
  const busy = keySaved.status === 'loading';

  const run = async (pending: Pending) => {
    setConfirm(null);
    const replace = current !== null;
    if (pending.kind === 'generate') await generateKey(profileId, bits, replace);
    else {
      const sent = importKey(profileId, pem, passphrase, replace);
      setPem('');
      setPassphrase('');
      setFileInput((n) => n + 1);
      await sent;
    }
  };
  const ask = (pending: Pending) => (current ? setConfirm(pending) : void run(pending));

  const choices = (
    <div className="key-choices">
      <div className="settings-form-inline">
        <label htmlFor="key-bits">{t('rsaKey.size')}</label>
        <Select id="key-bits" value={bits} onChange={(e) => setBits(Number(e.target.value) as KeyBits)}>
          {KEY_SIZES.map((size) => (
            <option key={size} value={size}>
              {t('rsaKey.bits', { bits: size })}
            </option>
          ))}
        </Select>
        <Button onClick={() => ask({ kind: 'generate' })} disabled={busy}>
          {current ? t('rsaKey.generateNew') : t('rsaKey.generate')}
        </Button>
      </div>
      <div>
        <KeyFileInput key={fileInput} id="key-file" onPem={setPem} />
        <TextField
          id="key-passphrase"
          label={t('rsaKey.passphrase')}
          type="password"
          autoComplete="off"
          value={passphrase}
          onChange={setPassphrase}
        />
        <Button onClick={() => ask({ kind: 'import' })} disabled={busy || pem === ''}>
          {t('rsaKey.import')}
        </Button>
      </div>
    </div>
  );

  return (
    <section className="settings-form" aria-labelledby="key-title">
      <h4 id="key-title">{t('rsaKey.title')}</h4>
      {key.status === 'failed' && key.error && <ErrorNotice error={key.error} title={t('rsaKey.readFailed')} />}
      {key.status === 'ready' && !current && <p>{t('rsaKey.none')}</p>}
      {current && <PublicKeyView publicKey={current} />}
      {keySaved.status === 'ready' && keySaved.data && (
        <p role="status" className="settings-ok">
          {keySaved.data.unchanged
            ? t('rsaKey.unchanged')
            : keySaved.data.replaced
              ? t('rsaKey.replaced')
              : t('rsaKey.stored')}
        </p>
      )}
      {keySaved.status === 'failed' && keySaved.error && (
        <ErrorNotice error={keySaved.error} title={t('rsaKey.notStored')} />
      )}
      {current ? (
        <details className="key-replace">
          <summary>{t('rsaKey.replaceMenu')}</summary>
          {choices}
        </details>
      ) : (
        choices
      )}
      {confirm && (
        <ConfirmDialog
          title={t('rsaKey.confirmTitle')}
          confirmLabel={t('rsaKey.confirm')}
          onCancel={() => setConfirm(null)}
          onConfirm={() => void run(confirm)}
        >
          <p>{t('rsaKey.confirmBody')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
