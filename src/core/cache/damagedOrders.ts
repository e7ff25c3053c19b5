import type Database from 'better-sqlite3';
import type { CacheError } from '../../shared/errors/cacheErrors';
import type { DamagedOrderError, OrderDocs } from './orderDocs';
import { readDocBatch } from './orderDocs';

/**
 * Orders whose stored (compressed) JSON cannot be read back. Never dropped silently: the read that finds one fails
 * with a `corrupt` error naming the order, the order is recorded in `damaged_order` and its content hash cleared
 * (so any later copy of it is stored, even an unchanged one), and the next sync fetches each recorded order again
 * by ID before anything else (sync/refetchDamaged.ts), then forgets it.
 */

/** Records the damaged row (best effort: a read-only or busy file still gets the error) and describes it. */
export function recordDamage(db: Database.Database, file: string, e: DamagedOrderError): CacheError {
  let orderId: string | undefined;
  try {
    orderId = db.prepare('SELECT id FROM orders WHERE rid = ?').pluck().get(e.rid) as string | undefined;
    if (orderId !== undefined) markDamaged(db, e.rid, orderId, e.detail);
  } catch {
    // Reported below all the same; the integrity scan records it when the file can be written.
  }
  return {
    kind: 'corrupt',
    file,
    detail: `order ${orderId ?? `(row ${e.rid})`}: its stored JSON cannot be read (${e.detail}); the next sync fetches it again`,
  };
}

/**
 * Records a row another connection found damaged (the upkeep's checking thread reads; this connection writes).
 * Returns the order's ID, or undefined for a row of an order no longer stored (nothing to fetch again).
 */
export function recordDamagedRow(db: Database.Database, rid: number, detail: string): string | undefined {
  const orderId = db.prepare('SELECT id FROM orders WHERE rid = ?').pluck().get(rid) as string | undefined;
  if (orderId !== undefined) markDamaged(db, rid, orderId, detail);
  return orderId;
}

function markDamaged(db: Database.Database, rid: number, orderId: string, detail: string): void {
  db.transaction(() => {
    db.prepare(
      'INSERT INTO damaged_order (order_id, found_ms, detail) VALUES (?, ?, ?) ON CONFLICT (order_id) DO UPDATE SET detail = excluded.detail',
    ).run(orderId, Date.now(), detail);
    db.prepare("UPDATE orders SET content_hash = '' WHERE rid = ?").run(rid);
  }).immediate();
}

/** IDs of the orders recorded as damaged, oldest first. */
export function damagedOrderIds(db: Database.Database): string[] {
  return db.prepare('SELECT order_id FROM damaged_order ORDER BY found_ms, order_id').pluck().all() as string[];
}

/** Forgets orders stored again (or gone from the platform). */
export function forgetDamage(db: Database.Database, ids: readonly string[]): void {
  const del = db.prepare('DELETE FROM damaged_order WHERE order_id = ?');
  db.transaction(() => {
    for (const id of ids) del.run(id);
  }).immediate();
}

/**
 * Decodes up to `limit` stored orders after `afterRid` (one step of the background check), recording every damaged
 * one. Returns the last rid read (undefined: past the last order) and the order IDs found damaged.
 */
export function scanDocs(
  db: Database.Database,
  docs: OrderDocs,
  afterRid: number,
  limit: number,
): { lastRid: number | undefined; damaged: string[] } {
  const rows = readDocBatch(db, afterRid, limit);
  const damaged: string[] = [];
  for (const row of rows) {
    try {
      JSON.parse(docs.decode(row));
    } catch (e) {
      const orderId = db.prepare('SELECT id FROM orders WHERE rid = ?').pluck().get(row.rid) as string | undefined;
      if (orderId === undefined) continue; // a row of a deleted order: nothing to fetch
      markDamaged(db, row.rid, orderId, e instanceof Error ? e.message : String(e));
      damaged.push(orderId);
    }
  }
  return { lastRid: rows.length < limit ? undefined : rows[rows.length - 1]!.rid, damaged };
}
