import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';
import { formatAgo, formatDateTime, instantMs } from './time';

describe('money', () => {
  it('shows the amount with the currency’s decimals and its ISO code, never a symbol', () => {
    expect(formatMoney('14.99', 'USD', 'en')).toBe('14.99 USD');
    expect(formatMoney('1500', 'JPY', 'en')).toBe('1,500 JPY');
    expect(formatMoney(1234.5, 'CNY', 'zh-CN')).toBe('1,234.50 CNY');
    expect(formatMoney('1234.5', 'EUR', 'de')).toBe('1.234,50 EUR');
    expect(formatMoney('7', 'brl', 'en')).toBe('7.00 BRL');
  });

  it('formats in the currency, and shows odd input as sent', () => {
    expect(formatMoney('12.99', 'EUR')).toMatch(/12[.,]99/);
    expect(formatMoney('12.99', 'EUR')).toMatch(/EUR/);
    expect(formatMoney('abc', 'EUR')).toBe('abc EUR');
    expect(formatMoney('5', 'not-a-code')).toBe('5 not-a-code');
    expect(formatMoney(null, 'USD')).toBe('—');
  });
});

describe('time', () => {
  it('says how long ago', () => {
    const now = Date.UTC(2026, 10, 23, 12, 0, 0);
    expect(formatAgo(now - 10_000, now, 'en')).toBe('just now');
    expect(formatAgo(now - 120_000, now, 'en')).toMatch(/2 min/);
    expect(formatAgo(now - 3 * 3_600_000, now, 'en')).toMatch(/3 hours/);
  });

  it('says it in the app’s language', () => {
    const now = Date.UTC(2026, 10, 23, 12, 0, 0);
    expect(formatAgo(now - 10_000, now, 'zh-CN')).toBe('刚刚');
    expect(formatAgo(now - 120_000, now, 'zh-CN')).toBe('2分钟前');
    expect(formatDateTime(Date.UTC(2026, 10, 23, 12), 'zh-CN')).toMatch(/^2026年11月23日/);
    expect(formatDateTime(Date.UTC(2026, 10, 23, 12), 'en')).toMatch(/^Nov 23, 2026/);
  });

  it('reads ISO instants only', () => {
    expect(instantMs('2026-11-23T12:00:00Z')).toBe(Date.UTC(2026, 10, 23, 12));
    expect(instantMs('yesterday')).toBeUndefined();
  });
});
