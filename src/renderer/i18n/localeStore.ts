import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { create } from 'zustand';
import { isLanguageChoice, type LanguageChoice } from '../../shared/i18n/languageChoices';
import { catalogs } from './catalogs';
import { formattingLocale, resolveLocale, systemLanguages, type Locale } from './locales';

/**
 * The language the renderer shows. The setting lives in the app settings (the settings file both hosts read, through
 * `settings:get`/`settings:update`); a copy is kept in local storage only so the first paint of the next start is in
 * the right language before the settings answer. "system" follows the OS's languages, also when they change while
 * the app runs (`languagechange`).
 */
const CACHE_KEY = 'merchant-desk.language';
const cache = createIntlCache();

function cachedChoice(): LanguageChoice {
  try {
    const stored = window.localStorage.getItem(CACHE_KEY);
    return isLanguageChoice(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

function intlFor(locale: Locale, formatLocale: string): IntlShape {
  return createIntl(
    {
      // Numbers and plural rules inside messages follow the formatting locale; the words are the catalog's.
      locale: formatLocale,
      defaultLocale: 'en',
      messages: catalogs[locale],
      // A missing message is a bug the catalog test catches; at run time react-intl shows the ID, and says so once.
      onError: (error) => {
        if (error.code !== 'MISSING_TRANSLATION') console.error(error);
      },
    },
    cache,
  );
}

interface LocaleStore {
  choice: LanguageChoice;
  locale: Locale;
  /** The tag dates, times, numbers and money are written in (the OS's own for that language: en-GB, zh-CN). */
  formatLocale: string;
  intl: IntlShape;
  /** The setting as stored (or as chosen): the locale follows. */
  setChoice(choice: LanguageChoice): void;
  /** The OS's languages changed: re-resolve a "system" choice. */
  systemChanged(): void;
}

function stateOf(choice: LanguageChoice) {
  const system = systemLanguages();
  const locale = resolveLocale(choice, system);
  const formatLocale = formattingLocale(locale, system);
  return { choice, locale, formatLocale, intl: intlFor(locale, formatLocale) };
}

export const useLocaleStore = create<LocaleStore>((set, get) => ({
  ...stateOf(cachedChoice()),
  setChoice(choice) {
    try {
      if (choice === 'system') window.localStorage.removeItem(CACHE_KEY);
      else window.localStorage.setItem(CACHE_KEY, choice);
    } catch {
      // No storage (private mode): the setting still applies; only the next start's first paint may differ.
    }
    const next = stateOf(choice);
    if (next.locale === get().locale && next.formatLocale === get().formatLocale) set({ choice });
    else set(next);
  },
  systemChanged() {
    const next = stateOf(get().choice);
    if (next.locale !== get().locale || next.formatLocale !== get().formatLocale) set(next);
  },
}));

/** The catalog's locale in force. */
export function currentLocale(): Locale {
  return useLocaleStore.getState().locale;
}

/** The tag dates, times, numbers and money are formatted in now (the format module's default). */
export function currentFormatLocale(): string {
  return useLocaleStore.getState().formatLocale;
}
