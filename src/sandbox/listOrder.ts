/**
 * The list order of the sandbox's orders: slots kept sorted by (createTime, id) ascending (served newest first), so
 * create-date ranges are found by binary search and a new order is placed where it belongs.
 */

/** Numeric order of decimal ID strings without leading zeros. */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

export class ListOrder {
  /** Slots in ascending (createTime, id) order. */
  readonly slots: number[] = [];

  constructor(
    private readonly createMs: (slot: number) => number,
    private readonly idOf: (slot: number) => string,
  ) {}

  get length(): number {
    return this.slots.length;
  }

  /** Appends a slot known to sort last (generation: ascending times and sequence numbers). */
  push(slot: number): void {
    this.slots.push(slot);
  }

  /** Puts a new slot at its place. */
  place(slot: number): void {
    const at = this.insertionPosition(slot);
    if (at === this.slots.length) this.slots.push(slot);
    else this.slots.splice(at, 0, slot);
  }

  /** The positions [lo, hi) of the orders created within [beginMs, endMs] (either bound open). */
  createRange(beginMs: number | undefined, endMs: number | undefined): [number, number] {
    const lo = beginMs === undefined ? 0 : this.search((s) => this.createMs(s) < beginMs);
    const hi = endMs === undefined ? this.slots.length : this.search((s) => this.createMs(s) <= endMs);
    return [lo, hi];
  }

  private compare(a: number, b: number): number {
    return this.createMs(a) - this.createMs(b) || compareIds(this.idOf(a), this.idOf(b));
  }

  private insertionPosition(slot: number): number {
    const n = this.slots.length;
    if (n === 0 || this.compare(this.slots[n - 1]!, slot) < 0) return n;
    return this.search((s) => this.compare(s, slot) < 0);
  }

  /** First position where `before` turns false (true, then false, along the list). */
  private search(before: (slot: number) => boolean): number {
    let lo = 0;
    let hi = this.slots.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.slots[mid]!)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
