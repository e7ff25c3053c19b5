import { describe, expect, it } from 'vitest';
import { DEFAULT_DUE_SOON_RULE, dueSoonRuleSchema } from './deadlineRules';
import { deadlineState, dueSoonFromMs, dueSoonWindowMs, nextDueChangeMs } from './dueState';

const MIN = 60_000;
const rule = DEFAULT_DUE_SOON_RULE;

describe('due soon', () => {
  it('is 25 % of the allowed time or 30 minutes, whichever is less', () => {
    expect(dueSoonWindowMs(10 * MIN, rule)).toBe(2.5 * MIN);
    expect(dueSoonWindowMs(120 * MIN, rule)).toBe(30 * MIN);
    expect(dueSoonWindowMs(2 * 24 * 60 * MIN, rule)).toBe(30 * MIN);
    expect(dueSoonWindowMs(120 * MIN, dueSoonRuleSchema.parse({ fraction: 0.1, capMinutes: 60 }))).toBe(12 * MIN);
  });

  it('moves not due → due soon → overdue at the window start and at the deadline', () => {
    const d = { dueMs: 1_000 * MIN, allowedMs: 10 * MIN };
    expect(dueSoonFromMs(d, rule)).toBe(997.5 * MIN);
    expect(deadlineState(d, 997.5 * MIN - 1, rule)).toBe('not-due');
    expect(deadlineState(d, 997.5 * MIN, rule)).toBe('due-soon');
    expect(deadlineState(d, 1_000 * MIN - 1, rule)).toBe('due-soon');
    expect(deadlineState(d, 1_000 * MIN, rule)).toBe('overdue');
  });
});

describe('the next due-state change', () => {
  const a = { dueMs: 100 * MIN, allowedMs: 10 * MIN }; // due soon from 97.5 min
  const b = { dueMs: 98 * MIN, allowedMs: 60 * MIN }; // due soon from 83 min

  it('is the earliest window start or deadline after now', () => {
    expect(nextDueChangeMs([a, b], 0, rule)).toBe(83 * MIN);
    expect(nextDueChangeMs([a, b], 83 * MIN, rule)).toBe(97.5 * MIN);
    expect(nextDueChangeMs([a, b], 97.5 * MIN, rule)).toBe(98 * MIN);
    expect(nextDueChangeMs([a, b], 98 * MIN, rule)).toBe(100 * MIN);
  });

  it('is undefined when every deadline has passed, or there is none', () => {
    expect(nextDueChangeMs([a, b], 100 * MIN, rule)).toBeUndefined();
    expect(nextDueChangeMs([], 0, rule)).toBeUndefined();
  });
});
