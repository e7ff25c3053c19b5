import { describe, expect, it } from 'vitest';
import { DEFAULT_AWAITING_REVIEW, reviewStateOf } from './afterSalesReview';

describe('the after-sales review state', () => {
  it('is the labelled default 1 (the sandbox’s "Awaiting seller review"), frozen', () => {
    expect(DEFAULT_AWAITING_REVIEW).toEqual([1]);
    expect(Object.isFrozen(DEFAULT_AWAITING_REVIEW)).toBe(true);
  });

  it('reads the status first, then whether a request exists at all', () => {
    expect(reviewStateOf({ orderAfterSalesStatus: 1 })).toBe('awaiting');
    expect(reviewStateOf({ orderAfterSalesStatus: 3, isExistAfterSales: true })).toBe('not-awaiting');
    expect(reviewStateOf({ orderAfterSalesStatus: 7 }, [7, 9])).toBe('awaiting');
    expect(reviewStateOf({ orderAfterSalesStatus: null, isExistAfterSales: false })).toBe('not-awaiting');
    expect(reviewStateOf({ isExistAfterSales: true })).toBe('unknown');
    expect(reviewStateOf({ orderAfterSalesStatus: '1' })).toBe('unknown');
  });
});
