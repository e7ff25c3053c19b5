import { describe, expect, it } from 'vitest';
import { pagesFor, planSplit, windowFilter, windowGaps } from './windowPlanner';

describe('splitting an over-full window at its 10,000th order', () => {
  it('puts everything newer than that order above, and that instant and older below', () => {
    expect(planSplit({ lo: null, hi: 1000 }, 990, 500)).toEqual({
      upper: { lo: 501, hi: 1000 },
      lower: { lo: null, hi: 500 },
    });
    expect(planSplit({ lo: 100, hi: 1000 }, 1000, 999)).toEqual({
      upper: { lo: 1000, hi: 1000 },
      lower: { lo: 100, hi: 999 },
    });
  });

  it('makes the instant its own window when the 10,000 newest share it', () => {
    expect(planSplit({ lo: 100, hi: 1000 }, 700, 700)).toEqual({
      upper: { lo: 701, hi: 1000 },
      instant: { lo: 700, hi: 700 },
      lower: { lo: 100, hi: 699 },
    });
    expect(planSplit({ lo: null, hi: 700 }, 700, 700)).toEqual({
      instant: { lo: 700, hi: 700 },
      lower: { lo: null, hi: 699 },
    });
    expect(planSplit({ lo: 700, hi: 900 }, 700, 700)).toEqual({
      upper: { lo: 701, hi: 900 },
      instant: { lo: 700, hi: 700 },
    });
  });
});

describe('gaps a resumed run still has to fetch', () => {
  it('is everything when nothing finished', () => {
    expect(windowGaps(1000, [])).toEqual([{ lo: null, hi: 1000 }]);
  });
  it('leaves out finished windows, newest gap first', () => {
    expect(
      windowGaps(1000, [
        { lo: 801, hi: 1000 },
        { lo: 301, hi: 500 },
      ]),
    ).toEqual([
      { lo: 501, hi: 800 },
      { lo: null, hi: 300 },
    ]);
    expect(windowGaps(1000, [{ lo: 200, hi: 700 }])).toEqual([
      { lo: 701, hi: 1000 },
      { lo: null, hi: 199 },
    ]);
  });
  it('is nothing when finished windows cover all', () => {
    expect(
      windowGaps(1000, [
        { lo: null, hi: 400 },
        { lo: 401, hi: 1000 },
      ]),
    ).toEqual([]);
    expect(
      windowGaps(1000, [
        { lo: 5, hi: 5 },
        { lo: 6, hi: 1000 },
        { lo: null, hi: 4 },
      ]),
    ).toEqual([]);
  });
});

describe('window filters', () => {
  it('are inclusive ISO bounds, none for an open end', () => {
    expect(windowFilter({ lo: null, hi: Date.UTC(2026, 0, 1) })).toEqual({ createEndDate: '2026-01-01T00:00:00.000Z' });
    expect(windowFilter({ lo: 1, hi: 2 })).toEqual({
      createBeginDate: '1970-01-01T00:00:00.001Z',
      createEndDate: '1970-01-01T00:00:00.002Z',
    });
    expect(pagesFor(0)).toBe(1);
    expect(pagesFor(10_000)).toBe(100);
    expect(pagesFor(10_001)).toBe(101);
  });
});
