import type Database from 'better-sqlite3';
import { beginInsightRefresh, hasInsightAggregates, type WalkOptions } from './insightAggregates';
import { buyerWalkRecorded, buyerWalkStep, type WalkStep } from './insightBuyerWalk';
import { DEFER_SUMS_BY_DEFAULT, deferredSums, deferSums, sumsStep } from './deferredSums';
import { LockTurns, sleepSync } from './lockTurns';

/**
 * A first full sync loads the orders without the secondary indexes of `orders` and creates them once at the end:
 * each order inserted into 13 more B-trees (and their pages rewritten at every page's commit) is half the cost of
 * storing it, and building an index from the loaded table costs a tenth of that (measured: 190 → 100 µs an order
 * for 25,000 orders, the building included). Queries meanwhile read without them (StatementCache leaves out hints
 * naming a missing index): slower, the same results. The SQL of the dropped indexes is kept in `meta` under
 * DEFERRED_INDEXES_KEY, in the same transaction as the drop, so a killed sync's indexes are created again by the
 * core host's upkeep after the next opening (finishEndOfSync; opening itself builds nothing) or the next sync. The
 * full-text indexes keep merging their segments meanwhile (FTS_AUTOMERGE).
 */

export const DEFERRED_INDEXES_KEY = 'deferred_indexes';

/**
 * Set with the drop, cleared by the end's first step: the sync that deferred the indexes is still loading. While it
 * is (and its run is there to resume: killed, or failed, cancelled or paused in process), nothing builds them — not
 * the sync's own stop, nor the upkeep after opening: a first sync stopped at 50 % of a million orders resumes without
 * them (they cost ~1.4× its writing an order). A kill once the build has begun leaves the rest to the upkeep after
 * the next opening or the next sync (issue 26, docs/PERFORMANCE.md §8 "Resume", "Sixth pass (syncend2)").
 */
export const DEFERRED_LOADING_KEY = 'deferred_indexes.loading';

/** The full-text tables whose segment merging an older first full sync turned off while loading (FTS_AUTOMERGE). */
const FTS_TABLES = [
  'orders_fts',
  'orders_grams',
  'order_own_fts',
  'order_own_grams',
  'text_group_fts',
  'text_group_grams',
] as const;

/**
 * FTS5's own default (`automerge`): merge once 4 segments share a level, a little at each write. Until issue 26's
 * fourth pass a first full sync turned it off while loading (each search batch adds a segment, and merging them as
 * they came doubled the batches' cost on schema 8). With it off, FTS5's crisis merge merged a whole level at once
 * when it reached 16 segments, inside a batch's transaction: 0.3–0.53 s every 80,000 orders on schema 9 (the own
 * text's level 0), and a level of 16 × 16 batches (1,280,000 orders) or of the title sets' per-page segments
 * would have been merged in one transaction of several seconds (8 s seen at a million orders on schema 8), while
 * every other writer of the file waited. Now it stays on: the merge work of each transaction is in proportion to
 * what it wrote (docs/PERFORMANCE.md §8 "Fourth pass"). A file whose sync was killed while the older code had it
 * off gets it back from restoreIndexes.
 */
export const FTS_AUTOMERGE = 4;

function setAutomerge(db: Database.Database, segments: number): void {
  // A literal: FTS5 takes an integer only, and a bound JS number arrives as a real.
  for (const table of FTS_TABLES)
    db.exec(`INSERT INTO ${table} (${table}, rank) VALUES ('automerge', ${Math.trunc(segments)})`);
}

/**
 * Drops every secondary index of `orders` and of the Insights facts (the ID's unique index stays: the sync looks
 * orders up by ID), and the month sums' covering index: every paid item of a page rewrote one of its entries, ~50
 * of the ~180 B-tree pages a page's commit wrote (writer bench: 4–7 % less CPU an order without it; built at the
 * end in ~8 ms a 25,000 orders, docs/PERFORMANCE.md §8 "Seventh pass"). Queries name it only as a hint, which the
 * statement cache leaves out while it is missing (statementCache.ts). With `sums` (default DEFER_SUMS_BY_DEFAULT), the
 * Insights sums' triggers go too, in the same transaction, and the sums are added up at the end (deferredSums.ts).
 */
