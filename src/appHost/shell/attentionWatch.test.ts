import { describe, expect, it } from 'vitest';
import { notificationsSchema } from '../../core/profiles/profileSchema';
import { createAttentionWatch, type AttentionAnswer } from './attentionWatch';

const SETTINGS = notificationsSchema.parse({});

const answer = (overdue: number): AttentionAnswer => ({
  counts: { refunds: 0, overdue, dueSoon: 0, exceptions: 0, disputes: 0, total: overdue },
  rows: Array.from({ length: overdue }, (_, i) => ({
    kind: 'overdue',
    orderId: `o-${i}`,
    orderNum: `N-${i}`,
    dueAt: '2026-01-01T00:00:00Z',
  })),
  nextChangeAt: null,
});

function watchWith(pending: Array<(a: AttentionAnswer) => void>, baseline = { running: false }) {
  const counts: number[] = [];
  const shown: string[] = [];
  let asked = 0;
  const watch = createAttentionWatch({
    attention: () => {
      asked += 1;
      return new Promise((resolve) => pending.push(resolve));
    },
    profile: () => ({ id: 'p', notifications: SETTINGS }),
    baselineSync: () => baseline.running,
    doNotDisturbUntilMs: () => null,
    notificationsSupported: () => true,
    onCounts: (c) => counts.push(c.overdue),
    show: (notifications) => shown.push(...notifications.map((n) => n.title)),
    now: () => Date.parse('2026-02-01T00:00:00Z'),
  });
  return { watch, counts, shown, asked: () => asked };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the attention watch', () => {
  it('reads one at a time: looks meanwhile become one more read after it', async () => {
    const pending: Array<(a: AttentionAnswer) => void> = [];
    const { watch, asked } = watchWith(pending);
    watch.look();
    watch.look();
    watch.look();
    expect(asked()).toBe(1);
    pending[0]?.(answer(1));
    await settle();
    expect(asked()).toBe(2);
  });

  it('drops an answer asked before stop (a profile switch)', async () => {
    const pending: Array<(a: AttentionAnswer) => void> = [];
    const { watch, counts } = watchWith(pending);
    watch.look();
    watch.stop();
    pending[0]?.(answer(2));
    await settle();
    expect(counts).toEqual([]);
  });

  it('does not read during a baseline sync: the cache is partial then', () => {
    const pending: Array<(a: AttentionAnswer) => void> = [];
    const { watch, asked } = watchWith(pending, { running: true });
    watch.look();
    expect(asked()).toBe(0);
  });

  it('announces nothing already overdue at the first look of a profile, and a new overdue order later', async () => {
    const pending: Array<(a: AttentionAnswer) => void> = [];
    const { watch, shown, counts } = watchWith(pending);
    watch.look();
    pending[0]?.(answer(1));
    await settle();
    const afterFirst = shown.length;
    watch.look();
    pending[1]?.(answer(2));
    await settle();
    expect(counts).toEqual([1, 2]);
    expect(shown.length).toBeGreaterThan(afterFirst);
  });
});
