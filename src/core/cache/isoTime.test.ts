import { describe, expect, it } from 'vitest';
import { formatIsoMs, parseIsoMs } from './isoTime';

describe('ISO times', () => {
  it('reads the platform form and tolerant variants', () => {
    const ms = Date.UTC(2026, 2, 15, 12, 30, 45, 123);
    expect(parseIsoMs('2026-03-15T12:30:45.123Z')).toBe(ms);
    expect(parseIsoMs('2026-03-15 12:30:45.123')).toBe(ms);
    expect(parseIsoMs('2026-03-15T12:30:45.123456789Z')).toBe(ms);
    expect(parseIsoMs('2026-03-15T20:30:45.123+08:00')).toBe(ms);
    expect(parseIsoMs('2026-03-15T20:30:45.123+0800')).toBe(ms);
    expect(parseIsoMs('2026-03-15T12:30Z')).toBe(Date.UTC(2026, 2, 15, 12, 30));
    expect(parseIsoMs('2026-03-15')).toBe(Date.UTC(2026, 2, 15));
    expect(formatIsoMs(ms)).toBe('2026-03-15T12:30:45.123Z');
  });

  it('rejects what is not a real instant', () => {
    for (const bad of ['', 'yesterday', '2026-02-30', '2026-13-01', '2026-03-15T25:00:00Z', null, undefined])
      expect(parseIsoMs(bad)).toBeUndefined();
  });
});

describe('the canonical fast path', () => {
  it('agrees with the general parser and still rejects rolled-over dates', () => {
    for (const t of ['2024-02-29T23:59:59.999Z', '1999-12-31T00:00:00.000Z', '2026-11-22T02:14:44.116Z'])
      expect(parseIsoMs(t)).toBe(Date.parse(t));
    expect(parseIsoMs('2023-02-29T00:00:00.000Z')).toBeUndefined();
    expect(parseIsoMs('2026-04-31T00:00:00.000Z')).toBeUndefined();
  });
});
