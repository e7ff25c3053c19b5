import type Database from 'better-sqlite3';
import { abandonBuyerWalk, buyerWalkRecorded, buyerWalkStep, startBuyerWalk, type WalkStep } from './insightBuyerWalk';

/**
 * The Insights aggregates of schema version 8, kept beside the fact rows (insightFacts.ts) so that every Insights
 * range is answered from a few thousand rows whatever the number of orders:
 *
 * - `insight_day_lead`: per local day, the paid-to-delivered times of the day's measured orders and their required
 *   times, each a sorted array of float64 (a BLOB). Exact, not a sketch: a percentile over a range is the k-th
 *   smallest of a few hundred sorted runs (sortedRuns.ts), found by counting, so the figures stay the nearest-rank
 *   values the screen has always shown (a delivery time that happened) — a histogram or t-digest would answer
 *   "about 2 h 10 min" where today's figure is exact, and the exact form costs 8 bytes an order and one blob
 *   rewrite per day a page touches. The writer edits a day's arrays in place at the end of each page (no re-read of
 *   the day's orders), so a sync's cost grows with the days it touches, not with the orders those days hold.
 * - `insight_day_sku`: paid SKU rows summed per local day (a trigger, as the month sums): a top list reads whole
 *   months from `insight_month_sku` (on a covering index in SKU order, so grouping them needs no sort) and the
 *   range's partial months from these instead of every order's items.
 * - `insight_buyer_seq` / `insight_buyer_total`: repeat buyers. Each order that has an earlier order of the same
 *   buyer keeps the creation times of the previous two (`prev_ms`, `prev2_ms`, in the buyer's (create_ms, rid)
 *   order). A buyer with k ≥ 1 orders in [from, to) has k − 1 of them whose previous order is in the range too, and
 *   k − 2 (or 0) whose second previous one is, so over a range: A = #{prev_ms ≥ from}, B = #{prev2_ms ≥ from} (both
 *   counted on an index, creation before `to`), buyers with repeat orders = A − B, their orders = A + (A − B). The
 *   top buyers come from the same rows grouped by buyer when A is small, else from the per-buyer totals in
 *   descending order, each buyer's count in the range read from `orders_by_buyer`, stopping once no later total
 *   can reach the list (insightQueries.ts). A per-month buyer summary was the first idea: with buyers rarely
 *   ordering twice in a month, it holds about as many rows as orders and does not make long ranges cheaper.
 *   These rows are in instants, not days, so a change of zone leaves them alone.
 *
 * Buyers are marked dirty by triggers on `orders` (any path that writes or deletes an order marks its buyer) and
 * brought up to date by the next Insights request (OrderCache.insightRows), with SQL window functions over
 * `orders_by_buyer`, one statement for all marked buyers: the sync's pages pay one insert into the mark list per
 * order, and a sync of many pages refreshes each buyer once. While a first full sync loads without indexes
 * (deferredIndexes.ts) the list only grows; restoring the indexes rebuilds every buyer in bounded steps
 * (insightBuyerWalk.ts), as does any refresh that finds more than BUYER_REBUILD_AT buyers marked.
 */
