import type Database from 'better-sqlite3';

/**
 * Every buyer's repeat-buyer rows (`insight_buyer_seq`, `insight_buyer_total`: insightAggregates.ts) rebuilt in
 * bounded steps, each its own transaction: the end of a first full sync, where every buyer is marked (issue 26: one
 * transaction of ~3 s at 500,000 orders, 11 s at a million, held the write lock past the sync writer's 5 s busy
 * timeout). Each step reads at most `maxRows` orders or index entries, in phases:
 *
 * 1. `clear` (only when the tables hold rows of an earlier build): deletes them, in key order.
 * 2. `orders`: the orders in rid order; each order's two previous creation times of its buyer are two seeks into
 *    `orders_by_buyer` (backwards from the order's own entry). The rows arrive in `insight_buyer_seq`'s key order,
 *    so a step writes only the pages it appends: a walk in buyer order (the first version, a window over an index
 *    range) put its rows all over the table and each step rewrote more of it — 63 → 463 ms a step from the start to
 *    the end at a million orders, 19 s in all.
 * 3. `totals`: `orders_by_buyer` in its order, each buyer's count, again in the table's key order; a buyer whose
 *    entries a step ends inside is continued by the next (added to what that step counted).
 * 4. `indexes`: the tables' secondary indexes, dropped when the walk starts (inserting into them is random in any
 *    walk order), built again from the sorted rows, one per step. Readers meanwhile plan without them
 *    (StatementCache leaves a hint naming a missing index out).
 *
 * The state is kept in `meta` under BUYER_WALK_KEY, written by the step that moves it, so a kill between steps
 * leaves the rest to the upkeep after the next opening or the next sync (finishEndOfSync, deferredIndexes.ts). The walk clears every buyer's mark when it starts: a
 * buyer written by someone else meanwhile is marked again by the triggers and refreshed after the walk, like any
 * marked buyer. Readers see the rows as far as the walk has come (an Insights request leaves a walk recorded by
 * another connection to it: OrderCache.insightRows).
 */

export const BUYER_WALK_KEY = 'insight_buyer_walk';

/**
 * Orders (or index entries) a step reads: ~0.1–0.2 s at a million orders on this machine (docs/PERFORMANCE.md §8,
 * "Fifth pass (c): the end of a first sync in steps").
 */
export const BUYER_WALK_STEP_ROWS = 25_000;

/** The last entry of orders_by_buyer a totals step read: the next step starts after it. */
interface Position {
  buyer: string;
  createMs: number;
  rid: number;
}

type WalkState = { indexes: string[] } & (
  | { phase: 'clear' }
  | { phase: 'orders'; afterRid: number }
  | { phase: 'totals'; after: Position | null }
  | { phase: 'indexes' }
);

function readState(db: Database.Database): WalkState | undefined {
  const raw = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(BUYER_WALK_KEY) as string | undefined;
  return raw === undefined ? undefined : (JSON.parse(raw) as WalkState);
}

function writeState(db: Database.Database, state: WalkState | undefined): void {
  if (state === undefined) db.prepare('DELETE FROM meta WHERE key = ?').run(BUYER_WALK_KEY);
  else
    db.prepare(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ).run(BUYER_WALK_KEY, JSON.stringify(state));
}

export function buyerWalkRecorded(db: Database.Database): boolean {
  return readState(db) !== undefined;
}

/**
 * Records a walk over every buyer (inside the caller's transaction; the steps do the work): the marks cleared, the
 * two tables' secondary indexes dropped and kept in the state.
 */
export function startBuyerWalk(db: Database.Database): void {
  const indexes = db
    .prepare(
      `SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL
         AND tbl_name IN ('insight_buyer_seq', 'insight_buyer_total') ORDER BY name`,
    )
    .all() as Array<{ name: string; sql: string }>;
  for (const i of indexes) db.exec(`DROP INDEX "${i.name.replace(/"/g, '""')}"`);
  db.exec('DELETE FROM insight_buyer_dirty');
  const held = db
    .prepare('SELECT EXISTS (SELECT 1 FROM insight_buyer_seq) OR EXISTS (SELECT 1 FROM insight_buyer_total)')
    .pluck()
    .get() as number;
  const sql = indexes.map((i) => i.sql);
  writeState(db, held ? { phase: 'clear', indexes: sql } : { phase: 'orders', afterRid: 0, indexes: sql });
}

/**
 * A recorded walk given up (inside the caller's transaction), its dropped indexes built again: for a rebuild of
 * every buyer in one transaction (a migration, a change of deadline rules), which would otherwise be counted twice
 * for the buyer a totals step stopped inside.
 */
export function abandonBuyerWalk(db: Database.Database): void {
  const state = readState(db);
  if (state === undefined) return;
  for (const sql of state.indexes) db.exec(sql);
  writeState(db, undefined);
}

export interface WalkStep {
  phase: WalkState['phase'];
  /** Rows this step read (orders, index entries, rows deleted while clearing; 0 for an index built). */
  rows: number;
  /** Whether the walk is over (its record removed). */
  done: boolean;
}

/**
 * One step of the recorded walk, inside the caller's write transaction (undefined when none is recorded). Reads at
 * most `maxRows` orders or index entries and writes at most as many rows of each table (or builds one index).
 */
