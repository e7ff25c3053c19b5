import { localDayOf, type LocalDay } from './zonedBuckets';

/**
 * Local day numbers of instants in one zone: days since 1970-01-01 on the zone's calendar (the `day` column of the
 * Insights facts). The zone's offset is looked up once per UTC hour (zones change offset on the hour or half hour
 * at most a few times a year; a quarter-hour cache key keeps half- and quarter-hour zones exact).
 */
export interface LocalDays {
  timeZone: string;
  dayOf(ms: number): number;
}

const QUARTER_HOUR = 900_000;

export function dayNumber(day: LocalDay): number {
  return Date.UTC(day.y, day.m - 1, day.d) / 86_400_000;
}

export function localDays(timeZone: string): LocalDays {
  const memo = new Map<number, number>();
  return {
    timeZone,
    dayOf(ms: number): number {
      const key = Math.floor(ms / QUARTER_HOUR);
      let day = memo.get(key);
      if (day === undefined) {
        // The day at the quarter hour's first and last millisecond: equal unless a local midnight falls inside it
        // (then NaN: each instant of it is looked up on its own).
        const first = dayNumber(localDayOf(key * QUARTER_HOUR, timeZone));
        const last = dayNumber(localDayOf(key * QUARTER_HOUR + QUARTER_HOUR - 1, timeZone));
        day = first === last ? first : NaN;
        if (memo.size > 100_000) memo.clear();
        memo.set(key, day);
      }
      return Number.isNaN(day) ? dayNumber(localDayOf(ms, timeZone)) : day;
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
