import { ErrorNotice } from '../../components/ErrorNotice';
import { Button } from '../../components/ui/Button';
import { useAppStore } from '../../stores/appStore';
import { useSettingsStore } from '../../stores/settingsStore';
import { UpdateStatus } from './UpdateStatus';
import { useT } from '../../i18n/t';

/** Which Merchant Desk this is, and where it keeps its data and its log. */
export function AboutSection() {
  const info = useAppStore((s) => s.info);
  const opened = useSettingsStore((s) => s.opened);
  const open = useSettingsStore((s) => s.open);
  const t = useT();
  return (
    <div className="settings-section">
      <h2>{t('settings.section.about')}</h2>
      {info.error && <ErrorNotice error={info.error} title={t('about.versionFailed')} />}
      {info.data && (
        <dl className="settings-facts">
          <dt>{t('about.app')}</dt>
          <dd>{t('about.version', { version: info.data.version })}</dd>
          <dt>{t('about.system')}</dt>
          <dd>{info.data.platform}</dd>
          <dt>{t('about.dataFolder')}</dt>
          <dd>
            <code>{info.data.dataDir}</code>
          </dd>
          <dt>{t('about.logFile')}</dt>
          <dd>
            <code>{info.data.logFile}</code>
          </dd>
        </dl>
      )}
      <p className="settings-help">{t('about.where')}</p>
      <div className="settings-actions">
        <Button onClick={() => void open('data-folder')}>{t('about.openDataFolder')}</Button>
        <Button onClick={() => void open('log-file')}>{t('about.openLogFile')}</Button>
      </div>
      <p role="status">
        {opened.status === 'ready' && opened.data ? t('about.opened', { target: opened.data.target }) : ''}
      </p>
      {opened.status === 'failed' && opened.error && <ErrorNotice error={opened.error} title={t('about.openFailed')} />}
      <UpdateStatus />
    </div>
  );
}
