import { useState, type FormEvent } from 'react';
import { useSettingsStore, type AppSettings } from '../../stores/settingsStore';
import { SaveStatus } from './SaveStatus';
import { SettingControl } from './SettingControl';
import { appSettingSection, changes, settingLabel } from './settingsFields';

/**
 * The app-wide settings of one section, as the host answers them: every field the host sends is shown (labelled
 * from the table, or from its name), and Save sends only what changed.
 */
export function AppSettingsForm({ section, stored }: { section: 'general' | 'notifications'; stored: AppSettings }) {
  const save = useSettingsStore((s) => s.save);
  const updateApp = useSettingsStore((s) => s.updateApp);
  const [draft, setDraft] = useState<AppSettings>(stored);
  const keys = Object.keys(stored).filter((k) => appSettingSection(k) === section);
  const formId = `app-${section}`;
  if (keys.length === 0) return null;
  const changed = changes(stored as Record<string, unknown>, draft as Record<string, unknown>);
  const errors = save.section === formId ? save.fieldErrors : {};
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await updateApp(formId, changed as Partial<AppSettings>);
  };
  return (
    <form className="settings-form" onSubmit={(e) => void submit(e)} aria-labelledby={`${formId}-title`} noValidate>
      <h3 id={`${formId}-title`}>{section === 'general' ? 'App' : 'For the whole app'}</h3>
      {keys.map((key) => (
        <SettingControl
          key={key}
          path={key}
          name={key}
          value={(draft as Record<string, unknown>)[key]}
          label={settingLabel(key)}
          errors={errors}
          onChange={(value) => setDraft((d) => ({ ...d, [key]: value }))}
        />
      ))}
      <div className="settings-actions">
        <button type="submit" disabled={Object.keys(changed).length === 0 || save.status === 'saving'}>
          Save
        </button>
        <SaveStatus section={formId} />
      </div>
    </form>
  );
}
