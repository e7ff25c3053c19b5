import { PAGE_SIZE_MAX } from '../../shared/domain/requests';
import { formatIsoInstant } from '../../shared/time/isoInstant';

/**
 * Creation-date windows. The platform answers one query with at most 100 pages of 100 orders (10,000) and has
 * no sort parameter; it orders by creation time, newest first. A window is a closed creation-time interval
 * [lo, hi] in epoch ms (lo null = no lower bound) whose orders the platform can list completely.
 *
 * Splitting uses rank, not guesswork: for a window with more than 10,000 orders, page 100 ends with the
 * 10,000th newest order, created at t. Every order created after t is among those 10,000 pages, so [t+1, hi]
 * holds fewer than 10,000 and is made of pages already fetched; [lo, t] is what remains. When the 10,000
 * newest all share the instant t, the instant [t, t] becomes its own window (the platform cannot list it if it
 * holds more than 10,000 orders: `instant-overflow`) and [lo, t-1] remains.
 */

export interface CreateWindow {
  /** Inclusive lower bound (ms); null: unbounded. */
  lo: number | null;
  /** Inclusive upper bound (ms). */
  hi: number;
}

/** Pages needed for `total` orders (at least 1: the probe). */
export function pagesFor(total: number, pageSize = PAGE_SIZE_MAX): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The platform filter of a window. Bounds are inclusive on the platform too. */
export function windowFilter(w: { lo: number | null; hi: number | null }): {
  createBeginDate?: string;
  createEndDate?: string;
} {
  return {
    ...(w.lo !== null ? { createBeginDate: formatIsoInstant(w.lo) } : {}),
    ...(w.hi !== null ? { createEndDate: formatIsoInstant(w.hi) } : {}),
  };
}

export function describeWindow(w: { lo: number | null; hi: number | null }): string {
  return `${w.lo === null ? '(beginning)' : formatIsoInstant(w.lo)} … ${w.hi === null ? '(now)' : formatIsoInstant(w.hi)}`;
}

export function isInstant(w: CreateWindow): boolean {
  return w.lo !== null && w.lo === w.hi;
}

export interface SplitPlan {
  /** (t, hi]: everything above the last order listed; its orders are in the pages already fetched. Absent if empty. */
  upper?: CreateWindow;
  /** [t, t] when the newest orders one query lists all share the instant t. */
  instant?: CreateWindow;
  /** What remains below: [lo, t] (or [lo, t-1] with an instant window). Absent if empty. */
  lower?: CreateWindow;
}

/**
 * How to split an over-full window, given the creation time of its newest order and of the last order one query
 * lists (the last order of the last page: the 10,000th newest with pages of 100).
 */
export function planSplit(w: CreateWindow, newestMs: number, lastListedMs: number): SplitPlan {
  const t = lastListedMs;
  const plan: SplitPlan = {};
  if (t < w.hi) plan.upper = { lo: t + 1, hi: w.hi };
  if (newestMs > t) {
    plan.lower = { lo: w.lo, hi: t };
  } else {
    plan.instant = { lo: t, hi: t };
    if (w.lo === null || t - 1 >= w.lo) plan.lower = { lo: w.lo, hi: t - 1 };
  }
  return plan;
}

/** Whether a creation time lies in a window. */
export function inWindow(w: CreateWindow, ms: number): boolean {
  return (w.lo === null || ms >= w.lo) && ms <= w.hi;
}

/**
 * The parts of (-inf, hi] not covered by finished windows, newest first: what a resumed sync still has to fetch.
 */
export function windowGaps(hi: number, finished: readonly CreateWindow[]): CreateWindow[] {
  const sorted = [...finished].sort((a, b) => b.hi - a.hi);
  const gaps: CreateWindow[] = [];
  let top: number | null = hi; // everything <= top not yet known to be covered (null: nothing left)
  for (const w of sorted) {
    if (top === null) break;
    if (w.hi < top) gaps.push({ lo: w.hi + 1, hi: top });
    if (w.lo === null) top = null;
    else if (w.lo - 1 < top) top = w.lo - 1;
  }
  if (top !== null) gaps.push({ lo: null, hi: top });
  return gaps.filter((g) => g.lo === null || g.lo <= g.hi);
}
