import type { DueSoonRule } from './rules';
import type { OrderDeadline } from './deliveryDeadline';

/** Where an order stands against its delivery deadline at one instant. */
export type DueState = 'not-due' | 'due-soon' | 'overdue' | 'delivered';

/** A deadline as the cache keeps it: the instant, and the allowed time the due-soon window is a share of. */
export interface Deadline {
  dueMs: number;
  allowedMs: number;
}

/** The due-soon window before a deadline: `fraction` of the allowed time or `capMinutes`, whichever is less. */
export function dueSoonWindowMs(allowedMs: number, rule: DueSoonRule): number {
  return Math.min(Math.floor(allowedMs * rule.fraction), rule.capMinutes * 60_000);
}

/** The instant the order becomes due soon. */
export function dueSoonFromMs(d: Deadline, rule: DueSoonRule): number {
  return d.dueMs - dueSoonWindowMs(d.allowedMs, rule);
}

/** The state of a deadline at `nowMs`: overdue from the deadline on (inclusive), due soon from its window's start. */
export function deadlineState(d: Deadline, nowMs: number, rule: DueSoonRule): Exclude<DueState, 'delivered'> {
  if (nowMs >= d.dueMs) return 'overdue';
  return nowMs >= dueSoonFromMs(d, rule) ? 'due-soon' : 'not-due';
}

/** The state of an order's deadline (see orderDeadline): unpaid and unmeasurable orders are not due. */
export function dueState(deadline: OrderDeadline, nowMs: number, rule: DueSoonRule): DueState {
  if (deadline.kind === 'delivered') return 'delivered';
  if (deadline.kind !== 'due') return 'not-due';
  return deadlineState(deadline, nowMs, rule);
}

/**
 * The earliest instant after `nowMs` at which any of the deadlines changes state (becomes due soon or overdue),
 * or undefined when none will: what a timer waits for, instead of polling the clock.
 */
export function nextDueChangeMs(deadlines: Iterable<Deadline>, nowMs: number, rule: DueSoonRule): number | undefined {
  let next: number | undefined;
  const consider = (t: number) => {
    if (t > nowMs && (next === undefined || t < next)) next = t;
  };
  for (const d of deadlines) {
    consider(dueSoonFromMs(d, rule));
    consider(d.dueMs);
  }
  return next;
}
