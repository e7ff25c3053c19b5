/**
 * Calendar buckets (day, ISO week, month) of a range of local days in an IANA time zone, each as the half-open
 * instant range [startMs, endMs) it covers. Boundaries are local midnights computed with Intl, so a DST change makes
 * a 23- or 25-hour day, never a day that starts at 01:00 or 23:00.
 */

export type Granularity = 'day' | 'week' | 'month';

export interface Bucket {
  /** The bucket's first and last local day, `YYYY-MM-DD` (inclusive): the Orders filter's created range. */
  firstDay: string;
  lastDay: string;
  startMs: number;
  endMs: number;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface LocalDay {
  y: number;
  m: number;
  d: number;
}

/** A real `YYYY-MM-DD` day, or undefined. */
export function parseDay(text: string): LocalDay | undefined {
  const m = DAY.exec(text);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) return undefined;
  return { y, m: mo, d };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
export const dayText = ({ y, m, d }: LocalDay): string => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/** The day `n` days after `day` (calendar arithmetic, no zone involved). */
export function addDays(day: LocalDay, n: number): LocalDay {
  const t = new Date(Date.UTC(day.y, day.m - 1, day.d + n));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

/** Days from `a` to `b` (b − a). */
export function daysBetween(a: LocalDay, b: LocalDay): number {
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at `ms`, in ms (local wall time − UTC), straight from Intl (~µs each). */
function intlOffsetAt(ms: number, timeZone: string): number {
  const parts = formatter(timeZone).formatToParts(new Date(ms));
  const v = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(v('year'), v('month') - 1, v('day'), v('hour'), v('minute'), v('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}

const DAY_MS = 86_400_000;
/** Per zone, per UTC day: the offset when it holds the whole day (NaN: it changes that day). Zones do not change. */
const dayOffsets = new Map<string, Map<number, number>>();

/**
 * The zone's offset from UTC at `ms`, in ms (local wall time − UTC). Looked up with Intl once per UTC day (two
 * calls: its first and last millisecond) and remembered: 730 days of buckets cost 1,460 lookups once, then none.
 */
export function offsetAt(ms: number, timeZone: string): number {
  let zone = dayOffsets.get(timeZone);
  if (!zone) dayOffsets.set(timeZone, (zone = new Map()));
  const day = Math.floor(ms / DAY_MS);
  let offset = zone.get(day);
  if (offset === undefined) {
    const first = intlOffsetAt(day * DAY_MS, timeZone);
    offset = first === intlOffsetAt(day * DAY_MS + DAY_MS - 1, timeZone) ? first : NaN;
    if (zone.size > 50_000) zone.clear();
    zone.set(day, offset);
  }
  return Number.isNaN(offset) ? intlOffsetAt(ms, timeZone) : offset;
}

/**
 * The instant the local day starts in the zone. Where midnight does not exist (a DST gap at 00:00, as in some
 * zones), the first instant of the day after the gap.
 */
export function localMidnight(day: LocalDay, timeZone: string): number {
  const wall = Date.UTC(day.y, day.m - 1, day.d);
  // Two rounds: the offset at the first guess may differ from the offset at the answer across a transition.
  let ms = wall - offsetAt(wall, timeZone);
  ms = wall - offsetAt(ms, timeZone);
  if (ms + offsetAt(ms, timeZone) !== wall) {
    // Midnight falls in a gap: the day starts when the gap ends (the later of the two offsets).
    const after = wall - Math.min(offsetAt(wall - 86_400_000, timeZone), offsetAt(wall + 86_400_000, timeZone));
    ms = after;
  }
  return ms;
}

/** The local day an instant falls on in the zone. */
export function localDayOf(ms: number, timeZone: string): LocalDay {
  const t = new Date(ms + offsetAt(ms, timeZone));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

/** Monday of the ISO week of `day`. */
function weekStart(day: LocalDay): LocalDay {
  const dow = new Date(Date.UTC(day.y, day.m - 1, day.d)).getUTCDay(); // 0 Sunday
  return addDays(day, -((dow + 6) % 7));
}

/**
 * The buckets covering `from`..`to` (inclusive local days). Weeks are ISO weeks (Monday first), months calendar
 * months; the first and last bucket are clipped to the range, so every bucket's filter matches exactly the orders
 * counted in it.
 */
export function zonedBuckets(from: LocalDay, to: LocalDay, granularity: Granularity, timeZone: string): Bucket[] {
  const buckets: Bucket[] = [];
  let start = from;
  while (daysBetween(start, to) >= 0) {
    let next: LocalDay;
    if (granularity === 'day') next = addDays(start, 1);
    else if (granularity === 'week') next = addDays(weekStart(start), 7);
    else next = start.m === 12 ? { y: start.y + 1, m: 1, d: 1 } : { y: start.y, m: start.m + 1, d: 1 };
    const last = daysBetween(next, to) >= 0 ? addDays(next, -1) : to;
    buckets.push({
      firstDay: dayText(start),
      lastDay: dayText(last),
      startMs: localMidnight(start, timeZone),
      endMs: localMidnight(addDays(last, 1), timeZone),
    });
    start = addDays(last, 1);
  }
  return buckets;
}
