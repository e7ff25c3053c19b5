import {
  DEFAULT_AWAITING_REVIEW,
  learnedAfterSalesStatus,
  reviewStateOf as reviewStateOfFields,
  type ReviewState,
} from '../../shared/domain/afterSalesReview';
import type { IpcData } from '../../shared/ipc/contract';
import { activeProfile, useProfilesStore } from './profilesStore';

/** An order as it crosses the bridge: the platform's fields, read here with their types checked. */
export type IpcOrder = IpcData<'orders:get'>['order'];

/**
 * After-sales status values meaning "a request awaits the seller's review": the active profile's setting, else the
 * labelled default (src/shared) — the environment mode has no profile.
 */
export function awaitingReviewValues(): readonly number[] {
  const profile = activeProfile(useProfilesStore.getState().list.data);
  // A profile as answered always has the setting; a window's test double may omit it.
  const values = (profile?.afterSalesStatuses as { awaitingReview?: number[] } | undefined)?.awaitingReview;
  return values && values.length > 0 ? values : DEFAULT_AWAITING_REVIEW;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/** The status the list filter taught the cache (the spec's Order has no status field; one sent is not read). */
export const afterSalesStatusOf = (o: IpcOrder): number | null =>
  learnedAfterSalesStatus({ afterSalesLearned: o.afterSalesLearned });
export const orderStatusOf = (o: IpcOrder): number | null => int(o.orderStatus);
export const buyerNameOf = (o: IpcOrder): string | null => text(o.buyerName);
/** The order number the merchant knows it by, else its ID. */
export const orderLabelOf = (o: IpcOrder): string => text(o.orderNum) ?? o.id;
export const amountOf = (o: IpcOrder): { amount: string | null; currency: string | null } => ({
  amount:
    typeof o.originalCurrencyProductPrice === 'number'
      ? String(o.originalCurrencyProductPrice)
      : text(o.originalCurrencyProductPrice),
  currency: text(o.originalCurrencyCode),
});
export const createTimeOf = (o: IpcOrder): string | null => text(o.createTime);

/** Whether the order's after-sales request awaits a decision, by the core's rule (src/shared). */
export const reviewStateOf = (o: IpcOrder): ReviewState =>
  reviewStateOfFields(
    {
      isExistAfterSales: o.isExistAfterSales,
      // What the after-sales filter taught the cache (the spec's Order has no status field).
      afterSalesLearned: o.afterSalesLearned,
    },
    awaitingReviewValues(),
  );
