import { describe, expect, it } from 'vitest';
import type { Order, OrderItem } from '../../shared/domain/order';
import { DEFAULT_DEADLINE_RULES, DEFAULT_DUE_SOON_RULE, deadlineRulesSchema } from './deadlineRules';
import { isDelivered, itemAllowedMs, orderDeadline } from './deliveryDeadline';
import { dueState } from './dueState';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const PAID = '2026-03-10T08:00:00.000Z';
const paidMs = Date.parse(PAID);

const item = (deliveryTime: number, deliveryTimeUnit: number, quantity = 1): OrderItem => ({
  deliveryTime,
  deliveryTimeUnit,
  quantity,
});

function order(items: OrderItem[], fields: Partial<Order> = {}): Order {
  return {
    id: '1',
    createTime: '2026-03-10T07:50:00.000Z',
    payTime: PAID,
    orderStatus: 2,
    orderDeliveryStatus: 0,
    orderItems: items,
    orderDeliveryTotal: items.reduce((n, i) => n + (i.quantity ?? 1), 0),
    deliveringNumber: 0,
    ...fields,
  };
}

const due = (o: Order, rules = DEFAULT_DEADLINE_RULES) => orderDeadline(o, rules);

describe('required delivery time of an item', () => {
  it('reads days, hours and minutes; a day is 24 hours', () => {
    expect(itemAllowedMs(item(1, 1))).toBe(DAY);
    expect(itemAllowedMs(item(2, 2))).toBe(2 * HOUR);
    expect(itemAllowedMs(item(3, 3))).toBe(3 * MIN);
  });

  it('has none for an unknown unit, a missing or non-positive time', () => {
    expect(itemAllowedMs(item(1, 4))).toBeUndefined();
    expect(itemAllowedMs(item(0, 3))).toBeUndefined();
    expect(itemAllowedMs(item(-5, 3))).toBeUndefined();
    expect(itemAllowedMs({ deliveryTimeUnit: 3 })).toBeUndefined();
    expect(itemAllowedMs({ deliveryTime: 5, deliveryTimeUnit: null })).toBeUndefined();
  });
});

describe('the deadline of an order', () => {
  it('is the payment time plus the shortest delivery time among its items', () => {
    expect(due(order([item(1, 1), item(2, 2), item(90, 3)]))).toEqual({
      kind: 'due',
      dueMs: paidMs + 90 * MIN,
      allowedMs: 90 * MIN,
    });
  });

  it('an unpaid order is not due, whatever its items', () => {
    const unpaid = order([item(5, 3)], { payTime: null });
    expect(due(unpaid)).toEqual({ kind: 'unpaid' });
    expect(dueState(due(unpaid), paidMs + DAY, DEFAULT_DUE_SOON_RULE)).toBe('not-due');
    expect(due(order([item(5, 3)], { payTime: 'not a time' }))).toEqual({ kind: 'unpaid' });
  });

  it('partial delivery credits the most urgent items first (default)', () => {
    // 2 × 10 min and 1 × 3 h; 2 delivered: the 10-minute items are covered, the 3-hour one decides.
    const o = order([item(3, 2, 1), item(10, 3, 2)], { deliveringNumber: 2, orderDeliveryStatus: 1 });
    expect(due(o)).toMatchObject({ dueMs: paidMs + 3 * HOUR });
    // 1 delivered: a 10-minute unit is still missing.
    expect(due({ ...o, deliveringNumber: 1 })).toMatchObject({ dueMs: paidMs + 10 * MIN });
  });

  it('partial delivery gives no credit under whole-order', () => {
    const rules = deadlineRulesSchema.parse({ partialDelivery: 'whole-order' });
    const o = order([item(3, 2, 1), item(10, 3, 2)], { deliveringNumber: 2 });
    expect(due(o, rules)).toMatchObject({ dueMs: paidMs + 10 * MIN });
  });

  it('is delivered when the delivered count reaches the total, or the buyer signed', () => {
    const o = order([item(10, 3, 2)]);
    expect(due({ ...o, deliveringNumber: 2 })).toEqual({ kind: 'delivered' });
    expect(due({ ...o, orderDeliveryStatus: 2 })).toEqual({ kind: 'delivered' });
    expect(due({ ...o, orderDeliveryStatus: 3 })).toEqual({ kind: 'delivered' });
    // "Shipped" with a part missing is not delivered.
    expect(isDelivered({ ...o, orderDeliveryStatus: 1, deliveringNumber: 1 })).toBe(false);
    // No total sent: the items' quantities are the total.
    expect(isDelivered({ ...o, orderDeliveryTotal: null, deliveringNumber: 2 })).toBe(true);
    expect(dueState(due({ ...o, deliveringNumber: 2 }), paidMs + DAY, DEFAULT_DUE_SOON_RULE)).toBe('delivered');
  });

  it('has no deadline when no item carries a delivery time, or the order is closed', () => {
    expect(due(order([{ quantity: 1 }]))).toEqual({ kind: 'none' });
    expect(due(order([item(5, 3)], { orderStatus: 5 }))).toEqual({ kind: 'none' });
    const rules = deadlineRulesSchema.parse({ closedOrderStatuses: [] });
    expect(due(order([item(5, 3)], { orderStatus: 5 }), rules)).toMatchObject({ kind: 'due' });
  });

  it('starts the clock at creation under clockStart "created"', () => {
    const rules = deadlineRulesSchema.parse({ clockStart: 'created' });
    expect(due(order([item(1, 2)]), rules)).toMatchObject({ dueMs: Date.parse('2026-03-10T08:50:00.000Z') });
  });
});

describe('time zones and daylight saving', () => {
  it('reads the platform time in any offset as the same instant', () => {
    const utc = due(order([item(2, 2)], { payTime: '2026-03-10T08:00:00.000Z' }));
    expect(due(order([item(2, 2)], { payTime: '2026-03-10T16:00:00+08:00' }))).toEqual(utc);
    expect(due(order([item(2, 2)], { payTime: '2026-03-10 03:00:00-0500' }))).toEqual(utc);
    // No zone: read as UTC, like every platform time.
    expect(due(order([item(2, 2)], { payTime: '2026-03-10 08:00:00' }))).toEqual(utc);
  });

  it('a one-day deadline across a DST change is 24 hours of elapsed time', () => {
    // Berlin springs forward on 2026-03-29: 01:30+01:00 plus one day is 02:30+02:00 (24 h), not 01:30+02:00 (23 h).
    const o = order([item(1, 1)], { payTime: '2026-03-29T01:30:00+01:00' });
    expect(due(o)).toMatchObject({ dueMs: Date.parse('2026-03-30T02:30:00+02:00') });
    // And back in autumn (2026-10-25): 02:30+02:00 plus one day is 01:30+01:00.
    const autumn = order([item(1, 1)], { payTime: '2026-10-25T02:30:00+02:00' });
    expect(due(autumn)).toMatchObject({ dueMs: Date.parse('2026-10-26T01:30:00+01:00') });
  });
});

describe('the shared defaults', () => {
  it('equal the schema’s labelled defaults (the renderer uses them with no profile)', async () => {
    const { DEFAULT_RULES } = await import('../../shared/due/rules');
    const { DEFAULT_DELIVERY_DEADLINE_SETTINGS } = await import('./deadlineRules');
    expect(DEFAULT_RULES).toEqual(DEFAULT_DELIVERY_DEADLINE_SETTINGS);
  });
});
