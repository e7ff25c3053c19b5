/**
 * Fast `YYYY-MM-DDTHH:mm:ss.sssZ` formatting for bulk data generation: the date part is cached per UTC day
 * (orders are generated in time order), the time part is plain arithmetic. Same output as Date#toISOString
 * for years 0000-9999.
 */
const DAY_MS = 86_400_000;
let cachedDay = Number.NaN;
let cachedPrefix = '';

function pad(n: number, width: number): string {
  const s = String(n);
  return s.length >= width ? s : '0'.repeat(width - s.length) + s;
}

export function isoTime(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  if (day !== cachedDay) {
    cachedDay = day;
    cachedPrefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
  }
  let rest = ms - day * DAY_MS;
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const m = Math.floor(rest / 60_000);
  rest -= m * 60_000;
  const s = Math.floor(rest / 1000);
  const milli = Math.floor(rest - s * 1000);
  return `${cachedPrefix}${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}.${pad(milli, 3)}Z`;
}
