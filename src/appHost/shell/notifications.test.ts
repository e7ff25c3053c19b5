import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../core/sync/changeEvents';
import { notificationsSchema } from '../../core/profiles/profileSchema';
import { notificationsFor, type NotifyContext } from './notifications';

const NOW = Date.UTC(2026, 0, 31, 10, 0);
const base = (orderId: string) => ({ orderId, orderNum: `N${orderId}`, atMs: NOW });
const newOrder = (id: string): ChangeEvent => ({
  ...base(id),
  type: 'new-order',
  orderStatus: 1,
  buyerName: 'Ann Buyer',
  createTime: null,
});
const statusChanged = (id: string): ChangeEvent => ({ ...base(id), type: 'order-status-changed', from: 1, to: 2 });
const refund = (id: string): ChangeEvent => ({ ...base(id), type: 'after-sales-opened', status: 1 });
const refundChanged = (id: string): ChangeEvent => ({
  ...base(id),
  type: 'after-sales-changed',
  from: { exists: true, status: 1 },
  to: { exists: true, status: 2 },
});
const dispute = (id: string): ChangeEvent => ({ ...base(id), type: 'dispute-opened' });
const delivery = (id: string, exception: boolean): ChangeEvent => ({
  ...base(id),
  type: 'delivery-status-changed',
  from: { status: 0, exception: false },
  to: { status: 1, exception },
});

const ctx = (over: Partial<NotifyContext> = {}): NotifyContext => ({
  settings: notificationsSchema.parse({}),
  nowMs: NOW,
  doNotDisturbUntilMs: null,
  baselineSync: false,
  ...over,
});

describe('notificationsFor', () => {
  it('gives one notification per order when up to 3 orders changed, after-sales first, each opening its order', () => {
    const out = notificationsFor([newOrder('1'), statusChanged('2'), refund('3')], ctx());
    expect(out).toEqual([
      { title: 'Refund request', body: 'Order N3', target: { screen: 'orders', orderId: '3' } },
      { title: 'New order', body: 'Order N1', target: { screen: 'orders', orderId: '1' } },
      { title: 'Order status changed', body: 'Order N2', target: { screen: 'orders', orderId: '2' } },
    ]);
  });

  it('folds several events of one order into one notification led by the most urgent', () => {
    const out = notificationsFor([statusChanged('7'), delivery('7', true), refundChanged('7')], ctx());
    expect(out).toEqual([
      {
        title: 'Refund request updated',
        body: 'Order N7 · Delivery exception · Order status changed',
        target: { screen: 'orders', orderId: '7' },
      },
    ]);
  });

  it('names the order by id when it has no order number', () => {
    const out = notificationsFor([{ ...dispute('42'), orderNum: null }], ctx());
    expect(out).toEqual([{ title: 'Dispute opened', body: 'Order 42', target: { screen: 'orders', orderId: '42' } }]);
  });

  it('summarises more than 3 changed orders in one notification that opens the after-sales inbox', () => {
    const events = [
      ...Array.from({ length: 10 }, (_, i) => newOrder(String(100 + i))),
      refund('1'),
      statusChanged('1'),
      refundChanged('2'),
    ];
    expect(notificationsFor(events, ctx())).toEqual([
      {
        title: 'Merchant Desk',
        body: '12 orders changed · 2 refund requests',
        target: { screen: 'after-sales', orderId: null },
      },
    ]);
  });

  it('summarises a burst without after-sales as orders changed, opening the orders list', () => {
    const events = ['1', '2', '3', '4'].map(statusChanged);
    expect(notificationsFor(events, ctx())).toEqual([
      { title: 'Merchant Desk', body: '4 orders changed', target: { screen: 'orders', orderId: null } },
    ]);
    expect(notificationsFor([...events, refund('5')], ctx())[0]?.body).toBe('5 orders changed · 1 refund request');
  });

  it('a burst with a dispute or a new delivery exception but no refund request opens the attention list', () => {
    const events = ['1', '2', '3'].map(statusChanged);
    expect(notificationsFor([...events, dispute('4')], ctx())[0]?.target).toEqual({
      screen: 'attention',
      orderId: null,
    });
    expect(notificationsFor([...events, delivery('4', true)], ctx())[0]?.target).toEqual({
      screen: 'attention',
      orderId: null,
    });
    expect(notificationsFor([...events, delivery('4', false)], ctx())[0]?.target).toEqual({
      screen: 'orders',
      orderId: null,
    });
    expect(notificationsFor([...events, dispute('4'), refund('5')], ctx())[0]?.target).toEqual({
      screen: 'after-sales',
      orderId: null,
    });
  });

  it('shows nothing for the first full sync or a rebuild', () => {
    expect(notificationsFor([refund('1'), newOrder('2')], ctx({ baselineSync: true }))).toEqual([]);
  });

  it('shows nothing while do-not-disturb lasts, and again once it has passed', () => {
    const events = [refund('1')];
    expect(notificationsFor(events, ctx({ doNotDisturbUntilMs: NOW + 1 }))).toEqual([]);
    expect(notificationsFor(events, ctx({ doNotDisturbUntilMs: NOW }))).toHaveLength(1);
    expect(notificationsFor(events, ctx({ doNotDisturbUntilMs: NOW - 60_000 }))).toHaveLength(1);
  });

  it.each([
    ['newOrder', newOrder('1')],
    ['statusChanged', statusChanged('1')],
    ['statusChanged', delivery('1', false)],
    ['deliveryError', delivery('1', true)],
    ['afterSales', refund('1')],
    ['afterSales', refundChanged('1')],
    ['dispute', dispute('1')],
  ] as const)('the %s setting turns off %j', (setting, event) => {
    expect(notificationsFor([event], ctx())).toHaveLength(1);
    const off = notificationsSchema.parse({ [setting]: false });
    expect(notificationsFor([event], ctx({ settings: off }))).toEqual([]);
  });

  it('counts only the orders whose events are switched on towards the summary', () => {
    const events = [...['1', '2', '3'].map(newOrder), refund('4'), statusChanged('5')];
    const noNewOrders = notificationsSchema.parse({ newOrder: false });
    expect(notificationsFor(events, ctx({ settings: noNewOrders })).map((n) => n.target)).toEqual([
      { screen: 'orders', orderId: '4' },
      { screen: 'orders', orderId: '5' },
    ]);
  });

  it('never puts the buyer name in a notification (it shows on the lock screen)', () => {
    const out = notificationsFor([newOrder('1')], ctx());
    expect(JSON.stringify(out)).not.toContain('Ann Buyer');
  });

  it('gives nothing for no events', () => {
    expect(notificationsFor([], ctx())).toEqual([]);
  });
});
