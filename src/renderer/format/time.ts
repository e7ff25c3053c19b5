import { parseIsoInstant } from '../../shared/time/isoInstant';
import { catalogs } from '../i18n/catalogs';
import { currentFormatLocale } from '../i18n/localeStore';
import { localeOf } from '../i18n/locales';

/**
 * Times as the merchant reads them: in the app's locale and the computer's time zone, with the platform's own value
 * kept for a tooltip. Formatters are built once per locale: constructing Intl objects per row costs more than
 * formatting.
 */

const cached = new Map<
  string,
  {
    dateTime: Intl.DateTimeFormat;
    shortDateTime: Intl.DateTimeFormat;
    timeOnly: Intl.DateTimeFormat;
    relative: Intl.RelativeTimeFormat;
  }
>();

function formattersOf(locale: string) {
  let f = cached.get(locale);
  if (!f) {
    f = {
      dateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
      shortDateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }),
      timeOnly: new Intl.DateTimeFormat(locale, { timeStyle: 'short' }),
      relative: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
    };
    cached.set(locale, f);
  }
  return f;
}

/** Milliseconds of the platform's (or the host's) ISO 8601 instant, or undefined for anything else. */
export function instantMs(text: string | null | undefined): number | undefined {
  return parseIsoInstant(text);
}

export function formatDateTime(ms: number, locale: string = currentFormatLocale()): string {
  return formattersOf(locale).dateTime.format(ms);
}

/**
 * A list's time, in the locale's short form ("11/23/26, 12:00 PM", "2026/11/23 12:00"): a column of them fits its
 * width in every language (the medium form, "2026年11月23日 12:00", was cut in Chinese).
 */
export function formatShortDateTime(ms: number, locale: string = currentFormatLocale()): string {
  return formattersOf(locale).shortDateTime.format(ms);
}

export function formatClock(ms: number, locale: string = currentFormatLocale()): string {
  return formattersOf(locale).timeOnly.format(ms);
}

/** A date (no time) in the locale: "Nov 23, 2026", "2026年11月23日". */
export function formatDate(
  ms: number,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
  locale: string = currentFormatLocale(),
): string {
  return new Intl.DateTimeFormat(locale, options).format(ms);
}

/** "just now", "2 minutes ago", "3 hours ago", "yesterday" (刚刚, 2分钟前…) — for facts that age (last sync). */
export function formatAgo(ms: number, nowMs: number, locale: string = currentFormatLocale()): string {
  const { relative } = formattersOf(locale);
  const seconds = Math.round((ms - nowMs) / 1000);
  // Intl says "now"; "just now" reads as a fact that has aged.
  if (Math.abs(seconds) < 45) return catalogs[localeOf(locale) ?? 'en']['time.justNow'];
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative.format(hours, 'hour');
  return relative.format(Math.round(hours / 24), 'day');
}
