import { useId } from 'react';
import { Select } from '../../components/ui/Select';
import { LANGUAGE_CHOICES, type LanguageChoice } from '../../../shared/i18n/languageChoices';
import { ErrorNotice } from '../../components/ErrorNotice';
import { LANGUAGE_NAMES, resolveLocale, systemLanguages } from '../../i18n/locales';
import { useLocaleStore } from '../../i18n/localeStore';
import { useT } from '../../i18n/t';
import { useSettingsStore } from '../../stores/settingsStore';

const SECTION = 'language';

/**
 * Language: System / English / 简体中文 — saved at once in the app settings (both hosts read the same file); the
 * app follows as soon as the settings store holds the answer (`useLanguage`). Each language is named in itself.
 */
export function LanguageSetting() {
  const t = useT();
  const id = useId();
  const helpId = useId();
  const choice = useLocaleStore((s) => s.choice);
  const save = useSettingsStore((s) => s.save);
  const system = LANGUAGE_NAMES[resolveLocale('system', systemLanguages())];
  const change = (language: LanguageChoice) => {
    // Shown at once; the stored setting follows (a refused save shows why, and the stored value comes back).
    useLocaleStore.getState().setChoice(language);
    void useSettingsStore
      .getState()
      .updateApp(SECTION, { language })
      .then((saved) => {
        const stored = useSettingsStore.getState().settings.data?.app.language;
        if (!saved && stored) useLocaleStore.getState().setChoice(stored);
      });
  };
  return (
    <div className="setting-field language-setting">
      <label htmlFor={id}>{t('language.label')}</label>
      <Select
        id={id}
        value={choice}
        aria-describedby={helpId}
        onChange={(e) => change(e.target.value as LanguageChoice)}
        data-testid="language-select"
      >
        {LANGUAGE_CHOICES.map((c) => (
          <option key={c} value={c}>
            {c === 'system' ? t('language.system', { language: system }) : LANGUAGE_NAMES[c]}
          </option>
        ))}
      </Select>
      <p id={helpId} className="settings-help">
        {t('language.help')}
      </p>
      {save.section === SECTION && save.status === 'failed' && save.error && (
        <ErrorNotice error={save.error} title={t('language.saveFailed')} />
      )}
    </div>
  );
}
