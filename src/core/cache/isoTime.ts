/**
 * ISO 8601 instants as epoch milliseconds, tolerant of the forms a platform may send: `T` or a space between
 * date and time, optional seconds and fraction (digits past milliseconds are truncated), `Z`, `+hh:mm`, `+hhmm`,
 * `+hh` or no zone (read as UTC — the sandbox's rule too), or a date alone (00:00:00.000 UTC of that day).
 */
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const CANONICAL = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/** Epoch milliseconds, or undefined when the text is not a real ISO-ish instant. */
export function parseIsoMs(text: string | null | undefined): number | undefined {
  if (typeof text !== 'string') return undefined;
  // The platform's own form (nearly every value): Date.parse reads it exactly, but rolls Feb 30 over to March.
  if (CANONICAL.test(text)) {
    const day = Number(text.slice(8, 10));
    return day <= 28 || day <= daysInMonth(Number(text.slice(0, 4)), Number(text.slice(5, 7)))
      ? Date.parse(text)
      : undefined;
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
  if (year < 100) date.setUTCFullYear(year);
  return date.getTime() - offsetMinutes * 60_000;
}

/** The platform's own form: `YYYY-MM-DDTHH:mm:ss.sssZ`. */
export function formatIsoMs(ms: number): string {
  return new Date(ms).toISOString();
}
