import { describe, expect, it } from 'vitest';
import { localDays } from './localDays';
import { localMidnight, parseDay, zonedBuckets } from './zonedBuckets';

const H = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('zoned buckets', () => {
  it('local midnights across both DST changes: 23- and 25-hour days in Berlin, New York', () => {
    const spring = zonedBuckets(parseDay('2026-03-28')!, parseDay('2026-03-30')!, 'day', 'Europe/Berlin');
    expect(spring.map((b) => [iso(b.startMs), (b.endMs - b.startMs) / H])).toEqual([
      ['2026-03-27T23:00:00.000Z', 24],
      ['2026-03-28T23:00:00.000Z', 23],
      ['2026-03-29T22:00:00.000Z', 24],
    ]);
    const autumn = zonedBuckets(parseDay('2026-10-25')!, parseDay('2026-10-25')!, 'day', 'Europe/Berlin');
    expect(autumn.map((b) => [iso(b.startMs), (b.endMs - b.startMs) / H])).toEqual([['2026-10-24T22:00:00.000Z', 25]]);
    const ny = zonedBuckets(parseDay('2026-11-01')!, parseDay('2026-11-01')!, 'day', 'America/New_York');
    expect(ny.map((b) => [iso(b.startMs), (b.endMs - b.startMs) / H])).toEqual([['2026-11-01T04:00:00.000Z', 25]]);
  });

  it('a midnight that does not exist (Santiago skips 00:00 on its spring day) starts the day at the gap’s end', () => {
    // Chile moved clocks from 00:00 to 01:00 on 2026-09-06: the day starts at 01:00 local (04:00Z).
    expect(iso(localMidnight(parseDay('2026-09-06')!, 'America/Santiago'))).toBe('2026-09-06T04:00:00.000Z');
  });

  it('weeks start on Monday and months on the 1st, both clipped to the range', () => {
    const weeks = zonedBuckets(parseDay('2026-03-04')!, parseDay('2026-03-17')!, 'week', 'UTC');
    expect(weeks.map((b) => [b.firstDay, b.lastDay])).toEqual([
      ['2026-03-04', '2026-03-08'],
      ['2026-03-09', '2026-03-15'],
      ['2026-03-16', '2026-03-17'],
    ]);
    const months = zonedBuckets(parseDay('2025-12-20')!, parseDay('2026-02-03')!, 'month', 'Asia/Tokyo');
    expect(months.map((b) => [b.firstDay, b.lastDay, iso(b.startMs)])).toEqual([
      ['2025-12-20', '2025-12-31', '2025-12-19T15:00:00.000Z'],
      ['2026-01-01', '2026-01-31', '2025-12-31T15:00:00.000Z'],
      ['2026-02-01', '2026-02-03', '2026-01-31T15:00:00.000Z'],
    ]);
  });

  it('local day numbers agree with the buckets at every boundary (half-hour zone too)', () => {
    for (const zone of ['Europe/Berlin', 'Asia/Kolkata', 'America/St_Johns']) {
      const days = localDays(zone);
      for (const b of zonedBuckets(parseDay('2026-03-06')!, parseDay('2026-11-03')!, 'day', zone)) {
        const [y, m, d] = b.firstDay.split('-').map(Number) as [number, number, number];
        const first = days.dayOf(b.startMs);
        expect(first).toBe(Date.UTC(y, m - 1, d) / 86_400_000);
        expect(days.dayOf(b.endMs - 1)).toBe(first);
        expect(days.dayOf(b.endMs)).toBe(first + 1);
        expect(days.dayOf(b.startMs - 1)).toBe(first - 1);
      }
    }
  });
});
