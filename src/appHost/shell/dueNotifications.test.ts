import { describe, expect, it } from 'vitest';
import { EMPTY_DUE_MEMORY, planDueNotifications, type DueNotifyContext, type DueQueue } from './dueNotifications';

const MIN = 60_000;
const NOW = Date.UTC(2026, 2, 10, 12, 0);
const ctx = (over: Partial<DueNotifyContext> = {}): DueNotifyContext => ({
  settings: { dueSoon: true, overdue: true },
  nowMs: NOW,
  doNotDisturbUntilMs: null,
  firstLook: false,
  ...over,
});
const row = (n: number, kind: 'due-soon' | 'overdue', dueMs: number) => ({
  kind,
  orderId: String(1000 + n),
  orderNum: `SO${n}`,
  dueMs,
});
function queue(rows: ReturnType<typeof row>[]): DueQueue {
  return {
    counts: {
      overdue: rows.filter((r) => r.kind === 'overdue').length,
      dueSoon: rows.filter((r) => r.kind === 'due-soon').length,
    },
    rows,
  };
}

describe('due notifications', () => {
  it('groups the orders that became due soon into one notification', () => {
    const q = queue([
      row(1, 'due-soon', NOW + 4 * MIN),
      row(2, 'due-soon', NOW + 12 * MIN),
      row(3, 'due-soon', NOW + MIN),
    ]);
    const r = planDueNotifications(q, EMPTY_DUE_MEMORY, ctx());
    expect(r.notifications).toEqual([
      {
        title: 'Deliveries due soon',
        body: '3 orders due within 12 min',
        target: { screen: 'attention', orderId: null },
      },
    ]);
  });

  it('announces each newly overdue order, and never the same order and state twice', () => {
    const first = planDueNotifications(queue([row(1, 'due-soon', NOW + MIN)]), EMPTY_DUE_MEMORY, ctx());
    expect(first.notifications).toEqual([
      {
        title: 'Delivery due soon',
        body: 'Order SO1 is due within 1 min',
        target: { screen: 'orders', orderId: '1001' },
      },
    ]);
    // Read again before anything changed (a sync, another timer): nothing new.
    const again = planDueNotifications(queue([row(1, 'due-soon', NOW + MIN)]), first.memory, ctx());
    expect(again.notifications).toEqual([]);
    // The clock moves it into overdue: one notification for the new state.
    const later = { nowMs: NOW + MIN };
    const overdue = planDueNotifications(queue([row(1, 'overdue', NOW + MIN)]), again.memory, ctx(later));
    expect(overdue.notifications).toEqual([
      { title: 'Delivery overdue', body: 'Order SO1 is overdue', target: { screen: 'orders', orderId: '1001' } },
    ]);
    expect(
      planDueNotifications(queue([row(1, 'overdue', NOW + MIN)]), overdue.memory, ctx(later)).notifications,
    ).toEqual([]);
  });

  it('collapses many newly overdue orders into one summary', () => {
    const rows = [1, 2, 3, 4].map((n) => row(n, 'overdue', NOW - n * MIN));
    expect(planDueNotifications(queue(rows), EMPTY_DUE_MEMORY, ctx()).notifications).toEqual([
      { title: 'Deliveries overdue', body: '4 orders became overdue', target: { screen: 'attention', orderId: null } },
    ]);
  });

  it('the first look after the first full sync summarises the overdue backlog instead of announcing each order', () => {
    const q = {
      ...queue([row(1, 'overdue', NOW - 60 * MIN), row(2, 'overdue', NOW - 5 * MIN)]),
      counts: { overdue: 57, dueSoon: 0 },
    };
    const r = planDueNotifications(q, EMPTY_DUE_MEMORY, ctx({ firstLook: true }));
    expect(r.notifications).toEqual([
      {
        title: 'Deliveries overdue',
        body: '57 orders are past the delivery deadline',
        target: { screen: 'attention', orderId: null },
      },
    ]);
    // Those orders are remembered: the next look says nothing about them.
    expect(planDueNotifications(q, r.memory, ctx()).notifications).toEqual([]);
  });

  it('a kind turned off, or do-not-disturb, shows nothing and replays nothing later', () => {
    const q = queue([row(1, 'due-soon', NOW + MIN), row(2, 'overdue', NOW - MIN)]);
    const off = planDueNotifications(q, EMPTY_DUE_MEMORY, ctx({ settings: { dueSoon: false, overdue: true } }));
    expect(off.notifications.map((n) => n.title)).toEqual(['Delivery overdue']);
    const dnd = planDueNotifications(q, EMPTY_DUE_MEMORY, ctx({ doNotDisturbUntilMs: NOW + 60 * MIN }));
    expect(dnd.notifications).toEqual([]);
    expect(planDueNotifications(q, dnd.memory, ctx()).notifications).toEqual([]);
  });

  it('a new deadline of the same order (after a partial delivery) is news again; old entries are forgotten', () => {
    const first = planDueNotifications(queue([row(1, 'overdue', NOW - MIN)]), EMPTY_DUE_MEMORY, ctx());
    const next = planDueNotifications(queue([row(1, 'overdue', NOW)]), first.memory, ctx());
    expect(next.notifications).toHaveLength(1);
    const monthLater = planDueNotifications(queue([]), next.memory, ctx({ nowMs: NOW + 31 * 86_400_000 }));
    expect(monthLater.memory.seen).toEqual({});
  });

  it('remembers only orders still due soon or overdue; a kind the queue cut short keeps its entries', () => {
    const soon = row(1, 'due-soon', NOW + MIN);
    const late = row(2, 'overdue', NOW - MIN);
    const first = planDueNotifications(queue([soon, late]), EMPTY_DUE_MEMORY, ctx());
    expect(Object.keys(first.memory.seen)).toHaveLength(2);
    // Order 1 was delivered; order 2 is still overdue.
    const delivered = planDueNotifications(queue([late]), first.memory, ctx());
    expect(Object.keys(delivered.memory.seen)).toEqual([`1002 overdue ${late.dueMs}`]);
    // 60 orders overdue but only this row listed (the row limit): the others may still be due, nothing is dropped.
    const cut = planDueNotifications({ counts: { overdue: 60, dueSoon: 0 }, rows: [] }, delivered.memory, ctx());
    expect(cut.memory.seen).toEqual(delivered.memory.seen);
  });
});
