import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/domain/order';
import { matchingSavedBuyers, orderBuyerKeys, orderItemIds } from './buyerMatch';

const order: Order = {
  id: '10',
  buyerId: '1152921504606846977',
  buyerName: 'Anna Müller',
  deliveryInfo: [
    { key: 'E-mail for the code', type: 1, value: [' Player123@Mail.Example '] },
    { key: 'Notes', type: 2, value: ['mail me at notes@mail.example'] },
    { key: 'UID', type: 1, value: ['12345678'] },
  ],
  orderItems: [
    { productSpuId: '501', productSpuTitle: 'Gems' },
    { productSpuId: '501', productSpuTitle: 'Gems again' },
    { productSpuId: '777', productSpuTitle: 'Coins' },
    { productSpuId: null },
  ],
};

describe('buyer matching', () => {
  it('reads the buyer ID and e-mails typed into text fields only', () => {
    expect(orderBuyerKeys(order)).toEqual({ buyerId: '1152921504606846977', emails: ['player123@mail.example'] });
  });

  it('matches a saved buyer by user number or by e-mail, never by name', () => {
    const saved = [
      { merchantUserNo: '1152921504606846977', email: 'other@x.example' },
      { merchantUserNo: 'u-2', email: 'PLAYER123@mail.example' },
      { merchantUserNo: 'u-3', email: 'notes@mail.example' },
      { merchantUserNo: 'u-4', email: 'anna@x.example', firstName: 'Anna', lastName: 'Müller' },
    ];
    expect(matchingSavedBuyers(order, saved).map((b) => b.merchantUserNo)).toEqual(['1152921504606846977', 'u-2']);
    expect(matchingSavedBuyers({ id: '1' }, saved)).toEqual([]);
  });

  it("offers each item's product ID once", () => {
    expect(orderItemIds(order)).toEqual([
      { itemId: '501', title: 'Gems' },
      { itemId: '777', title: 'Coins' },
    ]);
  });
});
