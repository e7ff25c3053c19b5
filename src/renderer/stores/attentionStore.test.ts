// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcData, IpcResponse } from '../../shared/ipc/contract';
import { installFakeBridge, type FakeBridge } from '../testing/fakeBridge';
import { useAfterSalesStore } from './afterSalesStore';
import {
  countAtLeast,
  followAttention,
  useAttentionStore,
  type AttentionQueue,
  type AttentionRow,
} from './attentionStore';
import { useChangesStore } from './changesStore';
import { useProfilesStore } from './profilesStore';

const MIN = 60_000;
const START = Date.UTC(2026, 10, 23, 12, 0);
const iso = (ms: number) => new Date(ms).toISOString();

const counts = (c: Partial<AttentionQueue['counts']>): AttentionQueue['counts'] => {
  const all = { refunds: 0, overdue: 0, dueSoon: 0, exceptions: 0, disputes: 0, ...c };
  return { ...all, total: all.refunds + all.overdue + all.dueSoon + all.exceptions + all.disputes };
};
const deadlineRow = (kind: 'overdue' | 'due-soon', dueMs: number): AttentionRow => ({
  kind,
  orderId: '42',
  orderNum: 'SO42',
  reason: kind === 'overdue' ? 'Delivery overdue' : 'Delivery due soon',
  since: null,
  dueAt: iso(dueMs),
  detail: 'Valorant Points (VP) — delivery time 10 min',
});

/** The host's queue for order 42, due at START + 2 min, as read at `nowMs` (the host's clock). */
function queueAt(nowMs: number, dueMs = START + 2 * MIN): AttentionQueue {
  const overdue = nowMs >= dueMs;
  return {
    asOf: iso(nowMs),
    counts: counts(overdue ? { overdue: 1 } : { dueSoon: 1 }),
    rows: [deadlineRow(overdue ? 'overdue' : 'due-soon', dueMs)],
    nextChangeAt: overdue ? null : iso(dueMs),
  };
}

const profilesList = (activeProfileId: string | null): IpcData<'profiles:list'> =>
  ({ activeProfileId, profiles: [{ id: 'a' }], tokenProblem: null }) as unknown as IpcData<'profiles:list'>;
const attentionCalls = (bridge: FakeBridge) => bridge.calls.filter(([c]) => c === 'orders:attention').length;

