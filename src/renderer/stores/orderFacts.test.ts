import { describe, expect, it } from 'vitest';
import { DEFAULT_AWAITING_REVIEW } from '../../shared/domain/afterSalesReview';
import { AWAITING_REVIEW, reviewStateOf, type IpcOrder } from './orderFacts';
import { defaultAwaitingStatuses } from './savedViews';

const order = (fields: Partial<IpcOrder>): IpcOrder => ({ id: '1', ...fields }) as IpcOrder;

describe('the after-sales facts the renderer reads', () => {
  it('use the one labelled default of src/shared, not a copy', () => {
    expect(AWAITING_REVIEW).toBe(DEFAULT_AWAITING_REVIEW);
    expect(defaultAwaitingStatuses(undefined)).toEqual([...DEFAULT_AWAITING_REVIEW]);
  });

  it('say whether a request awaits a decision by the core’s rule', () => {
    expect(reviewStateOf(order({ afterSalesLearned: { status: 1, learnedAtMs: 1 } }))).toBe('awaiting');
    expect(reviewStateOf(order({ afterSalesLearned: { status: 2, learnedAtMs: 1 } }))).toBe('not-awaiting');
    expect(reviewStateOf(order({ isExistAfterSales: false }))).toBe('not-awaiting');
    expect(reviewStateOf(order({}))).toBe('unknown');
  });
});
