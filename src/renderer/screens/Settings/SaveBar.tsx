import { useT } from '../../i18n/t';
import { useSettingsStore } from '../../stores/settingsStore';
import { SaveStatus } from './SaveStatus';

/**
 * The one save bar of a settings screen: it says whether there are unsaved changes and offers Save and Discard for
 * all of them at once (it stays at the bottom of the view while the screen scrolls).
 */
export function SaveBar({
  section,
  dirty,
  onDiscard,
  saveLabel,
}: {
  /** The save's section in the settings store (its outcome is shown here). */
  section: string;
  dirty: boolean;
  onDiscard(): void;
  saveLabel?: string;
}) {
  const saving = useSettingsStore((s) => s.save.status === 'saving' && s.save.section === section);
  const t = useT();
  return (
    <div className="settings-save-bar" role="group" aria-label={t('settings.unsaved')}>
      <span className="settings-save-state">{dirty ? t('settings.dirty') : t('settings.clean')}</span>
      <button type="button" onClick={onDiscard} disabled={!dirty || saving}>
        {t('settings.discard')}
      </button>
      <button type="submit" className="primary" disabled={!dirty || saving}>
        {saveLabel ?? t('settings.save')}
      </button>
      <SaveStatus section={section} />
    </div>
  );
}
