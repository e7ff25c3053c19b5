import { describe, expect, it } from 'vitest';
import { countAtMost, countBelow, kthSmallest, nearestRankOfRuns } from './sortedRuns';
import { nearestRank } from './insightsFigures';
import { mulberry32 as random } from '../random/prng';

const run = (...values: number[]) => Float64Array.from(values).sort();

/** The reference: every value in one array, sorted, the nearest rank read off it. */
function plainPercentile(runs: readonly Float64Array[], p: number): number | null {
  const all = runs.flatMap((r) => [...r]).sort((a, b) => a - b);
  return nearestRank(all, p);
}

describe('order statistics over sorted runs', () => {
  it('median and p90 of merged runs equal those of one sort of all values (random runs, many shapes)', () => {
    const next = random(25);
    for (let trial = 0; trial < 400; trial++) {
      const runs: Float64Array[] = [];
      const count = Math.floor(next() * 12);
      // Small value ranges give many duplicates across and within runs; large ones give none.
      const spread = [3, 50, 86_400_000, 2 ** 40][trial % 4]!;
      for (let i = 0; i < count; i++) {
        const length = Math.floor(next() * (next() < 0.2 ? 0 : 40));
        runs.push(Float64Array.from({ length }, () => Math.floor(next() * spread)).sort());
      }
      for (const p of [0.01, 0.5, 0.9, 0.99, 1])
        expect(nearestRankOfRuns(runs, p), `trial ${trial}, p ${p}`).toBe(plainPercentile(runs, p));
      const total = runs.reduce((n, r) => n + r.length, 0);
      const all = runs.flatMap((r) => [...r]).sort((a, b) => a - b);
      for (let k = 0; k < total; k += Math.max(1, Math.floor(total / 7))) expect(kthSmallest(runs, k)).toBe(all[k]);
    }
  });

  it('no values: no percentile; k out of range: undefined', () => {
    expect(nearestRankOfRuns([], 0.5)).toBeNull();
    expect(nearestRankOfRuns([run(), run()], 0.9)).toBeNull();
    expect(kthSmallest([run(1, 2)], 2)).toBeUndefined();
    expect(kthSmallest([run(1, 2)], -1)).toBeUndefined();
  });

  it('one value is every percentile', () => {
    for (const runs of [[run(7)], [run(), run(7), run()]]) {
      expect(nearestRankOfRuns(runs, 0.5)).toBe(7);
      expect(nearestRankOfRuns(runs, 0.9)).toBe(7);
      expect(nearestRankOfRuns(runs, 0.01)).toBe(7);
    }
  });

  it('duplicates: within a run and across runs, all equal, and the nearest rank of 1, 2, 3, 4 is 2', () => {
    expect(nearestRankOfRuns([run(5, 5, 5), run(5), run(5, 5)], 0.5)).toBe(5);
    // 1 1 2 2 2 3 9 9 9 9: the 5th is 2, the 9th is 9.
    const runs = [run(1, 2, 9, 9), run(2, 2, 9), run(1, 3, 9)];
    expect(nearestRankOfRuns(runs, 0.5)).toBe(2);
    expect(nearestRankOfRuns(runs, 0.9)).toBe(9);
    expect(nearestRankOfRuns([run(1, 3), run(2, 4)], 0.5)).toBe(2);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => kthSmallest(runs, k))).toEqual([1, 1, 2, 2, 2, 3, 9, 9, 9, 9]);
  });

  it('negative and non-integer values (never written, still exact: merged and sorted)', () => {
    const runs = [run(-5.5, 0.25, 3), run(-1, 0.5)];
    expect(nearestRankOfRuns(runs, 0.5)).toBe(plainPercentile(runs, 0.5));
    expect(nearestRankOfRuns(runs, 0.9)).toBe(plainPercentile(runs, 0.9));
    expect(kthSmallest(runs, 0)).toBe(-5.5);
  });

  it('counts below and at most a value by binary search', () => {
    const r = run(1, 2, 2, 2, 5);
    expect([0, 1, 2, 3, 5, 6].map((v) => countBelow(r, v))).toEqual([0, 0, 1, 4, 4, 5]);
    expect([0, 1, 2, 3, 5, 6].map((v) => countAtMost(r, v))).toEqual([0, 1, 4, 4, 5, 5]);
    expect(countBelow(run(), 3)).toBe(0);
  });
});
