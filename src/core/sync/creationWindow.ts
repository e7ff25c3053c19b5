import { createdMs } from '../cache/orderRows';
import type { Order, SkippedOrder } from '../../shared/domain/order';
import { inWindow, type CreateWindow } from './windowPlanner';

/**
 * One pass over a creation window: the pages asked for and what their answers said. Each pass is a new object, so
 * nothing of an earlier pass lingers.
 */
export class WindowPass {
  /** Page numbers asked for in this pass. */
  readonly requested = new Set<number>();
  answered = 0;
  /** The IDs this pass's answers listed. */
  readonly ids = new Set<string>();
  /** The totalCount of each answer, in the order they came (more than one value: the list moved while paged). */
  readonly totals: number[] = [];
  /** Creation time of page 1's first order (the window's newest, on a newest-first list). */
  firstListedMs: number | undefined;
  /** Orders this pass's answers brought that were not known and are newer than every order known before. */
  newAtTop = 0;
  /** More orders than one query lists: paged to its last page, where the window splits. */
  overfull = false;
  /** The last page came back short (the list shrank while paged): the split waits for another pass. */
  splitBlocked = false;
  /** Parts made by this pass's split, seeded from its pages when the pass ends. */
  readonly parts: CreationWindow[] = [];
  /** The part above the split point: made of this pass's pages, checked once they are all in. */
  upperPart: CreationWindow | undefined;

  constructor(readonly number: number) {}

  /** Every page asked for has answered. */
  get finished(): boolean {
    return this.answered === this.requested.size;
  }

  /** How many orders entered the list per answer while this pass paged it (0: it held still). */
  get arrivalsPerAnswer(): number {
    if (this.totals.length < 2) return 0;
    return (Math.max(...this.totals) - Math.min(...this.totals)) / this.totals.length;
  }
}

/**
 * A closed creation-time interval being fetched, and what is known about its orders over all passes. Orders only
 * ever enter a creation window (creation times never change), so IDs seen in an earlier pass still count.
 */
export class CreationWindow {
  /** Every order ID seen in the window, with its creation time. */
  readonly known = new Map<string, number>();
  /** The largest totalCount any answer reported for the window. */
  largestTotal = 0;
  state: 'active' | 'done' | 'replaced' = 'active';
  /** The current pass (number 0 until the first starts). */
  pass = new WindowPass(0);
  /**
   * Repairing: the window's list moved while it was paged and a few orders are missing. A repair pass asks for page 1
   * only; if the count still disagrees, the window is split and only the parts that disagree go deeper.
   */
  repairing = false;
  /** Counted in the progress's known windows. */
  counted = false;

  constructor(
    readonly lo: number | null,
    /** null only for the root probe, until its first answer fixes the run's upper bound. */
    public hi: number | null,
    readonly root = false,
  ) {}

  get range(): CreateWindow {
    if (this.hi === null) throw new Error('the root window has no upper bound before its first answer');
    return { lo: this.lo, hi: this.hi };
  }

  nextPass(): WindowPass {
    this.pass = new WindowPass(this.pass.number + 1);
    return this.pass;
  }

  /** Takes in one answer for the window, from any pass. */
  learn(
    orders: ReadonlyArray<Pick<Order, 'id' | 'createTime'>>,
    skipped: readonly SkippedOrder[],
    totalCount: number,
  ): void {
    let newest = -Infinity;
    for (const ms of this.known.values()) if (ms > newest) newest = ms;
    for (const order of orders) {
      const ms = createdMs(order);
      if (this.known.size > 0 && ms > newest && !this.known.has(order.id)) this.pass.newAtTop++;
      this.known.set(order.id, ms);
    }
    for (const order of skipped) this.known.set(order.id, createdMs(order));
    this.largestTotal = Math.max(this.largestTotal, totalCount);
  }

  /** Every order the platform counted is known. */
  get verified(): boolean {
    return this.known.size === this.largestTotal;
  }

  /** Copies what `other` knows that lies in this window (a part inherits from the window it was split from). */
  inherit(other: CreationWindow): void {
    const range = this.range;
    for (const [id, ms] of other.known) if (inWindow(range, ms)) this.known.set(id, ms);
  }

  /** Creation times of the known orders inside the window, ascending. */
  knownTimes(): number[] {
    const range = this.range;
    return [...this.known.values()].filter((ms) => inWindow(range, ms)).sort((a, b) => a - b);
  }

  /** Done or replaced by parts: its IDs are no longer needed. */
  retire(state: 'done' | 'replaced'): void {
    this.state = state;
    this.known.clear();
    this.pass.ids.clear();
  }
}
