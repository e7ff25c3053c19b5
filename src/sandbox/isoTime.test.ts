import { describe, expect, it } from 'vitest';
import { isoTime } from './isoTime';

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
