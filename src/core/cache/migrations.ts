import type Database from 'better-sqlite3';
import { NO_DUE_MS, recomputeDueColumns } from './dueColumns';
import { readDeadlineRules } from './deadlineRulesMeta';
import { INSIGHT_FACTS_SQL, recomputeInsightFacts } from './insightFacts';
import { backfillV8, V8_DESCRIPTION, V8_SQL } from './migrationV8';
import { indexPendingRows } from './searchIndex';
import { searchTextSql } from './searchText';
import { V7_SQL } from './migrationV7';
import { V9_DESCRIPTION, V9_SQL } from './migrationV9';
import { backfillV10, V10_DESCRIPTION, V10_SQL } from './migrationV10';
import { V11_DESCRIPTION, V11_SQL } from './migrationV11';
import { V12_DESCRIPTION, V12_SQL } from './migrationV12';

/**
 * Versioned schema of the order cache. `PRAGMA user_version` holds the version; each migration runs in its own
 * transaction and bumps it, so a crash mid-migration leaves the previous version intact. A file whose version is
 * newer than LATEST_SCHEMA_VERSION is never touched (see openCache).
 */

/** `PRAGMA application_id` of a Merchant Desk order cache ("MDOC"): tells our file from any other SQLite file. */
export const CACHE_APPLICATION_ID = 0x4d444f43;

export interface Migration {
  version: number;
  description: string;
  sql: string;
  /** Fills what SQL alone cannot compute (from the stored JSON), in the migration's transaction. */
  backfill?: (db: Database.Database) => void;
}

