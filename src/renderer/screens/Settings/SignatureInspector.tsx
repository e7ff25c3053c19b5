import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useSettingsStore } from '../../stores/settingsStore';

/**
 * Signs a sample buyer-sync request with the profile's key and settings and shows exactly what would be sent: the
 * string to sign (control characters made visible), the headers and the body. Nothing is sent; no secret is shown.
 */
export function SignatureInspector({ profileId }: { profileId: string }) {
  const inspection = useSettingsStore((s) => s.inspection);
  const inspect = useSettingsStore((s) => s.inspect);
  const [publicKey, setPublicKey] = useState('');
  const report = inspection.data?.profileId === profileId ? inspection.data : null;
  return (
    <section className="settings-form" aria-labelledby="inspector-title">
      <h3 id="inspector-title">Signature inspector</h3>
      <p className="settings-help" id="inspector-example-note">
        Signs an example buyer-sync request for an example buyer. Compare it with what the platform expects; nothing is
        sent. It cannot be used to sign anyone in: its timestamp is fixed in the past (2001) and its nonce is marked as
        an example, so the platform refuses it.
      </p>
      <div className="settings-field">
        <label htmlFor="inspector-public-key">Public key registered with the platform (optional)</label>
        <textarea
          id="inspector-public-key"
          className="pem"
          rows={3}
          placeholder="-----BEGIN PUBLIC KEY-----"
          value={publicKey}
          onChange={(e) => setPublicKey(e.target.value)}
          aria-describedby="inspector-public-key-help"
        />
        <p id="inspector-public-key-help" className="settings-help">
          Paste it to check that the signature verifies with it too.
        </p>
      </div>
      <div className="settings-actions">
        <button
          type="button"
          onClick={() => void inspect(profileId, publicKey.trim() === '' ? null : publicKey)}
          disabled={inspection.status === 'loading'}
        >
          Inspect a sample request
        </button>
      </div>
      {inspection.status === 'failed' && inspection.error && (
        <ErrorNotice error={inspection.error} title="The sample request could not be signed" />
      )}
      {report && (
        <div className="inspector-report" aria-describedby="inspector-example-note">
          <p className={report.selfCheck ? 'settings-ok' : 'settings-field-error'}>
            {report.selfCheck ? '✓' : '✗'} The signature {report.selfCheck ? 'verifies' : 'does not verify'} with the
            key's own public key (SHA-256 {report.keyFingerprint.hex}).
          </p>
          {report.publicKeyCheck && (
            <p className={report.publicKeyCheck.valid ? 'settings-ok' : 'settings-field-error'}>
              {report.publicKeyCheck.valid ? '✓' : '✗'} With the pasted public key (SHA-256{' '}
              {report.publicKeyCheck.publicKeyFingerprint.hex}):{' '}
              {report.publicKeyCheck.valid ? 'verifies' : 'does not verify'}.
              {report.publicKeyCheck.action ? ` ${report.publicKeyCheck.action}` : ''}
            </p>
          )}
          <h4>Request</h4>
          <p>
            <code>
              {report.method} {report.url}
            </code>
          </p>
          <h4>
            String to sign ({report.stringToSignBytes} bytes, {report.signatureProfile.mode},{' '}
            {report.signatureProfile.algorithm})
          </h4>
          <pre className="inspector-block" aria-label="String to sign" tabIndex={0}>
            {report.stringToSignVisible}
          </pre>
          <h4>Headers</h4>
          <p className="settings-help">
            Example values: timestamp {report.headers.timestamp} is{' '}
            {new Date(Number(report.headers.timestamp) * 1000).toISOString().slice(0, 10)}, and the nonce says it is an
            example. A real request gets the current time and a fresh random nonce.
          </p>
          <table className="settings-table">
            <caption className="visually-hidden">Headers of the sample request</caption>
            <tbody>
              {Object.entries(report.headers).map(([name, value]) => (
                <tr key={name}>
                  <th scope="row">
                    <code>{name}</code>
                  </th>
                  <td>
                    <code className="inspector-value">{value}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h4>Body</h4>
          <pre className="inspector-block" aria-label="Body" tabIndex={0}>
            {report.body}
          </pre>
        </div>
      )}
    </section>
  );
}
