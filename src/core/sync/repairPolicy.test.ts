import { describe, expect, it } from 'vitest';
import {
  bisectCost,
  bisectParts,
  chooseRepair,
  onePageParts,
  TOP_FILL,
  topParts,
  type ShortWindow,
} from './repairPolicy';

const times = (n: number, step = 10, from = 0) => Array.from({ length: n }, (_, i) => from + i * step);
const short = (w: Partial<ShortWindow>): ShortWindow => ({
  range: { lo: 0, hi: 1_000_000 },
  knownTimes: [],
  largestTotal: 0,
  repairing: false,
  arrivalsPerAnswer: 0,
  ...w,
});

describe('cutting a window into one-page parts', () => {
  it('covers the window end to end with parts of at most `perPart` known orders', () => {
    expect(onePageParts({ lo: null, hi: 100 }, [1, 2, 3, 4, 5], 2)).toEqual([
      { lo: null, hi: 2 },
      { lo: 3, hi: 4 },
      { lo: 5, hi: 100 },
    ]);
  });
  it('never cuts an instant, even one holding more than a part', () => {
    expect(onePageParts({ lo: 0, hi: 100 }, [1, 5, 5, 5, 9], 2)).toEqual([
      { lo: 0, hi: 1 },
      { lo: 2, hi: 5 },
      { lo: 6, hi: 100 },
    ]);
    expect(onePageParts({ lo: 0, hi: 100 }, [7, 7, 7], 2)).toEqual([{ lo: 0, hi: 100 }]);
  });
});

describe('halving a window', () => {
  it('ends the lower half at the median known creation time, inside the window', () => {
    expect(bisectParts({ lo: 0, hi: 100 }, [10, 20, 30, 40])).toEqual([
      { lo: 0, hi: 20 },
      { lo: 21, hi: 100 },
    ]);
    expect(bisectParts({ lo: 50, hi: 100 }, [100, 100])).toEqual([
      { lo: 50, hi: 99 },
      { lo: 100, hi: 100 },
    ]);
  });
});

describe('what a short pass leads to', () => {
  it('restarts a window holding more IDs than its count (orders left)', () => {
    expect(chooseRepair(short({ knownTimes: times(5), largestTotal: 4 }), 100)).toEqual({ kind: 'restart' });
  });

  it('pages again what cannot be split: an instant, or a one-page window whose answer contradicts its count', () => {
    expect(chooseRepair(short({ range: { lo: 7, hi: 7 }, knownTimes: [7, 7], largestTotal: 300 }), 100).kind).toBe(
      'repage',
    );
    expect(chooseRepair(short({ knownTimes: times(40), largestTotal: 50 }), 100).kind).toBe('repage');
  });

  it('probes, then bisects, a big window that held still with a few orders missing', () => {
    expect(chooseRepair(short({ knownTimes: times(9_998), largestTotal: 10_000 }), 100)).toEqual({ kind: 'probe' });
    const again = chooseRepair(short({ knownTimes: times(9_998), largestTotal: 10_000, repairing: true }), 100);
    expect(again).toEqual({ kind: 'bisect', parts: bisectParts({ lo: 0, hi: 1_000_000 }, times(9_998)) });
  });

  it('splits a list that keeps moving into one-page parts: bisecting would never catch up', () => {
    const moving = short({ knownTimes: times(579), largestTotal: 580, arrivalsPerAnswer: 1 });
    const r = chooseRepair(moving, 100);
    expect(r.kind).toBe('partition');
    if (r.kind !== 'partition') return;
    expect(r.parts).toHaveLength(8); // 579 known, 75 per part
    expect(r.parts[0]!.lo).toBe(0);
    expect(r.parts.at(-1)!.hi).toBe(1_000_000);
    // Even with a quiet list, splitting is chosen when it costs fewer requests than bisecting for many gaps.
    expect(chooseRepair(short({ knownTimes: times(500), largestTotal: 560 }), 100).kind).toBe('partition');
  });

  it('prices a bisection: about two probes per level for each gap, unbounded once arrivals outpace it', () => {
    expect(bisectCost(1, 100, 0)).toBe(14);
    expect(bisectCost(1, 100, 0.05)).toBeCloseTo(14 / 0.3);
    expect(bisectCost(1, 6, 1)).toBe(Infinity);
  });
});

describe('new orders entering a newest-first list at its top', () => {
  it('a repair probe that still disagrees cuts off a one-page top part: the quiet rest completes at its probe', () => {
    const known = times(5_000);
    const moving = short({ knownTimes: known, largestTotal: 5_012, repairing: true, newestFirst: true });
    const r = chooseRepair(moving, 100);
    expect(r.kind).toBe('bisect');
    if (r.kind !== 'bisect') return;
    // The top part holds the newest known orders and the 12 missing ones in TOP_FILL of a page.
    const cut = known[known.length - (Math.floor(100 * TOP_FILL) - 12)]!;
    expect(r.parts).toEqual([
      { lo: moving.range.lo, hi: cut - 1 },
      { lo: cut, hi: moving.range.hi },
    ]);
  });

  it('on any other list order (or with no newcomer at the top) it halves at the median as before', () => {
    const known = times(5_000);
    const other = short({ knownTimes: known, largestTotal: 5_012, repairing: true });
    expect(chooseRepair(other, 100)).toEqual({ kind: 'bisect', parts: bisectParts(other.range, known) });
    expect(topParts(other.range, known, 95, 100)).toBeUndefined(); // the missing fill the top part alone
  });
});