const V1 = `
-- Key/value facts about the file: the merchant identity, sync watermark, baseline flag.
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

-- One row per order: the columns filters, sorting and search use, kept narrow so scans stay cheap.
-- The order itself (JSON exactly as parsed from the platform, IDs as decimal strings) is in order_json.
CREATE TABLE orders (
  rid                INTEGER PRIMARY KEY,        -- never reused: orders are never deleted
  id                 TEXT NOT NULL UNIQUE,       -- 64-bit decimal ID, exact
  order_num          TEXT,
  buyer_id           TEXT,                       -- 64-bit decimal ID, exact
  buyer_name         TEXT NOT NULL DEFAULT '',
  order_status       INTEGER,
  after_sales_status INTEGER,                    -- learned through the list filter (afterSalesLearning.ts), never read from the Order; NULL: not learned
  delivery_status    INTEGER,                    -- orderDeliveryStatus: 0 Pending, 1 Shipped, 2 Buyer signed, 3 Auto signed
  delivery_exception INTEGER NOT NULL DEFAULT 0, -- 1 when deliveryType = 2 (Delivery exception)
  has_after_sales    INTEGER NOT NULL DEFAULT 0,
  has_dispute        INTEGER NOT NULL DEFAULT 0,
  create_ms          INTEGER NOT NULL,           -- createTime, epoch ms UTC (0 when absent or unreadable)
  pay_ms             INTEGER NOT NULL,           -- payTime, epoch ms UTC (0 while unpaid)
  changed_ms         INTEGER NOT NULL,           -- what the cache knows of the update time; see docs/PERFORMANCE.md
  seen_ms            INTEGER NOT NULL,           -- platform time of the response this version came in
  content_hash       TEXT NOT NULL,              -- hash of the JSON: unchanged orders are skipped without reading it
  title_gid          INTEGER NOT NULL,           -- title_group of the order's product titles
  titles             TEXT NOT NULL DEFAULT '',   -- product titles, one per line
  sku_attrs          TEXT NOT NULL DEFAULT '',   -- "name: value" SKU attributes, one per line
  remark             TEXT NOT NULL DEFAULT ''
);
-- The distinct product-title sets (lower-cased, one title per line): a few thousand, however many orders. The
-- product-title filter (a case-insensitive substring, as on the platform) scans these, not every order.
CREATE TABLE title_group (
  gid    INTEGER PRIMARY KEY,
  titles TEXT NOT NULL UNIQUE
);
CREATE TABLE order_json (
  rid  INTEGER PRIMARY KEY,                      -- = orders.rid
  json TEXT NOT NULL
);
CREATE TRIGGER orders_json_delete AFTER DELETE ON orders BEGIN
  DELETE FROM order_json WHERE rid = old.rid;
END;
-- Filter indexes cover every small filter column, so counting matches never reads the table, whichever index
-- is used. The flags are rare (a few percent of orders): partial indexes hold only the flagged orders and cost
-- the others nothing.
CREATE INDEX orders_by_status        ON orders (order_status,       create_ms, after_sales_status, delivery_status, has_after_sales, has_dispute, delivery_exception, title_gid);
CREATE INDEX orders_by_after_sales   ON orders (after_sales_status, create_ms, order_status, delivery_status, has_after_sales, has_dispute, delivery_exception, title_gid);
CREATE INDEX orders_by_delivery      ON orders (delivery_status,    create_ms, order_status, after_sales_status, has_after_sales, has_dispute, delivery_exception, title_gid);
CREATE INDEX orders_with_after_sales ON orders (create_ms, order_status, after_sales_status, delivery_status, has_dispute, delivery_exception, title_gid) WHERE has_after_sales = 1;
CREATE INDEX orders_with_dispute     ON orders (create_ms, order_status, after_sales_status, delivery_status, has_after_sales, delivery_exception, title_gid) WHERE has_dispute = 1;
CREATE INDEX orders_with_exception   ON orders (create_ms, order_status, after_sales_status, delivery_status, has_after_sales, has_dispute, title_gid) WHERE delivery_exception = 1;
CREATE INDEX orders_by_title_group   ON orders (title_gid, create_ms, order_status, after_sales_status, delivery_status, has_after_sales, has_dispute, delivery_exception);
CREATE INDEX orders_by_buyer         ON orders (buyer_id, create_ms);
CREATE INDEX orders_by_number        ON orders (order_num);
CREATE INDEX orders_by_changed       ON orders (changed_ms);
-- Sort orders (newest created or paid first) with every small filter column covered: a query matching many
-- orders reads in sort order and stops after one page instead of sorting all matches.
CREATE INDEX orders_scan_created ON orders (create_ms, order_status, after_sales_status, delivery_status, has_after_sales, has_dispute, delivery_exception, title_gid);
CREATE INDEX orders_scan_paid    ON orders (pay_ms, order_status, after_sales_status, delivery_status, has_after_sales, has_dispute, delivery_exception, title_gid);

-- Counts per order status and per after-sales status, kept by triggers: the unfiltered counts cost nothing.
-- value is the status as text ('' for none).
CREATE TABLE order_counts (
  dim   TEXT NOT NULL,
  value TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (dim, value)
) WITHOUT ROWID;
CREATE TRIGGER orders_count_insert AFTER INSERT ON orders BEGIN
  INSERT INTO order_counts (dim, value, count) VALUES ('order_status', coalesce(new.order_status, ''), 1)
    ON CONFLICT (dim, value) DO UPDATE SET count = count + 1;
  INSERT INTO order_counts (dim, value, count) VALUES ('after_sales_status', coalesce(new.after_sales_status, ''), 1)
    ON CONFLICT (dim, value) DO UPDATE SET count = count + 1;
END;
CREATE TRIGGER orders_count_update AFTER UPDATE OF order_status, after_sales_status ON orders
WHEN old.order_status IS NOT new.order_status OR old.after_sales_status IS NOT new.after_sales_status BEGIN
  UPDATE order_counts SET count = count - 1 WHERE dim = 'order_status' AND value = coalesce(old.order_status, '');
  INSERT INTO order_counts (dim, value, count) VALUES ('order_status', coalesce(new.order_status, ''), 1)
    ON CONFLICT (dim, value) DO UPDATE SET count = count + 1;
  UPDATE order_counts SET count = count - 1 WHERE dim = 'after_sales_status' AND value = coalesce(old.after_sales_status, '');
  INSERT INTO order_counts (dim, value, count) VALUES ('after_sales_status', coalesce(new.after_sales_status, ''), 1)
    ON CONFLICT (dim, value) DO UPDATE SET count = count + 1;
END;
CREATE TRIGGER orders_count_delete AFTER DELETE ON orders BEGIN
  UPDATE order_counts SET count = count - 1 WHERE dim = 'order_status' AND value = coalesce(old.order_status, '');
  UPDATE order_counts SET count = count - 1 WHERE dim = 'after_sales_status' AND value = coalesce(old.after_sales_status, '');
END;

-- Full-text search over order number, buyer name, product titles, SKU attributes and remark: every word of a
-- search must occur as a case- and accent-insensitive substring.
-- * orders_fts: trigram tokens (words of 3+ characters, any script: order-number fragments, CJK names).
-- * orders_grams: the same columns as single characters and character pairs (words of 1–2 characters, e.g. the
--   two-character Chinese name 张伟), which the trigram index cannot answer. Filled by the application.
-- Indexing is batched: rows with rid <= fts_state.indexed_rid are in both indexes, newer rows are indexed in bulk
-- by the sync (one FTS segment per thousands of rows instead of one per page: ~3x cheaper) and, until then, are
-- searched with LIKE.
CREATE VIRTUAL TABLE orders_fts USING fts5(
  order_num, buyer_name, titles, sku_attrs, remark,
  content = 'orders', content_rowid = 'rid',
  tokenize = 'trigram case_sensitive 0 remove_diacritics 1'
);
CREATE VIRTUAL TABLE orders_grams USING fts5(
  order_num, buyer_name, titles, sku_attrs, remark,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TABLE fts_state (
  id          INTEGER PRIMARY KEY CHECK (id = 1),
  indexed_rid INTEGER NOT NULL
);
INSERT INTO fts_state (id, indexed_rid) VALUES (1, 0);
CREATE TRIGGER orders_fts_delete AFTER DELETE ON orders
WHEN old.rid <= (SELECT indexed_rid FROM fts_state WHERE id = 1) BEGIN
  INSERT INTO orders_fts (orders_fts, rowid, order_num, buyer_name, titles, sku_attrs, remark)
  VALUES ('delete', old.rid, old.order_num, old.buyer_name, old.titles, old.sku_attrs, old.remark);
  DELETE FROM orders_grams WHERE rowid = old.rid;
END;
CREATE TRIGGER orders_fts_update AFTER UPDATE OF order_num, buyer_name, titles, sku_attrs, remark ON orders
WHEN old.rid <= (SELECT indexed_rid FROM fts_state WHERE id = 1)
  AND (old.order_num IS NOT new.order_num OR old.buyer_name IS NOT new.buyer_name OR old.titles IS NOT new.titles
       OR old.sku_attrs IS NOT new.sku_attrs OR old.remark IS NOT new.remark) BEGIN
  INSERT INTO orders_fts (orders_fts, rowid, order_num, buyer_name, titles, sku_attrs, remark)
  VALUES ('delete', old.rid, old.order_num, old.buyer_name, old.titles, old.sku_attrs, old.remark);
  INSERT INTO orders_fts (rowid, order_num, buyer_name, titles, sku_attrs, remark)
  VALUES (new.rid, new.order_num, new.buyer_name, new.titles, new.sku_attrs, new.remark);
END;
-- (orders_grams rows of updated orders are rewritten by the application, which computes the grams.)

-- Sync checkpoint: one row per sync run; the windows it finished. See src/core/sync/checkpoint.ts.
CREATE TABLE sync_run (
  id            INTEGER PRIMARY KEY,
  mode          TEXT NOT NULL CHECK (mode IN ('full', 'incremental')),
  status        TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed', 'abandoned')),
  base_filter   TEXT NOT NULL,            -- JSON: platform filters every window of the run carries
  hi_ms         INTEGER,                  -- creation upper bound of the run (platform clock); NULL until known
  started_ms    INTEGER,                  -- envelope time of the run's first response (platform clock)
  local_started INTEGER NOT NULL,
  local_ended   INTEGER,
  stats         TEXT NOT NULL DEFAULT '{}',
  error         TEXT
);
CREATE TABLE sync_window (
  run_id  INTEGER NOT NULL REFERENCES sync_run (id) ON DELETE CASCADE,
  lo_ms   INTEGER,                        -- inclusive creation lower bound; NULL = unbounded
  hi_ms   INTEGER NOT NULL,               -- inclusive creation upper bound
  total   INTEGER NOT NULL,               -- totalCount the window was verified against
  PRIMARY KEY (run_id, hi_ms)
) WITHOUT ROWID;

-- Change events, written in the same transaction as the order change they describe (an outbox for notifications).
CREATE TABLE change_event (
  seq      INTEGER PRIMARY KEY,
  type     TEXT NOT NULL,
  order_id TEXT NOT NULL,
  at_ms    INTEGER NOT NULL,
  payload  TEXT NOT NULL
);
`;

