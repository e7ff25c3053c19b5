/**
 * How the settings the host answers are shown, without the form knowing every one of them: a small table of labels
 * for the known ones, and a shape read from the value for any the host adds later (a boolean is a checkbox, a
 * number a number field, an object a group of its fields), so a new app setting shows up labelled by its name.
 */

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

/** Labels of the app-wide settings this version knows (others are labelled from their names). */
export const appSettingLabels: Readonly<Record<string, SettingLabel>> = {
  clipboardClearSeconds: {
    label: 'Clear the clipboard after',
    help: 'After the app copies something (a login link), it clears the clipboard when this time is up.',
    nullable: true,
    unit: 'seconds',
    min: 5,
    max: 3600,
    whenEnabled: 120,
  },
  closeToTray: {
    label: 'Keep running in the tray when the window is closed',
    help: 'Polling and notifications go on.',
  },
  openAtLogin: { label: 'Open Merchant Desk when I log in' },
  automaticUpdates: {
    label: 'Download updates automatically',
    help: 'Looks for a new version at start and daily; it is installed only when you choose "Restart to update".',
  },
  doNotDisturb: { label: 'Do not disturb', help: 'No notifications in this period; they are still listed in the app.' },
  doNotDisturbUntil: {
    label: 'Do not disturb until',
    help: 'No notifications until then (your local time); changes still show in the app and the tray.',
    instant: true,
  },
  notifications: { label: 'Notifications' },
};

/** Labels of the per-kind notification switches of a profile. */
export const notificationLabels: Readonly<Record<string, string>> = {
  newOrder: 'New orders',
  statusChanged: 'Order status changes',
  afterSales: 'After-sales requests',
  dispute: 'Disputes',
  deliveryError: 'Delivery problems',
  dueSoon: 'Deliveries due soon',
  overdue: 'Overdue deliveries',
};

/** "doNotDisturb" → "Do not disturb". */
export function labelFromName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function settingLabel(
  key: string,
  table: Readonly<Record<string, SettingLabel>> = appSettingLabels,
): SettingLabel {
  return table[key] ?? { label: labelFromName(key) };
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

/** A byte count as people read it ("1.4 MB"). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toLocaleString(undefined, { maximumFractionDigits: 1 })} ${units[unit]}`;
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
