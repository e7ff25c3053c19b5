import { describe, expect, it } from 'vitest';
import { requestFacts } from './requestFacts';

describe('an after-sales request’s facts', () => {
  it('say what was bought, how far it was delivered, the last delivery and the flags', () => {
    const facts = requestFacts({
      id: '1',
      orderItems: [
        { productSpuTitle: 'Steam key', quantity: 2 },
        { productSpuTitle: 'Gift card', quantity: 1 },
      ],
      deliveringNumber: 1,
      orderDeliveryTotal: 2,
      orderDeliveryList: [
        { createTime: '2026-11-20T10:00:00Z', description: 'first key' },
        { createTime: '2026-11-21T09:00:00Z', description: 'code resent' },
      ],
      isExistDispute: true,
      deliveryType: 2,
    });
    expect(facts).toEqual({
      items: 'Steam key ×2 + 1 more item',
      delivered: 'delivered 1 of 2',
      lastDelivery: { at: '2026-11-21T09:00:00Z', description: 'code resent' },
      flags: ['Dispute', 'Delivery exception'],
    });
  });

  it('say nothing they do not know (an odd order does not break the row)', () => {
    expect(requestFacts({ id: '2', orderItems: [null], orderDeliveryList: 'x', deliveringNumber: -1 })).toEqual({
      items: null,
      delivered: null,
      lastDelivery: null,
      flags: [],
    });
  });
});
