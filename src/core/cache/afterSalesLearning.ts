import type Database from 'better-sqlite3';
import type { Order } from '../../shared/domain/order';
import type { AfterSalesLearned } from '../../shared/domain/afterSalesReview';
import type { StatementCache } from './statementCache';

/**
 * After-sales status learned through the list filter. The spec's Order has no status field (only
 * `isExistAfterSales`); the status exists as the list's `orderAfterSalesStatus` filter. The learning pass
 * (core/afterSales/learnStatuses.ts) lists by each state's values and records the result here: the orders listed
 * get the state's value in `orders.after_sales_status`; orders that had it and are no longer listed in a complete
 * set lose it; the time the whole awaiting set was learned is kept in `meta`. An order is then awaiting (listed),
 * not awaiting (learned, not listed — or listed under a decided state) or unknown (never learned). Orders decided
 * here are marked not awaiting at once.
 */

export const LEARNED_AT_KEY = 'after_sales.awaiting_learned_ms';

/** The time the awaiting set was last learned in full, or undefined. */
export function learnedAtMs(statements: StatementCache): number | undefined {
  const v = statements.get('SELECT value FROM meta WHERE key = ?').pluck().get(LEARNED_AT_KEY) as string | undefined;
  const n = v === undefined ? NaN : Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/** A set of orders the list filter listed under one state's values, in one learning pass. */
export interface ListedSet {
  /** The state's values (the filter asked with all of them). */
  values: readonly number[];
  /** Recorded for each listed order: the state's first value (the filter does not say which of its values). */
  value: number;
  ids: readonly string[];
  /** Every order in the state was listed: orders recorded under its values and not listed left it. */
  complete: boolean;
}

/** What the learning pass keeps between polls (in `meta`). */
export interface LearnPassState {
  /** This machine's time of the last full pass (every state paged from the start); 0: the next pass is full. */
  fullAtMs: number;
  /** Platform time of the last pass, full or since-only: the next probe asks for updates since then. */
  throughMs: number;
  /** The values the passes asked with (other values: a full pass). */
  valuesKey: string;
}

const PASS_KEY = 'after_sales.learn_pass';

export function readLearnPass(statements: StatementCache): LearnPassState | undefined {
  const v = statements.get('SELECT value FROM meta WHERE key = ?').pluck().get(PASS_KEY) as string | undefined;
  if (v === undefined) return undefined;
  try {
    const p = JSON.parse(v) as Partial<LearnPassState>;
    return typeof p.fullAtMs === 'number' && typeof p.throughMs === 'number' && typeof p.valuesKey === 'string'
      ? { fullAtMs: p.fullAtMs, throughMs: p.throughMs, valuesKey: p.valuesKey }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An order's learned status changed: the event the learning pass publishes (and keeps in the outbox), the shape of
 * the sync's `after-sales-changed` change event (core/sync/changeEvents.ts).
 */
export interface LearnedChange {
  type: 'after-sales-changed';
  orderId: string;
  orderNum: string | null;
  atMs: number;
  from: { exists: boolean; status: number | null };
  to: { exists: boolean; status: number | null };
  seq: number;
}

/**
 * Records what one learning pass listed, in one transaction: sets in order (awaiting first, then the decided
 * states), each listed order gets its set's value, a complete set clears the orders recorded under its values that
 * it did not list. `awaitingComplete` (the awaiting set was read in full) stamps when it was learned, so orders not
 * listed are known not to await review. Returns the changes as `after-sales-changed` events, written to the
 * outbox — none while nothing was learned before (a first pass is a baseline, not news).
 */
export function recordLearnedStatuses(
  db: Database.Database,
  sets: readonly ListedSet[],
  pass: LearnPassState & { awaitingComplete: boolean },
): LearnedChange[] {
  const run = db.transaction((): LearnedChange[] => {
    const baseline =
      db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(LEARNED_AT_KEY) === undefined &&
      db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(PASS_KEY) === undefined;
    const before = new Map<string, number | null>();
    const learned = db.prepare('SELECT id, after_sales_status AS s FROM orders WHERE after_sales_status IS NOT NULL');
    for (const row of learned.iterate() as Iterable<{ id: string; s: number }>) before.set(row.id, row.s);
    const after = new Map(before);
    for (const set of sets) {
      const listed = new Set(set.ids);
      if (set.complete)
        for (const [id, s] of after) if (s !== null && set.values.includes(s) && !listed.has(id)) after.set(id, null);
      for (const id of listed) after.set(id, set.value);
    }
    const row = db.prepare('SELECT order_num AS orderNum, has_after_sales AS has FROM orders WHERE id = ?');
    const update = db.prepare('UPDATE orders SET after_sales_status = ? WHERE id = ?');
    const insertEvent = db.prepare('INSERT INTO change_event (type, order_id, at_ms, payload) VALUES (?, ?, ?, ?)');
    const events: LearnedChange[] = [];
    for (const [id, s] of after) {
      const was = before.get(id) ?? null;
      if (s === was) continue;
      const order = row.get(id) as { orderNum: string | null; has: number } | undefined;
      if (order === undefined) continue; // listed, not cached yet: the next sync brings it, the next pass its state
      update.run(s, id);
      if (baseline) continue;
      const exists = order.has === 1;
      const e = {
        orderId: id,
        orderNum: order.orderNum,
        atMs: pass.throughMs,
        type: 'after-sales-changed' as const,
        from: { exists, status: was },
        // Listed under any state: a request exists, whatever the order's flag said when last synced.
        to: { exists: exists || s !== null, status: s },
      };
      const info = insertEvent.run(e.type, id, e.atMs, JSON.stringify(e));
      events.push({ ...e, seq: Number(info.lastInsertRowid) });
    }
    const setMeta = db.prepare(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    );
    if (pass.awaitingComplete) setMeta.run(LEARNED_AT_KEY, String(pass.throughMs));
    const { fullAtMs, throughMs, valuesKey } = pass;
    setMeta.run(PASS_KEY, JSON.stringify({ fullAtMs, throughMs, valuesKey }));
    return events;
  });
  return run();
}

/**
 * What one check of the after-sales filter said of one order (awaiting its review, or not), recorded: the change as
 * an `after-sales-changed` event when the learned state moved, null when it stood (or the order is not cached).
 * Not written to the outbox: a check follows the merchant's own decision or "Check again", not news from the
 * platform; the event only lets every count follow.
 */
export function recordReview(
  db: Database.Database,
  id: string,
  awaitingNow: boolean,
  awaiting: readonly number[],
  atMs: number,
): Omit<LearnedChange, 'seq'> | null {
  const row = db
    .prepare('SELECT order_num AS orderNum, has_after_sales AS has, after_sales_status AS s FROM orders WHERE id = ?')
    .get(id) as { orderNum: string | null; has: number; s: number | null } | undefined;
  if (row === undefined) return null;
  const changed = awaitingNow ? recordAwaiting(db, id, awaiting) : recordNotAwaiting(db, id, awaiting);
  if (!changed) return null;
  const exists = row.has === 1;
  const status = awaitingNow ? awaiting[0]! : null;
  return {
    type: 'after-sales-changed',
    orderId: id,
    orderNum: row.orderNum,
    atMs,
    from: { exists, status: row.s },
    to: { exists: exists || status !== null, status },
  };
}

/** One order no longer awaits review (decided here or elsewhere): its awaiting value, if recorded, goes. */
function recordNotAwaiting(db: Database.Database, id: string, awaiting: readonly number[]): boolean {
  const marks = awaiting.map(() => '?').join(', ');
  return (
    db
      .prepare(`UPDATE orders SET after_sales_status = NULL WHERE id = ? AND after_sales_status IN (${marks})`)
      .run(id, ...awaiting).changes === 1
  );
}

/** One order awaits review (the filter's check listed it). */
function recordAwaiting(db: Database.Database, id: string, awaiting: readonly number[]): boolean {
  return (
    db
      .prepare('UPDATE orders SET after_sales_status = ? WHERE id = ? AND after_sales_status IS NOT ?')
      .run(awaiting[0]!, id, awaiting[0]!).changes === 1
  );
}

/**
 * The order as read from the cache, with what was learned of its after-sales status beside the platform's
 * fields (`afterSalesLearned`): never written into the stored JSON, which stays as the platform sent it.
 */
export function withLearned(order: Order, status: number | null, learnedAt: number | undefined): Order {
  // Nothing learned: the order as stored.
  if (learnedAt === undefined && status === null) return order;
  const learned: AfterSalesLearned = { status, learnedAtMs: learnedAt ?? null };
  return { ...order, afterSalesLearned: learned };
}