export function buyerWalkStep(db: Database.Database, maxRows = BUYER_WALK_STEP_ROWS): WalkStep | undefined {
  const state = readState(db);
  if (state === undefined) return undefined;
  const n = Math.max(1, Math.trunc(maxRows));
  const { phase } = state;
  const rows =
    state.phase === 'clear'
      ? clearStep(db, state, n)
      : state.phase === 'orders'
        ? ordersStep(db, state, n)
        : state.phase === 'totals'
          ? totalsStep(db, state, n)
          : indexStep(db, state);
  return { phase, rows, done: readState(db) === undefined };
}

/** Deletes up to `n` rows of each table the walk rebuilds, in key order; the orders follow when both are empty. */
function clearStep(db: Database.Database, state: WalkState, n: number): number {
  const seq = db
    .prepare('DELETE FROM insight_buyer_seq WHERE rid IN (SELECT rid FROM insight_buyer_seq ORDER BY rid LIMIT ?)')
    .run(n).changes;
  const totals = db
    .prepare(
      `DELETE FROM insight_buyer_total
       WHERE buyer_id IN (SELECT buyer_id FROM insight_buyer_total ORDER BY buyer_id LIMIT ?)`,
    )
    .run(n).changes;
  if (seq < n && totals < n) writeState(db, { phase: 'orders', afterRid: 0, indexes: state.indexes });
  return seq + totals;
}

/** The creation time of the buyer's order `back` entries before `o`'s in orders_by_buyer (1: the previous one). */
const previous = (back: 1 | 2) => `(SELECT p.create_ms FROM orders p INDEXED BY orders_by_buyer
  WHERE p.buyer_id = o.buyer_id AND (p.create_ms, p.rid) < (o.create_ms, o.rid)
  ORDER BY p.create_ms DESC, p.rid DESC LIMIT 1 OFFSET ${back - 1})`;

/** The next `n` orders in rid order: the rows of those that have an earlier order of their buyer. */
function ordersStep(db: Database.Database, state: WalkState & { phase: 'orders' }, n: number): number {
  const last = db
    .prepare('SELECT rid FROM orders WHERE rid > ? ORDER BY rid LIMIT 1 OFFSET ?')
    .pluck()
    .get(state.afterRid, n - 1) as number | undefined;
  const to = last ?? Number.MAX_SAFE_INTEGER;
  db.prepare(
    `INSERT OR REPLACE INTO insight_buyer_seq (rid, buyer_id, create_ms, prev_ms, prev2_ms)
     SELECT rid, buyer_id, create_ms, prev_ms, prev2_ms FROM (
       SELECT o.rid, o.buyer_id, o.create_ms, ${previous(1)} AS prev_ms, ${previous(2)} AS prev2_ms
       FROM orders o WHERE o.rid > :after AND o.rid <= :to AND o.buyer_id IS NOT NULL
     ) WHERE prev_ms IS NOT NULL`,
  ).run({ after: state.afterRid, to });
  const rows =
    last !== undefined
      ? n
      : (db.prepare('SELECT count(*) FROM orders WHERE rid > ?').pluck().get(state.afterRid) as number);
  writeState(
    db,
    last !== undefined ? { ...state, afterRid: last } : { phase: 'totals', after: null, indexes: state.indexes },
  );
  return rows;
}

/** The (buyer, creation, rid) order of orders_by_buyer, as a row value. */
const KEY = '(buyer_id, create_ms, rid)';

/** Each buyer's orders among the next `n` entries of orders_by_buyer. */
function totalsStep(db: Database.Database, state: WalkState & { phase: 'totals' }, n: number): number {
  const { after } = state;
  const from = after === null ? 'buyer_id IS NOT NULL' : `${KEY} > (:ab, :ac, :ar)`;
  const at = after === null ? {} : { ab: after.buyer, ac: after.createMs, ar: after.rid };
  // The step's last entry: the n-th after the start, or none when fewer are left (the last totals step).
  const last = db
    .prepare(
      `SELECT buyer_id AS buyer, create_ms AS createMs, rid FROM orders INDEXED BY orders_by_buyer
       WHERE ${from} ORDER BY buyer_id, create_ms, rid LIMIT 1 OFFSET :skip`,
    )
    .get({ ...at, skip: n - 1 }) as Position | undefined;
  const to = last === undefined ? '' : `AND ${KEY} <= (:lb, :lc, :lr)`;
  const end = last === undefined ? {} : { lb: last.buyer, lc: last.createMs, lr: last.rid };
  // A buyer continued from the step before adds to what that step counted.
  db.prepare(
    `INSERT INTO insight_buyer_total (buyer_id, orders)
     SELECT buyer_id, count(*) FROM orders INDEXED BY orders_by_buyer WHERE ${from} ${to} GROUP BY buyer_id
     ON CONFLICT (buyer_id) DO UPDATE SET orders = CASE WHEN buyer_id IS :cont THEN orders + excluded.orders
       ELSE excluded.orders END`,
  ).run({ ...at, ...end, cont: after?.buyer ?? null });
  const rows =
    last !== undefined
      ? n
      : (db.prepare(`SELECT count(*) FROM orders INDEXED BY orders_by_buyer WHERE ${from}`).pluck().get(at) as number);
  writeState(db, last !== undefined ? { ...state, after: last } : { phase: 'indexes', indexes: state.indexes });
  return rows;
}

/** One dropped index built again from the sorted rows; the walk is over after the last. */
function indexStep(db: Database.Database, state: WalkState): number {
  const [next, ...rest] = state.indexes;
  if (next !== undefined) db.exec(next);
  writeState(db, rest.length > 0 ? { phase: 'indexes', indexes: rest } : undefined);
  return 0;
}
