/**
 * How the settings the host answers are shown, without the form knowing every one of them: a small table of labels
 * for the known ones, and a shape read from the value for any the host adds later (a boolean is a checkbox, a
 * number a number field, an object a group of its fields), so a new app setting shows up labelled by its name.
 */

import type { MessageId } from '../../i18n/catalogs';
import { currentFormatLocale } from '../../i18n/localeStore';
import type { Translate } from '../../i18n/t';

export type SettingsSectionId =
  'connection' | 'profiles' | 'general' | 'notifications' | 'labels' | 'signature' | 'cache' | 'about';

/** The sections in order; each is named by its message `settings.section.<id>`. */
export const settingsSections: readonly { id: SettingsSectionId }[] = [
  { id: 'connection' },
  { id: 'profiles' },
  { id: 'general' },
  { id: 'notifications' },
  { id: 'labels' },
  { id: 'signature' },
  { id: 'cache' },
  { id: 'about' },
];

/** The RSA key sizes offered when a key is generated. */
export const KEY_SIZES = [2048, 3072, 4096] as const;

export function sectionOf(path: readonly string[]): SettingsSectionId {
  const wanted = path[0];
  return settingsSections.find((s) => s.id === wanted)?.id ?? 'connection';
}

export interface SettingLabel {
  label: string;
  help?: string;
  /** A number that may be "never" (null). */
  nullable?: boolean;
  unit?: string;
  min?: number;
  max?: number;
  /** The value a "never" (null) setting takes when it is switched back on. */
  whenEnabled?: number;
  /** An instant (ISO 8601 with a zone) or null for "off", edited in the merchant's local time. */
  instant?: boolean;
}

/** What this version knows of an app-wide setting besides its words (those are the messages `setting.<key>.*`). */
interface SettingMeta {
  help?: boolean;
  nullable?: boolean;
  unit?: 'seconds';
  min?: number;
  max?: number;
  whenEnabled?: number;
  instant?: boolean;
}

const appSettingMeta = {
  clipboardClearSeconds: { help: true, nullable: true, unit: 'seconds', min: 5, max: 3600, whenEnabled: 120 },
  closeToTray: { help: true },
  openAtLogin: {},
  automaticUpdates: { help: true },
  doNotDisturb: { help: true },
  doNotDisturbUntil: { help: true, instant: true },
  notifications: {},
} as const satisfies Record<string, SettingMeta>;
type KnownSetting = keyof typeof appSettingMeta;

/** The per-kind notification switches of a profile this version names (others are labelled from their names). */
const notificationKinds = [
  'newOrder',
  'statusChanged',
  'afterSales',
  'dispute',
  'deliveryError',
  'dueSoon',
  'overdue',
] as const;

/** Fields inside a setting's group this version names ("doNotDisturb": enabled, from, to). */
const fieldNames = ['enabled', 'from', 'to'] as const;

const isOneOf = <T extends string>(list: readonly T[], key: string): key is T =>
  (list as readonly string[]).includes(key);

/** A notification kind's name in the app's language ("newOrder" → "New orders" / "新订单"). */
export function notificationLabel(kind: string, t: Translate): string {
  return isOneOf(notificationKinds, kind) ? t(`notify.kind.${kind}`) : labelFromName(kind);
}

/** A field of a group ("enabled" → "Enabled" / "启用"); one this version does not know is labelled from its name. */
export function fieldLabel(name: string, t: Translate): string {
  return isOneOf(fieldNames, name) ? t(`setting.field.${name}`) : labelFromName(name);
}

/** "doNotDisturb" → "Do not disturb". */
export function labelFromName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** How an app-wide setting is shown, in the app's language: a known one from its messages, a new one by its name. */
export function settingLabel(key: string, t: Translate): SettingLabel {
  if (!(key in appSettingMeta)) return { label: labelFromName(key) };
  const known = key as KnownSetting;
  const meta: SettingMeta = appSettingMeta[known];
  return {
    label: t(`setting.${known}.label`),
    ...(meta.help ? { help: t(`setting.${known}.help` as MessageId) } : {}),
    ...(meta.nullable ? { nullable: true } : {}),
    ...(meta.unit ? { unit: t(`setting.unit.${meta.unit}`) } : {}),
    ...(meta.min !== undefined ? { min: meta.min } : {}),
    ...(meta.max !== undefined ? { max: meta.max } : {}),
    ...(meta.whenEnabled !== undefined ? { whenEnabled: meta.whenEnabled } : {}),
    ...(meta.instant ? { instant: true } : {}),
  };
}

/** Which section shows an app-wide setting: anything about notifications there, the rest under General. */
export function appSettingSection(key: string): 'general' | 'notifications' {
  return /notif|disturb|dnd|quiet/i.test(key) ? 'notifications' : 'general';
}

export type FieldShape = 'boolean' | 'number' | 'nullable-number' | 'instant' | 'time' | 'text' | 'group' | 'list';

/** The control a value gets. */
export function shapeOf(value: unknown, label?: SettingLabel): FieldShape {
  if (label?.instant && (value === null || typeof value === 'string')) return 'instant';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return label?.nullable ? 'nullable-number' : 'number';
  if (value === null) return 'nullable-number';
  if (typeof value === 'string') return /^\d{2}:\d{2}$/.test(value) ? 'time' : 'text';
  if (Array.isArray(value)) return 'list';
  return 'group';
}

/** The keys of `next` whose value differs from `stored` (compared as JSON: values are plain data). */
export function changedKeys<T extends Record<string, unknown>>(stored: T, next: T): (keyof T)[] {
  return Object.keys(next).filter((k) => JSON.stringify(stored[k]) !== JSON.stringify(next[k]));
}

/** Only the changed fields of `next`. */
export function changes<T extends Record<string, unknown>>(stored: T, next: T): Partial<T> {
  return Object.fromEntries(changedKeys(stored, next).map((k) => [k, next[k]])) as Partial<T>;
}

/** A byte count as people read it, in the app's locale through Intl ("900 bytes", "1.4 MB"; "900字节"). */
export function formatBytes(bytes: number, locale: string = currentFormatLocale()): string {
  if (bytes < 1024)
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte', unitDisplay: 'long' }).format(bytes);
  const units = ['kilobyte', 'megabyte', 'gigabyte'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: units[unit], maximumFractionDigits: 1 }).format(value);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` value in this computer's zone ("2026-11-23T21:30"); '' for none. */
export function instantToLocalInput(iso: string | null): string {
  if (iso === null) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (local time) as an ISO instant with its zone (UTC), or null when empty or invalid. */
export function localInputToInstant(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
