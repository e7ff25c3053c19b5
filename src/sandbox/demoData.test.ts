import { describe, expect, it } from 'vitest';
import { decodeOrderListData } from '../shared/domain/orderDecoding';
import { CURRENCIES } from './demoCatalog';
import { HISTORY_DAYS } from './demoData';
import { DAY_MS, sequenceOfId, snowflakeId } from './orderIds';
import { OrderStore } from './orderStore';
import type { OrderPage, SandboxOrder } from './orderTypes';

const START = Date.UTC(2026, 2, 15, 12, 0, 0);
const store = (seed: number, orders: number, start = START) => new OrderStore({ seed, orders, now: () => start });
const TWO_POW_53 = 2n ** 53n;

describe('determinism', () => {
  it('the same seed, count and start clock give identical orders; another seed does not', () => {
    const a = store(7, 500)
      .filter(() => true)
      .map((s) => s.order);
    const b = store(7, 500)
      .filter(() => true)
      .map((s) => s.order);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const c = store(8, 500)
      .filter(() => true)
      .map((s) => s.order);
    expect(c.map((o) => o.id)).not.toEqual(a.map((o) => o.id));
  });

  it('an order rebuilt on demand is identical every time', () => {
    const s = store(3, 200);
    const id = s.ids()[57]!;
    expect(s.get(id)).toEqual(s.get(id));
  });

  it('the whole history is relative to the start clock', () => {
    const later = START + 10 * DAY_MS;
    const a = store(7, 50).filter(() => true);
    const b = store(7, 50, later).filter(() => true);
    expect(b.map((s) => s.createTimeMs - later)).toEqual(a.map((s) => s.createTimeMs - START));
  });
});

