/**
 * Order statistics over several sorted arrays without merging them (the Insights delivery times are stored as one
 * sorted array per day): the k-th smallest value is found by bisecting on the value and counting with a binary
 * search in each array — O(arrays × log(length) × log(value range)), a few hundred thousand steps for two years of
 * days, where concatenating and sorting ~90,000 times took ~40 ms. Values are integers (milliseconds);
 * should another value be the answer, the arrays are merged and sorted instead.
 */

/** How many values of `sorted` are < v. */
export function countBelow(sorted: Float64Array, v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How many values of `sorted` are ≤ v. */
export function countAtMost(sorted: Float64Array, v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The k-th smallest (0-based) integer value over the arrays; undefined when they hold k or fewer values. */
export function kthSmallest(runs: readonly Float64Array[], k: number): number | undefined {
  const nonEmpty = runs.filter((r) => r.length > 0);
  const total = nonEmpty.reduce((n, r) => n + r.length, 0);
  if (k < 0 || k >= total) return undefined;
  if (nonEmpty.length === 1) return nonEmpty[0]![k];
  let lo = Infinity;
  let hi = -Infinity;
  for (const r of nonEmpty) {
    lo = Math.min(lo, r[0]!);
    hi = Math.max(hi, r[r.length - 1]!);
  }
  // The smallest v with more than k values ≤ v: a value of the arrays, since the count only rises at one.
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    let n = 0;
    // A run wholly at or below mid, or above it, is counted without a search.
    for (const r of nonEmpty) n += r[r.length - 1]! <= mid ? r.length : r[0]! > mid ? 0 : countAtMost(r, mid);
    if (n > k) hi = mid;
    else lo = mid + 1;
  }
  // Whole milliseconds are always found; any other value (never written so) makes the answer one of none of the
  // arrays' values: then merge and sort, exactness first.
  if (nonEmpty.some((r) => countAtMost(r, lo) > countBelow(r, lo))) return lo;
  const all = new Float64Array(total);
  let at = 0;
  for (const r of nonEmpty) {
    all.set(r, at);
    at += r.length;
  }
  return all.sort()[k];
}

/** Nearest-rank percentile (the smallest value with at least p of the values at or below it) over sorted runs. */
export function nearestRankOfRuns(runs: readonly Float64Array[], p: number): number | null {
  const total = runs.reduce((n, r) => n + r.length, 0);
  if (total === 0) return null;
  return kthSmallest(runs, Math.max(0, Math.ceil(p * total) - 1)) ?? null;
}
