import type Database from 'better-sqlite3';
import type { Order } from '../../shared/domain/order';
import type { AfterSalesLearned } from '../../shared/domain/afterSalesReview';
import type { StatementCache } from './statementCache';

/**
 * After-sales status learned through the list filter. The spec's Order has no status field (only
 * `isExistAfterSales`); the status exists as the list's `orderAfterSalesStatus` filter. The sync pages through
 * `orderAfterSalesStatus = [awaiting]` after each poll and records the result here: the orders listed get the
 * awaiting value in `orders.after_sales_status`; orders that had it and are no longer listed lose it; the time
 * the whole set was learned is kept in `meta`. An order is then awaiting (listed), not awaiting (learned, not
 * listed) or unknown (never learned). Orders decided here are marked not awaiting at once.
 */

export const LEARNED_AT_KEY = 'after_sales.awaiting_learned_ms';

/** The time the awaiting set was last learned in full, or undefined. */
export function learnedAtMs(statements: StatementCache): number | undefined {
  const v = statements.get('SELECT value FROM meta WHERE key = ?').pluck().get(LEARNED_AT_KEY) as string | undefined;
  const n = v === undefined ? NaN : Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Records the awaiting set. `complete`: every listed page was read, so orders not listed are not awaiting; a
 * truncated set only adds what it listed. Returns how many orders changed state.
 */
export function recordAwaitingSet(
  db: Database.Database,
  ids: readonly string[],
  awaiting: readonly number[],
  complete: boolean,
  learnedMs: number,
): number {
  const value = awaiting[0]!;
  const run = db.transaction(() => {
    let changed = 0;
    db.exec('CREATE TEMP TABLE IF NOT EXISTS awaiting_ids (id TEXT PRIMARY KEY) WITHOUT ROWID');
    db.exec('DELETE FROM temp.awaiting_ids');
    const add = db.prepare('INSERT OR IGNORE INTO temp.awaiting_ids (id) VALUES (?)');
    for (const id of ids) add.run(id);
    if (complete) {
      const marks = awaiting.map(() => '?').join(', ');
      changed += db
        .prepare(
          `UPDATE orders SET after_sales_status = NULL
           WHERE after_sales_status IN (${marks}) AND id NOT IN (SELECT id FROM temp.awaiting_ids)`,
        )
        .run(...awaiting).changes;
    }
    changed += db
      .prepare(
        `UPDATE orders SET after_sales_status = ?
         WHERE id IN (SELECT id FROM temp.awaiting_ids) AND after_sales_status IS NOT ?`,
      )
      .run(value, value).changes;
    if (complete)
      db.prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      ).run(LEARNED_AT_KEY, String(learnedMs));
    return changed;
  });
  return run();
}

/** One order no longer awaits review (decided here, or the filter's check said so). */
export function recordNotAwaiting(db: Database.Database, id: string, awaiting: readonly number[]): boolean {
  const marks = awaiting.map(() => '?').join(', ');
  return (
    db
      .prepare(`UPDATE orders SET after_sales_status = NULL WHERE id = ? AND after_sales_status IN (${marks})`)
      .run(id, ...awaiting).changes === 1
  );
}

/** One order awaits review (the filter's check listed it). */
export function recordAwaiting(db: Database.Database, id: string, awaiting: readonly number[]): boolean {
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
  // Nothing learned, or only what the platform itself sent (the sandbox's demo flag): the order as stored.
  if (learnedAt === undefined && (status === null || status === order.orderAfterSalesStatus)) return order;
  const learned: AfterSalesLearned = { status, learnedAtMs: learnedAt ?? null };
  return { ...order, afterSalesLearned: learned };
}
