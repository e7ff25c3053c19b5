import type Database from 'better-sqlite3';

/**
 * Every buyer's repeat-buyer rows (`insight_buyer_seq`, `insight_buyer_total`: insightAggregates.ts) rebuilt in
 * bounded steps, each its own transaction: the end of a first full sync, where every buyer is marked (issue 26: one
 * transaction of ~3 s at 500,000 orders, ~6 s at a million, held the write lock past the sync writer's 5 s busy
 * timeout). A step walks at most `maxRows` entries of `orders_by_buyer` in its order (buyer, creation, rid) from
 * where the last step stopped — a buyer with more orders than that is simply continued by the next step — and
 * writes their rows: each order's two previous creation times from a window over the step's range (the two entries
 * before it read too), each buyer's count added to what the step before counted of it.
 *
 * The position is kept in `meta` under BUYER_WALK_KEY, written by the step that moves it, so a kill between steps
 * leaves the walk to the next one (the next open or sync: restoreIndexes). A walk over a file that already holds
 * repeat-buyer rows first deletes them (bounded steps too): the walk then only inserts. A step clears the marks of
 * the buyers whose first entry it walked; a buyer written by someone else after that (between steps) is marked
 * again by the triggers and refreshed after the walk, like any marked buyer. Readers meanwhile see the rows as far
 * as the walk has come (an Insights request leaves the buyers alone while a walk is recorded: OrderCache.insightRows).
 */

export const BUYER_WALK_KEY = 'insight_buyer_walk';

/**
 * Entries of orders_by_buyer a step walks: ~0.1–0.2 s at a million orders on this machine (the bench's figure:
 * docs/PERFORMANCE.md §8, "The end of a first sync in steps"), a tenth of what the whole walk took.
 */
export const BUYER_WALK_STEP_ROWS = 25_000;

/** The last entry a step walked: the next step starts after it. */
interface Position {
  buyer: string;
  createMs: number;
  rid: number;
}

/** `clear`: the rows of an earlier build are still being deleted; `walk`: walking from after `after` (null: start). */
type WalkState = { phase: 'clear' } | { phase: 'walk'; after: Position | null };

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

/** Records a walk over every buyer (inside the caller's transaction); the steps do the work. */
export function startBuyerWalk(db: Database.Database): void {
  const held = db
    .prepare('SELECT EXISTS (SELECT 1 FROM insight_buyer_seq) OR EXISTS (SELECT 1 FROM insight_buyer_total)')
    .pluck()
    .get() as number;
  writeState(db, held ? { phase: 'clear' } : { phase: 'walk', after: null });
}

export interface WalkStep {
  /** Rows this step read (entries of orders_by_buyer walked, or rows deleted while clearing). */
  rows: number;
  /** Whether the walk is over (its record removed). */
  done: boolean;
}

/**
 * One step of the recorded walk, inside the caller's write transaction (undefined when none is recorded). Reads at
 * most `maxRows` index entries (plus the two before its start) and writes at most as many rows of each table.
 */
export function buyerWalkStep(db: Database.Database, maxRows = BUYER_WALK_STEP_ROWS): WalkStep | undefined {
  const state = readState(db);
  if (state === undefined) return undefined;
  if (state.phase === 'clear') return clearStep(db, Math.max(1, Math.trunc(maxRows)));
  return walkStep(db, state.after, Math.max(1, Math.trunc(maxRows)));
}

/** Deletes up to `maxRows` rows of each table the walk rebuilds; the walk starts when both are empty. */
function clearStep(db: Database.Database, maxRows: number): WalkStep {
  const seq = db
    .prepare('DELETE FROM insight_buyer_seq WHERE rid IN (SELECT rid FROM insight_buyer_seq ORDER BY rid LIMIT ?)')
    .run(maxRows).changes;
  const totals = db
    .prepare(
      `DELETE FROM insight_buyer_total
       WHERE buyer_id IN (SELECT buyer_id FROM insight_buyer_total ORDER BY buyer_id LIMIT ?)`,
    )
    .run(maxRows).changes;
  if (seq < maxRows && totals < maxRows) writeState(db, { phase: 'walk', after: null });
  return { rows: seq + totals, done: false };
}

