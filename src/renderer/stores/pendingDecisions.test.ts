// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { Decision } from './decisionFlow';
import { clearPending, leftPending, notePending, PENDING_KEY } from './pendingDecisions';

const memory = () => {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
};
const reject: Decision = { orderId: '42', isApproved: false, rejectDescription: 'Used', rejectImageUrls: [] };

describe('decisions on their way', () => {
  it('come back as unknown outcomes in the next window until cleared', () => {
    const storage = memory();
    notePending(storage, { key: 'p/42', orderNum: 'SO-42', decision: reject, sentAtMs: 1 });
    notePending(storage, { key: 'p/7', orderNum: null, decision: { orderId: '7', isApproved: true }, sentAtMs: 2 });
    const left = leftPending(storage);
    expect(Object.keys(left)).toEqual(['p/42', 'p/7']);
    expect(left['p/42']).toMatchObject({
      phase: 'unknown',
      decision: reject,
      order: { id: '42', orderNum: 'SO-42' },
      checking: false,
      check: null,
      error: { kind: 'host-restarted' },
    });
    clearPending(storage, 'p/42');
    expect(Object.keys(leftPending(storage))).toEqual(['p/7']);
  });

  it('reads damaged storage as nothing pending', () => {
    const storage = memory();
    storage.map.set(PENDING_KEY, '{oops');
    expect(leftPending(storage)).toEqual({});
    storage.map.set(
      PENDING_KEY,
      JSON.stringify({ version: 1, pending: [{ key: 1 }, null, { key: 'a', decision: {} }] }),
    );
    expect(leftPending(storage)).toEqual({});
    expect(leftPending(null)).toEqual({});
  });

  it('a window reopened after a decision was sent shows it as unknown, with the order kept in view', async () => {
    const storage = window.localStorage;
    storage.clear();
    notePending(storage, { key: '/42', orderNum: 'SO-42', decision: reject, sentAtMs: 1 });
    vi.resetModules();
    const { useAfterSalesStore, stateOf } = await import('./afterSalesStore');
    expect(stateOf(useAfterSalesStore.getState(), '42')).toMatchObject({ phase: 'unknown' });
    expect(useAfterSalesStore.getState().decidedHere.map((o) => o.id)).toEqual(['42']);
    storage.clear();
  });
});
