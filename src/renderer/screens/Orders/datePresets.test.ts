import { describe, expect, it } from 'vitest';
import { plausibleDay } from '../../stores/orderFilters';
import { presetRange } from './datePresets';

describe('date presets', () => {
  // 26 Nov 2026, 15:00 local time.
  const now = new Date(2026, 10, 26, 15, 0).getTime();

  it('are whole days up to today, in the local zone', () => {
    expect(presetRange('Today', now)).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(presetRange('Last 7 days', now)).toEqual({ from: '2026-11-20', to: '2026-11-26' });
    expect(presetRange('Last 30 days', now)).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(presetRange('Last 90 days', now)).toEqual({ from: '2026-08-29', to: '2026-11-26' });
    expect(presetRange('This month', now)).toEqual({ from: '2026-11-01', to: '2026-11-26' });
  });

  it('cross a year end', () => {
    expect(presetRange('Last 7 days', new Date(2027, 0, 3, 9).getTime())).toEqual({
      from: '2026-12-28',
      to: '2027-01-03',
    });
  });
});

describe('a plausible day', () => {
  it('is a real day in a year a merchant means, not a year still being typed', () => {
    expect(plausibleDay('2026-11-22')).toBe(true);
    expect(plausibleDay('0002-11-22')).toBe(false);
    expect(plausibleDay('0202-11-22')).toBe(false);
    expect(plausibleDay('2026-02-30')).toBe(false);
    expect(plausibleDay('')).toBe(false);
  });
});
