import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from './jsonNesting';
import { decodeOrder, decodeOrderListData, describeSkippedOrders } from './orderDecoding';

const page = (list: unknown[]) => ({ pageIndex: 1, pageSize: 100, totalCount: list.length, pageCount: 1, list });
const nested = (levels: number): unknown => {
  let v: unknown = 'bottom';
  for (let i = 0; i < levels; i++) v = [v];
  return v;
};

describe('decodeOrder', () => {
  it('normalises IDs to canonical decimal text, as request validation does', () => {
    expect(decodeOrder({ id: '0042', buyerId: '007' })).toMatchObject({ ok: true, value: { id: '42', buyerId: '7' } });
    expect(decodeOrder({ id: 42 })).toMatchObject({ ok: true, value: { id: '42' } });
    expect(decodeOrder({ id: '9223372036854775807' })).toMatchObject({ ok: true });
  });

  it('refuses IDs outside 1 … 2^63−1, 20-digit IDs and IDs that lost precision as numbers', () => {
    for (const id of ['0', '000', '9223372036854775808', '12345678901234567890', '-1', '1.5', '', ' 1', 0, -3]) {
      expect(decodeOrder({ id }), String(id)).toMatchObject({ ok: false, issue: { path: ['id'] } });
    }
    expect(decodeOrder({ id: 2 ** 60 })).toMatchObject({
      ok: false,
      issue: { path: ['id'], message: expect.stringContaining('lost its exact value') },
    });
    expect(decodeOrder({ orderNum: 'x' })).toMatchObject({ ok: false, issue: { path: ['id'] } });
  });

  it('keeps ID-like item integers as exact text and refuses other integers beyond 2^53', () => {
    const o = decodeOrder({
      id: '1',
      orderItems: [{ productSpuId: '9007199254740993', productSkuId: 12, categoryId3: '-05', brandId: null }],
    });
    expect(o).toMatchObject({
      ok: true,
      value: {
        orderItems: [{ productSpuId: '9007199254740993', productSkuId: '12', categoryId3: '-5', brandId: null }],
      },
    });
    expect(decodeOrder({ id: '1', orderItems: [{ quantity: 2 ** 60 }] })).toMatchObject({
      ok: false,
      issue: { path: ['orderItems', 0, 'quantity'] },
    });
    expect(decodeOrder({ id: '1', orderItems: [{ brandId: 2 ** 60 }] })).toMatchObject({ ok: false });
  });

  it('passes unknown fields through and tolerates null or absent optional fields', () => {
    expect(decodeOrder({ id: '1', buyerName: null, newField: { x: [1] }, deliveryErrorInfo: null })).toMatchObject({
      ok: true,
      value: { id: '1', newField: { x: [1] } },
    });
  });

  it(`refuses nesting deeper than ${MAX_JSON_DEPTH} levels, naming the path`, () => {
    const r = decodeOrder({ id: '7', deliveryErrorInfo: { detail: nested(5000) } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issue.message).toBe(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    expect(r.issue.path.slice(0, 3)).toEqual(['deliveryErrorInfo', 'detail', 0]);
    const extra = decodeOrder({ id: '7', extra: nested(5000) });
    expect(!extra.ok && extra.issue.path.slice(0, 2)).toEqual(['extra', 0]);
    // What fits is kept: 4 levels around the order, so 60 levels inside it.
    expect(decodeOrder({ id: '7', extra: nested(MAX_JSON_DEPTH - 4) }).ok).toBe(true);
    expect(decodeOrder({ id: '7', extra: nested(MAX_JSON_DEPTH - 3) }).ok).toBe(false);
  });
});

describe('decodeOrderListData', () => {
  it('skips an order that does not decode, by ID and with the path, and keeps the rest of the page', () => {
    const r = decodeOrderListData(
      page([{ id: '1' }, { id: '2', orderStatus: 'paid', createTime: '2026-01-01T00:00:00.000Z' }, { id: '3' }]),
    );
    expect(r).toMatchObject({
      ok: true,
      value: {
        totalCount: 3,
        list: [{ id: '1' }, { id: '3' }],
        skipped: [
          {
            id: '2',
            createTime: '2026-01-01T00:00:00.000Z',
            reason: 'data.list[1].orderStatus: expected an integer',
          },
        ],
      },
    });
  });

  it('names an order whose ID is the problem by what was sent', () => {
    const r = decodeOrderListData(page([{ id: '12345678901234567890' }, 'nonsense', {}]));
    expect(r.ok && r.value.skipped.map((s) => s.id)).toEqual(['"12345678901234567890"', '(no ID)', '(no ID)']);
  });

  it('a page-level problem fails the page', () => {
    expect(decodeOrderListData({ list: [] })).toMatchObject({ ok: false, issue: { path: ['totalCount'] } });
    expect(decodeOrderListData({ totalCount: 1, list: {} })).toMatchObject({ ok: false, issue: { path: ['list'] } });
    expect(decodeOrderListData({ totalCount: 0, list: null })).toMatchObject({ ok: true, value: { list: [] } });
  });

  it('describes skipped orders for a person, a few of them and the count', () => {
    const skipped = [1, 2, 3].map((n) => ({ id: String(n), reason: `data.list[${n}].x: bad` }));
    expect(describeSkippedOrders(skipped, 30, 2)).toBe(
      '30 orders could not be read and were skipped (the rest were kept):\n  order 1: data.list[1].x: bad\n  order 2: data.list[2].x: bad\n  … and 28 more',
    );
  });
});
