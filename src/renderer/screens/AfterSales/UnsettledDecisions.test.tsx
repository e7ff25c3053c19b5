// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAfterSalesStore } from '../../stores/afterSalesStore';
import { installFakeBridge } from '../../testing/fakeBridge';
import { UnsettledDecisions } from './UnsettledDecisions';

afterEach(cleanup);

const sentAt = '2026-03-10T14:02:00.000Z';
const entry = {
  attemptId: 'a1',
  orderId: '42',
  approved: true,
  reason: null,
  imageUrls: [],
  sentAt,
  actor: 'app (alice)',
  state: 'pending' as const,
  settledAt: null,
  settledBy: null,
};

describe('decisions whose outcome is unknown (the journal’s unsettled rows)', () => {
  it('say "Outcome unknown — sent at HH:MM"; "Check again" asks the filter (afterSales:check), never decides', async () => {
    const bridge = installFakeBridge({
      'afterSales:check': ({ orderId }) => ({
        ok: false,
        error: { kind: 'network', message: `Could not check order ${orderId}: connection refused` },
      }),
    });
    useAfterSalesStore.setState({ checkErrors: {} });
    render(<UnsettledDecisions entries={[entry]} />);
    const hhmm = new Date(sentAt).toTimeString().slice(0, 5);
    expect(screen.getByTestId('unsettled-decision').textContent).toContain(
      `Order 42: Outcome unknown — approval sent at ${hhmm} by app (alice).`,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Check again: order 42' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/Could not check order 42/));
    expect(bridge.calls.map(([c]) => c)).toContain('afterSales:check');
    expect(bridge.calls.map(([c]) => c)).not.toContain('afterSales:decide');
  });
});
