import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppSessionKit, type AppSessionKit } from '../../../test/helpers/appSession';
import { reviewStateOf } from '../../shared/domain/afterSalesReview';
import { decideAfterSales } from './afterSales';
import { cachedOrderDetail, countCachedOrders, queryCachedPage } from './orders';
import type { Session } from './session';
import { syncNow } from './sync';

/**
 * After-sales status learned through the list filter, against the spec-shaped sandbox (no status field on the
 * wire): the first sync pages through each state (`orderAfterSalesStatus = [1]`, then the decided 2, 3, 4) and
 * records it in the cache; later polls ask one probe (every state, updated since the last pass).
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
  it('the wire carries no status; after a sync the cache holds exactly the platform’s states, one page each', async () => {
    const synced = await syncNow(session);
    expect(synced.ok).toBe(true);
    if (!synced.ok) return;
    expect(platformAwaiting().length).toBeGreaterThan(0);
    // A full pass: awaiting, approved, rejected and closed, one page each at 300 orders; a baseline, no events.
    expect(synced.value.afterSales).toMatchObject({
      mode: 'full',
      complete: true,
      requests: 4,
      awaiting: platformAwaiting().length,
      events: [],
    });
    expect(cachedAwaiting()).toEqual(platformAwaiting());
    const one = cachedOrderDetail(session, platformAwaiting()[0]!);
    expect(one.ok && one.value['orderAfterSalesStatus']).toBeUndefined(); // not from the wire
    expect(one.ok && reviewStateOf(one.value)).toBe('awaiting');
    expect(countCachedOrders(session, { orderAfterSalesStatus: [1] })).toEqual({
      ok: true,
      value: platformAwaiting().length,
    });
    // The decided states are learned too: an approved request shows as approved, and not awaiting.
    const decided = store().query({ pageIndex: 1, pageSize: 1, orderAfterSalesStatus: [2] }).list[0]!.id;
    const d = cachedOrderDetail(session, decided);
    expect(d.ok && reviewStateOf(d.value)).toBe('not-awaiting');
    expect(d.ok && d.value.afterSalesLearned).toMatchObject({ status: 2, learnedAtMs: expect.any(Number) });
    for (const status of [2, 3, 4]) {
      const listed = store().query({ pageIndex: 1, pageSize: 100, orderAfterSalesStatus: [status] });
      expect(countCachedOrders(session, { orderAfterSalesStatus: [status] })).toEqual({
        ok: true,
        value: listed.totalCount,
      });
    }
  });

  it('a poll with nothing changed asks one probe, whatever the size of the states', async () => {
    const before = kit.sent.count;
    const synced = await syncNow(session);
    expect(synced.ok && synced.value.afterSales).toMatchObject({ mode: 'probe', requests: 1, events: [] });
    // The sync's one request and the probe's one.
    expect(kit.sent.count - before).toBe(2);
  });

  it('a decision made here leaves the awaiting list at once; one made elsewhere at the next poll', async () => {
    const [here, elsewhere] = platformAwaiting();
    expect((await decideAfterSales(session, { orderId: here!, isApproved: true })).ok).toBe(true);
    expect(cachedAwaiting()).not.toContain(here);
    store().audit(elsewhere!, { isApproved: false, rejectDescription: 'on the platform' });
    expect(cachedAwaiting()).toContain(elsewhere);
    const changes: unknown[] = [];
    const polled = await syncNow(session, { onChange: (e) => changes.push(e) });
    expect(polled.ok).toBe(true);
    expect(cachedAwaiting()).toEqual(platformAwaiting());
    expect(cachedAwaiting()).not.toContain(elsewhere);
    // The learned change is published like a sync's (the navigation counts and lists follow it): 1 → 3 (rejected).
    expect(changes).toContainEqual(
      expect.objectContaining({
        type: 'after-sales-changed',
        orderId: elsewhere,
        from: { exists: true, status: 1 },
        to: { exists: true, status: 3 },
      }),
    );
    // A probe that lists changes is followed by each state's since-query: 1 + 4.
    expect(polled.ok && polled.value.afterSales).toMatchObject({ mode: 'probe', requests: 5 });
    const r = cachedOrderDetail(session, elsewhere!);
    expect(r.ok && r.value.afterSalesLearned).toMatchObject({ status: 3 });
  });

  it('a request that appears on the platform is listed after the next poll', async () => {
    const fresh = store()
      .filter((s) => !s.order.isExistAfterSales)
      .at(0)!.order.id;
    store().setAfterSalesStatus(fresh, 1);
    expect((await syncNow(session)).ok).toBe(true);
    expect(cachedAwaiting()).toContain(fresh);
  });

  it('a status field a platform sends anyway is never read', () => {
    const one = platformAwaiting()[0]!;
    const cache = session.existingCache();
    if (!cache.ok) throw new Error(cache.error.message);
    // As the sandbox's demo flag sends it, for an order the filter lists as awaiting: the cache keeps what it learned.
    const order = store().get(one)!.order;
    cache.value.applyPage([{ ...order, orderAfterSalesStatus: 3 } as never], {
      seenAtMs: Date.now() + 60_000,
      baseline: false,
    });
    const d = cachedOrderDetail(session, one);
    expect(d.ok && reviewStateOf(d.value)).toBe('awaiting');
    expect(cachedAwaiting()).toContain(one);
  });
});

describe('the poll’s cost with more awaiting requests than one page holds', () => {
  let big: AppSessionKit;
  // The platform's clock, moved by hand: polls a few minutes apart, as the app polls.
  const clock = { ms: Date.UTC(2026, 2, 15, 12, 0, 0) };
  beforeAll(async () => {
    big = await startAppSessionKit({ orders: 5_000, seed: 1, now: () => clock.ms }, 5_000);
  });
  afterAll(() => big.stop());

  it('a full pass pages through them; a poll with nothing changed then costs one request, not ceil(awaiting/100)', async () => {
    const s = big.session();
    const first = await syncNow(s, { full: true });
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.value.afterSales!.awaiting).toBeGreaterThan(100); // more than one page
    expect(first.value.afterSales).toMatchObject({ mode: 'full', complete: true });
    for (let poll = 0; poll < 3; poll++) {
      clock.ms += 5 * 60_000;
      const before = big.sent.count;
      const r = await syncNow(s);
      expect(r.ok && r.value.afterSales).toMatchObject({ mode: 'probe', requests: 1 });
      expect(big.sent.count - before).toBe(2);
    }
  });
});