export const INSIGHT_AGGREGATES_SQL = `
CREATE TABLE insight_day_lead (
  day      INTEGER PRIMARY KEY,                 -- local day, as insight_order.day
  leads    BLOB NOT NULL,                       -- sorted float64 (little-endian) lead_ms of the day's measured orders
  required BLOB NOT NULL                        -- sorted float64 required_ms of those of them that have one
);
-- Days whose arrays must be read again from insight_order (orders deleted outside the writer).
CREATE TABLE insight_lead_dirty (day INTEGER PRIMARY KEY);
CREATE TABLE insight_day_sku (
  day               INTEGER NOT NULL,
  product_key       TEXT NOT NULL,
  sku_key           TEXT NOT NULL,
  currency          TEXT NOT NULL,
  orders            INTEGER NOT NULL,
  product_orders    INTEGER NOT NULL,
  units             INTEGER NOT NULL,
  amount_micro      INTEGER NOT NULL,
  after_sales       INTEGER NOT NULL,
  product_after     INTEGER NOT NULL,
  PRIMARY KEY (day, product_key, sku_key, currency)
) WITHOUT ROWID;
CREATE TRIGGER insight_day_sku_add AFTER INSERT ON insight_item WHEN new.paid = 1 BEGIN
  INSERT INTO insight_day_sku VALUES (new.day, new.product_key, new.sku_key, new.currency, 1, new.first_of_product,
    new.units, new.amount_micro, new.after_sales, new.after_sales * new.first_of_product)
  ON CONFLICT (day, product_key, sku_key, currency) DO UPDATE SET orders = orders + 1,
    product_orders = product_orders + excluded.product_orders, units = units + excluded.units,
    amount_micro = amount_micro + excluded.amount_micro, after_sales = after_sales + excluded.after_sales,
    product_after = product_after + excluded.product_after;
END;
CREATE TRIGGER insight_day_sku_remove AFTER DELETE ON insight_item WHEN old.paid = 1 BEGIN
  UPDATE insight_day_sku SET orders = orders - 1, product_orders = product_orders - old.first_of_product,
    units = units - old.units, amount_micro = amount_micro - old.amount_micro, after_sales = after_sales - old.after_sales,
    product_after = product_after - old.after_sales * old.first_of_product
  WHERE day = old.day AND product_key = old.product_key AND sku_key = old.sku_key AND currency = old.currency;
END;
-- The month sums in SKU order: a top list over whole months groups them without a sort.
CREATE INDEX insight_month_sku_by_sku ON insight_month_sku (product_key, sku_key, currency, month, orders,
  product_orders, units, amount_micro, after_sales, product_after);
-- The SKU rows were read per day only for the top lists' partial months; the day sums answer that now.
DROP INDEX IF EXISTS insight_item_by_day;
CREATE TABLE insight_buyer_seq (
  rid       INTEGER PRIMARY KEY,                -- = orders.rid of an order with an earlier order of its buyer
  buyer_id  TEXT NOT NULL,
  create_ms INTEGER NOT NULL,
  prev_ms   INTEGER NOT NULL,                   -- creation of the buyer's previous order
  prev2_ms  INTEGER                             -- of the one before it; NULL for the buyer's second order
);
CREATE INDEX insight_buyer_prev ON insight_buyer_seq (prev_ms, create_ms, buyer_id);
CREATE INDEX insight_buyer_prev2 ON insight_buyer_seq (prev2_ms, create_ms) WHERE prev2_ms IS NOT NULL;
CREATE TABLE insight_buyer_total (
  buyer_id TEXT PRIMARY KEY,
  orders   INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX insight_buyer_by_orders ON insight_buyer_total (orders DESC, buyer_id);
CREATE TABLE insight_buyer_dirty (buyer_id TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE TRIGGER insight_buyer_insert AFTER INSERT ON orders WHEN new.buyer_id IS NOT NULL BEGIN
  INSERT OR IGNORE INTO insight_buyer_dirty VALUES (new.buyer_id);
END;
CREATE TRIGGER insight_buyer_update AFTER UPDATE OF buyer_id, create_ms ON orders
  WHEN old.buyer_id IS NOT new.buyer_id OR old.create_ms IS NOT new.create_ms BEGIN
  INSERT OR IGNORE INTO insight_buyer_dirty SELECT old.buyer_id WHERE old.buyer_id IS NOT NULL;
  INSERT OR IGNORE INTO insight_buyer_dirty SELECT new.buyer_id WHERE new.buyer_id IS NOT NULL;
END;
CREATE TRIGGER insight_buyer_delete AFTER DELETE ON orders BEGIN
  INSERT OR IGNORE INTO insight_buyer_dirty SELECT old.buyer_id WHERE old.buyer_id IS NOT NULL;
  DELETE FROM insight_buyer_seq WHERE rid = old.rid;
END;
-- Before orders_insight_delete removes the fact row: the day's times are read again.
CREATE TRIGGER orders_insight_lead_delete BEFORE DELETE ON orders BEGIN
  INSERT OR IGNORE INTO insight_lead_dirty SELECT day FROM insight_order WHERE rid = old.rid AND lead_ms IS NOT NULL;
END;
`;

/** Removes what INSIGHT_AGGREGATES_SQL creates (tests rewind a file to an older version with it). */
export const DROP_INSIGHT_AGGREGATES_SQL = `DROP TRIGGER orders_insight_lead_delete; DROP TRIGGER insight_buyer_delete;
  DROP TRIGGER insight_day_sku_add; DROP TRIGGER insight_day_sku_remove;
  DROP TRIGGER insight_buyer_update; DROP TRIGGER insight_buyer_insert; DROP TABLE insight_buyer_dirty;
  DROP TABLE insight_buyer_total; DROP TABLE insight_buyer_seq; DROP TABLE insight_day_sku; DROP TABLE insight_lead_dirty;
  DROP TABLE insight_day_lead; DROP INDEX insight_month_sku_by_sku;
  CREATE INDEX insight_item_by_day ON insight_item (day, product_key, sku_key, currency, paid, amount_micro, units, after_sales, first_of_product);`;

