/**
 * ISO 8601 instants as epoch milliseconds — the one definition used by request validation, the sandbox and the
 * cache. Tolerant of the forms a platform may send: `T` or a space between date and time, optional seconds and
 * fraction (digits past milliseconds are truncated), `Z`, `+hh:mm`, `+hhmm`, `+hh` or no zone (read as UTC), or a
 * date alone (00:00:00.000 UTC of that day). A rolled-over date such as 2026-02-30 is not a real instant.
 */
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** The platform's own form, which nearly every value has: Date.parse reads it exactly. */
const CANONICAL = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Epoch milliseconds, or undefined when the text is not a real ISO 8601 instant. */
export function parseIsoInstant(text: string | null | undefined): number | undefined {
  if (typeof text !== 'string') return undefined;
  if (CANONICAL.test(text)) {
    const ms = Date.parse(text);
    // Date.parse rolls Feb 30 over to March: the day of month read back catches it (days up to 28 always exist).
    const day = (text.charCodeAt(8) - 48) * 10 + text.charCodeAt(9) - 48;
    if (!Number.isNaN(ms) && (day <= 28 || new Date(ms).getUTCDate() === day)) return ms;
  }
  const m = ISO.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone = 'Z'] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const ms = Number((frac + '000').slice(0, 3));
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2) || '0');
    if (oh > 23 || om > 59) return undefined;
    offsetMinutes = sign * (oh * 60 + om);
  }
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms));
  // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear undoes that.
  if (year < 100) date.setUTCFullYear(year);
  return date.getTime() - offsetMinutes * 60_000;
}

/** The platform's own form: `YYYY-MM-DDTHH:mm:ss.sssZ`. */
export function formatIsoInstant(ms: number): string {
  return new Date(ms).toISOString();
}
