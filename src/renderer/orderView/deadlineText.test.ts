import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/domain/order';
import { DEFAULT_RULES } from '../../shared/due/rules';
import { deadlineView } from './deadlineText';

const paid = '2026-11-20T10:00:00.000Z';
const order = (over: Partial<Order> = {}): Order => ({
  id: '1',
  payTime: paid,
  createTime: paid,
  orderStatus: 2,
  orderDeliveryTotal: 1,
  deliveringNumber: 0,
  orderItems: [{ productSpuTitle: 'Key', quantity: 1, deliveryTime: 2, deliveryTimeUnit: 2 }],
  ...over,
});
const at = (iso: string) => Date.parse(iso);

describe('an order’s deadline on its page', () => {
  it('says overdue, due soon or due, with when and the rule used', () => {
    const overdue = deadlineView(order(), DEFAULT_RULES, at('2027-11-03T12:00:00Z'));
    expect(overdue).toMatchObject({ state: 'overdue', dueMs: at('2026-11-20T12:00:00Z') });
    expect(overdue.headline).toMatch(/^Overdue by 348 days/);
    expect(overdue.rule).toMatch(/^From payment \+ 2 h/);
    expect(overdue.rule).toMatch(/Due soon in its last 30 min/);
    expect(deadlineView(order(), DEFAULT_RULES, at('2026-11-20T11:45:00Z')).headline).toBe('Due soon: due in 15 min');
    expect(deadlineView(order(), DEFAULT_RULES, at('2026-11-20T10:30:00Z')).headline).toBe('Due in 1 h 30 min');
  });

  it('says why there is none: unpaid, delivered, closed', () => {
    expect(deadlineView(order({ payTime: null }), DEFAULT_RULES, 0).state).toBe('unpaid');
    expect(deadlineView(order({ deliveringNumber: 1 }), DEFAULT_RULES, 0).headline).toBe('Delivered: no deadline.');
    expect(deadlineView(order({ orderStatus: 5 }), DEFAULT_RULES, 0).headline).toBe(
      'No deadline: the order is closed.',
    );
  });
});