describe('the attention store', () => {
  let bridge: FakeBridge;

  beforeEach(() => {
    vi.useFakeTimers({ now: START });
    bridge = installFakeBridge({ 'orders:attention': () => ({ ok: true, data: queueAt(Date.now()) }) });
    useAttentionStore.getState().reset();
  });
  afterEach(() => {
    useAttentionStore.getState().reset();
    vi.useRealTimers();
  });

  it('holds the queue and its counts', async () => {
    await useAttentionStore.getState().load();
    const { queue } = useAttentionStore.getState();
    expect(queue.status).toBe('ready');
    expect(queue.data?.counts).toMatchObject({ dueSoon: 1, total: 1 });
    expect(queue.data?.rows.map((r) => r.kind)).toEqual(['due-soon']);
  });

  it('shows the quick counts ("10,000+") until the exact counts follow; within the cap, one read', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const exactCounts = { refunds: 12_345, overdue: 10_001, dueSoon: 3, exceptions: 0, disputes: 0, total: 20_000 };
    bridge.answer('orders:attention', async (request) => {
      const base = queueAt(Date.now());
      if (request?.quickCounts) {
        const quickCounts = { ...exactCounts, refunds: 10_000, overdue: 10_000, total: 10_000 };
        return { ok: true, data: { ...base, counts: quickCounts, countsAtLeast: ['refunds', 'overdue', 'total'] } };
      }
      await held;
      return { ok: true, data: { ...base, counts: exactCounts } };
    });
    const loading = useAttentionStore.getState().load();
    await vi.waitFor(() => expect(useAttentionStore.getState().queue.data?.counts.total).toBe(10_000));
    const quick = useAttentionStore.getState().queue.data;
    expect(quick?.countsAtLeast).toEqual(['refunds', 'overdue', 'total']);
    expect(countAtLeast(quick, 'total')).toBe(true);
    expect(countAtLeast(quick, 'dueSoon')).toBe(false);
    release();
    await loading;
    const exact = useAttentionStore.getState().queue.data;
    expect(exact?.counts).toEqual(exactCounts);
    expect(countAtLeast(exact, 'total')).toBe(false);
    expect(bridge.calls.filter(([c]) => c === 'orders:attention').map(([, r]) => r)).toEqual([
      { limitPerKind: 50, quickCounts: true },
      { limitPerKind: 50 },
    ]);
    // Within the cap the quick answer is exact: no second read.
    bridge.answer('orders:attention', () => ({ ok: true, data: queueAt(Date.now()) }));
    await useAttentionStore.getState().load();
    expect(attentionCalls(bridge)).toBe(3);
  });

  it('keeps the "more than" figures when the exact read fails; a read a newer one overtook asks no exact counts', async () => {
    const quickData = {
      ...queueAt(Date.now()),
      counts: counts({ refunds: 10_000 }),
      countsAtLeast: ['refunds' as const, 'total' as const],
    };
    let exactAnswers = 0;
    bridge.answer('orders:attention', (request) =>
      request?.quickCounts
        ? { ok: true, data: quickData }
        : ++exactAnswers === 1
          ? { ok: false, error: { kind: 'cache-busy', message: 'busy' } as never }
          : { ok: true, data: { ...queueAt(Date.now()), counts: counts({ refunds: 10_500 }) } },
    );
    await useAttentionStore.getState().load();
    expect(useAttentionStore.getState().queue.status).toBe('ready');
    expect(useAttentionStore.getState().queue.data?.counts.refunds).toBe(10_000);
    expect(countAtLeast(useAttentionStore.getState().queue.data, 'refunds')).toBe(true);
    // Two reads at once: only the latest goes on to the exact counts, and its answer is kept.
    const first = useAttentionStore.getState().load();
    const second = useAttentionStore.getState().load();
    await Promise.all([first, second]);
    expect(useAttentionStore.getState().queue.data?.counts.refunds).toBe(10_500);
    expect(exactAnswers).toBe(2);
  });

  it('asks again when the clock reaches nextChangeAt — not before, and without any change event', async () => {
    await useAttentionStore.getState().load();
    await vi.advanceTimersByTimeAsync(2 * MIN - 1);
    expect(attentionCalls(bridge)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attentionCalls(bridge)).toBe(2);
    expect(useAttentionStore.getState().queue.data?.rows.map((r) => r.kind)).toEqual(['overdue']);
    // Nothing pending any more: no timer, no further reads.
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(attentionCalls(bridge)).toBe(2);
  });

  it("counts the wait from the host's clock, not the page's", async () => {
    // The host is an hour ahead of this page: the order is due 2 min after the host's now.
    const hostAhead = 60 * MIN;
    bridge.answer('orders:attention', () => ({
      ok: true,
      data: queueAt(Date.now() + hostAhead, START + hostAhead + 2 * MIN),
    }));
    await useAttentionStore.getState().load();
    await vi.advanceTimersByTimeAsync(2 * MIN);
    expect(attentionCalls(bridge)).toBe(2);
  });

  it('keeps only the latest answer when reads overlap', async () => {
    const late: Array<(r: IpcResponse<'orders:attention'>) => void> = [];
    bridge.answer('orders:attention', () => new Promise((resolve) => late.push(resolve)));
    const first = useAttentionStore.getState().load();
    const second = useAttentionStore.getState().load();
    late[1]!({ ok: true, data: queueAt(START + 3 * MIN) });
    await second;
    late[0]!({ ok: true, data: queueAt(START) });
    await first;
    expect(useAttentionStore.getState().queue.data?.rows.map((r) => r.kind)).toEqual(['overdue']);
    // The stale answer armed no timer either.
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(attentionCalls(bridge)).toBe(2);
  });

  it('keeps the last queue beside the error of a failed read, and stops its timer', async () => {
    await useAttentionStore.getState().load();
    bridge.answer('orders:attention', () => ({ ok: false, error: { kind: 'unavailable', message: 'Host gone.' } }));
    await useAttentionStore.getState().load();
    const { queue } = useAttentionStore.getState();
    expect(queue).toMatchObject({ status: 'failed', error: { kind: 'unavailable' } });
    expect(queue.data?.counts.total).toBe(1);
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(attentionCalls(bridge)).toBe(2);
  });

  it('follows the active profile and the change notices', async () => {
    useProfilesStore.setState({ list: { status: 'idle', data: null, error: null } });
    const stop = followAttention();
    expect(attentionCalls(bridge)).toBe(0);
    useProfilesStore.setState({ list: { status: 'ready', data: profilesList('a'), error: null } });
    await vi.advanceTimersByTimeAsync(0);
    expect(attentionCalls(bridge)).toBe(1);
    useChangesStore.getState().apply({ profileId: 'a', events: [] });
    await vi.advanceTimersByTimeAsync(0);
    expect(attentionCalls(bridge)).toBe(2);
    useProfilesStore.setState({ list: { status: 'idle', data: null, error: null } });
    expect(useAttentionStore.getState().queue.status).toBe('idle');
    stop();
    useChangesStore.getState().apply({ profileId: 'a', events: [] });
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(attentionCalls(bridge)).toBe(2);
  });
});

describe('the attention store after a decision', () => {
  it('reads the queue again when a decision made in the page settles (the host sends no change notice for it)', async () => {
    vi.useFakeTimers();
    const bridge = installFakeBridge({ 'orders:attention': () => ({ ok: true, data: queueAt(START) }) });
    useProfilesStore.setState({ list: { status: 'ready', data: profilesList('a'), error: null } });
    const stop = followAttention();
    await vi.advanceTimersByTimeAsync(0);
    expect(attentionCalls(bridge)).toBe(1);
    const order = { id: '42' };
    const decision = { orderId: '42', isApproved: true };
    const put = (state: object) => useAfterSalesStore.setState({ decisions: { 'a/42': state as never } });
    put({ phase: 'confirming', kind: 'approve', order });
    put({ phase: 'sending', step: 'checking', decision, order });
    put({ phase: 'sending', step: 'sending', decision, order });
    await vi.advanceTimersByTimeAsync(0);
    expect(attentionCalls(bridge)).toBe(1);
    put({ phase: 'decided', decision, order, refetchError: null, via: 'sent' });
    await vi.advanceTimersByTimeAsync(0);
    expect(attentionCalls(bridge)).toBe(2);
    stop();
    useAfterSalesStore.setState({ decisions: {} });
    vi.useRealTimers();
  });
});

describe('the attention store with no profile', () => {
  it("reads the queue of the host's environment session once the profiles are read", async () => {
    vi.useFakeTimers();
    const bridge = installFakeBridge({
      'orders:attention': () => ({ ok: false, error: { kind: 'settings', message: 'No profile yet.' } }),
    });
    useProfilesStore.setState({ list: { status: 'ready', data: profilesList(null), error: null } });
    const stop = followAttention();
    await vi.advanceTimersByTimeAsync(0);
    expect(bridge.calls.filter(([c]) => c === 'orders:attention')).toHaveLength(1);
    expect(useAttentionStore.getState().queue.error?.message).toBe('No profile yet.');
    stop();
    vi.useRealTimers();
  });
});
