import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useProfileSetupStore, type KeyBits } from '../../stores/profileSetupStore';
import { ConfirmDialog } from './ConfirmDialog';
import { KeyFileInput } from './KeyFileInput';
import { PublicKeyView } from './PublicKeyView';
import { TextField } from './TextField';

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
        <label htmlFor="key-bits">Key size</label>
        <select id="key-bits" value={bits} onChange={(e) => setBits(Number(e.target.value) as KeyBits)}>
          <option value={2048}>2048 bits</option>
          <option value={3072}>3072 bits</option>
          <option value={4096}>4096 bits</option>
        </select>
        <button type="button" onClick={() => ask({ kind: 'generate' })} disabled={busy}>
          {current ? 'Generate a new key' : 'Generate a key'}
        </button>
      </div>
      <div>
        <KeyFileInput key={fileInput} id="key-file" onPem={setPem} />
        <TextField
          id="key-passphrase"
          label="Passphrase (for an encrypted key)"
          type="password"
          autoComplete="off"
          value={passphrase}
          onChange={setPassphrase}
        />
        <button type="button" onClick={() => ask({ kind: 'import' })} disabled={busy || pem === ''}>
          Import key
        </button>
      </div>
    </div>
  );

  return (
    <section className="settings-form" aria-labelledby="key-title">
      <h4 id="key-title">RSA key</h4>
      {key.status === 'failed' && key.error && <ErrorNotice error={key.error} title="The key could not be read" />}
      {key.status === 'ready' && !current && (
        <p>No key yet: buyer sync and login links need one. Generate one here, or import the one you have.</p>
      )}
      {current && <PublicKeyView publicKey={current} />}
      {keySaved.status === 'ready' && keySaved.data && (
        <p role="status" className="settings-ok">
          {keySaved.data.unchanged
            ? 'This key was stored already; nothing changed.'
            : `Key stored${keySaved.data.replaced ? ' (it replaced the previous one: register the new public key with the platform)' : ''}.`}
        </p>
      )}
      {keySaved.status === 'failed' && keySaved.error && (
        <ErrorNotice error={keySaved.error} title="The key was not stored" />
      )}
      {current ? (
        <details className="key-replace">
          <summary>Replace the key…</summary>
          {choices}
        </details>
      ) : (
        choices
      )}
      {confirm && (
        <ConfirmDialog
          title="Replace the key?"
          confirmLabel="Replace the key"
          onCancel={() => setConfirm(null)}
          onConfirm={() => void run(confirm)}
        >
          <p>
            The platform knows this account by its current public key. After replacing it, register the new public key
            with the platform, or buyer sync and login links fail.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
