import type { LanguageChoice } from '../../shared/i18n/languages';

/**
 * The languages the renderer has a complete catalog for (`messages/<locale>/`), as BCP 47 tags for Intl. Adding one:
 * its catalog folder, its entry here and in `catalogs.ts`, its name in `LANGUAGE_NAMES`, and its tag in
 * `src/shared/i18n/languages.ts` (the setting's values).
 */
export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

/** What the language setting offers, each in its own language (a person who cannot read the current one finds theirs). */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', 'zh-CN': '简体中文' };

/**
 * The locale one of the OS's preferred languages asks for: any Chinese (zh, zh-CN, zh-Hans-SG, zh-TW…) reads the
 * Simplified Chinese catalog — the only Chinese one, closer for a reader of Traditional than English is; English
 * for any English; nothing for a language without a catalog (the next preference is tried).
 */
export function localeOf(tag: string): Locale | undefined {
  const base = tag.toLowerCase().split(/[-_]/)[0];
  if (base === 'zh') return 'zh-CN';
  if (base === 'en') return 'en';
  return undefined;
}

/**
 * The locale the app shows: the setting's, or with "system" the first of the OS's languages (Chromium's
 * `navigator.languages`, which Electron takes from the OS) that has a catalog; English when none has.
 */
export function resolveLocale(choice: LanguageChoice, systemLanguages: readonly string[]): Locale {
  if (choice !== 'system') return choice;
  for (const tag of systemLanguages) {
    const locale = localeOf(tag);
    if (locale) return locale;
  }
  return 'en';
}

/**
 * The locale dates, times and numbers are written in: the OS's own tag for the language shown when it has one
 * (English shown on a British system: "23 Nov 2026", en-GB; on an American one "Nov 23, 2026"), else the
 * catalog's locale.
 */
export function formattingLocale(locale: Locale, systemLanguages: readonly string[]): string {
  const own = systemLanguages.find((tag) => localeOf(tag) === locale);
  if (!own) return locale;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([own]).length > 0 ? own : locale;
  } catch {
    return locale;
  }
}

/** The OS's preferred languages as the browser reports them (`navigator.language` when the list is missing). */
export function systemLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);
}