describe('demo orders', () => {
  const s = store(1, 3000);
  const all: SandboxOrder[] = s.filter(() => true).map((x) => x.order);
  const share = (f: (o: SandboxOrder) => boolean) => all.filter(f).length / all.length;

  it('decode as the client decodes a page: every order read, none skipped', () => {
    const page: OrderPage = { pageIndex: 1, pageSize: all.length, totalCount: all.length, pageCount: 1, list: all };
    const decoded = decodeOrderListData(structuredClone(page));
    expect(decoded.ok && decoded.value.skipped).toEqual([]);
    expect(decoded.ok && decoded.value.list.length).toBe(all.length);
  });

  it('have unique 64-bit string IDs above 2^53 (19 digits) and buyer IDs as decimal strings', () => {
    expect(new Set(all.map((o) => o.id)).size).toBe(all.length);
    expect(new Set(all.map((o) => o.orderNum)).size).toBe(all.length);
    for (const o of all) {
      expect(o.id).toMatch(/^\d{19}$/);
      expect(BigInt(o.id) > TWO_POW_53).toBe(true);
      expect(o.buyerId).toMatch(/^[1-9]\d{8,18}$/);
      for (const item of o.orderItems) {
        expect(Number.isInteger(item.productSpuId)).toBe(true);
        expect(Number.isInteger(item.productSkuId)).toBe(true);
      }
    }
    expect(share((o) => BigInt(o.buyerId) > TWO_POW_53)).toBeGreaterThan(0.8);
    expect(share((o) => o.buyerId.length === 18)).toBeGreaterThan(0.2);
    expect(share((o) => o.buyerId.length === 19)).toBeGreaterThan(0.2);
  });

  it('encode the sequence number in the ID', () => {
    expect(sequenceOfId(snowflakeId(START, 4242))).toBe(4242);
  });

  it('are listed newest first with createTimes over the two years before the start clock', () => {
    const times = all.map((o) => Date.parse(o.createTime));
    for (let i = 1; i < times.length; i++) expect(times[i]! <= times[i - 1]!).toBe(true);
    expect(Math.max(...times)).toBeLessThanOrEqual(START);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(START - HISTORY_DAYS * DAY_MS);
    expect(Math.min(...times)).toBeLessThan(START - 365 * DAY_MS);
    for (const o of all) expect(o.createTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('have one dense day with about 12% of all orders', () => {
    const perDay = new Map<string, number>();
    for (const o of all) perDay.set(o.createTime.slice(0, 10), (perDay.get(o.createTime.slice(0, 10)) ?? 0) + 1);
    const densest = Math.max(...perDay.values());
    expect(densest / all.length).toBeGreaterThan(0.09);
    expect(densest / all.length).toBeLessThan(0.16);
  });

  it('use several currencies with the right number of decimals, and prices that add up', () => {
    const codes = new Set(all.map((o) => o.originalCurrencyCode));
    for (const c of ['USD', 'EUR', 'JPY', 'CNY', 'GBP']) expect(codes.has(c)).toBe(true);
    for (const o of all) {
      const currency = CURRENCIES.find((c) => c.code === o.originalCurrencyCode)!;
      expect(o.originalCurrencySymbol).toBe(currency.symbol);
      const shape = currency.decimals === 0 ? /^\d+$/ : new RegExp(`^\\d+\\.\\d{${currency.decimals}}$`);
      expect(o.originalCurrencyProductPrice).toMatch(shape);
      const minor = (text: string) => Math.round(Number(text) * 10 ** currency.decimals);
      let sum = 0;
      for (const i of o.orderItems) {
        expect(i.originalCurrencyProductUnitPrice).toMatch(shape);
        expect(minor(i.originalCurrencyProductTotalPrice)).toBe(minor(i.originalCurrencyProductUnitPrice) * i.quantity);
        sum += minor(i.originalCurrencyProductTotalPrice);
      }
      expect(minor(o.originalCurrencyProductPrice)).toBe(sum);
      expect(o.orderDeliveryTotal).toBe(o.orderItems.reduce((n, i) => n + i.quantity, 0));
    }
  });

  it('carry non-ASCII names and titles, 1-3 items with SKU attribute maps and image URLs', () => {
    expect(all.some((o) => /[\u4e00-\u9fff]/.test(o.buyerName))).toBe(true);
    expect(all.some((o) => /[äöüÄÖÜ]/.test(o.buyerName))).toBe(true);
    expect(all.some((o) => o.orderItems.some((i) => /[\u3040-\u30ff]/.test(i.productSpuTitle)))).toBe(true);
    expect(all.some((o) => o.orderItems.some((i) => /Ö|ö/.test(i.productSpuTitle)))).toBe(true);
    expect(all.some((o) => o.orderItems.some((i) => /\p{Extended_Pictographic}/u.test(i.productSpuTitle)))).toBe(true);
    for (const o of all) {
      expect(o.orderItems.length).toBeGreaterThanOrEqual(1);
      expect(o.orderItems.length).toBeLessThanOrEqual(3);
      for (const i of o.orderItems) {
        expect(Object.keys(i.productSkuAttr).length).toBeGreaterThan(0);
        for (const v of Object.values(i.productSkuAttr)) expect(typeof v).toBe('string');
        expect(typeof i.productSpuAttr).toBe('object');
        expect(i.productSkuImagesUrl.length).toBeGreaterThan(0);
        for (const u of i.productSkuImagesUrl) expect(u).toMatch(/^https:\/\//);
      }
    }
    expect(all.some((o) => o.orderItems.length === 3)).toBe(true);
  });

  it('use all five delivery-info types; image values are URLs, multi-select may hold several', () => {
    for (const type of [1, 2, 3, 4, 5])
      expect(share((o) => o.deliveryInfo.some((e) => e.type === type))).toBeGreaterThan(0.05);
    for (const o of all) {
      for (const e of o.deliveryInfo) {
        expect(e.value.length).toBeGreaterThan(0);
        if (e.type === 5) for (const v of e.value) expect(v).toMatch(/^https:\/\//);
        if (e.type !== 4 && e.type !== 5) expect(e.value).toHaveLength(1);
      }
    }
    expect(all.some((o) => o.deliveryInfo.some((e) => e.type === 4 && e.value.length > 1))).toBe(true);
  });

  it('keep statuses consistent: payment, delivery status, shipped quantity and delivery records', () => {
    for (const o of all) {
      const shipped = o.orderDeliveryList.reduce((n, r) => n + r.deliveringNumber, 0);
      expect(shipped).toBe(o.deliveringNumber);
      expect(o.deliveringNumber).toBeLessThanOrEqual(o.orderDeliveryTotal);
      for (const r of o.orderDeliveryList) {
        expect(r.imageUrls.length).toBeGreaterThan(0);
        expect(r.description.length).toBeGreaterThan(0);
        expect(Date.parse(r.createTime)).toBeGreaterThanOrEqual(Date.parse(o.createTime));
        expect(Date.parse(r.createTime)).toBeLessThanOrEqual(START);
      }
      switch (o.orderStatus) {
        case 1:
          expect(o.payTime).toBeNull();
          expect([o.orderDeliveryStatus, o.deliveringNumber]).toEqual([0, 0]);
          break;
        case 2:
          expect(o.payTime).not.toBeNull();
          expect([o.orderDeliveryStatus, o.deliveringNumber]).toEqual([0, 0]);
          break;
        case 3:
          expect(o.orderDeliveryStatus).toBe(1);
          expect(o.deliveringNumber).toBeGreaterThan(0);
          break;
        case 4:
          expect([2, 3]).toContain(o.orderDeliveryStatus);
          expect(o.deliveringNumber).toBe(o.orderDeliveryTotal);
          break;
        case 5:
          expect(o.orderDeliveryStatus).toBe(0);
          break;
        case 6:
          expect(o.orderAfterSalesStatus).toBe(2);
          break;
        default:
          throw new Error(`unexpected status ${o.orderStatus}`);
      }
      expect(o.isExistAfterSales).toBe(o.orderAfterSalesStatus !== 0);
      expect(o.deliveryType).toBe(o.deliveryErrorInfo === null ? 1 : 2);
    }
    for (const status of [1, 2, 3, 4, 5, 6]) expect(all.some((o) => o.orderStatus === status)).toBe(true);
  });

  it('have after-sales on ~10% (mostly awaiting review), disputes on ~2%, delivery errors on ~3%, remarks on some', () => {
    expect(share((o) => o.isExistAfterSales)).toBeGreaterThan(0.07);
    expect(share((o) => o.isExistAfterSales)).toBeLessThan(0.13);
    expect(share((o) => o.orderAfterSalesStatus === 1) / share((o) => o.isExistAfterSales)).toBeGreaterThan(0.5);
    for (const status of [2, 3, 4]) expect(all.some((o) => o.orderAfterSalesStatus === status)).toBe(true);
    expect(share((o) => o.isExistDispute)).toBeGreaterThan(0.01);
    expect(share((o) => o.isExistDispute)).toBeLessThan(0.035);
    expect(share((o) => o.deliveryErrorInfo !== null)).toBeGreaterThan(0.015);
    expect(share((o) => o.deliveryErrorInfo !== null)).toBeLessThan(0.045);
    const withError = all.find((o) => o.deliveryErrorInfo !== null)!;
    expect(withError.deliveryErrorInfo).toEqual({
      errorCode: expect.any(String),
      errorMessage: expect.any(String),
      occurredAt: expect.stringMatching(/Z$/),
    });
    expect(share((o) => o.remark !== '')).toBeGreaterThan(0.1);
  });
});

describe('100,000 orders', () => {
  // Speed is measured by `npm run bench`, not asserted here (timed unit tests flake on a loaded machine).
  it('generate, answer filtered pages, and hold a day with more than 10,000 orders', () => {
    const big = store(1, 100_000);
    const page = big.query({ pageIndex: 3, pageSize: 100, productTitle: 'robux', sellerOrderStatus: [4] });
    expect(big.size).toBe(100_000);
    expect(page.list).toHaveLength(100);
    for (const o of page.list) expect(o.orderStatus).toBe(4);
    const recent = big.query({ pageIndex: 1, pageSize: 100, updateBeginMs: START - 30 * DAY_MS });
    expect(recent.list).toHaveLength(100);

    let densest = 0;
    for (let d = 0; d < 25; d++) {
      const dayStart = Math.floor(START / DAY_MS) * DAY_MS - d * DAY_MS;
      densest = Math.max(
        densest,
        big.query({ pageIndex: 1, pageSize: 1, createBeginMs: dayStart, createEndMs: dayStart + DAY_MS - 1 })
          .totalCount,
      );
    }
    expect(densest).toBeGreaterThan(10_000);
  });
});
