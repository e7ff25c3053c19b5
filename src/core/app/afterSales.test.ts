import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAppSessionKit, type AppSessionKit } from '../../../test/helpers/appSession';
import { DEFAULT_AWAITING_REVIEW } from '../../shared/domain/afterSalesReview';
import { decideAfterSales, DEFAULT_AFTER_SALES_POLICY } from './afterSales';
import { cachedOrderDetail } from './orders';
import type { Session } from './session';
import { syncNow } from './sync';

let kit: AppSessionKit;
let session: Session;
beforeAll(async () => {
  kit = await startAppSessionKit({ orders: 120, seed: 4 }, 800);
  session = kit.session();
  const synced = await syncNow(session);
  expect(synced.ok).toBe(true);
});
afterAll(() => kit.stop());
beforeEach(() => kit.platform.sandbox.resetCounts());

const store = () => kit.platform.sandbox.store;
/** Orders whose request awaits review on the platform (status 1), one fresh one per call. */
const used = new Set<string>();
function awaiting(): string {
  const id = store()
    .query({ pageIndex: 1, pageSize: 100, orderAfterSalesStatus: [1] })
    .list.map((o) => o.id)
    .find((i) => !used.has(i));
  if (!id) throw new Error('the sandbox has no order awaiting review left');
  used.add(id);
  return id;
}
const audits = () => kit.platform.sandbox.requestCount('audit');
const cachedStatus = (id: string) => {
  const o = cachedOrderDetail(session, id);
  return o.ok ? o.value.orderAfterSalesStatus : undefined;
};

describe('the decision policy', () => {
  it('awaits the labelled default of src/shared (the renderer reads the same one)', () => {
    expect(DEFAULT_AFTER_SALES_POLICY.awaitingReview).toBe(DEFAULT_AWAITING_REVIEW);
  });
});

describe('deciding an after-sales request', () => {
  it('awaiting review in the cache: sent once, re-fetched, and the cache updated with the platform’s state', async () => {
    const id = awaiting();
    expect(cachedStatus(id)).toBe(1);
    const r = await decideAfterSales(session, { orderId: id, isApproved: true });
    expect(r).toMatchObject({
      ok: true,
      value: { orderId: id, approved: true, order: { orderAfterSalesStatus: 2 }, refetchError: null },
    });
    expect(audits()).toBe(1);
    expect(cachedStatus(id)).toBe(2);
  });

  it('decided already (cache and platform agree): refused locally, nothing sent', async () => {
    const id = awaiting();
    expect((await decideAfterSales(session, { orderId: id, isApproved: true })).ok).toBe(true);
    kit.platform.sandbox.resetCounts();
    const again = await decideAfterSales(session, { orderId: id, isApproved: false, rejectDescription: 'no' });
    expect(again).toMatchObject({ ok: false, error: { kind: 'platform', code: 'not-awaiting-review' } });
    if (!again.ok) expect(again.error.message).toMatch(/after-sales status 2\. Nothing was sent/);
    expect(audits()).toBe(0);
    expect(kit.platform.sandbox.requestCount('orders')).toBe(1); // the re-check
  });

  it('a stale cache that says "decided" is re-checked first: the platform says awaiting, so it is sent', async () => {
    const id = awaiting();
    const c = session.existingCache();
    if (!c.ok) throw new Error(c.error.message);
    const order = cachedOrderDetail(session, id);
    if (!order.ok) throw new Error(order.error.message);
    c.value.applyPage([{ ...order.value, orderAfterSalesStatus: 3 }], { seenAtMs: Date.now(), baseline: true });
    expect(cachedStatus(id)).toBe(3);
    const r = await decideAfterSales(session, { orderId: id, isApproved: false, rejectDescription: 'Code redeemed' });
    expect(r).toMatchObject({ ok: true, value: { order: { orderAfterSalesStatus: 3 } } });
    expect(audits()).toBe(1);
    expect(store().get(id)!.order.orderAfterSalesStatus).toBe(3);
  });

  it('a stale cache that says "awaiting" is not asked again: the platform refuses (20002), once', async () => {
    const id = awaiting();
    // Decided elsewhere (the platform's own page): the cache still shows it awaiting review.
    expect((await kit.platform.seller().auditAfterSales({ orderId: id, isApproved: true })).ok).toBe(true);
    kit.platform.sandbox.resetCounts();
    expect(cachedStatus(id)).toBe(1);
    const r = await decideAfterSales(session, { orderId: id, isApproved: true });
    expect(r).toMatchObject({ ok: false, error: { kind: 'platform', code: '20002' } });
    expect(audits()).toBe(1);
  });

  it('an unknown outcome (the answer never comes): re-fetched, reported with what the platform shows, never resent', async () => {
    const id = awaiting();
    kit.platform.sandbox.failNext('audit', 'hang-after-processing');
    const r = await decideAfterSales(session, { orderId: id, isApproved: true });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({
      kind: 'outcome-unknown',
      found: { kind: 'found', order: { id, orderAfterSalesStatus: 2 } },
    });
    expect(r.error.message).toMatch(/NOT resent/);
    expect(audits()).toBe(1);
    expect(cachedStatus(id)).toBe(2);
  });

  it('no cache at all: sent as the platform decides', async () => {
    const fresh = kit.session({ profileId: 'no-cache' });
    const id = awaiting();
    const r = await decideAfterSales(fresh, { orderId: id, isApproved: true });
    expect(r).toMatchObject({ ok: true, value: { cached: false, order: { orderAfterSalesStatus: 2 } } });
    expect(audits()).toBe(1);
  });

  it('bad input: nothing sent, not even the re-check', async () => {
    const r = await decideAfterSales(session, { orderId: awaiting(), isApproved: false, rejectDescription: ' ' });
    expect(r).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(kit.platform.sandbox.requestCount()).toBe(0);
  });
});
