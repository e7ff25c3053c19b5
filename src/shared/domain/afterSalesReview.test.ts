import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AWAITING_REVIEW,
  learnedAfterSalesStatus,
  reviewStateOf,
  type AfterSalesFields,
} from './afterSalesReview';

describe('the after-sales review state', () => {
  it('is the labelled default 1 (the sandbox’s "Awaiting seller review"), frozen', () => {
    expect(DEFAULT_AWAITING_REVIEW).toEqual([1]);
    expect(Object.isFrozen(DEFAULT_AWAITING_REVIEW)).toBe(true);
  });

  it('reads what the filter taught, then whether a request exists at all — never a status field sent', () => {
    const learned = (status: number | null, learnedAtMs: number | null = 1) => ({
      afterSalesLearned: { status, learnedAtMs },
    });
    expect(reviewStateOf(learned(1))).toBe('awaiting');
    expect(reviewStateOf({ ...learned(3), isExistAfterSales: true })).toBe('not-awaiting');
    expect(reviewStateOf(learned(7), [7, 9])).toBe('awaiting');
    expect(reviewStateOf({ ...learned(null), isExistAfterSales: true })).toBe('not-awaiting');
    expect(reviewStateOf({ isExistAfterSales: false })).toBe('not-awaiting');
    expect(reviewStateOf({ isExistAfterSales: true })).toBe('unknown');
    expect(learnedAfterSalesStatus(learned(2))).toBe(2);
    // The sandbox's demo flag sends a status field: it is not read (the spec's Order has none).
    const sent = { orderAfterSalesStatus: 1, isExistAfterSales: true } as AfterSalesFields;
    expect(reviewStateOf(sent)).toBe('unknown');
    expect(learnedAfterSalesStatus(sent)).toBeNull();
  });
});
