// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAfterSalesStore } from '../../stores/afterSalesStore';
import type { IpcOrder } from '../../stores/orderFacts';
import { useProfilesStore } from '../../stores/profilesStore';
import { installFakeBridge, type FakeBridge } from '../../testing/fakeBridge';
import { DecisionActions } from './DecisionActions';

const order: IpcOrder = {
  id: '42',
  orderNum: 'SO-42',
  buyerName: 'Anna Müller',
  originalCurrencyProductPrice: '12.99',
  originalCurrencyCode: 'EUR',
  afterSalesLearned: { status: 1, learnedAtMs: 1 },
  isExistAfterSales: true,
};

describe('<DecisionActions>', () => {
  let bridge: FakeBridge;

  beforeEach(() => {
    bridge = installFakeBridge({
      'orders:refresh': () => ({ ok: true, data: { order, cached: true, changes: 0 } }),
      'afterSales:decide': (d) => ({
        ok: true,
        data: {
          orderId: d.orderId,
          approved: d.isApproved,
          order: { ...order, afterSalesLearned: { status: d.isApproved ? 2 : 3, learnedAtMs: 1 } },
          refetchError: null,
          cached: true,
        },
      }),
    });
    useAfterSalesStore.setState({ decisions: {}, decidedHere: [] });
    // The active profile's labels name the status the platform reports after the decision.
    const profile = {
      id: 'p',
      statusLabels: { order: {}, afterSales: { '2': 'Refund approved', '3': 'Refund rejected' } },
    };
    useProfilesStore.setState({
      list: {
        status: 'ready',
        data: { activeProfileId: 'p', profiles: [profile as never], tokenProblem: null },
        error: null,
      },
    });
  });
  afterEach(cleanup);

  const decisions = () => bridge.calls.filter(([c]) => c === 'afterSales:decide');

  it('asks one question naming the amount and buyer; Esc cancels and gives the focus back, Tab stays inside', async () => {
    const user = userEvent.setup();
    render(<DecisionActions order={order} />);
    const approve = screen.getByRole('button', { name: 'Approve refund…' });
    await user.click(approve);
    const dialog = screen.getByRole('dialog', { name: 'Refund 12.99 EUR to Anna Müller?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const confirm = screen.getByRole('button', { name: 'Approve refund' });
    expect(document.activeElement).toBe(confirm);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.tab();
    expect(document.activeElement).toBe(confirm);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(approve);
    expect(decisions()).toEqual([]);
  });

  it('Enter confirms, and a second Enter sends nothing more', async () => {
    const user = userEvent.setup();
    render(<DecisionActions order={order} />);
    await user.click(screen.getByRole('button', { name: 'Approve refund…' }));
    await user.keyboard('{Enter}{Enter}');
    await screen.findByText('Refund approved — as reported by the platform', undefined, { timeout: 1000 });
    expect(decisions()).toEqual([['afterSales:decide', { orderId: '42', isApproved: true }]]);
  });

  it('refuses a blank reason and sends a rejection with the trimmed reason and the images in their order', async () => {
    const user = userEvent.setup();
    render(<DecisionActions order={order} />);
    await user.click(screen.getByRole('button', { name: 'Reject refund…' }));
    const reason = screen.getByLabelText('Reason (required)');
    expect(document.activeElement).toBe(reason);
    await user.type(reason, '   ');
    await user.click(screen.getByRole('button', { name: 'Reject refund' }));
    expect(screen.getByText(/Give a reason/)).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(decisions()).toEqual([]);

    await user.type(reason, 'Used ');
    const url = screen.getByLabelText('Evidence image URL');
    await user.type(url, 'http://x.example/a.png');
    expect(screen.getByText(/Only https/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add image' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(url);
    await user.type(url, 'https://x.example/a.png{Enter}');
    await user.type(url, 'https://x.example/b.png{Enter}');
    await user.click(screen.getByRole('button', { name: 'Move image 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Reject refund' }));
    await screen.findByText('Refund rejected — as reported by the platform', undefined, { timeout: 1000 });
    expect(decisions()).toEqual([
      [
        'afterSales:decide',
        {
          orderId: '42',
          isApproved: false,
          rejectDescription: 'Used',
          rejectImageUrls: ['https://x.example/b.png', 'https://x.example/a.png'],
        },
      ],
    ]);
  });
});
