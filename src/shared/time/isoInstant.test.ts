import { describe, expect, it } from 'vitest';
import { formatIsoInstant, parseIsoInstant } from './isoInstant';

describe('ISO times', () => {
  it('reads the platform form and tolerant variants', () => {
    const ms = Date.UTC(2026, 2, 15, 12, 30, 45, 123);
    expect(parseIsoInstant('2026-03-15T12:30:45.123Z')).toBe(ms);
    expect(parseIsoInstant('2026-03-15 12:30:45.123')).toBe(ms);
    expect(parseIsoInstant('2026-03-15T12:30:45.123456789Z')).toBe(ms);
    expect(parseIsoInstant('2026-03-15T20:30:45.123+08:00')).toBe(ms);
    expect(parseIsoInstant('2026-03-15T20:30:45.123+0800')).toBe(ms);
    expect(parseIsoInstant('2026-03-15T12:30Z')).toBe(Date.UTC(2026, 2, 15, 12, 30));
    expect(parseIsoInstant('2026-03-15')).toBe(Date.UTC(2026, 2, 15));
    expect(formatIsoInstant(ms)).toBe('2026-03-15T12:30:45.123Z');
  });

  it('rejects what is not a real instant', () => {
    for (const bad of ['', 'yesterday', '2026-02-30', '2026-13-01', '2026-03-15T25:00:00Z', null, undefined])
      expect(parseIsoInstant(bad)).toBeUndefined();
  });
});

describe('the canonical fast path', () => {
  it('agrees with the general parser and still rejects rolled-over dates', () => {
    for (const t of ['2024-02-29T23:59:59.999Z', '1999-12-31T00:00:00.000Z', '2026-11-22T02:14:44.116Z'])
      expect(parseIsoInstant(t)).toBe(Date.parse(t));
    expect(parseIsoInstant('2023-02-29T00:00:00.000Z')).toBeUndefined();
    expect(parseIsoInstant('2026-04-31T00:00:00.000Z')).toBeUndefined();
  });
});

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