/**
 * Every small filter and sort column keyed by rid. A text search with other filters (a search within a status tab)
 * checks each full-text match against the filters: through this narrow index that is one seek in a few MiB
 * (~0.3 µs a match at 100,000 orders) instead of a lookup of the wide order row (~1.2 µs).
 */
const V2 = `
CREATE INDEX orders_filters_by_rid ON orders (rid, order_status, after_sales_status, delivery_status, has_after_sales, has_dispute, delivery_exception, create_ms, pay_ms, changed_ms, title_gid);
`;

/**
 * Delivery deadlines (src/core/due): the deadline of each order, computed when it is stored (NO_DUE_MS when it is
 * not due), and the allowed time the due-soon window is a share of. The index serves the due filters and "sort by
 * due time": rid right after the deadline keeps (due_ms, rid) — the keyset order — in index order, so a page is
 * read without sorting even among the many orders that share NO_DUE_MS; the rest covers every small filter column.
 */
const V3 = `
ALTER TABLE orders ADD COLUMN due_ms INTEGER NOT NULL DEFAULT ${NO_DUE_MS};
ALTER TABLE orders ADD COLUMN due_allowed_ms INTEGER NOT NULL DEFAULT 0;
CREATE INDEX orders_by_due ON orders (due_ms, rid, due_allowed_ms, create_ms, pay_ms, order_status, after_sales_status, delivery_status, has_after_sales, has_dispute, delivery_exception, title_gid);
-- The attention queue's other kinds, oldest change first: partial indexes hold only the flagged orders (a few
-- percent), in the queue's order, so a kind is counted from its index alone and its first rows read without a sort.
CREATE INDEX orders_refund_queue    ON orders (after_sales_status, changed_ms) WHERE has_after_sales = 1;
CREATE INDEX orders_dispute_queue   ON orders (changed_ms) WHERE has_dispute = 1;
CREATE INDEX orders_exception_queue ON orders (changed_ms) WHERE delivery_exception = 1;
`;