export function deferIndexes(db: Database.Database, options: { sums?: boolean } = {}): number {
  return db
    .transaction(() => {
      const indexes = db
        .prepare(
          `SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL
             AND tbl_name IN ('orders', 'insight_order', 'insight_item', 'insight_month_sku')`,
        )
        .all() as Array<{ name: string; sql: string }>;
      if (indexes.length === 0) return 0;
      const kept = deferredIndexSql(db);
      const set = db.prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      );
      set.run(DEFERRED_INDEXES_KEY, JSON.stringify([...kept, ...inBuildOrder(indexes).map((i) => i.sql)]));
      set.run(DEFERRED_LOADING_KEY, '1');
      for (const i of indexes) db.exec(`DROP INDEX "${i.name.replace(/"/g, '""')}"`);
      if (options.sums ?? DEFER_SUMS_BY_DEFAULT) deferSums(db);
      return indexes.length;
    })
    .immediate();
}

/**
 * The indexes the window's first reads go through, built first at the end of a first sync (each build is one step:
 * 0.4–1.6 s at a million orders, 11–14 s in all): the Orders screen's first page (newest first: the created scan
 * index), the attention queue's counts and first rows (its three queues, the deadlines). Until its index is there a
 * read answers without it, slower — at a million orders a first page read every order (60–180 ms instead of ~2):
 * built in the schema's order it came tenth, ~10 s into the end. docs/PERFORMANCE.md §8, "Seventh pass (syncend3)".
 */
const BUILT_FIRST = [
  'orders_scan_created',
  'orders_refund_queue',
  'orders_dispute_queue',
  'orders_exception_queue',
  'orders_by_due',
];

/** `indexes` with BUILT_FIRST's in front, in its order; the others after them, as they were. */
function inBuildOrder<T extends { name: string }>(indexes: T[]): T[] {
  const rank = (name: string) => {
    const at = BUILT_FIRST.indexOf(name);
    return at < 0 ? BUILT_FIRST.length : at;
  };
  // Array.prototype.sort is stable: the others keep their order.
  return [...indexes].sort((a, b) => rank(a.name) - rank(b.name));
}

/**
 * The repacks (see repackSteps) still to do, kept in `meta` from the step that ends the load: each is done once, in
 * its own transaction, and a kill between two leaves only the rest.
 */
export const REPACK_KEY = 'deferred_indexes.repack';

/** What one step of the end of a first full sync did (endOfSyncStep). */
export interface EndStep {
  kind: 'loaded' | 'sums' | 'repack' | 'index' | 'walk';
  /** The sums table, the repack or the walk phase the step took. */
  what?: string;
  /** Whether the end is over (nothing left to do). */
  done: boolean;
  /** The walk's own account of a walk step. */
  walk?: WalkStep;
}

/**
 * One step of the end of a first full sync, its own write transaction (undefined when nothing is left): the load
 * marked over (and the repacks recorded), one repack, one deferred index built (one transaction each: at a million
 * orders building them all took one transaction of ~20 s, which every other writer of the file waited for), or one
 * step of the repeat-buyer walk that follows the last index (insightBuyerWalk.ts). Everything is read again inside
 * the transaction: another connection may be taking the same steps (the sync's writer and the core host's upkeep
 * after a kill), and a kill between two steps leaves the rest to the next sync or upkeep. The last index's step also
 * turns the full-text merging on and records the walk. Callers decide whether the load is over: a first sync still
 * loading (loadingWithoutIndexes) is left alone by restoreIndexesUnlessLoading and finishEndOfSync.
 */
export function endOfSyncStep(db: Database.Database, walkRows?: number): EndStep | undefined {
  return db
    .transaction((): EndStep | undefined => {
      const deferred = deferredIndexSql(db);
      if (deferred.length > 0 && meta(db, DEFERRED_LOADING_KEY) !== undefined) {
        // The load is over: from here a kill leaves the rest to the next sync or upkeep.
        db.prepare('DELETE FROM meta WHERE key = ?').run(DEFERRED_LOADING_KEY);
        setMeta(db, REPACK_KEY, JSON.stringify(repackNames(db)));
        return { kind: 'loaded', done: false };
      }
      // The sums first (deferredSums.ts): the repacks and the month sums' covering index then find them written.
      const summed = sumsStep(db);
      if (summed !== undefined) return { kind: 'sums', what: summed, done: !endOfSyncLeft(db) };
      const repacks = JSON.parse(meta(db, REPACK_KEY) ?? '[]') as string[];
      if (repacks.length > 0) {
        const [next, ...rest] = repacks as [string, ...string[]];
        repack(db, next);
        if (rest.length > 0) setMeta(db, REPACK_KEY, JSON.stringify(rest));
        else db.prepare('DELETE FROM meta WHERE key = ?').run(REPACK_KEY);
        return { kind: 'repack', what: next, done: false };
      }
      const [next, ...rest] = deferred;
      if (next !== undefined) {
        db.exec(next);
        if (rest.length > 0) {
          setMeta(db, DEFERRED_INDEXES_KEY, JSON.stringify(rest));
          return { kind: 'index', done: false };
        }
        setAutomerge(db, FTS_AUTOMERGE);
        db.prepare('DELETE FROM meta WHERE key = ?').run(DEFERRED_INDEXES_KEY);
        // The repeat-buyer rows waited for orders_by_buyer: every buyer is marked, and walked in steps after this
        // (recorded here, so a kill before the walk's end leaves it to the next sync or upkeep).
        if (hasInsightAggregates(db)) beginInsightRefresh(db);
        return { kind: 'index', done: !buyerWalkRecorded(db) };
      }
      const walked = buyerWalkStep(db, walkRows);
      return walked && { kind: 'walk', what: walked.phase, done: walked.done, walk: walked };
    })
    .immediate();
}

