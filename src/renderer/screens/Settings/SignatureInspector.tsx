import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { CHECK_MARK } from './checkMarks';
import { formatDate } from '../../format/time';
import { SPACE, useT } from '../../i18n/t';
import { useSettingsStore } from '../../stores/settingsStore';

/**
 * Signs a sample buyer-sync request with the profile's key and settings and shows exactly what would be sent: the
 * string to sign (control characters made visible), the headers and the body. Nothing is sent; no secret is shown.
 */
export function SignatureInspector({ profileId }: { profileId: string }) {
  const inspection = useSettingsStore((s) => s.inspection);
  const inspect = useSettingsStore((s) => s.inspect);
  const [publicKey, setPublicKey] = useState('');
  const t = useT();
  const report = inspection.data?.profileId === profileId ? inspection.data : null;
  return (
    <section className="settings-form" aria-labelledby="inspector-title">
      <h3 id="inspector-title">{t('inspector.title')}</h3>
      <p className="settings-help" id="inspector-example-note">
        {t('inspector.intro')}
      </p>
      <div className="settings-field">
        <label htmlFor="inspector-public-key">{t('inspector.publicKey')}</label>
        <textarea
          id="inspector-public-key"
          className="pem"
          rows={3}
          placeholder={t('inspector.publicKeyPlaceholder')}
          value={publicKey}
          onChange={(e) => setPublicKey(e.target.value)}
          aria-describedby="inspector-public-key-help"
        />
        <p id="inspector-public-key-help" className="settings-help">
          {t('inspector.publicKeyHelp')}
        </p>
      </div>
      <div className="settings-actions">
        <Button
          onClick={() => void inspect(profileId, publicKey.trim() === '' ? null : publicKey)}
          disabled={inspection.status === 'loading'}
        >
          {t('inspector.run')}
        </Button>
      </div>
      {inspection.status === 'failed' && inspection.error && (
        <ErrorNotice error={inspection.error} title={t('inspector.failed')} />
      )}
      {report && (
        <div className="inspector-report" aria-describedby="inspector-example-note">
          <p className={report.selfCheck ? 'settings-ok' : 'settings-field-error'}>
            {report.selfCheck ? CHECK_MARK.passed : CHECK_MARK.failed}
            {SPACE}
            {t(report.selfCheck ? 'inspector.selfCheckOk' : 'inspector.selfCheckFailed', {
              fingerprint: report.keyFingerprint.hex,
            })}
          </p>
          {report.publicKeyCheck && (
            <p className={report.publicKeyCheck.valid ? 'settings-ok' : 'settings-field-error'}>
              {report.publicKeyCheck.valid ? CHECK_MARK.passed : CHECK_MARK.failed}
              {SPACE}
              {t(report.publicKeyCheck.valid ? 'inspector.pastedOk' : 'inspector.pastedFailed', {
                fingerprint: report.publicKeyCheck.publicKeyFingerprint.hex,
              })}
              {report.publicKeyCheck.action && (
                <>
                  {SPACE}
                  {report.publicKeyCheck.action}
                </>
              )}
            </p>
          )}
          <h4>{t('inspector.request')}</h4>
          <p>
            <code>
              {report.method} {report.url}
            </code>
          </p>
          <h4>
            {t('inspector.stringToSignOf', {
              bytes: report.stringToSignBytes,
              mode: t(`signature.mode.${report.signatureProfile.mode}.short`),
              algorithm: report.signatureProfile.algorithm,
            })}
          </h4>
          <pre className="inspector-block" aria-label={t('inspector.stringToSign')} tabIndex={0}>
            {report.stringToSignVisible}
          </pre>
          <h4>{t('inspector.headers')}</h4>
          <p className="settings-help">
            {t('inspector.headersNote', {
              timestamp: report.headers.timestamp,
              // The example's day as the platform reads it (UTC), written in the app's language.
              date: formatDate(Number(report.headers.timestamp) * 1000, { dateStyle: 'long', timeZone: 'UTC' }),
            })}
          </p>
          <table className="settings-table">
            <caption className="visually-hidden">{t('inspector.headersCaption')}</caption>
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
          <h4>{t('inspector.body')}</h4>
          <pre className="inspector-block" aria-label={t('inspector.body')} tabIndex={0}>
            {report.body}
          </pre>
        </div>
      )}
    </section>
  );
}
