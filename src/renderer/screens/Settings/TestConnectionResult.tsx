import { ErrorNotice } from '../../components/ErrorNotice';
import { useProfileSetupStore } from '../../stores/profileSetupStore';

/** "Test connection": one ✓/✗ line per check, with what was found and what to do. */
export function TestConnectionResult({ profileId }: { profileId: string }) {
  const test = useProfileSetupStore((s) => s.test);
  const run = useProfileSetupStore((s) => s.testConnection);
  const report = test.data?.profileId === profileId ? test.data : null;
  return (
    <section className="settings-form" aria-labelledby="test-title">
      <h4 id="test-title">Test connection</h4>
      <p className="settings-help">
        Lists one order with the token and signs a sample request with the key. Nothing is changed on the platform.
      </p>
      <div className="settings-actions">
        <button type="button" onClick={() => void run(profileId)} disabled={test.status === 'loading'}>
          {test.status === 'loading' ? 'Testing…' : 'Test connection'}
        </button>
      </div>
      {test.status === 'failed' && test.error && <ErrorNotice error={test.error} title="The test could not run" />}
      {report && test.status !== 'loading' && (
        <div role="status">
          <p className={report.ok ? 'settings-ok' : 'settings-field-error'}>
            {report.ok ? 'Connection works.' : 'Connection has problems.'}
          </p>
          <ul className="check-list" aria-label="Connection checks">
            {report.checks.map((check) => (
              <li key={check.id} className={`check check-${check.status}`}>
                <span className="check-mark" aria-hidden="true">
                  {check.status === 'ok' ? '✓' : '✗'}
                </span>
                <div>
                  <strong>
                    {check.title}: {check.status === 'ok' ? 'passed' : 'failed'}
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
