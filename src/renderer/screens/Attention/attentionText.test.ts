import { describe, expect, it } from 'vitest';
import { attentionSummary, dueText } from './attentionText';

const MIN = 60_000;

describe('attention wording', () => {
  it('sums the kinds with their counts, leaving out the empty ones', () => {
    expect(attentionSummary({ refunds: 2, overdue: 4, dueSoon: 0, exceptions: 1, disputes: 0, total: 7 })).toBe(
      'Needs attention: 7 — 2 refunds, 4 overdue, 1 exception',
    );
    expect(attentionSummary({ refunds: 1, overdue: 0, dueSoon: 3, exceptions: 0, disputes: 2, total: 6 })).toBe(
      'Needs attention: 6 — 1 refund, 3 due soon, 2 disputes',
    );
    expect(attentionSummary({ refunds: 0, overdue: 0, dueSoon: 0, exceptions: 0, disputes: 0, total: 0 })).toBe(
      'Nothing needs attention',
    );
  });

  it('says how long until or since the deadline', () => {
    const due = Date.UTC(2026, 10, 23, 12, 0);
    expect(dueText(due, due - 7 * MIN - 20_000)).toBe('due in 8 min');
    expect(dueText(due, due - 30_000)).toBe('due in less than a minute');
    expect(dueText(due, due)).toBe('overdue by less than a minute');
    expect(dueText(due, due + 12 * MIN + 40_000)).toBe('overdue by 12 min');
    expect(dueText(due, due + 125 * MIN)).toBe('overdue by 2 h 5 min');
    expect(dueText(due, due + 3 * 24 * 60 * MIN)).toBe('overdue by 3 days');
  });
});
