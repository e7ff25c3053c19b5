import { describe, expect, it } from 'vitest';
import { DAY_MS } from './orderIds';
import { compareIds, OrderStore } from './orderStore';
import type { OrderQuery, StoredOrder } from './orderTypes';
import { FakeClock } from '../../test/helpers/sandboxTestKit';

/** An independent, naive implementation of the spec's filter table, used as the oracle. */
function oracle(all: StoredOrder[], q: Omit<OrderQuery, 'pageIndex' | 'pageSize'>): string[] {
  return all
    .filter(({ order: o, createTimeMs: c, updateTimeMs: u }) => {
      if (q.id !== undefined && o.id !== q.id) return false;
      if (q.orderNum !== undefined && o.orderNum !== q.orderNum) return false;
      if (q.buyerId !== undefined && o.buyerId !== q.buyerId) return false;
      if (
        q.productTitle !== undefined &&
        !o.orderItems.some((i) => i.productSpuTitle.toLowerCase().includes(q.productTitle!.toLowerCase()))
      )
        return false;
      if (q.sellerOrderStatus && !q.sellerOrderStatus.includes(o.orderStatus)) return false;
      if (q.orderAfterSalesStatus && !q.orderAfterSalesStatus.includes(o.orderAfterSalesStatus)) return false;
      if (q.createBeginMs !== undefined && c < q.createBeginMs) return false;
      if (q.createEndMs !== undefined && c > q.createEndMs) return false;
      if (q.updateBeginMs !== undefined && u < q.updateBeginMs) return false;
      if (q.updateEndMs !== undefined && u > q.updateEndMs) return false;
      return true;
    })
    .sort((a, b) => b.createTimeMs - a.createTimeMs || compareIds(b.order.id, a.order.id))
    .map((s) => s.order.id);
}

function allPages(store: OrderStore, q: Omit<OrderQuery, 'pageIndex' | 'pageSize'>, pageSize = 7): string[] {
  const ids: string[] = [];
  for (let pageIndex = 1; ; pageIndex++) {
    const page = store.query({ ...q, pageIndex, pageSize });
    ids.push(...page.list.map((o) => o.id));
    if (pageIndex >= page.pageCount) {
      expect(ids).toHaveLength(page.totalCount);
      return ids;
    }
  }
}

