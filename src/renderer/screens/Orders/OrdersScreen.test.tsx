// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseHash } from '../../router';
import { useOrdersStore } from '../../stores/ordersStore';
import { installFakeBridge, type FakeBridge } from '../../testing/fakeBridge';
import { OrdersScreen } from './OrdersScreen';
import { TYPING_DEBOUNCE_MS } from './TextFilter';

function renderAt(hash: string) {
  window.history.replaceState(null, '', hash);
  return render(<OrdersScreen route={parseHash(hash)} />);
}

describe('OrdersScreen', () => {
  let bridge: FakeBridge;

  beforeEach(() => {
    bridge = installFakeBridge({
      'orders:queryPage': (q) =>
        q.id === 'abc'
          ? {
              ok: false,
              error: {
                kind: 'invalid-request',
                message: 'Invalid request for "orders:queryPage"',
                issues: [{ path: 'id', message: 'order id must be a positive whole number (digits only)' }],
              },
            }
          : { ok: true, data: { list: [], nextCursor: null, afterSalesStatusUnknown: false } },
      'orders:count': () => ({ ok: true, data: { count: 0 } }),
    });
    useOrdersStore.getState().reset();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('follows typing after the debounce, replacing the history entry rather than adding one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderAt('#/orders');
    const before = window.history.length;
    const search = screen.getByLabelText('Search orders');
    fireEvent.change(search, { target: { value: 'mu' } });
    fireEvent.change(search, { target: { value: 'muller' } });
    act(() => vi.advanceTimersByTime(TYPING_DEBOUNCE_MS - 1));
    expect(window.location.hash).toBe('#/orders');
    act(() => vi.advanceTimersByTime(1));
    expect(window.location.hash).toBe('#/orders?q=muller');
    expect(window.history.length).toBe(before);
    expect(
      bridge.calls.filter(([c]) => c === 'orders:queryPage').map(([, r]) => (r as { search?: string }).search),
    ).not.toContain('mu');
  });

  it('shows the host’s problem at the field it names', async () => {
    renderAt('#/orders?id=abc');
    await act(async () => {
      await Promise.resolve();
    });
    const field = await screen.findByLabelText('Order ID');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('order id must be a positive whole number (digits only)')).toBeTruthy();
    expect(screen.getByText('Fix the marked filter to see orders.')).toBeTruthy();
  });

  it('shows the empty state of a filter that matches nothing', async () => {
    renderAt('#/orders?q=zzz');
    expect(await screen.findByText('No orders match these filters.')).toBeTruthy();
  });
});
