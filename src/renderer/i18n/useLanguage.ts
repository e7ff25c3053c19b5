import { useEffect } from 'react';
import { afterPaint } from '../afterPaint';
import { invoke } from '../ipc';
import { useSettingsStore } from '../stores/settingsStore';
import { useLocaleStore } from './localeStore';

/**
 * Keeps the shown language on the stored setting: read once at start (`settings:get`), followed whenever the
 * settings store holds a newer answer (Settings → Language saves through it), and re-resolved when the OS's
 * languages change. The page's `lang` says which language it is in (screen readers, CJK glyph choice).
 */
export function useLanguage(): void {
  const locale = useLocaleStore((s) => s.locale);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  useEffect(() => {
    let live = true;
    // After the first frame (afterPaint.ts): until then the language chosen last time (localeStore) is shown.
    void afterPaint()
      .then(() => (live ? invoke('settings:get', { profileId: null }) : null))
      .then((answer) => {
        if (live && answer?.ok) useLocaleStore.getState().setChoice(answer.data.app.language);
      });
    const unsubscribe = useSettingsStore.subscribe((s, before) => {
      const language = s.settings.data?.app.language;
      if (language && language !== before.settings.data?.app.language) useLocaleStore.getState().setChoice(language);
    });
    const onChange = () => useLocaleStore.getState().systemChanged();
    window.addEventListener('languagechange', onChange);
    return () => {
      live = false;
      unsubscribe();
      window.removeEventListener('languagechange', onChange);
    };
  }, []);
}
