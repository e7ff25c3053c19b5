import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderListDataSchema } from '../shared/domain/orderDecoding';
import { compareIds } from './orderStore';
import { SPEC_ORDER_FIELDS } from './wireOrder';
import type { SandboxHandle } from './server';
import { FakeClock, listOrders, readResponse, startTestSandbox } from '../../test/helpers/sandboxTestKit';

const clock = new FakeClock();
let h: SandboxHandle;
beforeAll(async () => {
  h = await startTestSandbox({ orders: 300, seed: 21, now: clock.now });
});
afterAll(() => h.stop());

const SELLER_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('order list: envelope, defaults, determinism', () => {
  it('answers the envelope with seller time and a page of 10 by default', async () => {
    const r = await listOrders(h, {});
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.json).toMatchObject({ code: '0000', msg: 'Success', time: new Date(clock.ms).toISOString() });
    expect(r.json.time).toMatch(SELLER_TIME);
    expect(r.json.data).toMatchObject({ pageIndex: 1, pageSize: 10, totalCount: 300, pageCount: 30 });
    expect(r.json.data.list).toHaveLength(10);
    expect(() => orderListDataSchema.parse(r.json.data)).not.toThrow();
  });

  it("sends IDs as strings and exactly the spec's Order fields (no orderAfterSalesStatus, no hidden updateTime)", async () => {
    const r = await listOrders(h, { pageSize: 100 });
    for (const o of r.json.data.list) {
      expect(typeof o.id).toBe('string');
      expect(typeof o.buyerId).toBe('string');
      expect(Object.keys(o).sort()).toEqual([...SPEC_ORDER_FIELDS].sort());
    }
    expect(r.text).not.toContain('orderAfterSalesStatus');
    expect(r.text).toMatch(/"id":"\d{19}"/);
    expect(r.text).toMatch(/"productSpuId":\d+,/);
  });

  it('--extended-order-fields (demos only) adds the sandbox-only orderAfterSalesStatus', async () => {
    const extended = await startTestSandbox({ orders: 300, seed: 21, now: clock.now, extendedOrderFields: true });
    try {
      const r = await listOrders(extended, { pageSize: 100 });
      for (const o of r.json.data.list) {
        expect(Object.keys(o).sort()).toEqual([...SPEC_ORDER_FIELDS, 'orderAfterSalesStatus'].sort());
        expect(o.orderAfterSalesStatus).toBe(extended.store.get(o.id)!.order.orderAfterSalesStatus);
      }
    } finally {
      await extended.stop();
    }
  });

  it('the same seed and clock give the same first page (byte for byte); another seed does not', async () => {
    const twin = await startTestSandbox({ orders: 300, seed: 21, now: clock.now });
    const other = await startTestSandbox({ orders: 300, seed: 22, now: clock.now });
    try {
      const [a, b, c] = await Promise.all([
        listOrders(h, { pageSize: 50 }),
        listOrders(twin, { pageSize: 50 }),
        listOrders(other, { pageSize: 50 }),
      ]);
      expect(b.text).toBe(a.text);
      // The deadline showcase (the newest five) has the same times whatever the seed; the orders before it do not.
      const ids = (r: typeof a) => r.json.data.list.map((o: { id: string }) => o.id);
      expect(ids(c).slice(0, 5)).toEqual(ids(a).slice(0, 5));
      expect(ids(c).slice(5)).not.toEqual(ids(a).slice(5));
      expect(c.json.data.list[0].buyerId).not.toBe(a.json.data.list[0].buyerId);
    } finally {
      await Promise.all([twin.stop(), other.stop()]);
    }
  });
});

