import { ErrorNotice } from '../../components/ErrorNotice';
import { Button } from '../../components/ui/Button';
import { useProfileSetupStore } from '../../stores/profileSetupStore';
import { useT } from '../../i18n/t';
import { CHECK_MARK } from './checkMarks';

/** "Test connection": one ✓/✗ line per check, with what was found and what to do. */
export function TestConnectionResult({ profileId }: { profileId: string }) {
  const test = useProfileSetupStore((s) => s.test);
  const run = useProfileSetupStore((s) => s.testConnection);
  const t = useT();
  const report = test.data?.profileId === profileId ? test.data : null;
  return (
    <section className="settings-form" aria-labelledby="test-title">
      <h4 id="test-title">{t('connTest.title')}</h4>
      <p className="settings-help">{t('connTest.help')}</p>
      <div className="settings-actions">
        <Button onClick={() => void run(profileId)} disabled={test.status === 'loading'}>
          {test.status === 'loading' ? t('connTest.running') : t('connTest.title')}
        </Button>
      </div>
      {test.status === 'failed' && test.error && <ErrorNotice error={test.error} title={t('connTest.failed')} />}
      {report && test.status !== 'loading' && (
        <div role="status">
          <p className={report.ok ? 'settings-ok' : 'settings-field-error'}>
            {report.ok ? t('connTest.ok') : t('connTest.problems')}
          </p>
          <ul className="check-list" aria-label={t('connTest.checks')}>
            {report.checks.map((check) => (
              <li key={check.id} className={`check check-${check.status}`}>
                <span className="check-mark" aria-hidden="true">
                  {check.status === 'ok' ? CHECK_MARK.passed : CHECK_MARK.failed}
                </span>
                <div>
                  <strong>
                    {t(check.status === 'ok' ? 'connTest.checkPassed' : 'connTest.checkFailed', { check: check.title })}
                  </strong>
                  <p>{check.detail}</p>
                  {check.action && <p className="check-action">{check.action}</p>}
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
