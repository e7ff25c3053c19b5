import { describe, expect, it } from 'vitest';
import type { IpcResponse } from '../../shared/ipc/contract';
import type { IpcError } from '../../shared/ipc/result';
import * as flow from './decisionFlow';
import type { IpcOrder } from './orderFacts';

const labels = {
  order: { '2': 'Paid', '6': 'Refunded' },
  afterSales: { '1': 'Awaiting seller review', '2': 'Refund approved', '3': 'Refund rejected' },
};
const order = (afterSales: number | null, extra: Record<string, unknown> = {}): IpcOrder => ({
  id: '42',
  orderNum: 'SO-42',
  orderStatus: 2,
  isExistAfterSales: true,
  ...(afterSales === null ? {} : { afterSalesLearned: { status: afterSales, learnedAtMs: 1 } }),
  ...extra,
});
const reject: flow.Decision = { orderId: '42', isApproved: false, rejectDescription: 'Used', rejectImageUrls: [] };
const approve: flow.Decision = { orderId: '42', isApproved: true };
const sendingOf = (decision: flow.Decision, shown = order(1)) =>
  ({ phase: 'sending', step: 'checking', decision, order: shown }) as const;

/** A fake platform side: what refresh answers (in turn) and what a decision answers; every call recorded. */
function fakeIo(refreshes: IpcResponse<'orders:refresh'>[], decided?: IpcResponse<'afterSales:decide'>) {
  const calls: string[] = [];
  const io: flow.DecisionIo = {
    refresh: async (id) => {
      calls.push(`refresh ${id}`);
      const next = refreshes.shift();
      if (!next) throw new Error('unexpected refresh');
      return next;
    },
    decide: async (d) => {
      calls.push(`decide ${d.orderId} ${d.isApproved ? 'approve' : 'reject'}`);
      if (!decided) throw new Error('unexpected decision');
      return decided;
    },
  };
  return { io, calls };
}
const refreshed = (o: IpcOrder): IpcResponse<'orders:refresh'> => ({
  ok: true,
  data: { order: o, cached: true, changes: 0 },
});
const failure = (error: IpcError) => ({ ok: false as const, error });

describe('the pre-check just before sending', () => {
  it('sends when the platform still shows the request awaiting a decision, and shows the re-fetched order', async () => {
    const after = order(3);
    const { io, calls } = fakeIo([refreshed(order(1))], {
      ok: true,
      data: { orderId: '42', approved: false, order: after, refetchError: null, cached: true },
    });
    const steps: flow.DecisionState[] = [];
    const final = await flow.runDecision(io, sendingOf(reject), labels, (s) => steps.push(s));
    expect(calls).toEqual(['refresh 42', 'decide 42 reject']);
    expect(steps.map((s) => s.phase === 'sending' && s.step)).toEqual(['sending']);
    expect(final).toEqual({ phase: 'decided', decision: reject, order: after, refetchError: null, via: 'sent' });
  });

  it('sends nothing when another client decided meanwhile, and says what changed', async () => {
    const { io, calls } = fakeIo([refreshed(order(2, { orderStatus: 6 }))]);
    const final = await flow.runDecision(io, sendingOf(approve), labels);
    expect(calls).toEqual(['refresh 42']);
    expect(final.phase).toBe('not-sent');
    expect(final.phase === 'not-sent' && final.changes).toEqual([
      { field: 'After-sales status', from: 'Awaiting seller review (1)', to: 'Refund approved (2)' },
      { field: 'Order status', from: 'Paid (2)', to: 'Refunded (6)' },
    ]);
  });

  it('sends nothing when the order cannot be fetched again (nothing is known about it now)', async () => {
    const down = {
      kind: 'network',
      message: 'The platform is not reachable.',
      action: 'Check the connection.',
    } as const;
    const { io, calls } = fakeIo([failure(down)]);
    const final = await flow.runDecision(io, sendingOf(approve), labels);
    expect(calls).toEqual(['refresh 42']);
    expect(final).toMatchObject({ phase: 'failed', stage: 'pre-check', error: down });
  });

  it('leaves a platform that sends no after-sales status to decide (an open request is sent)', async () => {
    const { io, calls } = fakeIo([refreshed(order(null))], failure({ kind: 'platform', code: '20002', message: 'x' }));
    const final = await flow.runDecision(io, sendingOf(approve, order(null)), labels);
    expect(calls).toEqual(['refresh 42', 'decide 42 approve']);
    expect(final).toMatchObject({ phase: 'failed', stage: 'send' });
  });
});

