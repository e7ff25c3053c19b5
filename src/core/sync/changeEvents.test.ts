import { describe, expect, it } from 'vitest';
import { describeOrderChange } from './changeEvents';
import { fakeOrder } from './testing/fakeOrders';

const at = Date.UTC(2026, 0, 1);
const before = fakeOrder(1, at - 86_400_000, {
  orderStatus: 2,
  orderDeliveryStatus: 0,
  deliveryType: 1,
  isExistAfterSales: false,
  orderAfterSalesStatus: 0,
  isExistDispute: false,
});
const base = { orderId: before.id, orderNum: before.orderNum, atMs: at };

describe('change events', () => {
  it('new order', () => {
    expect(describeOrderChange(undefined, before, at)).toEqual([
      { ...base, type: 'new-order', orderStatus: 2, buyerName: before.buyerName, createTime: before.createTime },
    ]);
  });

  it('nothing for an identical order or a change of other fields', () => {
    expect(describeOrderChange(before, structuredClone(before), at)).toEqual([]);
    expect(describeOrderChange(before, { ...before, remark: 'new remark', deliveringNumber: 1 }, at)).toEqual([]);
  });

  it('order status changed', () => {
    expect(describeOrderChange(before, { ...before, orderStatus: 3 }, at)).toEqual([
      { ...base, type: 'order-status-changed', from: 2, to: 3 },
    ]);
  });

  it('delivery status changed, and a delivery exception', () => {
    expect(describeOrderChange(before, { ...before, orderDeliveryStatus: 1 }, at)).toEqual([
      {
        ...base,
        type: 'delivery-status-changed',
        from: { status: 0, exception: false },
        to: { status: 1, exception: false },
      },
    ]);
    expect(describeOrderChange(before, { ...before, deliveryType: 2 }, at)).toEqual([
      {
        ...base,
        type: 'delivery-status-changed',
        from: { status: 0, exception: false },
        to: { status: 0, exception: true },
      },
    ]);
  });

  it('after-sales opened by the flag; a status field a platform sends is never read (the spec has none)', () => {
    const opened = { ...before, isExistAfterSales: true, orderAfterSalesStatus: 1 };
    expect(describeOrderChange(before, opened, at)).toEqual([{ ...base, type: 'after-sales-opened', status: null }]);
    expect(describeOrderChange(before, { ...before, orderAfterSalesStatus: 1 }, at)).toEqual([]);
    // A status change shows only through the filter (the learning pass's own events), never from the field.
    expect(describeOrderChange(opened, { ...opened, orderAfterSalesStatus: 2, orderStatus: 6 }, at)).toEqual([
      { ...base, type: 'order-status-changed', from: 2, to: 6 },
    ]);
    expect(describeOrderChange(opened, { ...opened, isExistAfterSales: false }, at)).toEqual([
      {
        ...base,
        type: 'after-sales-changed',
        from: { exists: true, status: null },
        to: { exists: false, status: null },
      },
    ]);
  });

  it('dispute opened (and not again while it stays open)', () => {
    const disputed = { ...before, isExistDispute: true };
    expect(describeOrderChange(before, disputed, at)).toEqual([{ ...base, type: 'dispute-opened' }]);
    expect(describeOrderChange(disputed, { ...disputed }, at)).toEqual([]);
  });
});
