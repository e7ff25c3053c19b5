// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseHash } from '../../router';
import { useAfterSalesStore } from '../../stores/afterSalesStore';
import { useAttentionStore, type AttentionQueue } from '../../stores/attentionStore';
import { useChangesStore } from '../../stores/changesStore';
import type { IpcOrder } from '../../stores/orderFacts';
import { useProfilesStore } from '../../stores/profilesStore';
import type { IpcResponse } from '../../../shared/ipc/contract';
import { installFakeBridge, type FakeBridge } from '../../testing/fakeBridge';
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

/** The cached orders of the queue: order 1 awaits a refund decision, the others have no after-sales request. */
const cached = (id: string): IpcOrder =>
  id === '1'
    ? {
        id: '1',
        orderNum: 'SO-1',
        buyerName: 'Anna Müller',
        originalCurrencyProductPrice: '12.99',
        originalCurrencyCode: 'EUR',
        afterSalesLearned: { status: 1, learnedAtMs: 1 },
        isExistAfterSales: true,
      }
    : { id, orderNum: `SO-${id}`, afterSalesLearned: { status: 0, learnedAtMs: 1 }, isExistAfterSales: false };

describe('the attention screen', () => {
  beforeEach(() => {
    installFakeBridge({ 'orders:get': ({ id }) => ({ ok: true, data: { order: cached(id) } }) });
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

  it('a cache past the quick counts\' cap: "10,000+" and "more not listed" until the exact counts follow', () => {
    const quick = queue(Date.now());
    const capped: AttentionQueue = {
      ...quick,
      counts: { refunds: 10_000, overdue: 10_000, dueSoon: 1, exceptions: 1, disputes: 0, total: 10_000 },
      countsAtLeast: ['refunds', 'overdue', 'total'],
    };
    useAttentionStore.setState({ queue: { status: 'ready', data: capped, error: null } });
    render(<AttentionScreen route={parseHash('#/attention')} />);
    expect(
      screen.getByText('Needs attention: 10,000+ — 10,000+ refunds, 10,000+ overdue, 1 due soon, 1 exception'),
    ).toBeTruthy();
    expect(screen.getByText('More not listed here: each kind shows its first 50.')).toBeTruthy();
    // The exact counts arrive: the numbers as they are, and how many are left off.
    const exact = { refunds: 99_406, overdue: 88_529, dueSoon: 1, exceptions: 1, disputes: 0, total: 160_003 };
    act(() =>
      useAttentionStore.setState({ queue: { status: 'ready', data: { ...quick, counts: exact }, error: null } }),
    );
    expect(
      screen.getByText('Needs attention: 160,003 — 99,406 refunds, 88,529 overdue, 1 due soon, 1 exception'),
    ).toBeTruthy();
    const leftOff = screen.getByText('159,999 more not listed here: each kind shows its first 50.');
    // Above the list (a line after it was drawn over the list's last rows when the window is full).
    const list = screen.getByRole('listbox', { name: 'Orders needing attention' });
    expect(leftOff.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
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

describe('deciding a refund request from its row', () => {
  let bridge: FakeBridge;
  let platform: IpcOrder;
  const calls = (channel: string) => bridge.calls.filter(([c]) => c === channel);

  beforeEach(() => {
    window.location.hash = '#/attention';
    platform = cached('1');
    bridge = installFakeBridge({
      'orders:get': ({ id }) => ({ ok: true, data: { order: id === '1' ? platform : cached(id) } }),
      'orders:refresh': ({ id }) => ({
        ok: true,
        data: { order: id === '1' ? platform : cached(id), cached: true, changes: 0 },
      }),
      // "Check again" settles the journal through the after-sales filter first (the core's afterSales:check).
      'afterSales:check': ({ orderId }) => ({
        ok: true,
        data: {
          orderId,
          review:
            (platform.afterSalesLearned as { status: number } | undefined)?.status === 1 ? 'awaiting' : 'not-awaiting',
          settled: null,
        },
      }),
      'afterSales:decide': (d) => {
        platform = { ...platform, afterSalesLearned: { status: d.isApproved ? 2 : 3, learnedAtMs: 1 } };
        return {
          ok: true,
          data: { orderId: d.orderId, approved: d.isApproved, order: platform, refetchError: null, cached: true },
        };
      },
    });
    useAfterSalesStore.setState({ decisions: {}, decidedHere: [] });
    const profile = {
      id: 'p',
      statusLabels: {
        order: {},
        afterSales: { '1': 'Awaiting seller review', '2': 'Refund approved', '3': 'Refund rejected' },
      },
    };
    useProfilesStore.setState({
      list: {
        status: 'ready',
        data: { activeProfileId: 'p', profiles: [profile as never], tokenProblem: null },
        error: null,
      },
    });
    useAttentionStore.setState({ queue: { status: 'ready', data: queue(Date.now()), error: null }, selectedKey: null });
  });
  afterEach(cleanup);

  it('a on a refund row asks the inbox’s question, checks the order on the platform, then sends it once', async () => {
    const user = userEvent.setup();
    render(<AttentionScreen route={parseHash('#/attention')} />);
    await screen.findByRole('button', { name: 'Approve refund…' });
    act(() => screen.getByRole('listbox').focus());
    await user.keyboard('a');
    screen.getByRole('dialog', { name: 'Refund 12.99 EUR to Anna Müller?' });
    await user.keyboard('{Enter}');
    await screen.findByText('Refund approved — as reported by the platform');
    expect(bridge.calls.filter(([c]) => c === 'orders:refresh' || c === 'afterSales:decide')).toEqual([
      ['orders:refresh', { id: '1' }],
      ['afterSales:decide', { orderId: '1', isApproved: true }],
    ]);
    // The decision took the order out of the queue: its outcome stays in view until the merchant moves on.
    const rest = queue(Date.now());
    act(() => {
      useAttentionStore.setState({
        queue: { status: 'ready', data: { ...rest, rows: rest.rows.slice(1) }, error: null },
      });
      useChangesStore.getState().apply({ profileId: 'p', events: [] });
    });
    await waitFor(() => expect(screen.getByText('Refund approved — as reported by the platform')).toBeTruthy());
    expect(calls('afterSales:decide')).toHaveLength(1);
  });

  it('r opens the reject form; a row that is no refund has no decision and ignores a and r', async () => {
    const user = userEvent.setup();
    render(<AttentionScreen route={parseHash('#/attention')} />);
    await screen.findByRole('button', { name: 'Reject refund…' });
    act(() => screen.getByRole('listbox').focus());
    await user.keyboard('r');
    expect(screen.getByRole('form')).toBeTruthy();
    await user.keyboard('{Escape}');
    act(() => screen.getByRole('listbox').focus());
    await user.keyboard('j');
    await screen.findByText('Enter opens the order.');
    await user.keyboard('ar');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve refund…' })).toBeNull();
    expect(calls('orders:refresh')).toEqual([]);
  });

  it('a second Enter while the decision is on its way neither sends again nor leaves for the order', async () => {
    let answer: (value: IpcResponse<'afterSales:decide'>) => void = () => {};
    bridge.answer('afterSales:decide', () => new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    render(<AttentionScreen route={parseHash('#/attention')} />);
    await screen.findByRole('button', { name: 'Approve refund…' });
    act(() => screen.getByRole('listbox').focus());
    await user.keyboard('a');
    await user.keyboard('{Enter}');
    await screen.findByText('Sending the approval…');
    act(() => screen.getByRole('listbox').focus());
    await user.keyboard('{Enter}');
    expect(window.location.hash).toBe('#/attention');
    expect(calls('afterSales:decide')).toHaveLength(1);
    answer({ ok: false, error: { kind: 'platform', code: '20002', message: 'No request awaiting review.' } });
    await screen.findByText(/refused the approval/);
  });

  it('an unknown outcome is shown as such, and Check again fetches the order without sending again', async () => {
    bridge.answer('afterSales:decide', () => ({
      ok: false,
      error: { kind: 'outcome-unknown', message: 'No answer from the platform within 30 s.' },
    }));
    const user = userEvent.setup();
    render(<AttentionScreen route={parseHash('#/attention')} />);
    await user.click(await screen.findByRole('button', { name: 'Approve refund…' }));
    await user.click(screen.getByRole('button', { name: 'Approve refund' }));
    await screen.findByText(/Outcome unknown/);
    platform = { ...platform, afterSalesLearned: { status: 2, learnedAtMs: 1 } };
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByText(/Found on checking again; nothing was sent again/);
    expect(calls('afterSales:decide')).toHaveLength(1);
    expect(calls('afterSales:check')).toHaveLength(1);
    expect(calls('orders:refresh')).toHaveLength(2);
  });
});