/** Buyers' orders in (create_ms, rid) order with the two before each; `WHERE` picks the buyers. */
const buyerSeqSelect = (where: string) => `
  SELECT rid, buyer_id, create_ms, prev_ms, prev2_ms FROM (
    SELECT rid, buyer_id, create_ms, lag(create_ms, 1) OVER w AS prev_ms, lag(create_ms, 2) OVER w AS prev2_ms
    FROM orders WHERE ${where}
    WINDOW w AS (PARTITION BY buyer_id ORDER BY create_ms, rid)
  ) WHERE prev_ms IS NOT NULL`;

/** Every buyer's rows from scratch (one sorted pass over orders_by_buyer). */
export function rebuildBuyerAggregates(db: Database.Database): void {
  abandonBuyerWalk(db);
  db.exec(`DELETE FROM insight_buyer_seq; DELETE FROM insight_buyer_total; DELETE FROM insight_buyer_dirty;
    INSERT INTO insight_buyer_seq ${buyerSeqSelect('buyer_id IS NOT NULL')};
    INSERT INTO insight_buyer_total SELECT buyer_id, count(*) FROM orders WHERE buyer_id IS NOT NULL GROUP BY buyer_id;`);
}

/** Past this many marked buyers, one pass over every buyer is cheaper than a lookup per buyer. */
const BUYER_REBUILD_AT = 5_000;

/** The rows of the buyers marked dirty (a page's buyers; at most BUYER_REBUILD_AT), then the marks cleared. */
function refreshDirtyBuyers(db: Database.Database): void {
  const marked = 'buyer_id IN (SELECT buyer_id FROM insight_buyer_dirty)';
  db.exec(`DELETE FROM insight_buyer_seq WHERE rid IN (SELECT rid FROM orders WHERE ${marked});
    INSERT OR REPLACE INTO insight_buyer_seq ${buyerSeqSelect(marked)};
    DELETE FROM insight_buyer_total WHERE ${marked};
    INSERT INTO insight_buyer_total SELECT buyer_id, count(*) FROM orders WHERE ${marked} GROUP BY buyer_id;
    DELETE FROM insight_buyer_dirty;`);
}

/**
 * Whether the buyers must wait: a first full sync loads without orders_by_buyer, and its end builds the deferred
 * indexes one transaction each (deferredIndexes.ts) — the last of them records the walk over every buyer. The key is
 * deferredIndexes.ts's DEFERRED_INDEXES_KEY (not imported: that module imports this one).
 */
function buyersWait(db: Database.Database): boolean {
  return (
    db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'index' AND name = 'orders_by_buyer'").get() === undefined ||
    db.prepare("SELECT 1 FROM meta WHERE key = 'deferred_indexes'").get() !== undefined
  );
}

/** Whether the file has schema 8's aggregates (a file being migrated from an older version has not yet). */
export function hasInsightAggregates(db: Database.Database): boolean {
  return (
    db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'insight_day_lead'").get() !== undefined
  );
}

/**
 * A sorted float64 array from a stored BLOB: a view of its bytes when they are 8-byte aligned (better-sqlite3 gives
 * each BLOB its own buffer), else a copy (a Buffer's offset need not be aligned). Read-only for the caller.
 */
export function decodeTimes(blob: Uint8Array): Float64Array {
  if (blob.byteOffset % 8 === 0) return new Float64Array(blob.buffer, blob.byteOffset, blob.byteLength / 8);
  const copy = new Uint8Array(blob.byteLength);
  copy.set(blob);
  return new Float64Array(copy.buffer, 0, blob.byteLength / 8);
}

export function encodeTimes(values: Float64Array): Buffer {
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength);
}

/** Every day's delivery-time arrays from the fact rows (a migration, a change of zone or deadline rules). */
export function rebuildLeadAggregates(db: Database.Database): void {
  db.exec('DELETE FROM insight_day_lead; DELETE FROM insight_lead_dirty;');
  const rows = db
    .prepare('SELECT day, lead_ms, required_ms FROM insight_order WHERE lead_ms IS NOT NULL ORDER BY day')
    .raw()
    .all() as Array<[number, number, number | null]>;
  const put = db.prepare('INSERT INTO insight_day_lead (day, leads, required) VALUES (?, ?, ?)');
  for (let i = 0; i < rows.length;) {
    const day = rows[i]![0];
    let j = i;
    while (j < rows.length && rows[j]![0] === day) j++;
    const { leads, required } = sortedTimes(rows.slice(i, j).map((r) => [r[1], r[2]]));
    put.run(day, encodeTimes(leads), encodeTimes(required));
    i = j;
  }
}