describe('an unknown outcome', () => {
  const timeout: IpcError = {
    kind: 'outcome-unknown',
    message: 'The rejection of order 42 may or may not have been applied (no answer within 3000 ms).',
    found: { kind: 'found', summary: 'after-sales status 3', order: order(3) },
  };

  it('is shown as unknown (never as success or failure) for every kind that may follow an applied decision', async () => {
    for (const kind of [
      'outcome-unknown',
      'host-restarted',
      'unavailable',
      'internal',
      'timeout',
      'protocol',
    ] as const) {
      const { io } = fakeIo([refreshed(order(1))], failure({ ...timeout, kind }));
      expect((await flow.runDecision(io, sendingOf(reject), labels)).phase).toBe('unknown');
    }
    for (const kind of ['platform', 'http', 'invalid-input', 'credentials', 'network'] as const) {
      const { io } = fakeIo([refreshed(order(1))], failure({ kind, message: 'refused' }));
      expect((await flow.runDecision(io, sendingOf(reject), labels)).phase).toBe('failed');
    }
  });

  it('"Check again" re-fetches and never resends: decided when the platform shows it decided', async () => {
    const { io, calls } = fakeIo([refreshed(order(1))], failure(timeout));
    const unknown = await flow.runDecision(io, sendingOf(reject), labels);
    expect(unknown).toMatchObject({ phase: 'unknown', error: timeout, checking: false, check: null });
    if (unknown.phase !== 'unknown') throw new Error('expected unknown');

    const again = fakeIo([refreshed(order(1)), refreshed(order(3))]);
    const still = await flow.checkAgain(again.io, unknown);
    expect(still).toMatchObject({ phase: 'unknown', check: { review: 'awaiting' } });
    if (still.phase !== 'unknown') throw new Error('expected unknown');
    const resolved = await flow.checkAgain(again.io, still);
    expect(resolved).toMatchObject({ phase: 'decided', via: 'checked', order: order(3) });
    expect([...calls, ...again.calls]).toEqual(['refresh 42', 'decide 42 reject', 'refresh 42', 'refresh 42']);
  });

  it('keeps the outcome unknown when the re-check fails, and cannot be dismissed until it shows the request open', async () => {
    const { io } = fakeIo([refreshed(order(1))], failure(timeout));
    const unknown = await flow.runDecision(io, sendingOf(reject), labels);
    if (unknown.phase !== 'unknown') throw new Error('expected unknown');
    expect(flow.dismiss(unknown)).toBe(unknown);
    expect(flow.start(unknown, 'approve', order(1))).toBe(unknown);

    const down: IpcError = { kind: 'network', message: 'offline' };
    const failed = await flow.checkAgain(fakeIo([failure(down)]).io, unknown);
    expect(failed).toMatchObject({ phase: 'unknown', check: { error: down } });
    expect(flow.dismiss(failed)).toBe(failed);

    const open = await flow.checkAgain(fakeIo([refreshed(order(1))]).io, unknown);
    expect(flow.dismiss(open)).toEqual(flow.IDLE);
  });
});

describe('one send per decision', () => {
  it('opens a confirmation only when nothing is pending or unresolved', () => {
    const confirming = flow.start(flow.IDLE, 'approve', order(1));
    expect(confirming).toMatchObject({ phase: 'confirming', kind: 'approve' });
    expect(flow.start(confirming, 'reject', order(1))).toMatchObject({ phase: 'confirming', kind: 'reject' });
    const sending = sendingOf(approve);
    expect(flow.start(sending, 'approve', order(1))).toBe(sending);
    expect(flow.cancel(sending)).toBe(sending);
    expect(flow.dismiss(sending)).toBe(sending);
    const decided = { phase: 'decided', decision: approve, order: order(2), refetchError: null, via: 'sent' } as const;
    expect(flow.start(decided, 'approve', order(2))).toBe(decided);
    expect(flow.cancel(confirming)).toEqual(flow.IDLE);
  });
});

describe('what changed, as learned through the filter', () => {
  it('says a request the filter no longer lists as awaiting left it, in words — not as a status turned into "—"', () => {
    const shown: IpcOrder = { id: '42', orderStatus: 2, afterSalesLearned: { status: 1, learnedAtMs: 1 } };
    const now: IpcOrder = { id: '42', orderStatus: 2, afterSalesLearned: { status: null, learnedAtMs: 2 } };
    expect(flow.changesBetween(shown, now, {})).toEqual([
      { field: 'After-sales request', from: 'awaiting a decision', to: 'no longer awaiting one' },
    ]);
    // A decided state the filter named is shown with its label.
    const rejected: IpcOrder = { ...now, afterSalesLearned: { status: 3, learnedAtMs: 2 } };
    expect(flow.changesBetween(shown, rejected, { afterSales: { '1': 'Awaiting', '3': 'Rejected' } })).toEqual([
      { field: 'After-sales status', from: 'Awaiting (1)', to: 'Rejected (3)' },
    ]);
  });
});
