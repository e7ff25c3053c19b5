import type Database from 'better-sqlite3';
import { beginInsightRefresh, finishBuyerWalk, hasInsightAggregates, type WalkOptions } from './insightAggregates';

/**
 * A first full sync loads the orders without the secondary indexes of `orders` and creates them once at the end:
 * each order inserted into 13 more B-trees (and their pages rewritten at every page's commit) is half the cost of
 * storing it, and building an index from the loaded table costs a tenth of that (measured: 190 → 100 µs an order
 * for 25,000 orders, the building included). Queries meanwhile read without them (StatementCache leaves out hints
 * naming a missing index): slower, the same results. The SQL of the dropped indexes is kept in `meta` under
 * DEFERRED_INDEXES_KEY, in the same transaction as the drop, so a killed sync's indexes are created again by the
 * next open of the file (openCache) or the next sync. The full-text indexes keep merging their segments meanwhile
 * (FTS_AUTOMERGE).
 */

export const DEFERRED_INDEXES_KEY = 'deferred_indexes';

/**
 * Set with the drop, cleared as restoreIndexes starts: the sync that deferred the indexes is still loading. While it
 * is (and its run is there to resume), opening the file leaves them deferred: a first sync killed at 50 % of a
 * million orders resumes without them (they cost ~1.5× its writing an order, and opening spent 6 s building them
 * only for the resume to write the second half through them). A kill once the build has begun leaves the rest to
 * the next opening, as before (issue 26, docs/PERFORMANCE.md §8 "Resume").
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
 * orders up by ID).
 */
export function deferIndexes(db: Database.Database): number {
  return db
    .transaction(() => {
      const indexes = db
        .prepare(
          `SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL
             AND tbl_name IN ('orders', 'insight_order', 'insight_item')`,
        )
        .all() as Array<{ name: string; sql: string }>;
      if (indexes.length === 0) return 0;
      const kept = deferredIndexSql(db);
      const set = db.prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      );
      set.run(DEFERRED_INDEXES_KEY, JSON.stringify([...kept, ...indexes.map((i) => i.sql)]));
      set.run(DEFERRED_LOADING_KEY, '1');
      for (const i of indexes) db.exec(`DROP INDEX "${i.name.replace(/"/g, '""')}"`);
      return indexes.length;
    })
    .immediate();
}

/**
 * Creates the indexes deferIndexes dropped (none when nothing is deferred), one transaction each: at a million
 * orders building them all took one transaction of ~20 s, which every other writer of the file waited for (issue 26;
 * docs/PERFORMANCE.md §8, "the writer's lock holds"). Each transaction removes its index from the list it creates it from, so a
 * kill between two leaves the rest to the next open or sync; the last one also turns merging on and records the
 * repeat-buyer walk, whose bounded steps follow (insightBuyerWalk.ts; a walk a kill left is finished here too, even
 * with no index left to build). Returns how many indexes it created.
 */
export function restoreIndexes(db: Database.Database, walk: WalkOptions = {}): number {
  if (deferredIndexSql(db).length === 0) {
    // A kill during the repeat-buyer walk that follows the last index: the rest of it.
    finishBuyerWalk(db, walk);
    return 0;
  }
  // The load is over: from here a kill leaves the rest to the next opening.
  db.prepare('DELETE FROM meta WHERE key = ?').run(DEFERRED_LOADING_KEY);
  // Each its own transaction, shorter than the indexes' (other writers get their turn between them).
  for (const step of repackSteps(db)) db.transaction(step).immediate();
  let created = 0;
  const step = db.transaction((): boolean => {
    // Read again inside the transaction: another connection may have restored them meanwhile.
    const [next, ...rest] = deferredIndexSql(db);
    if (next === undefined) return true;
    db.exec(next);
    created++;
    if (rest.length > 0) {
      db.prepare('UPDATE meta SET value = ? WHERE key = ?').run(JSON.stringify(rest), DEFERRED_INDEXES_KEY);
      return false;
    }
    setAutomerge(db, FTS_AUTOMERGE);
    db.prepare('DELETE FROM meta WHERE key = ?').run(DEFERRED_INDEXES_KEY);
    // The repeat-buyer rows waited for orders_by_buyer: every buyer is marked, and walked in steps after this
    // (recorded here, so a kill before the walk's end leaves it to the next open or sync).
    if (hasInsightAggregates(db)) beginInsightRefresh(db);
    return true;
  });
  while (deferredIndexSql(db).length > 0 && !step.immediate());
  finishBuyerWalk(db, walk);
  return created;
}

/**
 * The B-trees a first full sync fills out of key order, rebuilt packed before the indexes are built (issue 26: the
 * file's size after a fresh sync). The sync goes back in time and the IDs (like the days) fall with it: SQLite splits
 * a page inserted into at its low end in half, and the half left behind is never filled again, so the ID's unique
 * index and the Insights day sums end half empty (28 and 31 bytes an order unused at 100,000), and each page's
 * rewrite of its days' delivery times leaves `insight_day_lead` a third empty. Rebuilt, they give those pages back,
 * and the indexes built next take them first: the file ends smaller without a VACUUM (1.8 s at 100,000 orders,
 * ~14 s at a million: the whole file rewritten in one transaction). The ID index is a sorted build (REINDEX); the
 * Insights tables are copied out in key order and written back in it (no sort: a few thousand rows a month).
 */
function repackSteps(db: Database.Database): Array<() => void> {
  const unique = db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'orders' AND sql IS NULL")
    .pluck()
    .all() as string[];
  const steps: Array<() => void> = unique.map((name) => () => void db.exec(`REINDEX "${name.replace(/"/g, '""')}"`));
  if (hasInsightAggregates(db))
    for (const table of ['insight_day_sku', 'insight_day_lead']) steps.push(() => repack(db, table));
  return steps;
}

/** A table written again in its key order (a temporary copy: the rows are few, per day and SKU). */
function repack(db: Database.Database, table: string): void {
  db.exec(`CREATE TEMP TABLE repack AS SELECT * FROM main.${table};
    DELETE FROM main.${table};
    INSERT INTO main.${table} SELECT * FROM temp.repack;
    DROP TABLE temp.repack;`);
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

/** Creates the deferred indexes unless the sync that deferred them is still loading (opening a file). */
export function restoreIndexesUnlessLoading(db: Database.Database): number {
  return loadingWithoutIndexes(db) ? 0 : restoreIndexes(db);
}

function deferredIndexSql(db: Database.Database): string[] {
  const raw = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(DEFERRED_INDEXES_KEY) as
    string | undefined;
  return raw === undefined ? [] : (JSON.parse(raw) as string[]);
}
