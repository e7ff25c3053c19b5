import { describe, expect, it } from 'vitest';
import { DEFAULT_DEADLINE_RULES, DEFAULT_DUE_SOON_RULE } from '../core/due/deadlineRules';
import { orderDeadline } from '../core/due/deliveryDeadline';
import { dueState } from '../core/due/dueState';
import type { Order } from '../shared/domain/order';
import { OrderStore } from './orderStore';

const START = Date.UTC(2026, 2, 10, 12, 0);
const MIN = 60_000;

function storeAt(clock: { now: number }, orders = 300, seed = 3): OrderStore {
  return new OrderStore({ seed, orders, now: () => clock.now, generatedAtMs: START });
}

/** The due state of every generated order at `nowMs`, by order number, for the showcase ones (newest five). */
function newestStates(store: OrderStore, nowMs: number): string[] {
  return store
    .query({ pageIndex: 1, pageSize: 5 })
    .list.map((o) =>
      dueState(orderDeadline(o as unknown as Order, DEFAULT_DEADLINE_RULES), nowMs, DEFAULT_DUE_SOON_RULE),
    );
}

describe('the deadline showcase of a generated data set', () => {
  it('holds orders due soon, overdue, not yet due and delivered at the start, moving on within minutes', () => {
    const clock = { now: START };
    const store = storeAt(clock);
    // Newest first: created 9, 12, 20, 40, 50 minutes before the start.
    expect(newestStates(store, START)).toEqual(['not-due', 'due-soon', 'delivered', 'not-due', 'overdue']);
    expect(newestStates(store, START + 2 * MIN)).toEqual(['due-soon', 'overdue', 'delivered', 'not-due', 'overdue']);
    expect(newestStates(store, START + 6 * MIN)).toEqual(['overdue', 'overdue', 'delivered', 'due-soon', 'overdue']);
  });

  it('is the same after a restore from the same seed and clock, and absent from tiny data sets', () => {
    const a = storeAt({ now: START });
    const b = storeAt({ now: START + 3_600_000 });
    expect(b.query({ pageIndex: 1, pageSize: 5 }).list).toEqual(a.query({ pageIndex: 1, pageSize: 5 }).list);
    const tiny = storeAt({ now: START }, 5);
    expect(
      tiny.query({ pageIndex: 1, pageSize: 5 }).list.every((o) => START - Date.parse(o.createTime) !== 9 * MIN),
    ).toBe(true);
  });

  it('deliver: a paid order is delivered in full once; unpaid or delivered ones are refused, unknown ones not found', () => {
    const clock = { now: START + 5 * MIN };
    const store = storeAt(clock);
    const due = store.query({ pageIndex: 1, pageSize: 2 }).list[1]!; // due soon at the start
    const r = store.deliver(due.id);
    if (r.outcome !== 'ok') throw new Error(r.outcome);
    expect(r.order.order).toMatchObject({ deliveringNumber: 1, orderDeliveryStatus: 1, orderStatus: 3 });
    expect(r.order.updateTimeMs).toBe(clock.now);
    expect(
      dueState(
        orderDeadline(r.order.order as unknown as Order, DEFAULT_DEADLINE_RULES),
        clock.now,
        DEFAULT_DUE_SOON_RULE,
      ),
    ).toBe('delivered');
    expect(store.deliver(due.id)).toEqual({ outcome: 'not-deliverable' });
    const unpaid = store.filter((s) => s.order.payTime === null)[0]!;
    expect(store.deliver(unpaid.order.id)).toEqual({ outcome: 'not-deliverable' });
    expect(store.deliver('1')).toEqual({ outcome: 'not-found' });
  });
});