function sortedTimes(pairs: ReadonlyArray<readonly [number, number | null]>): {
  leads: Float64Array;
  required: Float64Array;
} {
  const leads = Float64Array.from(pairs, (p) => p[0]).sort();
  const required = Float64Array.from(pairs.flatMap((p) => (p[1] === null ? [] : [p[1]]))).sort();
  return { leads, required };
}

/** Days marked dirty (orders deleted outside the writer): their arrays read again from insight_order. */
function refreshDirtyLeadDays(db: Database.Database): void {
  const days = db.prepare('SELECT day FROM insight_lead_dirty').pluck().all() as number[];
  if (days.length === 0) return;
  // One pass over the facts for every marked day (schema 10 has no index of the facts by day: deletes outside the
  // writer are rare, and the index cost 17 bytes an order).
  const byDay = new Map<number, Array<[number, number | null]>>(days.map((d) => [d, []]));
  const rows = db
    .prepare(
      'SELECT day, lead_ms, required_ms FROM insight_order WHERE lead_ms IS NOT NULL AND day IN (SELECT day FROM insight_lead_dirty)',
    )
    .raw()
    .all() as Array<[number, number, number | null]>;
  for (const [day, lead, required] of rows) byDay.get(day)?.push([lead, required]);
  const put = db.prepare('INSERT OR REPLACE INTO insight_day_lead (day, leads, required) VALUES (?, ?, ?)');
  const drop = db.prepare('DELETE FROM insight_day_lead WHERE day = ?');
  for (const [day, times] of byDay) {
    if (times.length === 0) drop.run(day);
    else {
      const { leads, required } = sortedTimes(times);
      put.run(day, encodeTimes(leads), encodeTimes(required));
    }
  }
  db.exec('DELETE FROM insight_lead_dirty');
}

/** Everything of this file from the fact rows and orders (the migration's backfill, a change of zone or rules). */
export function rebuildInsightAggregates(db: Database.Database): void {
  rebuildLeadAggregates(db);
  db.exec(`DELETE FROM insight_day_sku;
    INSERT INTO insight_day_sku SELECT day, product_key, sku_key, currency, count(*), sum(first_of_product),
      sum(units), sum(amount_micro), sum(after_sales), sum(after_sales * first_of_product)
    FROM insight_item WHERE paid = 1 GROUP BY day, product_key, sku_key, currency;`);
  rebuildBuyerAggregates(db);
}

/**
 * One bounded step of bringing what is marked up to date, inside the caller's write transaction; undefined when
 * nothing is left to do. The delivery-time days first (few: orders deleted outside the writer), then the marked
 * buyers: up to BUYER_REBUILD_AT of them in this step, more start a walk over every buyer (insightBuyerWalk.ts)
 * whose steps follow. Buyers wait while the indexes are deferred (each lookup would scan the table) and while a walk
 * is recorded that `continueWalk` says to leave to its owner. Returns the rows the step read (about).
 */
export function insightRefreshStep(
  db: Database.Database,
  options: { maxRows?: number; continueWalk?: boolean } = {},
): number | undefined {
  const leadDays = db.prepare('SELECT count(*) FROM insight_lead_dirty').pluck().get() as number;
  if (leadDays > 0) {
    refreshDirtyLeadDays(db);
    return leadDays;
  }
  if (buyersWait(db)) return undefined;
  if (buyerWalkRecorded(db))
    return options.continueWalk === false ? undefined : buyerWalkStep(db, options.maxRows)!.rows;
  const dirty = db
    .prepare('SELECT count(*) FROM (SELECT 1 FROM insight_buyer_dirty LIMIT ?)')
    .pluck()
    .get(BUYER_REBUILD_AT + 1) as number;
  if (dirty === 0) return undefined;
  if (dirty <= BUYER_REBUILD_AT) {
    refreshDirtyBuyers(db);
    return dirty;
  }
  startBuyerWalk(db);
  return buyerWalkStep(db, options.maxRows)!.rows;
}

/**
 * Everything marked brought up to date, each step its own write transaction (other writers of the file take their
 * turn between them). Returns the steps taken. `continueWalk: false`: an Insights request leaves a walk another
 * connection records (the sync's end, on the writer's thread) to that connection, and answers from the rows as far
 * as it has come.
 */
export function refreshInsightsInSteps(
  db: Database.Database,
  options: { maxRows?: number; continueWalk?: boolean } = {},
): number {
  let continueWalk = options.continueWalk !== false;
  const step = db.transaction(() => {
    const recorded = buyerWalkRecorded(db);
    const rows = insightRefreshStep(db, { ...options, continueWalk });
    // A walk this call started is its own to finish.
    if (!recorded && buyerWalkRecorded(db)) continueWalk = true;
    return rows;
  });
  let steps = 0;
  while (step.immediate() !== undefined) steps++;
  return steps;
}

