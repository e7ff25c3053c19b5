import { parseIsoInstant } from '../../shared/time/isoInstant';

/**
 * Times as the merchant reads them: in their locale and time zone (the browser's), with the platform's own value
 * kept for a tooltip. Formatters are built once: constructing Intl objects per row costs more than formatting.
 */

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const timeOnly = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** Milliseconds of the platform's (or the host's) ISO 8601 instant, or undefined for anything else. */
export function instantMs(text: string | null | undefined): number | undefined {
  return parseIsoInstant(text);
}

export function formatDateTime(ms: number): string {
  return dateTime.format(ms);
}

export function formatClock(ms: number): string {
  return timeOnly.format(ms);
}

/** "just now", "2 min ago", "3 hours ago", "yesterday" — for facts that age (last sync). */
export function formatAgo(ms: number, nowMs: number): string {
  const seconds = Math.round((ms - nowMs) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative.format(hours, 'hour');
  return relative.format(Math.round(hours / 24), 'day');
}