describe('OrderStore.query', () => {
  const clock = new FakeClock();
  const store = new OrderStore({ seed: 11, orders: 1500, now: clock.now });
  // some hidden update times to filter on
  clock.advance(60_000);
  const touched = store.touchOrders(40);
  const all = store.filter(() => true);
  const sample = all[123]!;

  const cases: [string, Omit<OrderQuery, 'pageIndex' | 'pageSize'>][] = [
    ['no filter', {}],
    ['id', { id: sample.order.id }],
    ['unknown id', { id: '1499560984828806817' }],
    ['orderNum', { orderNum: sample.order.orderNum }],
    ['orderNum of another order with its id', { orderNum: all[5]!.order.orderNum, id: sample.order.id }],
    ['buyerId', { buyerId: sample.order.buyerId }],
    ['productTitle, any case', { productTitle: 'ROBUX' }],
    ['productTitle, CJK', { productTitle: '礼品卡' }],
    ['productTitle, umlaut lower-cased', { productTitle: 'österreich' }],
    ['productTitle, emoji', { productTitle: '🎁' }],
    ['sellerOrderStatus', { sellerOrderStatus: [2, 3] }],
    ['sellerOrderStatus unknown value', { sellerOrderStatus: [99] }],
    ['orderAfterSalesStatus', { orderAfterSalesStatus: [1] }],
    ['create range', { createBeginMs: all[900]!.createTimeMs, createEndMs: all[100]!.createTimeMs }],
    ['create begin only', { createBeginMs: all[50]!.createTimeMs }],
    ['create end only', { createEndMs: all[1400]!.createTimeMs }],
    ['empty create range', { createBeginMs: clock.ms, createEndMs: clock.ms - 1 }],
    ['update begin', { updateBeginMs: clock.ms }],
    ['update range', { updateBeginMs: clock.ms - 200 * DAY_MS, updateEndMs: clock.ms - 100 * DAY_MS }],
    ['id with a create range that excludes it', { id: sample.order.id, createEndMs: sample.createTimeMs - 1 }],
    [
      'combination',
      {
        sellerOrderStatus: [4],
        productTitle: 'a',
        createBeginMs: clock.ms - 365 * DAY_MS,
        orderAfterSalesStatus: [0, 3],
      },
    ],
  ];

  it.each(cases)('%s: all pages equal the naive oracle', (_name, q) => {
    expect(allPages(store, q)).toEqual(oracle(all, q));
  });

  it('the interesting cases are not trivially empty or full', () => {
    const size = (q: Omit<OrderQuery, 'pageIndex' | 'pageSize'>) => oracle(all, q).length;
    expect(size({ buyerId: sample.order.buyerId })).toBeGreaterThan(0);
    for (const [name, q] of cases.slice(6, 16)) {
      if (name.includes('unknown') || name.includes('empty')) continue;
      expect(size(q), name).toBeGreaterThan(0);
      expect(size(q), name).toBeLessThan(all.length);
    }
    expect(size({ updateBeginMs: clock.ms })).toBe(touched.length);
  });

  it('date bounds are inclusive to the millisecond', () => {
    const o = all[200]!;
    expect(
      store
        .query({ pageIndex: 1, pageSize: 100, createBeginMs: o.createTimeMs, createEndMs: o.createTimeMs })
        .list.map((x) => x.id),
    ).toContain(o.order.id);
    expect(
      store
        .query({ pageIndex: 1, pageSize: 100, createBeginMs: o.createTimeMs + 1, createEndMs: o.createTimeMs + 1 })
        .list.map((x) => x.id),
    ).not.toContain(o.order.id);
  });

  it('reports totals and page counts; a page past the end is empty', () => {
    const p = store.query({ pageIndex: 1, pageSize: 100 });
    expect(p).toMatchObject({ pageIndex: 1, pageSize: 100, totalCount: 1500, pageCount: 15 });
    expect(store.query({ pageIndex: 16, pageSize: 100 })).toMatchObject({ totalCount: 1500, pageCount: 15, list: [] });
  });
});

