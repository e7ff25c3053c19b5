// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseHash } from '../../router';
import { useAttentionStore, type AttentionQueue } from '../../stores/attentionStore';
import { AttentionScreen } from './AttentionScreen';

const MIN = 60_000;

function queue(nowMs: number): AttentionQueue {
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    asOf: iso(nowMs),
    counts: { refunds: 1, overdue: 1, dueSoon: 1, exceptions: 1, disputes: 0, total: 4 },
    rows: [
      {
        kind: 'refund',
        orderId: '1',
        orderNum: 'SO-1',
        reason: 'After-sales request awaiting your decision',
        since: iso(nowMs - 3 * 24 * 60 * MIN),
        dueAt: null,
        detail: 'Awaiting seller review (1)',
      },
      {
        kind: 'overdue',
        orderId: '2',
        orderNum: 'SO-2',
        reason: 'Delivery overdue',
        since: null,
        dueAt: iso(nowMs - 12 * MIN - 10_000),
        detail: 'Netflix gift card — delivery time 10 min',
      },
      {
        kind: 'due-soon',
        orderId: '3',
        orderNum: null,
        reason: 'Delivery due soon',
        since: null,
        dueAt: iso(nowMs + 7 * MIN + 30_000),
        detail: 'Valorant Points — delivery time 10 min',
      },
      {
        kind: 'exception',
        orderId: '4',
        orderNum: 'SO-4',
        reason: 'Delivery exception',
        since: iso(nowMs - 60 * MIN),
        dueAt: null,
        detail: 'E102: account region does not match',
      },
    ],
    nextChangeAt: iso(nowMs + 7 * MIN + 30_000),
  };
}

describe('the attention screen', () => {
  beforeEach(() => {
    window.location.hash = '#/attention';
    useAttentionStore.setState({
      queue: { status: 'ready', data: queue(Date.now()), error: null },
      selectedKey: null,
    });
  });
  afterEach(cleanup);

  it('says what needs the merchant and why, with the counts per kind', () => {
    render(<AttentionScreen route={parseHash('#/attention')} />);
    expect(screen.getByText('Needs attention: 4 — 1 refund, 1 overdue, 1 due soon, 1 exception')).toBeTruthy();
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringMatching(/^Refund.*SO-1.*awaiting your decision.*since/),
      expect.stringMatching(/^Overdue.*SO-2.*overdue by 12 min · due /),
      expect.stringMatching(/^Due soon.*3.*due in 8 min · due /),
      expect.stringMatching(/^Exception.*SO-4.*E102: account region does not match/),
    ]);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
  });

  it('moves with ↓/j/k and opens the selected order with Enter', async () => {
    const user = userEvent.setup();
    render(<AttentionScreen route={parseHash('#/attention')} />);
    const list = screen.getByRole('listbox', { name: 'Orders needing attention' });
    act(() => list.focus());
    await user.keyboard('{ArrowDown}j{ArrowDown}k');
    expect(screen.getAllByRole('option')[2]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(window.location.hash).toBe('#/order/3');
    expect(useAttentionStore.getState().selectedKey).toBe('due-soon:3');
  });

  it('keeps the selection on an order that moved from due soon to overdue', () => {
    render(<AttentionScreen route={parseHash('#/attention')} />);
    act(() => useAttentionStore.getState().select('due-soon:3'));
    const data = queue(Date.now());
    const moved = data.rows.map((r) => (r.orderId === '3' ? { ...r, kind: 'overdue' as const } : r));
    act(() => useAttentionStore.setState({ queue: { status: 'ready', data: { ...data, rows: moved }, error: null } }));
    const selected = screen.getAllByRole('option').find((o) => o.getAttribute('aria-selected') === 'true');
    expect(selected?.textContent).toMatch(/^Overdue.*3/);
  });
});
