import { offsetAt, type LocalDay } from './zonedBuckets';

/**
 * Local day numbers of instants in one zone: days since 1970-01-01 on the zone's calendar (the `day` column of the
 * Insights facts): `floor((ms + offset) / day)`, the offset remembered per UTC day (zonedBuckets.offsetAt).
 */
export interface LocalDays {
  timeZone: string;
  dayOf(ms: number): number;
}

const DAY_MS = 86_400_000;

export function dayNumber(day: LocalDay): number {
  return Date.UTC(day.y, day.m - 1, day.d) / 86_400_000;
}

export function localDays(timeZone: string): LocalDays {
  return {
    timeZone,
    dayOf: (ms) => Math.floor((ms + offsetAt(ms, timeZone)) / DAY_MS),
  };
}

/** The local month (year × 12 + month − 1) of a day number. */
export function monthOfDay(day: number): number {
  const t = new Date(day * 86_400_000);
  return t.getUTCFullYear() * 12 + t.getUTCMonth();
}

/** The day number of the first day of a month number. */
export function firstDayOfMonth(month: number): number {
  return Date.UTC(Math.floor(month / 12), month % 12, 1) / 86_400_000;
}
