import type { IpcErrorKind } from '../../shared/ipc/result';
import type { Locale } from './locales';
import type { Translate } from './t';

/**
 * An error's words in the app's language. The host words its errors in English, exactly as the CLI prints them
 * (`src/shared/errors`), often quoting the platform; the renderer names each error kind in every language, and in
 * a language other than English shows the host's sentence as the details (what support and the log speak).
 */
export interface ErrorWords {
  /** What happened, in the app's language. */
  text: string;
  /** What to do (English), or null. */
  action: string | null;
  /** The host's own sentence when `text` is the kind's translation; null in English. */
  details: string | null;
}

export function errorWords(
  error: { kind: IpcErrorKind | string; message: string; action?: string | null | undefined },
  t: Translate,
  locale: Locale,
): ErrorWords {
  const action = error.action ?? null;
  if (locale === 'en') return { text: error.message, action, details: null };
  const id = `error.${error.kind}` as const;
  const known = /^error\.[a-z-]+$/.test(id) && id !== 'error.details';
  return {
    text: known ? t(id as `error.${IpcErrorKind}`) : t('error.unexpected'),
    action,
    details: error.message,
  };
}
