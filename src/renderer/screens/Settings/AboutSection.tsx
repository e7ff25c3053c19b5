import { ErrorNotice } from '../../components/ErrorNotice';
import { useAppStore } from '../../stores/appStore';
import { useSettingsStore } from '../../stores/settingsStore';
import { UpdateStatus } from './UpdateStatus';

/** Which Merchant Desk this is, and where it keeps its data and its log. */
export function AboutSection() {
  const info = useAppStore((s) => s.info);
  const opened = useSettingsStore((s) => s.opened);
  const open = useSettingsStore((s) => s.open);
  return (
    <div className="settings-section">
      <h2>About</h2>
      {info.error && <ErrorNotice error={info.error} title="Could not read the app version" />}
      {info.data && (
        <dl className="settings-facts">
          <dt>Merchant Desk</dt>
          <dd>Version {info.data.version}</dd>
          <dt>System</dt>
          <dd>{info.data.platform}</dd>
          <dt>Data folder</dt>
          <dd>
            <code>{info.data.dataDir}</code>
          </dd>
          <dt>Log file</dt>
          <dd>
            <code>{info.data.logFile}</code>
          </dd>
        </dl>
      )}
      <p className="settings-help">
        Settings, order caches and keys (encrypted) are kept in the data folder; tokens and key passphrases in the
        system keychain. The log holds requests and failures, never a token or key.
      </p>
      <div className="settings-actions">
        <button type="button" onClick={() => void open('data-folder')}>
          Open data folder
        </button>
        <button type="button" onClick={() => void open('log-file')}>
          Open log file
        </button>
      </div>
      <p role="status">{opened.status === 'ready' && opened.data ? `Opened ${opened.data.target}.` : ''}</p>
      {opened.status === 'failed' && opened.error && <ErrorNotice error={opened.error} title="Could not open it" />}
      <UpdateStatus />
    </div>
  );
}
