import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attentionQueue, type Attention } from '../../src/core/app/attention';
import type { Session } from '../../src/core/app/session';
import { syncNow } from '../../src/core/app/sync';
import { startAppSessionKit, type AppSessionKit } from '../helpers/appSession';

/**
 * The attention queue over the sandbox, as the browser journey drives it: the sandbox's deadline showcase is due
 * soon, the clock alone makes it overdue (no sync), and an order delivered in the sandbox leaves the queue after
 * the next (incremental) sync.
 */
const MIN = 60_000;
const START = Date.UTC(2026, 2, 10, 12, 0);
const clock = { now: START };
let kit: AppSessionKit;
let session: Session;

beforeAll(async () => {
  kit = await startAppSessionKit({ orders: 300, seed: 7, now: () => clock.now });
  session = kit.session({ now: () => clock.now });
  const first = await syncNow(session, { parallelism: 2 });
  expect(first.ok).toBe(true);
}, 30_000);
afterAll(() => kit.stop());

function queue(): Attention {
  const r = attentionQueue(session);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
const rowsOf = (q: Attention, kind: string) => q.rows.filter((r) => r.kind === kind);

describe('the attention queue over the sandbox', () => {
  let watched: string;

  it('shows the order paid 8 minutes before the start as due soon, with the next change 2 minutes later', () => {
    const q = queue();
    const soon = rowsOf(q, 'due-soon').find((r) => r.dueMs === START + 2 * MIN);
    expect(soon, JSON.stringify(rowsOf(q, 'due-soon'))).toBeDefined();
    expect(soon!.detail).toMatch(/delivery time 10 min/);
    watched = soon!.orderId;
    expect(q.nextChangeMs).not.toBeNull();
    expect(q.nextChangeMs!).toBeLessThanOrEqual(START + 2 * MIN);
    expect(q.counts.overdue).toBeGreaterThan(0);
  });

  it('moves it to overdue when the clock passes its deadline, without a sync', () => {
    const before = kit.sent.count;
    clock.now = START + 2 * MIN;
    const q = queue();
    expect(rowsOf(q, 'overdue').map((r) => r.orderId)).toContain(watched);
    expect(rowsOf(q, 'due-soon').map((r) => r.orderId)).not.toContain(watched);
    expect(kit.sent.count).toBe(before);
  });

  it('an order delivered in the sandbox leaves the queue after the next poll', async () => {
    const overdueBefore = queue().counts.overdue;
    clock.now += 10_000;
    const { sandbox } = kit.platform;
    const res = await fetch(`${sandbox.baseUrl}/_sandbox/order/${watched}/deliver`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.token}` },
    });
    expect(res.status).toBe(200);
    // Still there until the cache hears of it.
    expect(rowsOf(queue(), 'overdue').map((r) => r.orderId)).toContain(watched);
    clock.now += 60_000;
    const poll = await syncNow(session);
    expect(poll.ok && poll.value.updated).toBeGreaterThanOrEqual(1);
    const q = queue();
    expect(q.rows.map((r) => r.orderId)).not.toContain(watched);
    expect(q.counts.overdue).toBe(overdueBefore - 1);
  });
});
