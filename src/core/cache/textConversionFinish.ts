import type Database from 'better-sqlite3';
import { olderTextDocumentsLeft } from './migrationV9';

/**
 * The end of the schema-9 conversion (migrationV9.ts) in bounded steps. Each step runs on the core host's event loop
 * and holds the write lock while it runs (the sync's writer waits, its busy timeout is 5 s), so none may be long: at
 * a million orders the older documents are ~800 MiB of pages and merging the new indexes at once (FTS5 `optimize`)
 * took 4.1 s. Instead:
 *
 * 1. **Retire** (one short transaction, schema edits only): the older tables are renamed `…_retired` (FTS5 renames
 *    its shadow tables with them) and empty tables of the same definition take their names, so every statement and
 *    trigger that names `orders_fts` / `orders_grams` keeps working and finds nothing there.
 *    Why this is safe: it runs only when no order of the older form is left (textGroupsLeft = 0), so every older
 *    document has a rid ≤ `converted_rid` (the conversion goes lowest rid first, and an order stored after
 *    migration 9 is written in the new form, never into the older tables). Searches read the older tables only above
 *    `converted_rid` (textMatches.ts, countMatches.ts): they found nothing there before and find nothing in the empty
 *    tables after. Deleting a converted order's older document (the delete trigger, upsertOrders) only removed a
 *    document no one reads. So after the rename nothing reaches the retired tables.
 * 2. **Merge** the new indexes a few pages at a time (FTS5 `merge` with a negative page count: every level
 *    considered, as `optimize` does, bounded; repeated until a call does no work — FTS5 then changes fewer than 2
 *    rows, `total_changes()`), while the retired tables exist (they are the mark that this is still to do, so a kill
 *    resumes here).
 * 3. **Delete** the retired tables' rows a chunk at a time (their shadow tables written directly: nothing reads them,
 *    see 1), then DROP the emptied tables (instant).
 *
 * Each step works until its time budget is spent; a kill at any point loses at most that step (each is one
 * transaction) and the next opening resumes from what the file holds.
 */

/** One step's budget: what a reader or the sync's writer waits at most, beside the last statement's own time. */
export const FINISH_STEP_MS = 100;
/** Leaf pages written per FTS5 merge call (a call is the unit the budget is checked between). */
const MERGE_PAGES = 32;
/** Shadow rows deleted per statement. */
const DELETE_ROWS = 500;

const OLDER = ['orders_fts', 'orders_grams'] as const;
const NEW_INDEXES = ['order_own_fts', 'order_own_grams', 'text_group_fts', 'text_group_grams'] as const;
const retired = (t: string) => `${t}_retired`;
/** Shadow tables of a contentless FTS5 table (`_content` exists only with content; none here). */
const SHADOWS = ['_data', '_docsize', '_idx', '_config'] as const;

export type FinishStage = 'retire' | 'merge' | 'drop' | 'done';

function exists(db: Database.Database, name: string): boolean {
  return db.prepare('SELECT 1 FROM sqlite_schema WHERE name = ?').pluck().get(name) === 1;
}

function retiredLeft(db: Database.Database): string[] {
  return OLDER.map(retired).filter((t) => exists(db, t));
}

/** The older tables' definitions, read back (so the empty ones are exactly as migration 6 made them). */
function retire(db: Database.Database): void {
  db.transaction(() => {
    for (const table of OLDER) {
      const sql = db.prepare("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?").pluck().get(table);
      if (typeof sql !== 'string') continue;
      db.exec(`ALTER TABLE ${table} RENAME TO ${retired(table)}`);
      db.exec(sql);
    }
  }).immediate();
}

/** Merges until the budget is spent; false when a round of calls did no work (every index merged). */
function merge(db: Database.Database, until: number): boolean {
  const changes = db.prepare('SELECT total_changes()').pluck();
  return db
    .transaction(() => {
      // The budget is checked after a whole round, so a round that does no work always says so (progress even
      // with a budget of 0).
      for (;;) {
        let worked = false;
        for (const table of NEW_INDEXES) {
          const before = changes.get() as number;
          db.prepare(`INSERT INTO ${table} (${table}, rank) VALUES ('merge', ?)`).run(-MERGE_PAGES);
          if ((changes.get() as number) - before >= 2) worked = true;
        }
        if (!worked) return false;
        if (performance.now() >= until) return true;
      }
    })
    .immediate();
}

/** Deletes retired rows until the budget is spent, dropping each emptied table; false when none is left. */
function drop(db: Database.Database, tables: string[], until: number, rows: number): boolean {
  // The shadow tables are read-only to ordinary statements (SQLITE_DBCONFIG_DEFENSIVE); the retired ones are
  // reached by nothing (see the top), so this connection writes them directly for the length of the step.
  db.unsafeMode(true);
  try {
    return db
      .transaction(() => {
        for (const table of tables) {
          for (const suffix of SHADOWS) {
            const shadow = `${table}${suffix}`;
            if (!exists(db, shadow)) continue;
            const [key, columns] = suffix === '_idx' ? ['(segid, term)', 'segid, term'] : ['rowid', 'rowid'];
            const del = db.prepare(`DELETE FROM ${shadow} WHERE ${key} IN (SELECT ${columns} FROM ${shadow} LIMIT ?)`);
            while (del.run(rows).changes > 0) if (performance.now() >= until) return true;
          }
          db.exec(`DROP TABLE ${table}`); // its shadow tables are empty: instant
          if (performance.now() >= until) return retiredLeft(db).length > 0;
        }
        return false;
      })
      .immediate();
  } finally {
    db.unsafeMode(false);
  }
}

/** What the next step would do (for progress and tests). */
export function finishStage(db: Database.Database): FinishStage {
  if (olderTextDocumentsLeft(db)) return 'retire';
  return retiredLeft(db).length > 0 ? 'merge' : 'done';
}

/**
 * One bounded step of the conversion's end; true while work is left. Only once every order is converted
 * (olderTextDocumentsLeft), or retired tables were left by an earlier run killed on the way.
 */
export function finishTextConversionStep(
  db: Database.Database,
  budgetMs: number = FINISH_STEP_MS,
  deleteRows: number = DELETE_ROWS,
): boolean {
  const until = performance.now() + budgetMs;
  const stage = finishStage(db);
  if (stage === 'retire') retire(db);
  // Merging first, deleting after: the retired tables mark the merge as unfinished until it is done.
  else if (stage === 'merge' && !merge(db, until) && performance.now() < until)
    drop(db, retiredLeft(db), until, deleteRows);
  return finishStage(db) !== 'done';
}