/** The (buyer, creation, rid) order of orders_by_buyer, as a row value. */
const KEY = '(buyer_id, create_ms, rid)';

function walkStep(db: Database.Database, after: Position | null, maxRows: number): WalkStep {
  const from = after === null ? 'buyer_id IS NOT NULL' : `${KEY} > (:ab, :ac, :ar)`;
  const at = after === null ? {} : { ab: after.buyer, ac: after.createMs, ar: after.rid };
  // The step's last entry: the maxRows-th after the start, or none when fewer are left (this is the last step).
  const last = db
    .prepare(
      `SELECT buyer_id AS buyer, create_ms AS createMs, rid FROM orders INDEXED BY orders_by_buyer
       WHERE ${from} ORDER BY buyer_id, create_ms, rid LIMIT 1 OFFSET :skip`,
    )
    .get({ ...at, skip: maxRows - 1 }) as Position | undefined;
  const to = last === undefined ? '' : `AND ${KEY} <= (:lb, :lc, :lr)`;
  const end = last === undefined ? {} : { lb: last.buyer, lc: last.createMs, lr: last.rid };
  // The window reads from the entry before the start's (a continued buyer's two previous orders are the start and
  // the one before it), and writes from after the start.
  const before =
    after === null
      ? undefined
      : (db
          .prepare(
            `SELECT create_ms AS createMs, rid FROM orders INDEXED BY orders_by_buyer
             WHERE buyer_id = :ab AND (create_ms, rid) < (:ac, :ar) ORDER BY create_ms DESC, rid DESC LIMIT 1`,
          )
          .get(at) as { createMs: number; rid: number } | undefined);
  const windowFrom = after === null ? from : `${KEY} >= (:ab, :wc, :wr)`;
  const win = after === null ? {} : { wc: before?.createMs ?? after.createMs, wr: before?.rid ?? after.rid };
  db.prepare(
    `INSERT OR REPLACE INTO insight_buyer_seq (rid, buyer_id, create_ms, prev_ms, prev2_ms)
       SELECT rid, buyer_id, create_ms, prev_ms, prev2_ms FROM (
         SELECT rid, buyer_id, create_ms, lag(create_ms, 1) OVER w AS prev_ms, lag(create_ms, 2) OVER w AS prev2_ms
         FROM orders INDEXED BY orders_by_buyer WHERE ${windowFrom} ${to}
         WINDOW w AS (PARTITION BY buyer_id ORDER BY create_ms, rid)
       ) WHERE prev_ms IS NOT NULL ${after === null ? '' : `AND ${KEY} > (:ab, :ac, :ar)`}`,
  ).run({ ...at, ...end, ...win });
  // Each buyer's orders in the step; a buyer continued from the step before adds to what that step counted.
  db.prepare(
    `INSERT INTO insight_buyer_total (buyer_id, orders)
       SELECT buyer_id, count(*) FROM orders INDEXED BY orders_by_buyer WHERE ${from} ${to} GROUP BY buyer_id
       ON CONFLICT (buyer_id) DO UPDATE SET orders = CASE WHEN buyer_id IS :cont THEN orders + excluded.orders
         ELSE excluded.orders END`,
  ).run({ ...at, ...end, cont: after?.buyer ?? null });
  // The marks of the buyers that start in this step (and of any unmarked gap between them): their rows are now
  // those of this transaction's orders. A continued buyer's mark went with the step that started it.
  const marks = [after === null ? '' : 'buyer_id > :ab', last === undefined ? '' : 'buyer_id <= :lb'].filter(Boolean);
  db.prepare(`DELETE FROM insight_buyer_dirty ${marks.length ? `WHERE ${marks.join(' AND ')}` : ''}`).run({
    ...(after === null ? {} : { ab: after.buyer }),
    ...(last === undefined ? {} : { lb: last.buyer }),
  });
  writeState(db, last === undefined ? undefined : { phase: 'walk', after: last });
  // The entries walked: maxRows, or those the last step found (fewer).
  const rows =
    last !== undefined
      ? maxRows
      : (db.prepare(`SELECT count(*) FROM orders INDEXED BY orders_by_buyer WHERE ${from}`).pluck().get(at) as number);
  return { rows, done: last === undefined };
}
