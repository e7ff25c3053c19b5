import { useRef, useState } from 'react';
import { Button } from '../../components/ui/Button';
import type { IpcData } from '../../../shared/ipc/contract';
import { useT } from '../../i18n/t';

type PublicKey = NonNullable<IpcData<'credentials:keyStatus'>['key']>;

/** The key's public part and fingerprint, to register with the platform (nothing secret: it may be copied freely). */
export function PublicKeyView({ publicKey }: { publicKey: PublicKey }) {
  const area = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const t = useT();
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
        <dt>{t('rsaKey.size')}</dt>
        <dd>{t('rsaKey.bits', { bits: publicKey.bits })}</dd>
        <dt>{t('rsaKey.fingerprint')}</dt>
        <dd>
          <code className="fingerprint">{publicKey.fingerprint.hex}</code>
        </dd>
      </dl>
      <label htmlFor="public-key-pem">{t('rsaKey.publicKey')}</label>
      <textarea
        id="public-key-pem"
        ref={area}
        className="pem"
        readOnly
        rows={Math.min(12, publicKey.publicKeyPem.split('\n').length)}
        value={publicKey.publicKeyPem}
      />
      <div className="settings-actions">
        <Button onClick={() => void copy()}>{t('rsaKey.copy')}</Button>
        <span role="status">
          {copied === 'yes' && t('rsaKey.copied')}
          {copied === 'failed' && t('rsaKey.copyFailed')}
        </span>
      </div>
    </div>
  );
}
