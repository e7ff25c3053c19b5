import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/domain/order';
import { diffOrders, stableJson } from './orderDiff';

const base: Order = {
  id: '1',
  buyerName: 'Anna',
  orderStatus: 2,
  orderDeliveryStatus: 0,
  deliveryType: 1,
  deliveringNumber: 0,
  orderDeliveryTotal: 1,
  isExistAfterSales: false,
  afterSalesLearned: { status: 0, learnedAtMs: 1 },
  isExistDispute: false,
  payTime: '2026-11-23T10:00:00.000Z',
  originalCurrencyProductPrice: '12.99',
  originalCurrencyCode: 'EUR',
  remark: '',
  deliveryErrorInfo: null,
  orderDeliveryList: [],
  deliveryInfo: [{ key: 'UID', type: 1, value: ['123'] }],
  orderItems: [{ productSpuTitle: 'Gems', quantity: 1, productSkuAttr: { Region: 'EU', Size: 'S' } }],
};

describe('diffOrders', () => {
  it('finds nothing between equal orders, whatever the key order of nested objects', () => {
    const same: Order = {
      ...base,
      orderItems: [{ ...base.orderItems![0], productSkuAttr: { Size: 'S', Region: 'EU' } }],
    };
    expect(diffOrders(base, same)).toEqual([]);
  });

  it('names each changed field with labelled statuses, in the order the detail shows them', () => {
    const after: Order = {
      ...base,
      orderStatus: 3,
      orderDeliveryStatus: 1,
      deliveryType: 2,
      deliveringNumber: 1,
      deliveryErrorInfo: { errorCode: 'STOCK_OUT', errorMessage: 'out of stock' },
      isExistAfterSales: true,
      afterSalesLearned: { status: 1, learnedAtMs: 1 },
      isExistDispute: true,
      orderDeliveryList: [{ description: 'sent', imageUrls: [] }],
      deliveryInfo: [
        { key: 'UID', type: 1, value: ['456'] },
        { key: 'Server', type: 3, value: ['EU'] },
      ],
      orderItems: [{ productSpuTitle: 'Gems', quantity: 2, productSkuAttr: { Region: 'EU', Size: 'S' } }],
    };
    const changes = diffOrders(base, after, {
      order: { '2': 'Paid', '3': 'Delivering' },
      afterSales: { '1': 'Awaiting review' },
    });
    expect(changes.map((c) => [c.field, c.before, c.after])).toEqual([
      ['Order status', 'Paid (2)', 'Delivering (3)'],
      ['Delivery status', 'Pending (0)', 'Shipped (1)'],
      ['Delivery type', 'Order delivery (1)', 'Delivery exception (2)'],
      ['Delivered', '0 of 1', '1 of 1'],
      ['Delivery error', 'None', 'STOCK_OUT: out of stock'],
      ['After-sales', 'No', 'Yes'],
      ['After-sales status', '0', 'Awaiting review (1)'],
      ['Dispute', 'No', 'Yes'],
      ['Delivery records', '0 records', '1 record'],
      ['Delivery info: UID', '123', '456'],
      ['Delivery info: Server', 'Not present', 'EU'],
      ['Item 1 quantity', '1', '2'],
    ]);
  });

  it('marks time fields so they can be shown in the local zone', () => {
    const changes = diffOrders({ ...base, payTime: null }, base);
    expect(changes).toEqual([{ field: 'Paid', before: '—', after: '2026-11-23T10:00:00.000Z', kind: 'time' }]);
  });

  it('reports a changed delivery record and a changed item count', () => {
    const a: Order = { ...base, orderDeliveryList: [{ description: 'one' }] };
    const b: Order = { ...base, orderDeliveryList: [{ description: 'two' }], orderItems: [] };
    expect(diffOrders(a, b).map((c) => c.field)).toEqual(['Delivery record 1', 'Items']);
  });

  it('stableJson sorts keys at every depth', () => {
    expect(stableJson({ b: 1, a: { d: 1, c: [{ f: 1, e: 2 }] } })).toBe('{"a":{"c":[{"e":2,"f":1}],"d":1},"b":1}');
  });
});
