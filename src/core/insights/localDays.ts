import { localDayOf, offsetAt, type LocalDay } from './zonedBuckets';

/**
 * Local day numbers of instants in one zone: days since 1970-01-01 on the zone's calendar (the `day` column of the
 * Insights facts). The zone's offset is looked up once per UTC day: on a day without an offset change (all but a
 * few a year) every instant of it is `floor((ms + offset) / day)`; on a day with one, each instant is looked up.
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
  // UTC day → its offset when constant all day, else NaN (looked up per instant).
  const memo = new Map<number, number>();
  return {
    timeZone,
    dayOf(ms: number): number {
      const utcDay = Math.floor(ms / DAY_MS);
      let offset = memo.get(utcDay);
      if (offset === undefined) {
        const first = offsetAt(utcDay * DAY_MS, timeZone);
        offset = first === offsetAt(utcDay * DAY_MS + DAY_MS - 1, timeZone) ? first : NaN;
        if (memo.size > 20_000) memo.clear();
        memo.set(utcDay, offset);
      }
      return Number.isNaN(offset) ? dayNumber(localDayOf(ms, timeZone)) : Math.floor((ms + offset) / DAY_MS);
    },
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
