import { describe, expect, it } from 'vitest';
import { orderRow } from './orderRow';

describe('orderRow', () => {
  it('reads the fields the list shows', () => {
    const row = orderRow({
      id: '7260000000000000042',
      orderNum: 'SO20261120000042',
      buyerId: '1001',
      buyerName: 'Jürgen Müller',
      createTime: '2026-11-20T10:00:00.000Z',
      payTime: '2026-11-20T10:05:00.000Z',
      orderStatus: 2,
      orderDeliveryStatus: 1,
      deliveryType: 2,
      originalCurrencyProductPrice: '19.98',
      originalCurrencyCode: 'EUR',
      isExistAfterSales: true,
      afterSalesLearned: { status: 1, learnedAtMs: 1 },
      isExistDispute: false,
      orderItems: [{ productSpuTitle: 'Steam Gift Card' }, { productSpuTitle: 'Xbox' }, { productSpuTitle: 'PSN' }],
    });
    expect(row).toEqual({
      id: '7260000000000000042',
      orderNum: 'SO20261120000042',
      createTime: '2026-11-20T10:00:00.000Z',
      payTime: '2026-11-20T10:05:00.000Z',
      buyer: 'Jürgen Müller',
      buyerId: '1001',
      firstItemTitle: 'Steam Gift Card',
      moreItems: 2,
      total: '19.98',
      currency: 'EUR',
      orderStatus: 2,
      deliveryStatus: 1,
      deliveryException: true,
      afterSales: true,
      afterSalesStatus: 1,
      dispute: false,
    });
  });

  it('shows an odd order with gaps instead of failing', () => {
    const row = orderRow({
      id: '1',
      buyerId: '77',
      buyerName: '  ',
      orderStatus: '2',
      orderItems: 'none',
      originalCurrencyProductPrice: 5,
      payTime: null,
      isExistDispute: 'yes',
    });
    expect(row).toMatchObject({
      orderNum: null,
      buyer: '77',
      firstItemTitle: null,
      moreItems: 0,
      total: '5',
      orderStatus: null,
      payTime: null,
      dispute: false,
      deliveryException: false,
    });
    expect(orderRow({ id: '2', orderItems: [null] }).firstItemTitle).toBeNull();
  });
});