/**
 * Each indexed order's searchable texts, folded and joined (searchText.ts): a search of common words in a status tab
 * tests them row by row while reading in sort order (textTestPlan.ts). Filled with the full-text indexes (rows up to
 * fts_state.indexed_rid); an existing file's indexed rows are folded here (md_fold is registered before migrating).
 */
const V4 = `
CREATE TABLE order_search (
  rid  INTEGER PRIMARY KEY,                      -- = orders.rid
  text TEXT NOT NULL
);
CREATE TRIGGER orders_search_delete AFTER DELETE ON orders BEGIN
  DELETE FROM order_search WHERE rid = old.rid;
END;
INSERT INTO order_search (rid, text)
  SELECT rid, ${searchTextSql('orders')} FROM orders WHERE rid <= (SELECT indexed_rid FROM fts_state WHERE id = 1);
`;

/**
 * Search folds more than the tokenizers do (searchFold.ts: ß → ss, ø → o, ł → l, ä → a and ae, …), so both
 * full-text indexes hold the folded text, computed by the application: the trigram index becomes contentless like
 * the pairs index (its rows deleted by rowid; a text change is rewritten by the writer, as the pairs always were),
 * and every order is indexed again with the new folding (backfill), as the folded search text is.
 */
const V6 = `
DROP TRIGGER IF EXISTS orders_fts_update;
DROP TRIGGER IF EXISTS orders_fts_delete;
DROP TABLE IF EXISTS orders_fts;
DROP TABLE IF EXISTS orders_grams;
DELETE FROM order_search;
CREATE VIRTUAL TABLE orders_fts USING fts5(
  order_num, buyer_name, titles, sku_attrs, remark,
  content = '', contentless_delete = 1,
  tokenize = 'trigram case_sensitive 0 remove_diacritics 1'
);
CREATE VIRTUAL TABLE orders_grams USING fts5(
  order_num, buyer_name, titles, sku_attrs, remark,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TRIGGER orders_fts_delete AFTER DELETE ON orders
WHEN old.rid <= (SELECT indexed_rid FROM fts_state WHERE id = 1) BEGIN
  DELETE FROM orders_fts WHERE rowid = old.rid;
  DELETE FROM orders_grams WHERE rowid = old.rid;
END;
UPDATE fts_state SET indexed_rid = 0 WHERE id = 1;
`;

