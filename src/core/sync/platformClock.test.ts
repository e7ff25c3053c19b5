import { describe, expect, it } from 'vitest';
import { CLOCK_SKEW_LIMIT_MS, LOCAL_CLOCK_MARGIN_MS, PlatformClock } from './platformClock';

const LOCAL = Date.UTC(2026, 2, 15, 12, 0, 0);

describe('the platform clock', () => {
  it('believes an envelope time within a day of the local clock', () => {
    const clock = new PlatformClock(() => LOCAL);
    expect(clock.read(new Date(LOCAL + 3_600_000).toISOString())).toBe(LOCAL + 3_600_000);
    expect(clock.read(new Date(LOCAL - CLOCK_SKEW_LIMIT_MS).toISOString())).toBe(LOCAL - CLOCK_SKEW_LIMIT_MS);
    expect(clock.skew).toBeUndefined();
  });

  it('puts the local clock, set back, in place of a missing or unreadable time', () => {
    const clock = new PlatformClock(() => LOCAL);
    expect(clock.read(undefined)).toBe(LOCAL - LOCAL_CLOCK_MARGIN_MS);
    expect(clock.read('soon')).toBe(LOCAL - LOCAL_CLOCK_MARGIN_MS);
    expect(clock.skew).toBeUndefined();
  });

  it('does not believe a time more than a day ahead, and keeps the first skew to report once', () => {
    const clock = new PlatformClock(() => LOCAL);
    expect(clock.read('2999-01-01T00:00:00.000Z')).toBe(LOCAL - LOCAL_CLOCK_MARGIN_MS);
    expect(clock.read('1999-01-01T00:00:00.000Z')).toBe(Date.UTC(1999, 0, 1));
    expect(clock.skew).toEqual({ platformTime: '2999-01-01T00:00:00.000Z', localTime: new Date(LOCAL).toISOString() });
  });

  it('keeps a time more than a day behind (its updates carry that clock), and reports it', () => {
    const clock = new PlatformClock(() => LOCAL);
    expect(clock.read('2026-01-01T00:00:00.000Z')).toBe(Date.UTC(2026, 0, 1));
    expect(clock.skew).toEqual({ platformTime: '2026-01-01T00:00:00.000Z', localTime: new Date(LOCAL).toISOString() });
  });

  it('never lets a watermark pass the local clock plus the margin', () => {
    const clock = new PlatformClock(() => LOCAL);
    expect(clock.capWatermark(LOCAL + 3_600_000)).toBe(LOCAL + LOCAL_CLOCK_MARGIN_MS);
    expect(clock.capWatermark(LOCAL - 5)).toBe(LOCAL - 5);
    expect(clock.trusts(LOCAL + LOCAL_CLOCK_MARGIN_MS)).toBe(true);
    expect(clock.skew).toBeUndefined();
    expect(clock.trusts(Date.UTC(2998, 11, 31))).toBe(false);
    expect(clock.skew?.platformTime).toBe('2998-12-31T00:00:00.000Z');
  });
});
