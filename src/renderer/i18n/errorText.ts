import { ipcErrorKinds, type IpcErrorKind } from '../../shared/ipc/errorKinds';
import { catalogs, type MessageId } from './catalogs';
import type { Locale } from './locales';
import type { Translate } from './t';

/**
 * An error's words in the app's language. The host words its errors in English, exactly as the CLI prints them
 * (`src/shared/errors`), often quoting the platform; the renderer names each error kind (and the sub-kinds it knows
 * by `code`) in every language from the catalogs (`i18n/messages/<locale>/errors.ts`, with the error's code as an
 * ICU value), and keeps the host's sentence only as the technical details below it.
 */
export interface ErrorWords {
  /** What happened, in the app's language. */
  text: string;
  /** What to do, in the host's words (English): shown as such in English, part of the details in other languages. */
  action: string | null;
  /** The host's own sentence (English, as the CLI and the log say it): the technical details; null when `text` is it. */
  details: string | null;
}

/** The message ID of an error: `error.<kind>.<code>` when the catalog has that sub-kind, else `error.<kind>`. */
export function errorMessageId(error: { kind: string; code?: string | undefined }): MessageId {
  const isKind = (ipcErrorKinds as readonly string[]).includes(error.kind);
  if (!isKind) return 'error.unexpected';
  const specific = error.code !== undefined ? `error.${error.kind}.${error.code}` : undefined;
  if (specific !== undefined && specific in catalogs.en) return specific as MessageId;
  return `error.${error.kind as IpcErrorKind}`;
}

export function errorWords(
  error: {
    kind: IpcErrorKind | string;
    code?: string | undefined;
    message: string;
    action?: string | null | undefined;
  },
  t: Translate,
  locale: Locale,
): ErrorWords {
  const text = t(errorMessageId(error), { code: error.code ?? 'none' });
  const action = error.action ?? null;
  if (locale === 'en') {
    // The host's sentence is English already and says more (the field, the file, the platform's words).
    return { text: error.message, action, details: null };
  }
  return { text, action: null, details: action ? `${error.message} ${action}` : error.message };
}
