import { translate as t } from '../../i18n/t';
/**
 * Reject reasons the merchant saves for reuse, kept in this browser profile's local storage under a versioned key.
 * What cannot be read (damaged JSON, another shape, a newer version) is reported and left as it is until the
 * merchant saves a template, which replaces it; entries that are not a named text are skipped.
 */

export interface ReasonTemplate {
  name: string;
  text: string;
}

export const TEMPLATES_KEY = 'merchant-desk.rejectReasonTemplates';
const VERSION = 1;

export interface LoadedTemplates {
  templates: ReasonTemplate[];
  /** Why the saved templates could not (all) be read, or null. */
  problem: string | null;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

function isTemplate(v: unknown): v is ReasonTemplate {
  if (typeof v !== 'object' || v === null) return false;
  const { name, text } = v as Record<string, unknown>;
  return typeof name === 'string' && name.trim() !== '' && typeof text === 'string' && text.trim() !== '';
}

export function loadTemplates(storage: Storage | null): LoadedTemplates {
  let raw: string | null;
  try {
    raw = storage?.getItem(TEMPLATES_KEY) ?? null;
  } catch {
    return { templates: [], problem: t('afterSales.templates.unavailable') };
  }
  if (raw === null) return { templates: [], problem: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { templates: [], problem: t('afterSales.templates.damaged') };
  }
  const { version, templates } = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<
    string,
    unknown
  >;
  if (version !== VERSION || !Array.isArray(templates))
    return {
      templates: [],
      problem: t('afterSales.templates.version', { version: JSON.stringify(version ?? null) }),
    };
  const good = templates.filter(isTemplate).map(({ name, text }) => ({ name: name.trim(), text }));
  const skipped = templates.length - good.length;
  return { templates: good, problem: skipped > 0 ? t('afterSales.templates.skipped', { count: skipped }) : null };
}

/** Saves the list; false when the storage refused (full, unavailable). */
export function saveTemplates(storage: Storage | null, templates: readonly ReasonTemplate[]): boolean {
  try {
    if (!storage) return false;
    storage.setItem(TEMPLATES_KEY, JSON.stringify({ version: VERSION, templates }));
    return true;
  } catch {
    return false;
  }
}

/** The list with `template` added, or replacing the one of the same name (names compare trimmed, any case). */
export function withTemplate(list: readonly ReasonTemplate[], template: ReasonTemplate): ReasonTemplate[] {
  const name = template.name.trim();
  const key = name.toLowerCase();
  const rest = list.filter((t) => t.name.toLowerCase() !== key);
  return [...rest, { name, text: template.text }].sort((a, b) => a.name.localeCompare(b.name));
}

export function withoutTemplate(list: readonly ReasonTemplate[], name: string): ReasonTemplate[] {
  return list.filter((t) => t.name !== name);
}

/** The browser's local storage, or null where there is none. */
export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