/** Whether any of the end of a first full sync is left (deferred indexes or sums, repacks, the walk). Read only. */
export function endOfSyncLeft(db: Database.Database): boolean {
  return (
    deferredIndexSql(db).length > 0 ||
    deferredSums(db).length > 0 ||
    meta(db, REPACK_KEY) !== undefined ||
    buyerWalkRecorded(db)
  );
}

/**
 * Creates the indexes deferIndexes dropped (none when nothing is deferred) and walks every buyer after them, step
 * by step (endOfSyncStep), leaving the write lock free between steps long enough for a writer waiting on another
 * connection to take it (lockTurns.ts: without the pauses, a writer waited up to 4.8 s at a million orders, near
 * the 5 s busy timeout, though no step took over 1.3 s). Also when the first sync is still loading: this is the
 * end of its load. Returns how many indexes it created. `walk`: the walk's rows per step, a call after each.
 */
export function restoreIndexes(db: Database.Database, walk: WalkOptions = {}): number {
  const turns = new LockTurns();
  let created = 0;
  for (;;) {
    const started = performance.now();
    const step = endOfSyncStep(db, walk.walkRows);
    if (step === undefined) break;
    if (step.kind === 'index') created++;
    if (step.walk) walk.onWalkStep?.(step.walk);
    if (step.done) break;
    sleepSync(turns.after(performance.now() - started));
  }
  return created;
}

/** How the end of a first sync is finished (here, on the cache's connection or on its own thread). */
export interface FinishOptions {
  signal?: AbortSignal;
  /** After each step: the step, the steps taken so far, and how long its transaction took (ms). */
  onStep?: (step: EndStep, steps: number, ms: number) => void;
  /** The repeat-buyer walk's rows per step (default BUYER_WALK_STEP_ROWS). */
  walkRows?: number;
}

/**
 * The end of a first full sync, step by step, with the event loop free between steps (the core host's upkeep after
 * opening, and a sync on the host's thread): each step holds this thread for one transaction only (≤ 0.2 s, but a
 * CREATE INDEX at a million orders: up to ~1.6 s), and another writer gets the lock between two (LockTurns).
 * Nothing is done while the first sync that deferred the indexes is still loading (its resume builds them).
 * Returns the steps taken; stops early when `signal` is aborted.
 */
export async function finishEndOfSync(db: Database.Database, options: FinishOptions = {}): Promise<number> {
  const turns = new LockTurns();
  let steps = 0;
  while (!options.signal?.aborted) {
    if (loadingWithoutIndexes(db)) break;
    const started = performance.now();
    const step = endOfSyncStep(db, options.walkRows);
    if (step === undefined) break;
    steps++;
    const ms = performance.now() - started;
    options.onStep?.(step, steps, ms);
    if (step.done) break;
    const pause = turns.after(ms);
    await new Promise<void>((resolve) => (pause > 0 ? setTimeout(resolve, pause) : setImmediate(resolve)));
  }
  return steps;
}

/** The repack steps of this file (see repackSteps): the ID's unique index, then the Insights day tables. */
function repackNames(db: Database.Database): string[] {
  const unique = db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'orders' AND sql IS NULL")
    .pluck()
    .all() as string[];
  const names = unique.map((name) => `index:${name}`);
  if (hasInsightAggregates(db))
    for (const table of ['insight_day_sku', 'insight_day_lead']) names.push(`table:${table}`);
  return names;
}

