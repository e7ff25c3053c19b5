import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppSessionKit, type AppSessionKit } from '../../../test/helpers/appSession';
import { DEFAULT_AFTER_SALES_STATUS_SETTINGS } from '../../shared/domain/afterSalesReview';
import { countCachedOrders, queryCachedPage } from './orders';
import { syncNow } from './sync';

/** Against the sandbox in its default, spec-shaped mode. */
let kit: AppSessionKit;
beforeAll(async () => {
  kit = await startAppSessionKit({ orders: 80, seed: 5 }, 3000);
});
afterAll(() => kit.stop());

describe('`awaitingReview: true`: the profile’s own "awaiting review" values, filled in by the host', () => {
  it('counts and lists with the profile’s values, not the labelled default', async () => {
    // A platform whose "awaiting the seller's review" is 7 (the sandbox's own is 1: it lists none as 7).
    const own = kit.session({
      profileId: 'own-values',
      afterSales: { ...DEFAULT_AFTER_SALES_STATUS_SETTINGS, awaitingReview: [7] },
    });
    const synced = await syncNow(own);
    if (!synced.ok) throw new Error(synced.error.message);
    const page = queryCachedPage(own, { limit: 1 });
    if (!page.ok) throw new Error(page.error.message);
    const id = page.value.list[0]!.id;
    // A check through the filter with the profile's value listed it as awaiting.
    expect(own.cacheIfUsable()!.recordReview(id, true, [7], Date.now())).toMatchObject({ ok: true });

    expect(countCachedOrders(own, { awaitingReview: true })).toEqual({ ok: true, value: 1 });
    expect(queryCachedPage(own, { awaitingReview: true })).toMatchObject({ ok: true, value: { list: [{ id }] } });
    // The same cache read with the labelled default (1) finds no order awaiting: the value is the profile's.
    const defaults = kit.session({ profileId: 'own-values' });
    expect(countCachedOrders(defaults, { awaitingReview: true })).toEqual({ ok: true, value: 0 });
  });

  it('anything but `true` is refused with its words, as any unknown filter', () => {
    const s = kit.session({ profileId: 'own-values' });
    expect(countCachedOrders(s, { awaitingReview: false })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input' },
    });
  });
});
