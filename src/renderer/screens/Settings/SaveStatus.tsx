import { useT } from '../../i18n/t';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useSettingsStore } from '../../stores/settingsStore';

/** The outcome of the last save of one settings form. */
export function SaveStatus({ section }: { section: string }) {
  const save = useSettingsStore((s) => s.save);
  const t = useT();
  if (save.section !== section) return <span role="status" />;
  return (
    <>
      <span role="status" className="settings-ok">
        {save.status === 'saving' && t('settings.saving')}
        {save.status === 'saved' && t('settings.saved')}
      </span>
      {save.status === 'failed' && save.error && <ErrorNotice error={save.error} title={t('settings.notSaved')} />}
    </>
  );
}
