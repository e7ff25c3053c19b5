import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_AWAITING_REVIEW } from '../../shared/domain/afterSalesReview';
import { profileSettings, profileView } from '../testing/profileFixture';
import { awaitingReviewValues, reviewStateOf, type IpcOrder } from './orderFacts';
import { useProfilesStore } from './profilesStore';

const order = (fields: Partial<IpcOrder>): IpcOrder => ({ id: '1', ...fields }) as IpcOrder;

/** The active profile says its platform's "awaiting review" is these values. */
function activeProfileAwaiting(values: number[]): void {
  const statuses = { ...profileSettings('shop').afterSalesStatuses, awaitingReview: values };
  useProfilesStore.setState({
    list: {
      status: 'ready',
      data: { activeProfileId: 'shop', profiles: [profileView('shop', { afterSalesStatuses: statuses })] },
      error: null,
    } as never,
  });
}

afterEach(() => useProfilesStore.setState({ list: { status: 'idle', data: null, error: null } }));

describe('the after-sales facts the renderer reads', () => {
  it('without a profile (the environment mode): the one labelled default of src/shared, not a copy', () => {
    expect(awaitingReviewValues()).toBe(DEFAULT_AWAITING_REVIEW);
  });

  it('say whether a request awaits a decision by the core’s rule', () => {
    expect(reviewStateOf(order({ afterSalesLearned: { status: 1, learnedAtMs: 1 } }))).toBe('awaiting');
    expect(reviewStateOf(order({ afterSalesLearned: { status: 2, learnedAtMs: 1 } }))).toBe('not-awaiting');
    expect(reviewStateOf(order({ isExistAfterSales: false }))).toBe('not-awaiting');
    expect(reviewStateOf(order({}))).toBe('unknown');
  });

  it('follow the active profile\'s own value for "awaiting review" (a platform whose 7 means it)', () => {
    activeProfileAwaiting([7]);
    expect(awaitingReviewValues()).toEqual([7]);
    expect(reviewStateOf(order({ afterSalesLearned: { status: 7, learnedAtMs: 1 } }))).toBe('awaiting');
    expect(reviewStateOf(order({ afterSalesLearned: { status: 1, learnedAtMs: 1 } }))).toBe('not-awaiting');
  });
});
