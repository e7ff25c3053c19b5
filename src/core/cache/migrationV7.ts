import type Database from 'better-sqlite3';
import { type OrderDocs } from './orderDocs';

/**
 * Cache schema 7: each order's JSON compressed with a dictionary of the merchant's own orders (orderDocs.ts).
 *
 * The migration itself only creates the tables (instant, in the opening transaction). The orders of an older file
 * stay readable where they are (`order_json`, read when `order_doc` has no row) and are converted afterwards in
 * small batches, each its own transaction (convertLegacyDocs): resumable after a kill at any point, with progress,
 * and browsing goes on between batches. Writers always store the compressed form and delete the old row.
 */
export const V7_SQL = `
CREATE TABLE order_dict (
  id            INTEGER PRIMARY KEY,             -- named by order_doc.dict_id; never changed or deleted
  codec         TEXT NOT NULL CHECK (codec IN ('zstd', 'deflate')),
  bytes         BLOB NOT NULL,                   -- raw-content dictionary: JSON of the merchant's first orders
  built_ms      INTEGER NOT NULL,
  sample_orders INTEGER NOT NULL
);
CREATE TABLE order_doc (
  rid     INTEGER PRIMARY KEY,                   -- = orders.rid
  dict_id INTEGER NOT NULL,                      -- 0: no dictionary (deflate-raw); else order_dict.id
  doc     BLOB NOT NULL
);
CREATE TRIGGER orders_doc_delete AFTER DELETE ON orders BEGIN
  DELETE FROM order_doc WHERE rid = old.rid;
END;
-- Orders whose stored JSON could not be read back: reported by ID, fetched again by the next sync (then removed).
CREATE TABLE damaged_order (
  order_id TEXT PRIMARY KEY,
  found_ms INTEGER NOT NULL,
  detail   TEXT NOT NULL
) WITHOUT ROWID;
`;

/** Rows converted per transaction: ~0.1 s of work at a time, so a reader waits at most that long. */
export const CONVERT_BATCH = 1_000;

export interface ConvertStep {
  converted: number;
  /** No plain-JSON row is left. */
  done: boolean;
}

/** Orders still stored as plain JSON (schema 6 rows not converted yet). */
export function legacyDocsLeft(db: Database.Database): number {
  return db.prepare('SELECT count(*) FROM order_json').pluck().get() as number;
}

/**
 * Converts up to `batch` plain-JSON rows to compressed ones in one transaction (the first batch builds the
 * dictionary from the oldest orders). Returns what it did (counting what is left reads the whole old table: legacyDocsLeft, once, for progress).
 */
export function convertLegacyDocs(db: Database.Database, docs: OrderDocs, batch: number = CONVERT_BATCH): ConvertStep {
  const select = db.prepare('SELECT rid, json FROM order_json ORDER BY rid LIMIT ?');
  const converted = db
    .transaction(() => {
      docs.buildDictionaryWhenDue();
      const rows = select.all(batch) as Array<{ rid: number; json: string }>;
      for (const row of rows) docs.write(row.rid, row.json);
      return rows.length;
    })
    .immediate();
  return { converted, done: converted < batch };
}