/** How a walk's steps are taken: rows per step, and (tests) a call after each step's commit. */
export interface WalkOptions {
  walkRows?: number;
  onWalkStep?: (step: WalkStep) => void;
}

/** A recorded walk's steps until it is over, each its own write transaction (the end of a first sync; an open). */
export function finishBuyerWalk(db: Database.Database, options: WalkOptions = {}): number {
  const step = db.transaction(() => (buyersWait(db) ? undefined : buyerWalkStep(db, options.walkRows)));
  let steps = 0;
  for (let s = step.immediate(); s !== undefined; s = step.immediate()) {
    steps++;
    options.onWalkStep?.(s);
    if (s.done) break;
  }
  return steps;
}

/**
 * After a first sync's last deferred index (inside that transaction): the marked days now, and a walk over every
 * buyer recorded if any is marked (all are, after a first sync), which finishBuyerWalk then takes in steps. A walk
 * recorded earlier (a kill during one) goes on from where it stopped.
 */
export function beginInsightRefresh(db: Database.Database): void {
  refreshDirtyLeadDays(db);
  if (buyerWalkRecorded(db)) return;
  if (db.prepare('SELECT EXISTS (SELECT 1 FROM insight_buyer_dirty)').pluck().get()) startBuyerWalk(db);
}

/**
 * The writer's side of `insight_day_lead`: a page's added and removed delivery times per day, applied to the
 * stored arrays once at the end of the page (one read and one write per day touched).
 */
export class LeadDayChanges {
  private readonly changes = new Map<
    number,
    { add: number[]; remove: number[]; addReq: number[]; removeReq: number[] }
  >();
  private readonly read: Database.Statement<[number]>;
  private readonly put: Database.Statement;
  private readonly drop: Database.Statement<[number]>;

  constructor(db: Database.Database) {
    this.read = db.prepare<[number]>('SELECT leads, required FROM insight_day_lead WHERE day = ?').raw();
    this.put = db.prepare('INSERT OR REPLACE INTO insight_day_lead (day, leads, required) VALUES (?, ?, ?)');
    this.drop = db.prepare<[number]>('DELETE FROM insight_day_lead WHERE day = ?');
  }

  private of(day: number) {
    let c = this.changes.get(day);
    if (!c) this.changes.set(day, (c = { add: [], remove: [], addReq: [], removeReq: [] }));
    return c;
  }

  added(day: number, leadMs: number | null, requiredMs: number | null): void {
    if (leadMs === null) return;
    const c = this.of(day);
    c.add.push(leadMs);
    if (requiredMs !== null) c.addReq.push(requiredMs);
  }

  removed(day: number, leadMs: number | null, requiredMs: number | null): void {
    if (leadMs === null) return;
    const c = this.of(day);
    c.remove.push(leadMs);
    if (requiredMs !== null) c.removeReq.push(requiredMs);
  }

  /** Writes the page's changes (inside its transaction) and forgets them. */
  flush(): void {
    for (const [day, c] of this.changes) {
      const row = this.read.get(day) as [Uint8Array, Uint8Array] | undefined;
      const leads = edit(row ? decodeTimes(row[0]) : new Float64Array(0), c.add, c.remove);
      const required = edit(row ? decodeTimes(row[1]) : new Float64Array(0), c.addReq, c.removeReq);
      if (leads.length === 0) this.drop.run(day);
      else this.put.run(day, encodeTimes(leads), encodeTimes(required));
    }
    this.changes.clear();
  }

  /** After a rolled-back page. */
  forget(): void {
    this.changes.clear();
  }
}

/**
 * A sorted array as a multiset: `add` added, `remove` taken out (one occurrence each), sorted again. A removed value
 * may be one the same page added (an order written twice in one page: its first copy's time goes again), so what
 * the stored values do not account for is taken from the added ones.
 */
function edit(sorted: Float64Array, add: readonly number[], remove: readonly number[]): Float64Array {
  if (add.length === 0 && remove.length === 0) return sorted;
  const drop = new Map<number, number>();
  for (const v of remove) drop.set(v, (drop.get(v) ?? 0) + 1);
  const out = new Float64Array(sorted.length + add.length);
  let n = 0;
  const keep = (v: number) => {
    const d = drop.get(v);
    if (d) drop.set(v, d - 1);
    else out[n++] = v;
  };
  for (const v of sorted) keep(v);
  for (const v of add) keep(v);
  return out.subarray(0, n).sort();
}
