import { ErrorNotice } from '../../components/ErrorNotice';
import { useSettingsStore } from '../../stores/settingsStore';

/** The outcome of the last save of one settings form. */
export function SaveStatus({ section }: { section: string }) {
  const save = useSettingsStore((s) => s.save);
  if (save.section !== section) return <span role="status" />;
  return (
    <>
      <span role="status" className="settings-ok">
        {save.status === 'saving' && 'Saving…'}
        {save.status === 'saved' && 'Saved.'}
      </span>
      {save.status === 'failed' && save.error && <ErrorNotice error={save.error} title="Not saved" />}
    </>
  );
}
