import { describe, expect, it } from 'vitest';
import { notificationActions } from './notificationActions';

describe('notification buttons', () => {
  it('an order: Open and Approve…, both only navigating to that order', () => {
    expect(notificationActions({ screen: 'orders', orderId: '42' })).toEqual([
      { text: 'Open', target: { screen: 'orders', orderId: '42' } },
      { text: 'Approve…', target: { screen: 'after-sales', orderId: '42' } },
    ]);
  });

  it('a summary has none (its click opens the list)', () => {
    expect(notificationActions({ screen: 'after-sales', orderId: null })).toEqual([]);
    expect(notificationActions({ screen: 'orders', orderId: null })).toEqual([]);
  });
});
