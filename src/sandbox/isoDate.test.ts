import { describe, expect, it } from 'vitest';
import { parseIsoInstant } from './isoDate';
import { isoTime } from './isoTime';

describe('parseIsoInstant', () => {
  it.each([
    ['2026-01-31T23:59:59.123Z', Date.UTC(2026, 0, 31, 23, 59, 59, 123)],
    ['2026-01-31T23:59:59Z', Date.UTC(2026, 0, 31, 23, 59, 59)],
    ['2026-01-31T23:59:59', Date.UTC(2026, 0, 31, 23, 59, 59)], // no zone = UTC
    ['2026-01-31 23:59', Date.UTC(2026, 0, 31, 23, 59)],
    ['2026-01-31', Date.UTC(2026, 0, 31)],
    ['2026-01-31T08:00:00+08:00', Date.UTC(2026, 0, 31, 0, 0)],
    ['2026-01-31T08:00:00-0130', Date.UTC(2026, 0, 31, 9, 30)],
    ['2026-01-31T00:00:00.123456789Z', Date.UTC(2026, 0, 31, 0, 0, 0, 123)],
    ['2024-02-29', Date.UTC(2024, 1, 29)],
  ])('%s', (text, ms) => {
    expect(parseIsoInstant(text)).toBe(ms);
  });

  it.each([
    'yesterday',
    '2026-02-30',
    '2025-02-29',
    '2026-13-01',
    '2026-01-31T24:00:00Z',
    '2026-01-31T10:60Z',
    '31.01.2026',
    '2026-1-5',
    '',
    '2026-01-31T10:00:00+25:00',
  ])('refuses %j', (text) => {
    expect(parseIsoInstant(text)).toBeUndefined();
  });
});

describe('isoTime', () => {
  it('formats exactly like Date#toISOString', () => {
    const samples = [
      0,
      Date.UTC(2026, 2, 15, 12, 0, 0),
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2025, 11, 31, 0, 0, 0, 7),
    ];
    for (let ms = Date.UTC(2024, 0, 1); ms < Date.UTC(2026, 0, 1); ms += 86_399_937) samples.push(ms);
    for (const ms of samples) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
  });
});