describe('order list: filters over HTTP', () => {
  /** Every page of a query, as IDs. */
  async function allIds(filter: Record<string, unknown>): Promise<string[]> {
    const ids: string[] = [];
    for (let pageIndex = 1; ; pageIndex++) {
      const r = await listOrders(h, { ...filter, pageIndex, pageSize: 100 });
      expect(r.json.code).toBe('0000');
      ids.push(...r.json.data.list.map((o: { id: string }) => o.id));
      if (pageIndex >= r.json.data.pageCount) return ids;
    }
  }
  const all = () => h.store.filter(() => true);
  const sorted = (xs: ReturnType<typeof all>) =>
    xs.sort((a, b) => b.createTimeMs - a.createTimeMs || compareIds(b.order.id, a.order.id)).map((s) => s.order.id);

  it('id: exact match, sent as an integer literal', async () => {
    const target = all()[77]!.order;
    const r = await listOrders(h, `{"id":${target.id}}`);
    expect(r.json.data.totalCount).toBe(1);
    const { orderAfterSalesStatus: _kept, ...sent } = target;
    expect(r.json.data.list[0]).toEqual(sent);
  });

  it('orderNum: exact match only', async () => {
    const target = all()[12]!.order;
    expect(await allIds({ orderNum: target.orderNum })).toEqual([target.id]);
    expect(await allIds({ orderNum: target.orderNum.slice(0, -1) })).toEqual([]);
  });

  it('buyerId: exact match, integer literal', async () => {
    const buyerId = all()[3]!.order.buyerId;
    const expected = sorted(all().filter((s) => s.order.buyerId === buyerId));
    const r = await listOrders(h, `{"buyerId":${buyerId},"pageSize":100}`);
    expect(r.json.data.list.map((o: { id: string }) => o.id)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });

  it('productTitle: case-insensitive substring of any item title', async () => {
    const expected = sorted(
      all().filter((s) => s.order.orderItems.some((i) => i.productSpuTitle.toLowerCase().includes('gift card'))),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await allIds({ productTitle: 'GIFT card' })).toEqual(expected);
    const cjk = sorted(all().filter((s) => s.order.orderItems.some((i) => i.productSpuTitle.includes('カード'))));
    expect(await allIds({ productTitle: 'カード' })).toEqual(cjk);
  });

  it('sellerOrderStatus and orderAfterSalesStatus: membership in the lists', async () => {
    const byStatus = sorted(all().filter((s) => [1, 3].includes(s.order.orderStatus)));
    expect(await allIds({ sellerOrderStatus: [1, 3] })).toEqual(byStatus);
    const byAfterSales = sorted(all().filter((s) => [1, 2].includes(s.order.orderAfterSalesStatus)));
    expect(byAfterSales.length).toBeGreaterThan(0);
    expect(await allIds({ orderAfterSalesStatus: [1, 2] })).toEqual(byAfterSales);
  });

  it('create dates: inclusive bounds, any ISO form (offsets, date only)', async () => {
    const list = all();
    const newer = list[40]!;
    const older = list[90]!;
    const expected = sorted(
      list.filter((s) => s.createTimeMs >= older.createTimeMs && s.createTimeMs <= newer.createTimeMs),
    );
    const ids = await allIds({ createBeginDate: older.order.createTime, createEndDate: newer.order.createTime });
    expect(ids).toEqual(expected);
    expect(ids).toContain(newer.order.id);
    expect(ids).toContain(older.order.id);
    // the same instant written with a +02:00 offset
    const shifted = new Date(newer.createTimeMs + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
    expect(await allIds({ createEndDate: shifted, createBeginDate: older.order.createTime })).toEqual(expected);
    const day = newer.order.createTime.slice(0, 10);
    const dayIds = sorted(list.filter((s) => s.createTimeMs >= Date.parse(day)));
    expect(await allIds({ createBeginDate: day })).toEqual(dayIds);
  });

  it('update dates: matched against the hidden updateTime', async () => {
    const target = all()[150]!.order;
    clock.advance(3_600_000);
    h.store.setOrderStatus(target.id, target.orderStatus); // touches updateTime only
    const since = new Date(clock.ms).toISOString();
    expect(await allIds({ updateBeginDate: since })).toEqual([target.id]);
    expect(await allIds({ updateEndDate: new Date(clock.ms - 1).toISOString() })).not.toContain(target.id);
    const r = await listOrders(h, { id: Number.MAX_SAFE_INTEGER });
    expect(r.json.data.totalCount).toBe(0);
  });

  it('filters combine (AND)', async () => {
    const expected = sorted(
      all().filter(
        (s) =>
          s.order.orderStatus === 4 && s.order.orderItems.some((i) => i.productSpuTitle.toLowerCase().includes('e')),
      ),
    );
    expect(await allIds({ sellerOrderStatus: [4], productTitle: 'E' })).toEqual(expected);
  });
});

describe('order list: paging', () => {
  it('pages tile the result without gaps or repeats, newest first', async () => {
    const seen: string[] = [];
    for (let pageIndex = 1; pageIndex <= 43; pageIndex++) {
      const r = await listOrders(h, { pageIndex, pageSize: 7 });
      expect(r.json.data).toMatchObject({ pageIndex, pageSize: 7, totalCount: 300, pageCount: 43 });
      seen.push(...r.json.data.list.map((o: { id: string }) => o.id));
    }
    expect(seen).toEqual(h.store.ids());
    expect((await listOrders(h, { pageIndex: 44, pageSize: 7 })).json.data).toMatchObject({
      totalCount: 300,
      list: [],
    });
  });

  it('only the first 100 pages are reachable (at most 10,000 orders per query)', async () => {
    const big = await startTestSandbox({ orders: 12_000, seed: 5, now: clock.now });
    try {
      const last = await listOrders(big, { pageIndex: 100, pageSize: 100 });
      expect(last.json.data).toMatchObject({ pageIndex: 100, totalCount: 12_000, pageCount: 120 });
      expect(last.json.data.list.map((o: { id: string }) => o.id)).toEqual(big.store.ids().slice(9_900, 10_000));
      const beyond = await listOrders(big, { pageIndex: 101, pageSize: 100 });
      expect(beyond.json).toMatchObject({ code: '10002', data: null, msg: expect.stringContaining('pageIndex') });
    } finally {
      await big.stop();
    }
  });
});

describe('order list: 64-bit IDs', () => {
  it('an ID above 2^53 sent as a raw integer literal matches exactly; its float-rounded neighbour does not', async () => {
    const target = h.store.filter((s) => String(Number(s.order.id)) !== s.order.id)[0]!.order;
    expect(BigInt(target.id) > 2n ** 53n).toBe(true);
    const exact = await listOrders(h, `{"id":${target.id},"pageSize":5}`);
    expect(exact.json.data.list.map((o: { id: string }) => o.id)).toEqual([target.id]);
    expect(exact.text).toContain(`"id":"${target.id}"`);
    // what a client that went through a JS number would send
    const rounded = BigInt(Number(target.id)).toString();
    expect(rounded).not.toBe(target.id);
    expect((await listOrders(h, `{"id":${rounded}}`)).json.data.totalCount).toBe(0);
  });
});

describe('order list: errors', () => {
  it('a missing or wrong bearer token is HTTP 401, code 40101', async () => {
    for (const authorization of ['', 'Bearer wrong', 'Basic c2FuZGJveC10b2tlbg==', `Bearer ${h.token}x`, h.token]) {
      const r = await listOrders(h, {}, { authorization });
      expect(r.status).toBe(401);
      expect(r.json).toEqual({
        code: '40101',
        msg: 'Unauthorized: missing or invalid bearer token',
        time: expect.stringMatching(SELLER_TIME),
        data: null,
      });
    }
    expect((await listOrders(h, {}, { authorization: `bearer ${h.token}` })).status).toBe(200);
  });

  it('unknown routes and methods are HTTP 404, code 10001', async () => {
    for (const [method, path] of [
      ['POST', '/merchant-api/seller/orders'],
      ['GET', '/merchant-api/seller/order'],
      ['POST', '/seller/order'],
      ['POST', '/merchant-api/seller/order/1/after-sales'],
      ['GET', '/'],
    ] as const) {
      const r = await readResponse(
        await fetch(h.origin + path, { method, headers: { authorization: `Bearer ${h.token}` } }),
      );
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.json).toMatchObject({ code: '10001', data: null, msg: expect.stringMatching(/^URL parsing error/) });
    }
  });

  it.each([
    ['{"pageIndex":', 'not valid JSON'],
    ['', 'empty'],
    ['[]', 'JSON object'],
    ['{"pageIndex":0}', 'pageIndex'],
    ['{"pageSize":101}', 'pageSize'],
    ['{"id":"123"}', 'id'],
    ['{"id":12.5}', 'id'],
    ['{"sellerOrderStatus":4}', 'sellerOrderStatus'],
    ['{"createBeginDate":"last week"}', 'createBeginDate'],
  ])('body %s is code 10002 (HTTP 200) naming the problem', async (body, reason) => {
    const r = await listOrders(h, body);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ code: '10002', data: null, msg: expect.stringContaining(reason) });
    expect(r.json.msg).toMatch(/^JSON parsing error: /);
  });

  it('a body without Content-Type application/json is 10002', async () => {
    const r = await listOrders(h, '{}', { 'content-type': 'text/plain' });
    expect(r.json).toMatchObject({ code: '10002', msg: expect.stringContaining('Content-Type') });
  });
});

describe('100,000 orders over HTTP', () => {
  it('serves a filtered page of 100,000 orders', async () => {
    const big = await startTestSandbox({ orders: 100_000, now: clock.now });
    try {
      const r = await listOrders(big, { sellerOrderStatus: [4], productTitle: 'steam', pageIndex: 2, pageSize: 100 });
      expect(r.json.data.list).toHaveLength(100);
      expect(r.json.data.totalCount).toBeGreaterThan(1000);
    } finally {
      await big.stop();
    }
  });
});
