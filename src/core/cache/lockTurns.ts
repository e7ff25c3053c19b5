/**
 * Turns at the write lock for a connection that writes in many steps back to back (the end of a first full sync:
 * deferredIndexes.ts). A step's COMMIT and the next step's BEGIN IMMEDIATE are microseconds apart, while a writer
 * waiting on another connection sleeps between its tries (SQLite's busy handler: 1, 2, 5, 10, 15, 20, 25, 25, 25,
 * 50, 50 ms, then 100 ms a try until its busy timeout), so it almost never finds the lock free: at a million orders
 * a one-row write waited up to 4.8 s of its 5 s timeout though no step held the lock over 1.3 s (docs/PERFORMANCE.md
 * §8, "Sixth pass (syncend2)"). So after holding the lock for TURN_AFTER_MS or more (one step or several), the
 * stepper leaves it free for one sleep of a writer that has waited that long, plus a millisecond: such a writer
 * wakes inside the pause and takes the lock. A writer so waits at most about one turn (≤ TURN_AFTER_MS plus the
 * longest step), and the stepper gives up ~a quarter of its time at most (less for long steps).
 */

/** Holding the lock this long in steps gives others a turn. */
export const TURN_AFTER_MS = 100;

/** SQLite's default busy handler (sqliteDefaultBusyCallback): the n-th sleep, and the time slept before it. */
const DELAYS = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100];

/** How long a writer that has waited `waitedMs` sleeps before its next try. */
export function busySleepAfter(waitedMs: number): number {
  let slept = 0;
  for (const delay of DELAYS) {
    if (waitedMs < slept + delay) return delay;
    slept += delay;
  }
  return DELAYS[DELAYS.length - 1]!;
}

export class LockTurns {
  private held = 0;

  /** After a step that held the lock `stepMs`: how long to leave it free now (0: go on). */
  after(stepMs: number): number {
    this.held += stepMs;
    if (this.held < TURN_AFTER_MS) return 0;
    const pause = busySleepAfter(this.held) + 1;
    this.held = 0;
    return pause;
  }
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Blocks this thread `ms` (a worker's synchronous steps: the writer thread has nothing else to do meanwhile). */
export function sleepSync(ms: number): void {
  if (ms > 0) Atomics.wait(sleeper, 0, 0, ms);
}
