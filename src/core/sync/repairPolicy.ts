import { isInstant, pagesFor, type CreateWindow } from './windowPlanner';

/**
 * What to do with a window whose pass came up short: the unique IDs fetched over all its passes fall short of (or
 * exceed) the count the platform reports, because the list moved while it was paged.
 *
 * The moves that matter are orders entering the window (creation times never change; with only `updateBeginDate`
 * set an order cannot leave the set either). One answer is a consistent snapshot of what it lists, so a part that
 * fits one page is complete as soon as one answer lists its whole count — whatever arrives later has a later update
 * time, which the next poll's overlap catches. Splitting a moving window by creation time into parts that fit one
 * page therefore always converges; re-paging a window that keeps moving never does.
 */
export type Repair =
  /** More IDs than the count: orders left the window (the platform deleted some?). Start it afresh. */
  | { kind: 'restart' }
  /** Cannot be split (one instant, or a one-page window whose answer contradicts its own count): page it again. */
  | { kind: 'repage' }
  /** A few missing on a list that held still: one probe of the window's count first (it may have settled). */
  | { kind: 'probe' }
  /** Split in two at the median known creation time; each half is probed, and only halves that disagree go deeper. */
  | { kind: 'bisect'; parts: CreateWindow[] }
  /** Split into parts of about three quarters of a page of known orders each; each is probed once. */
  | { kind: 'partition'; parts: CreateWindow[] };

export interface ShortWindow {
  range: CreateWindow;
  /** Creation times of the orders known in the window, ascending. */
  knownTimes: readonly number[];
  /** The largest count the platform reported for the window. */
  largestTotal: number;
  /** The window is being repaired already (its pass was a probe of its count). */
  repairing: boolean;
  /** Orders that entered the list per answer during the pass (0: it held still). */
  arrivalsPerAnswer: number;
  /**
   * The pass's first page began with the window's newest known order: the list is served newest first, so orders
   * arriving (created now, or dated a little back) enter at its top.
   */
  newestFirst?: boolean;
}

/** Share of a page a part gets in known orders: the rest is room for orders missing or arriving before its probe. */
export const PART_FILL = 0.75;

export function chooseRepair(w: ShortWindow, pageSize: number): Repair {
  const known = w.knownTimes.length;
  if (known > w.largestTotal) return { kind: 'restart' };
  if (isInstant(w.range) || known < 2 || w.largestTotal <= pageSize) return { kind: 'repage' };
  const bisect = { kind: 'bisect' as const, parts: bisectParts(w.range, w.knownTimes) };
  if (w.repairing) {
    // A repair probe still disagrees. On a newest-first list new orders enter at the top of the newest window (some
    // dated a little back, before orders already listed): cut off a one-page top part holding them and the newest
    // known orders; the rest, quiet, completes at its probe (when the missing ones were elsewhere, it disagrees and
    // is bisected). On any other list order the halves at the median are the most even split of what is known.
    const top = w.newestFirst ? topParts(w.range, w.knownTimes, w.largestTotal - known, pageSize) : undefined;
    return top ? { kind: 'bisect', parts: top } : bisect;
  }
  const partition = onePageParts(w.range, w.knownTimes, Math.max(1, Math.floor(pageSize * PART_FILL)));
  if (partition.length < 2) return bisect; // every known order at one instant: halving still narrows the range
  const missing = w.largestTotal - known;
  // A repair starts with one probe of the whole window.
  const bisectRequests = 1 + bisectCost(missing, pagesFor(w.largestTotal, pageSize), w.arrivalsPerAnswer);
  return bisectRequests < partition.length ? { kind: 'probe' } : { kind: 'partition', parts: partition };
}

/**
 * Probes a bisection needs: about two per level of depth for each missing order, on a list that holds still. Orders
 * arriving while it descends are more missing orders: with `arrivalsPerAnswer` of them per answer the bisection
 * finds fewer than arrive once 2 × depth × arrivals reaches 1, and never ends.
 */
export function bisectCost(missing: number, pages: number, arrivalsPerAnswer: number): number {
  const depth = Math.max(1, Math.ceil(Math.log2(pages)));
  const growth = 2 * depth * arrivalsPerAnswer;
  return growth >= 1 ? Infinity : (2 * missing * depth) / (1 - growth);
}

/**
 * Cuts a window into consecutive parts holding at most `perPart` of the known orders each (more only where one
 * instant holds more: an instant is never cut), covering the window from its lower to its upper bound.
 */
export function onePageParts(range: CreateWindow, knownTimes: readonly number[], perPart: number): CreateWindow[] {
  const parts: CreateWindow[] = [];
  let lo = range.lo;
  let inPart = 0;
  let lastMs: number | undefined;
  for (let i = 0; i < knownTimes.length;) {
    const t = knownTimes[i]!;
    let j = i;
    while (j < knownTimes.length && knownTimes[j] === t) j++;
    if (inPart > 0 && inPart + (j - i) > perPart && lastMs !== undefined) {
      parts.push({ lo, hi: lastMs });
      lo = lastMs + 1;
      inPart = 0;
    }
    inPart += j - i;
    lastMs = t;
    i = j;
  }
  parts.push({ lo, hi: range.hi });
  return parts;
}

/** Share of a page the top part gets (known and missing orders): most of one answer, the rest for arrivals. */
export const TOP_FILL = 0.9;

/**
 * The window cut below its newest known orders, so that the part above holds them and the missing orders in about
 * TOP_FILL of a page. Undefined when the missing orders alone fill that, or nothing would be left below.
 */
export function topParts(
  range: CreateWindow,
  knownTimes: readonly number[],
  missing: number,
  pageSize: number,
): CreateWindow[] | undefined {
  const room = Math.floor(pageSize * TOP_FILL) - Math.max(0, missing);
  if (room < 1 || knownTimes.length <= room) return undefined;
  const cut = knownTimes[knownTimes.length - room]!;
  if (range.lo !== null && cut <= range.lo) return undefined;
  if (cut > range.hi) return undefined;
  return [
    { lo: range.lo, hi: cut - 1 },
    { lo: cut, hi: range.hi },
  ];
}

/** Halves a window at the median known creation time (the lower half ends there). */
export function bisectParts(range: CreateWindow, knownTimes: readonly number[]): CreateWindow[] {
  let m = knownTimes[Math.floor(knownTimes.length / 2) - 1] ?? range.hi - 1;
  if (m >= range.hi) m = range.hi - 1;
  if (range.lo !== null && m < range.lo) m = range.lo;
  return [
    { lo: range.lo, hi: m },
    { lo: m + 1, hi: range.hi },
  ];
}

/** After a repair probe: when most of the window is missing, paging it costs less than bisecting towards each gap. */
export function mostlyMissing(known: number, total: number): boolean {
  return 2 * known < total;
}