/**
 * The B-trees a first full sync fills out of key order, rebuilt packed before the indexes are built (issue 26: the
 * file's size after a fresh sync). The sync goes back in time and the IDs (like the days) fall with it: SQLite splits
 * a page inserted into at its low end in half, and the half left behind is never filled again, so the ID's unique
 * index and the Insights day sums end half empty (28 and 31 bytes an order unused at 100,000), and each page's
 * rewrite of its days' delivery times leaves `insight_day_lead` a third empty. Rebuilt, they give those pages back,
 * and the indexes built next take them first: the file ends smaller without a VACUUM (1.8 s at 100,000 orders,
 * ~14 s at a million: the whole file rewritten in one transaction). The ID index is a sorted build (REINDEX); the
 * Insights tables are copied in key order (no sort: a few thousand rows a month), into a table swapped in
 * (copiedOnce). Each cannot be split (a half-rewritten table is not packed): at a million orders REINDEX takes
 * ~0.5 s and the day table ~0.15 s (docs/PERFORMANCE.md §8, "Sixth pass (syncend2)", "Seventh pass (syncend3)").
 */
function repack(db: Database.Database, name: string): void {
  const [kind, object] = name.split(':') as ['index' | 'table', string];
  const sql = db.prepare('SELECT sql FROM sqlite_schema WHERE name = ?').pluck().get(object) as string | undefined;
  if (sql === undefined) return;
  if (kind === 'index') db.exec(`REINDEX "${object.replace(/"/g, '""')}"`);
  else if (ownObjects(db, object) === 0) copiedOnce(db, object, sql);
  else
    db.exec(`CREATE TEMP TABLE repack AS SELECT * FROM main.${object};
    DELETE FROM main.${object};
    INSERT INTO main.${object} SELECT * FROM temp.repack;
    DROP TABLE temp.repack;`);
}

/** The indexes and triggers of `table` itself (a copy swapped in would have to make them again). */
function ownObjects(db: Database.Database, table: string): number {
  return db
    .prepare(
      "SELECT count(*) FROM sqlite_schema WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL",
    )
    .pluck()
    .get(table) as number;
}

/**
 * A table repacked by one copy (at a million orders 0.41–0.45 → 0.13–0.18 s for the day table, and 12 % fewer
 * pages: docs/PERFORMANCE.md §8, "Seventh pass (syncend3)"): its rows copied in key order into a new table of the
 * same definition (appended, so packed; SQLite copies the records as they are), the old one dropped (its pages free
 * for the indexes built next), the new one renamed. The copy out to a temporary table, the DELETE and the copy back
 * it replaces wrote every row three times. The rename is the legacy one: the triggers of other tables that write
 * this table by name are left as they are (they name the name it ends with; the newer rename first checks every
 * trigger, and fails while the table they name is dropped). The schema then holds the name quoted.
 */
function copiedOnce(db: Database.Database, table: string, sql: string): void {
  const packed = `${table}_packed`;
  db.exec(sql.replace(/^CREATE TABLE\s+"?\w+"?/, `CREATE TABLE main.${packed}`));
  db.exec(`INSERT INTO main.${packed} SELECT * FROM main.${table}`);
  db.exec(`DROP TABLE main.${table}`);
  const legacy = db.pragma('legacy_alter_table', { simple: true }) as number;
  db.pragma('legacy_alter_table = ON');
  try {
    db.exec(`ALTER TABLE main.${packed} RENAME TO ${table}`);
  } finally {
    db.pragma(`legacy_alter_table = ${legacy ? 'ON' : 'OFF'}`);
  }
}

/**
 * Whether the first full sync that deferred the indexes is still loading and its run is there to resume: opening
 * the file leaves them to it (see DEFERRED_LOADING_KEY). Read only.
 */
export function loadingWithoutIndexes(db: Database.Database): boolean {
  const loading = db.prepare('SELECT 1 FROM meta WHERE key = ?').pluck().get(DEFERRED_LOADING_KEY) !== undefined;
  if (!loading || deferredIndexSql(db).length === 0) return false;
  return (
    db.prepare("SELECT 1 FROM sync_run WHERE status = 'running' AND mode = 'full' LIMIT 1").pluck().get() !== undefined
  );
}

/**
 * Creates the deferred indexes (and walks) unless the first sync that deferred them is still loading: the end of a
 * sync that failed, was cancelled or paused before its windows were all stored leaves them deferred, so its resume
 * goes on loading without them (~1.4× faster an order).
 */
export function restoreIndexesUnlessLoading(db: Database.Database): number {
  return loadingWithoutIndexes(db) ? 0 : restoreIndexes(db);
}

function meta(db: Database.Database, key: string): string | undefined {
  return db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined;
}

function setMeta(db: Database.Database, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
    key,
    value,
  );
}

function deferredIndexSql(db: Database.Database): string[] {
  const raw = meta(db, DEFERRED_INDEXES_KEY);
  return raw === undefined ? [] : (JSON.parse(raw) as string[]);
}
