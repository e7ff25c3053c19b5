import { afterEach, describe, expect, it } from 'vitest';
import { useLocaleStore } from '../../i18n/localeStore';
import type { AttentionQueue } from '../../stores/attentionStore';
import { attentionSummary, dueText, leftOffCount } from './attentionText';

/** A queue with these counts and no rows. */
const queue = (counts: AttentionQueue['counts'], countsAtLeast?: AttentionQueue['countsAtLeast']): AttentionQueue => ({
  asOf: '2026-11-23T12:00:00.000Z',
  counts,
  rows: [],
  nextChangeAt: null,
  ...(countsAtLeast ? { countsAtLeast } : {}),
});

afterEach(() => useLocaleStore.getState().setChoice('en'));

const MIN = 60_000;

describe('attention wording', () => {
  it('sums the kinds with their counts, leaving out the empty ones', () => {
    expect(attentionSummary(queue({ refunds: 2, overdue: 4, dueSoon: 0, exceptions: 1, disputes: 0, total: 7 }))).toBe(
      'Needs attention: 7 — 2 refunds, 4 overdue, 1 exception',
    );
    expect(attentionSummary(queue({ refunds: 1, overdue: 0, dueSoon: 3, exceptions: 0, disputes: 2, total: 6 }))).toBe(
      'Needs attention: 6 — 1 refund, 3 due soon, 2 disputes',
    );
    expect(attentionSummary(queue({ refunds: 0, overdue: 0, dueSoon: 0, exceptions: 0, disputes: 0, total: 0 }))).toBe(
      'Nothing needs attention',
    );
  });

  it('writes a "more than" count (the quick count) as "10,000+", the exact ones as they are, in both languages', () => {
    const quick = queue(
      { refunds: 10_000, overdue: 10_000, dueSoon: 91, exceptions: 1, disputes: 10_000, total: 10_000 },
      ['refunds', 'overdue', 'disputes', 'total'],
    );
    expect(attentionSummary(quick)).toBe(
      'Needs attention: 10,000+ — 10,000+ refunds, 10,000+ overdue, 91 due soon, 1 exception, 10,000+ disputes',
    );
    // Some are left off, how many is not known yet.
    expect(leftOffCount(quick)).toBe('unknown');
    expect(leftOffCount(queue({ ...quick.counts, total: 30_091 }))).toBe(30_091);
    useLocaleStore.getState().setChoice('zh-CN');
    expect(attentionSummary(quick)).toBe(
      '待处理：10,000+ — 10,000+ 个退款，10,000+ 个已超时，91 个即将超时，1 个物流异常，10,000+ 个纠纷',
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
