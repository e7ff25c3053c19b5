// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAfterSalesStore } from '../../stores/afterSalesStore';
import { installFakeBridge } from '../../testing/fakeBridge';
import { AttentionList } from '../Attention/AttentionList';
import { OrderJournal } from '../OrderDetail/OrderJournal';
import { AfterSalesChip } from './AfterSalesChip';
import { journalLineText } from './journalLine';

/**
 * The decision journal where a merchant looks: the order page's "Outcome unknown — sent at HH:MM" with Check again,
 * Needs attention's unsettled row with Check again, who decided a decided request; the inbox chip of a request the
 * filter lists as awaiting.
 */
afterEach(cleanup);

const sentAt = '2026-03-10T14:02:00.000Z';
const hhmm = new Date(sentAt).toTimeString().slice(0, 5);
const entry = (state: 'pending' | 'applied', approved = true) => ({
  attemptId: 'a1',
  orderId: '42',
  approved,
  reason: approved ? null : 'Used',
  imageUrls: [],
  sentAt,
  actor: 'app (alice)',
  state,
  settledAt: state === 'pending' ? null : sentAt,
  settledBy: state === 'pending' ? null : 'answer',
});

describe('the decision journal on the order page', () => {
  it('says "Outcome unknown — sent at HH:MM"; Check again asks the filter, and the line follows the settled row', async () => {
    let settled = false;
    const bridge = installFakeBridge({
      'afterSales:status': ({ orderId }) => ({
        ok: true,
        data: settled
          ? { orderId, unsettled: null, entries: [entry('applied')] }
          : { orderId, unsettled: entry('pending'), entries: [entry('pending')] },
      }),
      'afterSales:check': ({ orderId }) => {
        settled = true;
        return { ok: true, data: { orderId, review: 'not-awaiting', settled: entry('applied') } };
      },
      'afterSales:journal': () => ({ ok: true, data: { recent: [], unsettled: [] } }),
      'orders:queryPage': () => ({ ok: true, data: { list: [], nextCursor: null, afterSalesStatusUnknown: false } }),
      'orders:count': () => ({ ok: true, data: { count: 0 } }),
    });
    useAfterSalesStore.setState({ checkErrors: {} });
    render(<OrderJournal orderId="42" />);
    const line = await screen.findByTestId('order-journal');
    expect(line.textContent).toContain(`Outcome unknown — approval sent at ${hhmm} by app (alice).`);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() =>
      expect(screen.getByTestId('order-journal').textContent).toContain(
        `Approved from this app at ${hhmm} by app (alice).`,
      ),
    );
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
    // A read of the filter, never a decision.
    expect(bridge.calls.map(([c]) => c)).not.toContain('afterSales:decide');
    expect(bridge.calls.filter(([c]) => c === 'afterSales:check')).toHaveLength(1);
  });

  it('shows nothing for an order never decided here', async () => {
    installFakeBridge({
      'afterSales:status': ({ orderId }) => ({ ok: true, data: { orderId, unsettled: null, entries: [] } }),
    });
    render(<OrderJournal orderId="7" />);
    await act(async () => {});
    expect(screen.queryByTestId('order-journal')).toBeNull();
  });

  it('says who decided what, when, for decided rows too', () => {
    expect(journalLineText(entry('applied', false))).toBe(`Rejected from this app at ${hhmm} by app (alice).`);
  });
});

describe('Needs attention’s unsettled row', () => {
  it('has Check again, which asks the filter and reads the queue again without opening the order', async () => {
    const bridge = installFakeBridge({
      'afterSales:check': ({ orderId }) => ({ ok: true, data: { orderId, review: 'not-awaiting', settled: null } }),
      'afterSales:journal': () => ({ ok: true, data: { recent: [], unsettled: [] } }),
      'orders:queryPage': () => ({ ok: true, data: { list: [], nextCursor: null, afterSalesStatusUnknown: false } }),
      'orders:count': () => ({ ok: true, data: { count: 0 } }),
      'orders:attention': () => ({
        ok: true,
        data: {
          asOf: sentAt,
          counts: { refunds: 0, overdue: 0, dueSoon: 0, exceptions: 0, disputes: 0, total: 0 },
          rows: [],
          nextChangeAt: null,
        },
      }),
    });
    useAfterSalesStore.setState({ checkErrors: {} });
    const opened: string[] = [];
    const row = (unsettled: boolean) => ({
      kind: 'refund' as const,
      orderId: unsettled ? '42' : '43',
      orderNum: unsettled ? 'SO-42' : 'SO-43',
      reason: unsettled ? `Outcome unknown — approval sent at ${hhmm}; check it before deciding again` : 'Refund',
      since: sentAt,
      dueAt: null,
      detail: '',
      ...(unsettled ? { unsettled: true as const } : {}),
    });
    render(
      <AttentionList
        rows={[row(true), row(false)]}
        asOf={sentAt}
        selectedKey={null}
        listRef={() => {}}
        onOpen={(r) => opened.push(r.orderId)}
      />,
    );
    // One button, on the unsettled row only.
    expect(screen.getAllByRole('button', { name: /Check again/ })).toHaveLength(1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Check again: order 42' }));
    await waitFor(() => expect(bridge.calls.map(([c]) => c)).toContain('orders:attention'));
    expect(bridge.calls.find(([c]) => c === 'afterSales:check')?.[1]).toEqual({ orderId: '42' });
    expect(opened).toEqual([]);
    expect(bridge.calls.map(([c]) => c)).not.toContain('afterSales:decide');
  });
});

describe('the inbox chip', () => {
  it('says awaiting for a request the filter lists as awaiting, with the label when the value is known', () => {
    render(
      <>
        <AfterSalesChip status={1} review="awaiting" labels={{ '1': 'Awaiting seller review' }} />
        <AfterSalesChip status={null} review="awaiting" />
        <AfterSalesChip status={null} review="not-awaiting" />
      </>,
    );
    // A badge (tone + icon, one line): the label shown, its code on hover.
    const labelled = screen.getByText('Awaiting seller review').closest('.badge');
    expect(labelled?.className).toContain('badge-attention');
    expect(labelled?.getAttribute('title')).toBe('Awaiting seller review (1)');
    expect(screen.getByText('Awaiting review').closest('.badge')?.className).toContain('badge-attention');
    expect(screen.getByText('Decided').closest('.badge')?.className).toContain('badge-neutral');
    expect(screen.queryByText('—')).toBeNull();
  });
});
