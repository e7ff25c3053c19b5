import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/domain/order';
import { DEFAULT_DEADLINE_RULES, deadlineRulesSchema } from '../due/deadlineRules';
import { microText, orderFacts, toMicro } from './orderFacts';

const MIN = 60_000;
const base: Order = {
  id: '1',
  createTime: '2026-03-01T10:00:00.000Z',
  payTime: '2026-03-01T10:00:00.000Z',
  originalCurrencyCode: 'eur',
  originalCurrencyProductPrice: '12.345',
  orderDeliveryStatus: 1,
  orderItems: [
    { productSpuId: 'A', productSkuId: 'a', quantity: 1, deliveryTime: 10, deliveryTimeUnit: 3 },
    { productSpuId: 'B', productSkuId: 'b', quantity: 2, deliveryTime: 60, deliveryTimeUnit: 3 },
  ],
  orderDeliveryTotal: 3,
};
const at = (min: number) => new Date(Date.parse('2026-03-01T10:00:00.000Z') + min * MIN).toISOString();

describe('order facts', () => {
  it('decimal text is exact in millionths, back and forth', () => {
    expect(toMicro('12.345')).toBe(12_345_000);
    expect(toMicro('0.0000005')).toBe(1); // half-up beyond 6 decimals
    expect(toMicro('1e3')).toBeUndefined();
    expect(microText(12_345_000n, 2)).toBe('12.345');
    expect(microText(20_000_000n, 2)).toBe('20.00');
    expect(microText(1500_000_000n, 0)).toBe('1500');
    expect(microText(-5_000n)).toBe('-0.005');
  });

  it('partial delivery: earliest items first; done when the records cover every unit; late per item', () => {
    // Unit 1 at 5 min covers A (10 min: on time); B's two units done at 70 min (60 allowed): late.
    const late = orderFacts(
      {
        ...base,
        deliveringNumber: 3,
        orderDeliveryList: [
          { createTime: at(70), deliveringNumber: 2 },
          { createTime: at(5), deliveringNumber: 1 },
        ],
      },
      DEFAULT_DEADLINE_RULES,
    );
    expect(late).toMatchObject({ currency: 'EUR', amountMicro: 12_345_000, units: 3, leadMs: 70 * MIN, late: 1 });
    expect(late.requiredMs).toBe(60 * MIN);
    // The same records, only one unit of B delivered: not delivered, nothing measured.
    const partial = orderFacts(
      { ...base, deliveringNumber: 2, orderDeliveryList: [{ createTime: at(5), deliveringNumber: 2 }] },
      DEFAULT_DEADLINE_RULES,
    );
    expect(partial).toMatchObject({ deliveredMs: null, leadMs: null, late: null });
    // A at 15 min is late for its 10 minutes even though the whole order made B's hour.
    const firstLate = orderFacts(
      { ...base, deliveringNumber: 3, orderDeliveryList: [{ createTime: at(15), deliveringNumber: 3 }] },
      DEFAULT_DEADLINE_RULES,
    );
    expect(firstLate).toMatchObject({ leadMs: 15 * MIN, late: 1 });
    const wholeOrder = deadlineRulesSchema.parse({ partialDelivery: 'whole-order' });
    expect(
      orderFacts(
        { ...base, deliveringNumber: 3, orderDeliveryList: [{ createTime: at(8), deliveringNumber: 3 }] },
        wholeOrder,
      ),
    ).toMatchObject({ late: 0, requiredMs: 10 * MIN });
  });

  it('no pay time: no lead, no lateness; signed for with short records: done at the last record', () => {
    const unpaid = orderFacts(
      { ...base, payTime: null, deliveringNumber: 3, orderDeliveryList: [{ createTime: at(5), deliveringNumber: 3 }] },
      DEFAULT_DEADLINE_RULES,
    );
    expect(unpaid).toMatchObject({ payMs: 0, leadMs: null, late: null });
    const signed = orderFacts(
      {
        ...base,
        orderDeliveryStatus: 2,
        deliveringNumber: 1,
        orderDeliveryList: [{ createTime: at(30), deliveringNumber: 1 }],
      },
      DEFAULT_DEADLINE_RULES,
    );
    // The one record (30 min) covers A, whose 10 minutes it missed.
    expect(signed).toMatchObject({ leadMs: 30 * MIN, late: 1 });
  });

  it('an order without a price uses its items’ totals; lines of one SKU are merged', () => {
    const f = orderFacts(
      {
        ...base,
        originalCurrencyProductPrice: null,
        orderItems: [
          { productSpuId: 'A', productSkuId: 'a', quantity: 1, originalCurrencyProductTotalPrice: '1.50' },
          { productSpuId: 'A', productSkuId: 'a', quantity: 2, originalCurrencyProductUnitPrice: '0.25' },
          { productSpuId: 'A', productSkuId: 'z', quantity: 1, originalCurrencyProductTotalPrice: '3' },
        ],
      },
      DEFAULT_DEADLINE_RULES,
    );
    expect(f.amountMicro).toBe(5_000_000);
    expect(f.items.map((i) => [i.skuKey, i.units, i.amountMicro, i.firstOfProduct])).toEqual([
      ['a', 3, 2_000_000, 1],
      ['z', 1, 3_000_000, 0],
    ]);
  });
});
