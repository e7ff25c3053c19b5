import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../src/shared/domain/order';
import { startTestPlatform, type TestPlatform } from '../helpers/sandboxFixture';
import { fixedCredentials } from '../../src/core/credentials/credentials';
import { ok } from '../../src/core/result';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ orders: 400, seed: 7 });
});
afterAll(() => p.stop());
beforeEach(() => {
  p.transport.sent.length = 0;
  p.sleeper.waits.length = 0;
});

async function ordersAwaitingReview(): Promise<Order[]> {
  const r = await p.seller().listOrders({ orderAfterSalesStatus: [1], pageSize: 100 });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value.data.list;
}

describe('order list against the sandbox over loopback', () => {
  it('returns a page with the envelope time and orders validated', async () => {
    const r = await p.seller().listOrders({ pageSize: 25 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.data).toMatchObject({ pageIndex: 1, pageSize: 25, totalCount: 400, pageCount: 16 });
    expect(r.value.data.list).toHaveLength(25);
    expect(r.value.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(p.transport.sent[0]!.headers.Authorization).toBe(`Bearer ${p.sandbox.token}`);
    expect(p.transport.sent[0]!.url).toBe(`${p.sandbox.baseUrl}/merchant-api/seller/order`);
  });

  it('64-bit IDs survive the round trip as exact decimal text and integer literals', async () => {
    const page = await p.seller().listOrders({ pageSize: 100 });
    if (!page.ok) throw new Error('list failed');
    const big = page.value.data.list.find((o) => BigInt(o.id) > 2n ** 53n);
    expect(big, 'the sandbox generates IDs above 2^53').toBeDefined();
    const got = await p.seller().getOrder(big!.id);
    expect(got).toMatchObject({ ok: true, value: { id: big!.id } });
    const body = p.transport.sent.at(-1)!.body!;
    expect(body).toContain(`"id":${big!.id}`); // an integer literal with every digit, not a string
    const byBuyer = await p.seller().listOrders({ buyerId: big!.buyerId!, pageSize: 100 });
    expect(byBuyer.ok && byBuyer.value.data.list.every((o) => o.buyerId === big!.buyerId)).toBe(true);
    expect(p.transport.sent.at(-1)!.body).toContain(`"buyerId":${big!.buyerId}`);
  });

  it('getOrder answers null when no order has the ID', async () => {
    expect(await p.seller().getOrder('1')).toEqual({ ok: true, value: null });
  });

  it('filters by status lists, title and creation window', async () => {
    const r = await p.seller().listOrders({
      sellerOrderStatus: [4],
      productTitle: 'a',
      pageSize: 100,
      createBeginDate: '2000-01-01',
      createEndDate: '2100-01-01T00:00:00Z',
    });
    expect(r.ok).toBe(true);
    if (r.ok) for (const o of r.value.data.list) expect(o.orderStatus).toBe(4);
  });

  it.each([
    [{ pageIndex: 0 }, 'pageIndex'],
    [{ pageIndex: 101 }, 'pageIndex'],
    [{ pageSize: 0 }, 'pageSize'],
    [{ pageSize: 101 }, 'pageSize'],
    [{ id: 'abc' }, 'id'],
    [{ id: '1.5' }, 'id'],
    [{ id: '99999999999999999999' }, 'id'],
    [{ buyerId: '-3' }, 'buyerId'],
    [{ createBeginDate: 'yesterday' }, 'createBeginDate'],
    [{ updateEndDate: '2026-02-30' }, 'updateEndDate'],
    [{ sellerOrderStatus: [1.5] }, 'sellerOrderStatus.0'],
    [{ orderAfterSalesStatus: [] }, 'orderAfterSalesStatus'],
    [{ unknownFilter: 1 }, ''],
  ])('invalid input %j is refused before anything is sent', async (input, path) => {
    const r = await p.seller().listOrders(input);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('invalid-input');
    if (r.error.kind === 'invalid-input' && path) expect(r.error.issues.map((i) => i.path)).toContain(path);
    expect(p.transport.sent).toHaveLength(0);
  });

  it('a wrong token is an HTTP 401 error, not retried', async () => {
    const r = await p
      .seller({ credentials: { ...p.credentials, bearerToken: async () => ok('wrong') } })
      .listOrders({});
    expect(r).toMatchObject({ ok: false, error: { kind: 'http', status: 401, envelope: { code: '40101' } } });
    expect(p.transport.sent).toHaveLength(1);
  });

  it('a missing token is a credentials error and sends nothing', async () => {
    const r = await p.seller({ credentials: fixedCredentials({}) }).listOrders({});
    expect(r).toMatchObject({ ok: false, error: { kind: 'credentials' } });
    expect(p.transport.sent).toHaveLength(0);
  });

  it('retries 10004, 5xx, dropped connections and 429 (honouring Retry-After), then succeeds', async () => {
    p.sandbox.failNext('orders', 'platform-10004', 'http-503', 'drop-before-processing', 'http-429');
    const r = await p.seller().listOrders({ pageSize: 5 });
    expect(r.ok).toBe(true);
    expect(p.transport.sent).toHaveLength(5);
    expect(p.sleeper.waits).toHaveLength(4);
    expect(p.sleeper.waits[3]).toBeGreaterThanOrEqual(1000); // Retry-After: 1
  });

  it('gives up after the retry budget with the last error', async () => {
    p.sandbox.failNext('orders', ...Array<'platform-10004'>(5).fill('platform-10004'));
    const r = await p.seller().listOrders({});
    expect(r).toMatchObject({
      ok: false,
      error: { kind: 'platform', code: '10004', action: expect.stringMatching(/retry/i) },
    });
    expect(p.transport.sent).toHaveLength(5);
  });

  it('a malformed or non-envelope body is a protocol error', async () => {
    p.sandbox.failNext('orders', 'malformed-body');
    expect(await p.seller().listOrders({})).toMatchObject({ ok: false, error: { kind: 'protocol' } });
    p.sandbox.failNext('orders', 'not-envelope');
    expect(await p.seller().listOrders({})).toMatchObject({ ok: false, error: { kind: 'protocol' } });
  });

  it('a closed port is a network error that says nothing was sent', async () => {
    const closed = await startTestPlatform({ orders: 1 });
    await closed.stop();
    const r = await closed
      .seller({ retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 } })
      .listOrders({});
    expect(r).toMatchObject({ ok: false, error: { kind: 'network', sent: false } });
    expect(closed.transport.sent).toHaveLength(2);
  });
});

/** The sandbox's own after-sales status of an order (it is not on the wire: the spec's Order has no such field). */
const statusOf = (id: string) => p.sandbox.store.get(id)!.order.orderAfterSalesStatus;

describe('after-sales audit', () => {
  it('approves: isApproved alone is sent and the after-sales state changes', async () => {
    const [order] = await ordersAwaitingReview();
    p.transport.sent.length = 0;
    const r = await p.seller().auditAfterSales({ orderId: order!.id, isApproved: true });
    expect(r).toEqual({ ok: true, value: true });
    expect(p.transport.sent[0]!.url).toBe(
      `${p.sandbox.baseUrl}/merchant-api/seller/order/${order!.id}/after-sales/seller-audit`,
    );
    expect(p.transport.sent[0]!.body).toBe('{"isApproved":true}');
    // The spec's Order has no status field: the platform's own state says it (the filter is tested in core).
    expect(statusOf(order!.id)).toBe(2);
  });

  it('rejects with a reason and evidence URLs', async () => {
    const [order] = await ordersAwaitingReview();
    p.transport.sent.length = 0;
    const r = await p.seller().auditAfterSales({
      orderId: order!.id,
      isApproved: false,
      rejectDescription: 'Code was redeemed — see log',
      rejectImageUrls: ['https://cdn.example.com/proof.png'],
    });
    expect(r.ok).toBe(true);
    expect(JSON.parse(p.transport.sent[0]!.body!)).toEqual({
      isApproved: false,
      rejectDescription: 'Code was redeemed — see log',
      rejectImageUrls: ['https://cdn.example.com/proof.png'],
    });
    expect(statusOf(order!.id)).toBe(3);
  });

  it.each([
    [{ orderId: '5', isApproved: false }, 'rejectDescription'],
    [{ orderId: '5', isApproved: false, rejectDescription: '   ' }, 'rejectDescription'],
    [
      { orderId: '5', isApproved: false, rejectDescription: 'x', rejectImageUrls: ['ftp://x/y.png'] },
      'rejectImageUrls.0',
    ],
    [
      { orderId: '5', isApproved: false, rejectDescription: 'x', rejectImageUrls: ['javascript:alert(1)'] },
      'rejectImageUrls.0',
    ],
    [{ orderId: 'abc', isApproved: true }, 'orderId'],
  ])('invalid decision %j sends nothing', async (input, path) => {
    const r = await p.seller().auditAfterSales(input);
    expect(r.ok).toBe(false);
    if (!r.ok && r.error.kind === 'invalid-input') expect(r.error.issues.map((i) => i.path)).toContain(path);
    else throw new Error(`expected invalid-input, got ${JSON.stringify(r)}`);
    expect(p.transport.sent).toHaveLength(0);
  });

  it('a sandbox refusal (no pending request) is a platform error, not retried', async () => {
    const [order] = await ordersAwaitingReview();
    await p.seller().auditAfterSales({ orderId: order!.id, isApproved: true });
    p.transport.sent.length = 0;
    const again = await p.seller().auditAfterSales({ orderId: order!.id, isApproved: true });
    expect(again).toMatchObject({ ok: false, error: { kind: 'platform', code: '20002' } });
    expect(p.transport.sent).toHaveLength(1);
  });

  it('10004 is retried (the spec says retry) and the decision applies once', async () => {
    const [order] = await ordersAwaitingReview();
    p.transport.sent.length = 0;
    p.sandbox.failNext('audit', 'platform-10004');
    expect(await p.seller().auditAfterSales({ orderId: order!.id, isApproved: true })).toEqual({
      ok: true,
      value: true,
    });
    expect(p.transport.sent.filter((r) => r.url.endsWith('seller-audit'))).toHaveLength(2);
  });

  it('a connection dropped after processing is "outcome unknown": re-fetched, never resent', async () => {
    const [order] = await ordersAwaitingReview();
    p.transport.sent.length = 0;
    p.sandbox.failNext('audit', 'drop-after-processing');
    const r = await p.seller().auditAfterSales({ orderId: order!.id, isApproved: true });
    expect(r).toMatchObject({
      ok: false,
      error: {
        kind: 'outcome-unknown',
        cause: { kind: 'network', sent: true },
        observed: { kind: 'found', order: { id: order!.id } },
      },
    });
    expect(statusOf(order!.id)).toBe(2);
    expect(p.transport.sent.filter((q) => q.url.endsWith('seller-audit'))).toHaveLength(1);
    expect(p.transport.sent.filter((q) => q.url.endsWith('/seller/order'))).toHaveLength(1);
  });

  it('a connection dropped before processing is also unknown to the client; the re-fetch shows it unapplied', async () => {
    const [order] = await ordersAwaitingReview();
    p.transport.sent.length = 0;
    p.sandbox.failNext('audit', 'drop-before-processing');
    const r = await p.seller().auditAfterSales({ orderId: order!.id, isApproved: false, rejectDescription: 'no' });
    expect(r).toMatchObject({
      ok: false,
      error: { kind: 'outcome-unknown', observed: { kind: 'found', order: { id: order!.id } } },
    });
    expect(statusOf(order!.id)).toBe(1);
    expect(p.transport.sent.filter((q) => q.url.endsWith('seller-audit'))).toHaveLength(1);
  });

  it('a timeout is "outcome unknown" and not resent', async () => {
    const [order] = await ordersAwaitingReview();
    p.transport.sent.length = 0;
    p.sandbox.failNext('audit', 'hang-after-processing');
    const r = await p.seller({ config: { timeoutMs: 300 } }).auditAfterSales({ orderId: order!.id, isApproved: true });
    expect(r).toMatchObject({
      ok: false,
      error: {
        kind: 'outcome-unknown',
        cause: { kind: 'timeout' },
        observed: { kind: 'found', order: { id: order!.id } },
      },
    });
    expect(statusOf(order!.id)).toBe(2);
    expect(p.transport.sent.filter((q) => q.url.endsWith('seller-audit'))).toHaveLength(1);
  });

  it('an HTTP 500 is "outcome unknown", not retried', async () => {
    const [order] = await ordersAwaitingReview();
    p.transport.sent.length = 0;
    p.sandbox.failNext('audit', 'http-500');
    const r = await p.seller().auditAfterSales({ orderId: order!.id, isApproved: true });
    expect(r).toMatchObject({ ok: false, error: { kind: 'outcome-unknown', cause: { kind: 'http', status: 500 } } });
    expect(p.transport.sent.filter((q) => q.url.endsWith('seller-audit'))).toHaveLength(1);
  });

  it('an HTTP 429 is reported as a refusal, not retried (the merchant decides when to try again)', async () => {
    const [order] = await ordersAwaitingReview();
    p.transport.sent.length = 0;
    p.sandbox.failNext('audit', 'http-429');
    const r = await p.seller().auditAfterSales({ orderId: order!.id, isApproved: true });
    expect(r).toMatchObject({ ok: false, error: { kind: 'http', status: 429 } });
    expect(p.transport.sent.filter((q) => q.url.endsWith('seller-audit'))).toHaveLength(1);
    expect(statusOf(order!.id)).toBe(1);
  });

  it('a refused connection is retried because nothing reached the platform', async () => {
    const closed = await startTestPlatform({ orders: 1 });
    await closed.stop();
    const r = await closed
      .seller({ retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 } })
      .auditAfterSales({ orderId: '7', isApproved: true });
    expect(r).toMatchObject({ ok: false, error: { kind: 'network', sent: false } });
    expect(closed.transport.sent).toHaveLength(3);
  });
});
