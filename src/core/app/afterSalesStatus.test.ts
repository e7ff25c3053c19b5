import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppSessionKit, type AppSessionKit } from '../../../test/helpers/appSession';
import { reviewStateOf } from '../../shared/domain/afterSalesReview';
import { decideAfterSales } from './afterSales';
import { cachedOrderDetail, countCachedOrders, queryCachedPage } from './orders';
import type { Session } from './session';
import { syncNow } from './sync';

/**
 * After-sales status learned through the list filter, against the spec-shaped sandbox (no status field on the
 * wire): after each sync the awaiting set is paged through `orderAfterSalesStatus = [1]` and recorded in the cache.
 */
let kit: AppSessionKit;
let session: Session;
beforeAll(async () => {
  kit = await startAppSessionKit({ orders: 300, seed: 9 }, 2_000);
  session = kit.session();
});
afterAll(() => kit.stop());

const store = () => kit.platform.sandbox.store;
const platformAwaiting = () =>
  store()
    .query({ pageIndex: 1, pageSize: 100, orderAfterSalesStatus: [1] })
    .list.map((o) => o.id)
    .sort();
const cachedAwaiting = () => {
  const page = queryCachedPage(session, { orderAfterSalesStatus: [1], limit: 500 });
  if (!page.ok) throw new Error(page.error.message);
  return page.value.list.map((o) => o.id).sort();
};

describe('after-sales status learned from the filter', () => {
  it('the wire carries no status; after a sync the cache holds exactly the platform’s awaiting set, for 1 request', async () => {
    const synced = await syncNow(session);
    expect(synced.ok).toBe(true);
    if (!synced.ok) return;
    expect(platformAwaiting().length).toBeGreaterThan(0);
    expect(synced.value.afterSales).toMatchObject({ complete: true, requests: 1, awaiting: platformAwaiting().length });
    expect(cachedAwaiting()).toEqual(platformAwaiting());
    const one = cachedOrderDetail(session, platformAwaiting()[0]!);
    expect(one.ok && one.value.orderAfterSalesStatus).toBeUndefined(); // not from the wire
    expect(one.ok && reviewStateOf(one.value)).toBe('awaiting');
    expect(countCachedOrders(session, { orderAfterSalesStatus: [1] })).toEqual({
      ok: true,
      value: platformAwaiting().length,
    });
    // An order with a request that is not listed is known not to await one (no longer "unknown").
    const decided = store().query({ pageIndex: 1, pageSize: 1, orderAfterSalesStatus: [2] }).list[0]!.id;
    const d = cachedOrderDetail(session, decided);
    expect(d.ok && reviewStateOf(d.value)).toBe('not-awaiting');
    expect(d.ok && d.value.afterSalesLearned).toMatchObject({ status: null, learnedAtMs: expect.any(Number) });
  });

  it('a decision made here leaves the awaiting list at once; one made elsewhere at the next poll', async () => {
    const [here, elsewhere] = platformAwaiting();
    expect((await decideAfterSales(session, { orderId: here!, isApproved: true })).ok).toBe(true);
    expect(cachedAwaiting()).not.toContain(here);
    store().audit(elsewhere!, { isApproved: false, rejectDescription: 'on the platform' });
    expect(cachedAwaiting()).toContain(elsewhere);
    expect((await syncNow(session)).ok).toBe(true);
    expect(cachedAwaiting()).toEqual(platformAwaiting());
    expect(cachedAwaiting()).not.toContain(elsewhere);
  });

  it('a request that appears on the platform is listed after the next poll', async () => {
    const fresh = store()
      .filter((s) => !s.order.isExistAfterSales)
      .at(0)!.order.id;
    store().setAfterSalesStatus(fresh, 1);
    expect((await syncNow(session)).ok).toBe(true);
    expect(cachedAwaiting()).toContain(fresh);
  });
});
