/**
 * The app's language setting: follow the OS ("system", the default) or one of the languages the renderer has a
 * complete catalog for. Kept in the app settings (the settings file both hosts read), so the desktop app and
 * `merchant-desk ui` show the same language. The CLI's human output stays English whatever this says.
 *
 * Without zod (its schema is in languages.ts): the renderer's first load reads the choice and builds no schema.
 */
export const LANGUAGE_CHOICES = ['system', 'en', 'zh-CN'] as const;
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number];

export function isLanguageChoice(value: unknown): value is LanguageChoice {
  return (LANGUAGE_CHOICES as readonly unknown[]).includes(value);
}
