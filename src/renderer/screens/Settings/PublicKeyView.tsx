import { useRef, useState } from 'react';
import type { IpcData } from '../../../shared/ipc/contract';

type PublicKey = NonNullable<IpcData<'credentials:keyStatus'>['key']>;

/** The key's public part and fingerprint, to register with the platform (nothing secret: it may be copied freely). */
export function PublicKeyView({ publicKey }: { publicKey: PublicKey }) {
  const area = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(publicKey.publicKeyPem);
      setCopied('yes');
    } catch {
      area.current?.select();
      setCopied('failed');
    }
  };
  return (
    <div className="public-key">
      <dl className="settings-facts">
        <dt>Size</dt>
        <dd>{publicKey.bits} bits</dd>
        <dt>SHA-256 fingerprint</dt>
        <dd>
          <code className="fingerprint">{publicKey.fingerprint.hex}</code>
        </dd>
      </dl>
      <label htmlFor="public-key-pem">Public key (register it with the platform)</label>
      <textarea
        id="public-key-pem"
        ref={area}
        className="pem"
        readOnly
        rows={Math.min(12, publicKey.publicKeyPem.split('\n').length)}
        value={publicKey.publicKeyPem}
      />
      <div className="settings-actions">
        <button type="button" onClick={() => void copy()}>
          Copy public key
        </button>
        <span role="status">
          {copied === 'yes' && 'Public key copied.'}
          {copied === 'failed' && 'Could not copy: the key is selected, press Ctrl+C (⌘C).'}
        </span>
      </div>
    </div>
  );
}