describe('OrderStore changes', () => {
  it('insertOrders adds the newest orders, listed first, with fresh unique IDs', () => {
    const clock = new FakeClock();
    const store = new OrderStore({ seed: 2, orders: 100, now: clock.now });
    clock.advance(5000);
    const added = store.insertOrders(3);
    expect(store.size).toBe(103);
    expect(added.map((a) => a.createTimeMs)).toEqual([clock.ms - 2000, clock.ms - 1000, clock.ms]);
    expect(store.ids().slice(0, 3)).toEqual(added.map((a) => a.order.id).reverse());
    expect(new Set(store.ids()).size).toBe(103);
    for (const a of added) {
      expect([1, 2]).toContain(a.order.orderStatus);
      expect(a.order.orderAfterSalesStatus).toBe(0);
      expect(store.get(a.order.id)).toEqual(a);
    }
  });

  it('orders created in the same millisecond are listed by id descending', () => {
    const clock = new FakeClock();
    const store = new OrderStore({ seed: 2, orders: 100, now: clock.now });
    clock.advance(10_000);
    const [a] = store.insertOrders(1);
    const [b] = store.insertOrders(1);
    const [c] = store.insertOrders(1);
    expect(a!.createTimeMs).toBe(c!.createTimeMs);
    const ids = [a!, b!, c!]
      .map((x) => x.order.id)
      .sort(compareIds)
      .reverse();
    expect(store.ids().slice(0, 3)).toEqual(ids);
    expect(store.query({ pageIndex: 1, pageSize: 3, createBeginMs: clock.ms }).list.map((o) => o.id)).toEqual(ids);
    // and a tie inserted out of order (clock moved back to an existing millisecond) lands in place
    clock.advance(-10_000);
    const [d] = store.insertOrders(1);
    const sameMs = store.filter((s) => s.createTimeMs === d!.createTimeMs).map((s) => s.order.id);
    expect(sameMs).toEqual([...sameMs].sort(compareIds).reverse());
  });

  it('insertOrders keeps list order even if the clock went backwards', () => {
    const clock = new FakeClock();
    const store = new OrderStore({ seed: 2, orders: 100, now: clock.now });
    clock.advance(-30 * DAY_MS);
    const [added] = store.insertOrders(1);
    const times = store.ids().map((id) => store.get(id)!.createTimeMs);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(store.ids()).toContain(added!.order.id);
  });

  it('touchOrders moves distinct orders on and bumps their hidden updateTime', () => {
    const clock = new FakeClock();
    const store = new OrderStore({ seed: 4, orders: 200, now: clock.now });
    const before = new Map(store.filter(() => true).map((s) => [s.order.id, s]));
    clock.advance(1000);
    const ids = store.touchOrders(25);
    expect(new Set(ids).size).toBe(25);
    let changedVisibly = 0;
    for (const id of ids) {
      const now = store.get(id)!;
      expect(now.updateTimeMs).toBe(clock.ms);
      if (JSON.stringify(now.order) !== JSON.stringify(before.get(id)!.order)) changedVisibly++;
    }
    expect(changedVisibly).toBe(25);
    expect(store.query({ pageIndex: 1, pageSize: 100, updateBeginMs: clock.ms }).totalCount).toBe(25);
  });

  it('a snapshot is a copy; changes go through the store and reach the filters', () => {
    const clock = new FakeClock();
    const store = new OrderStore({ seed: 4, orders: 50, now: clock.now });
    const id = store.ids()[10]!;
    const snap = store.get(id)!;
    snap.order.orderStatus = 99;
    expect(store.get(id)!.order.orderStatus).not.toBe(99);
    clock.advance(1);
    store.setOrderStatus(id, 5);
    store.setAfterSalesStatus(id, 1);
    expect(store.get(id)).toMatchObject({
      updateTimeMs: clock.ms,
      order: { orderStatus: 5, orderAfterSalesStatus: 1, isExistAfterSales: true },
    });
    expect(
      store
        .query({ pageIndex: 1, pageSize: 100, sellerOrderStatus: [5], orderAfterSalesStatus: [1] })
        .list.map((o) => o.id),
    ).toContain(id);
    expect(() => store.setAfterSalesStatus(id, 9)).toThrow(RangeError);
    expect(() => store.setOrderStatus('1', 1)).toThrow(RangeError);
  });

  it('audit: approve refunds, reject keeps the reason; only orders awaiting review', () => {
    const clock = new FakeClock();
    const store = new OrderStore({ seed: 5, orders: 400, now: clock.now });
    const [a, b, c] = store.query({ pageIndex: 1, pageSize: 3, orderAfterSalesStatus: [1] }).list;
    clock.advance(42);
    expect(store.audit(a!.id, { isApproved: true })).toBe('ok');
    expect(store.get(a!.id)).toMatchObject({
      updateTimeMs: clock.ms,
      auditedAtMs: clock.ms,
      order: { orderAfterSalesStatus: 2, orderStatus: 6 },
    });
    expect(
      store.audit(b!.id, {
        isApproved: false,
        rejectDescription: 'redeemed',
        rejectImageUrls: ['https://x.example/p.png'],
      }),
    ).toBe('ok');
    expect(store.get(b!.id)).toMatchObject({
      rejectDescription: 'redeemed',
      rejectImageUrls: ['https://x.example/p.png'],
      order: { orderAfterSalesStatus: 3, orderStatus: b!.orderStatus },
    });
    expect(store.audit(a!.id, { isApproved: true })).toBe('not-awaiting-review');
    expect(store.audit('1499560984828806817', { isApproved: true })).toBe('not-found');
    expect(store.audit(c!.id, { isApproved: true })).toBe('ok');
  });
});