/** Rows indexed per batch when a migration indexes every order again (bounded memory per statement). */
const REINDEX_BATCH = 5_000;

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, description: 'orders, full-text index, sync checkpoint, change events', sql: V1 },
  { version: 2, description: 'filter columns by rid, for text search with filters', sql: V2 },
  {
    version: 3,
    description: 'delivery deadline of each order, indexed',
    sql: V3,
    backfill: (db) => void recomputeDueColumns(db, readDeadlineRules(db)),
  },
  { version: 4, description: 'folded search text per order, for common words tested row by row', sql: V4 },
  {
    version: 5,
    description: 'Insights facts per order and per SKU, indexed for the aggregates',
    sql: INSIGHT_FACTS_SQL,
    backfill: (db) => void recomputeInsightFacts(db, readDeadlineRules(db)),
  },
  {
    version: 6,
    description: 'search folds ß, ø, æ, ł, đ, œ and ä/ö/ü as ae/oe/ue: both full-text indexes hold folded text',
    sql: V6,
    backfill: (db) => {
      while (indexPendingRows(db, REINDEX_BATCH, true) > 0);
    },
  },
  {
    version: 7,
    description:
      "order JSON compressed with a dictionary of the merchant's orders (old rows converted in batches after)",
    sql: V7_SQL,
  },
  { version: 8, description: V8_DESCRIPTION, sql: V8_SQL, backfill: backfillV8 },
  { version: 9, description: V9_DESCRIPTION, sql: V9_SQL },
  { version: 10, description: V10_DESCRIPTION, sql: V10_SQL, backfill: backfillV10 },
  { version: 11, description: V11_DESCRIPTION, sql: V11_SQL },
  { version: 12, description: V12_DESCRIPTION, sql: V12_SQL },
];

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Applies every migration above the file's version, each in its own transaction. Returns the versions run. */
export function applyMigrations(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): number[] {
  const applied: number[] = [];
  for (const m of migrations) {
    if (m.version <= schemaVersion(db)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      m.backfill?.(db);
      db.pragma(`application_id = ${CACHE_APPLICATION_ID}`);
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
    applied.push(m.version);
  }
  return applied;
}
