import { describe, expect, it } from 'vitest';
import { parseJsonKeepingIds } from './jsonBody';
import { validateAuditBody, validateBuyerSyncBody, validateOrderListBody } from './requestValidation';

const body = (text: string) => parseJsonKeepingIds(text) as Record<string, unknown>;

describe('validateOrderListBody', () => {
  it('applies the defaults: page 1, size 10', () => {
    expect(validateOrderListBody({})).toEqual({ ok: true, value: { pageIndex: 1, pageSize: 10 } });
  });

  it('reads every filter; IDs stay exact decimal text', () => {
    const r = validateOrderListBody(
      body(
        '{"pageIndex":3,"pageSize":100,"id":1499560984828806817,"orderNum":"SO1","buyerId":300000000000000001,"productTitle":"Robux",' +
          '"sellerOrderStatus":[1,4],"orderAfterSalesStatus":[1],"createBeginDate":"2026-01-01","createEndDate":"2026-01-31T23:59:59.999Z",' +
          '"updateBeginDate":"2026-02-01T00:00:00+01:00","updateEndDate":"2026-02-02","somethingElse":true}',
      ),
    );
    expect(r).toEqual({
      ok: true,
      value: {
        pageIndex: 3,
        pageSize: 100,
        id: '1499560984828806817',
        orderNum: 'SO1',
        buyerId: '300000000000000001',
        productTitle: 'Robux',
        sellerOrderStatus: [1, 4],
        orderAfterSalesStatus: [1],
        createBeginMs: Date.UTC(2026, 0, 1),
        createEndMs: Date.UTC(2026, 0, 31, 23, 59, 59, 999),
        updateBeginMs: Date.UTC(2026, 0, 31, 23),
        updateEndMs: Date.UTC(2026, 1, 2),
      },
    });
  });

  it('treats null as absent and an empty status list as no filter', () => {
    expect(validateOrderListBody(body('{"id":null,"pageSize":null,"sellerOrderStatus":[]}'))).toEqual({
      ok: true,
      value: { pageIndex: 1, pageSize: 10 },
    });
  });

  it.each([
    ['{"pageIndex":0}', 'pageIndex'],
    ['{"pageIndex":101}', 'pageIndex'],
    ['{"pageIndex":1.5}', 'pageIndex'],
    ['{"pageIndex":"1"}', 'pageIndex'],
    ['{"pageSize":0}', 'pageSize'],
    ['{"pageSize":101}', 'pageSize'],
    ['{"id":"123"}', 'id'],
    ['{"id":1.5}', 'id'],
    ['{"id":1e3}', 'id'],
    ['{"id":0}', 'id'],
    ['{"id":-3}', 'id'],
    ['{"id":9223372036854775808}', 'id'],
    ['{"buyerId":true}', 'buyerId'],
    ['{"orderNum":12}', 'orderNum'],
    ['{"productTitle":["x"]}', 'productTitle'],
    ['{"sellerOrderStatus":4}', 'sellerOrderStatus'],
    ['{"sellerOrderStatus":[1.5]}', 'sellerOrderStatus[0]'],
    ['{"orderAfterSalesStatus":["1"]}', 'orderAfterSalesStatus[0]'],
    ['{"createBeginDate":"yesterday"}', 'createBeginDate'],
    ['{"createEndDate":20260101}', 'createEndDate'],
    ['{"updateBeginDate":"2026-02-30"}', 'updateBeginDate'],
    ['{"updateEndDate":"2026-01-01T25:00:00Z"}', 'updateEndDate'],
  ])('refuses %s naming %s', (text, field) => {
    const r = validateOrderListBody(body(text));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message.startsWith(field)).toBe(true);
  });
});

describe('validateAuditBody', () => {
  it('accepts isApproved alone, and a rejection with reason and images', () => {
    expect(validateAuditBody({ isApproved: true })).toEqual({ ok: true, value: { isApproved: true } });
    expect(
      validateAuditBody({ isApproved: false, rejectDescription: 'used', rejectImageUrls: ['https://x.example/a.png'] }),
    ).toEqual({
      ok: true,
      value: { isApproved: false, rejectDescription: 'used', rejectImageUrls: ['https://x.example/a.png'] },
    });
  });

  it.each([
    [{}, 'isApproved'],
    [{ isApproved: null }, 'isApproved'],
    [{ isApproved: 'true' }, 'isApproved'],
    [{ isApproved: false }, 'rejectDescription'],
    [{ isApproved: false, rejectDescription: '  \n' }, 'rejectDescription'],
    [{ isApproved: true, rejectDescription: 5 }, 'rejectDescription'],
    [{ isApproved: false, rejectDescription: 'x', rejectImageUrls: 'https://x' }, 'rejectImageUrls'],
    [{ isApproved: false, rejectDescription: 'x', rejectImageUrls: ['https://x', 3] }, 'rejectImageUrls[1]'],
  ])('refuses %j naming %s', (input, field) => {
    const r = validateAuditBody(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message.startsWith(field)).toBe(true);
  });
});

describe('validateBuyerSyncBody', () => {
  it('accepts the required and optional fields', () => {
    expect(validateBuyerSyncBody({ merchantUserNo: 'u-1', email: 'a@b.co', firstName: 'Zoë', lastName: '李' })).toEqual(
      {
        ok: true,
        value: { merchantUserNo: 'u-1', email: 'a@b.co', firstName: 'Zoë', lastName: '李' },
      },
    );
  });

  it.each([
    [{ email: 'a@b.co' }, 'merchantUserNo'],
    [{ merchantUserNo: ' ', email: 'a@b.co' }, 'merchantUserNo'],
    [{ merchantUserNo: 7, email: 'a@b.co' }, 'merchantUserNo'],
    [{ merchantUserNo: 'u' }, 'email'],
    [{ merchantUserNo: 'u', email: 'not-an-email' }, 'email'],
    [{ merchantUserNo: 'u', email: 'a@b.co', firstName: 1 }, 'firstName'],
  ])('refuses %j naming %s', (input, field) => {
    const r = validateBuyerSyncBody(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message.startsWith(field)).toBe(true);
  });
});
