import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';
import { formatAgo, instantMs } from './time';

describe('money', () => {
  it('formats in the currency, and shows odd input as sent', () => {
    expect(formatMoney('12.99', 'EUR')).toMatch(/12[.,]99/);
    expect(formatMoney('12.99', 'EUR')).toMatch(/€|EUR/);
    expect(formatMoney('abc', 'EUR')).toBe('abc EUR');
    expect(formatMoney('5', 'not-a-code')).toBe('5 not-a-code');
    expect(formatMoney(null, 'USD')).toBe('—');
  });
});

describe('time', () => {
  it('says how long ago', () => {
    const now = Date.UTC(2026, 10, 23, 12, 0, 0);
    expect(formatAgo(now - 10_000, now)).toBe('just now');
    expect(formatAgo(now - 120_000, now)).toMatch(/2 min/);
    expect(formatAgo(now - 3 * 3_600_000, now)).toMatch(/3 hours/);
  });

  it('reads ISO instants only', () => {
    expect(instantMs('2026-11-23T12:00:00Z')).toBe(Date.UTC(2026, 10, 23, 12));
    expect(instantMs('yesterday')).toBeUndefined();
  });
});
