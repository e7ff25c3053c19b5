import type Database from 'better-sqlite3';
import { olderTextDocumentsLeft } from './migrationV9';

/**
 * The end of the schema-9 conversion (migrationV9.ts) in bounded steps. Each step is one transaction on the core
 * host's connection, run between two turns of its event loop, holding the write lock while it runs (the sync's
 * writer waits meanwhile; its busy timeout is 5 s), so none may be long: at a million orders the older documents
 * are ~800 MiB of pages (dropping them at once: 0.69 s) and merging the new indexes at once (FTS5 `optimize`) took
 * 4.1 s. Instead, in this order, each stage read back from the file (so a kill at any point resumes where it was):
 *
 * 1. **Retire** (one transaction of schema edits, instant): the older full-text tables' shadow tables (where FTS5
 *    keeps its pages) are renamed `retired_<table>_<shadow>` — ordinary tables from then on, no virtual table owns
 *    them — the emptied virtual tables are dropped (FTS5 drops only the shadow tables still under its names: none)
 *    and created again, empty, from their own stored definitions, so every statement and trigger that names
 *    `orders_fts` / `orders_grams` keeps working and finds nothing there.
 *    Why this is exact: it runs only when no order of the older form is left (textGroupsLeft = 0), so every older
 *    document has a rid ≤ `converted_rid` (the conversion goes lowest rid first, and an order stored after
 *    migration 9 is written in the new form, never into the older tables). Searches read the older tables only
 *    above `converted_rid` (textMatches.ts, countMatches.ts): they found nothing there before and find nothing in
 *    the empty tables after.
 *    Why not rename the virtual tables and delete their rows in chunks: a half-emptied FTS5 table is a damaged one
 *    (`PRAGMA quick_check` says so: its structure record names pages that are gone), and FTS5 itself can only drop
 *    all its pages at once (`delete-all` or DROP, 0.69 s at a million orders).
 * 2. **Purge**: the retired tables' rows deleted a chunk at a time (plain tables: every intermediate state is a
 *    sound file), each table dropped once empty (one page: instant). Freed pages go to the file's free list; the
 *    merge below and later syncs reuse them.
 * 3. **Merge** the new indexes a few pages at a time: FTS5's `merge` command, the first call of a table with a
 *    negative page count (every segment put on one level, as `optimize` does), the next ones positive (the merge
 *    started goes on; a segment a sync adds meanwhile does not restart it). A call that changes fewer than 2 rows
 *    (`total_changes()`) did no work: that table is done (the FTS5 documentation's own test). Which tables are left
 *    and how far each is, is kept in `meta` (MERGE_KEY) in the same transaction; a table is also done after a
 *    bounded number of calls (a sync writing all along could otherwise keep every call busy).
 *
 * A step works until its time budget is spent (the first unit of work always runs, so every step makes progress);
 * a kill loses at most the step in flight.
 *
 * The pages freed (a third of the file at 100,000 orders) are left on the file's free list, and FREE_PAGES_KEY says
 * so: SQLite reuses them for later writes before it grows the file. Giving them back to the file system needs a
 * VACUUM (14.4 s at a million orders, the write lock held throughout) or a VACUUM INTO a new file and a swap (no
 * lock, but every connection to the file, in every process, closed for the swap): measured and compared in
 * docs/PERFORMANCE.md §8, not done here.
 */

/** One step's budget: what a reader or the sync's writer waits at most, beside the last statement's own time. */
export const FINISH_STEP_MS = 100;
/** Leaf pages written per FTS5 merge call (a call is the unit the budget is checked between). */
export const MERGE_PAGES = 64;
/** Retired rows deleted per statement. */
export const PURGE_ROWS = 500;

const OLDER = ['orders_fts', 'orders_grams'] as const;
const NEW_INDEXES = ['order_own_fts', 'order_own_grams', 'text_group_fts', 'text_group_grams'] as const;
const RETIRED_PREFIX = 'retired_';
/** `meta` key: the merge's state while it is to do (JSON MergeState). */
export const MERGE_KEY = 'text_merge';
/**
 * `meta` key, written with the merge's last step: the file's free pages then (JSON number). The upkeep does not
 * VACUUM for them (cacheUpkeep.ts): later writes reuse them.
 */
export const FREE_PAGES_KEY = 'text_conversion_free_pages';

/** Per table still merging: its calls so far, and its leaf pages when the merge began (bounding the calls). */
type MergeState = Record<string, { calls: number; pages: number }>;

export type FinishStage = 'retire' | 'purge' | 'merge' | 'done';

export interface FinishStep {
  stage: Exclude<FinishStage, 'done'>;
  /** Work left after this step. */
  more: boolean;
}

function retiredTables(db: Database.Database): string[] {
  return db
    .prepare(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name LIKE 'retired\\_%' ESCAPE '\\' ORDER BY name",
    )
    .pluck()
    .all() as string[];
}

function mergeState(db: Database.Database): MergeState | undefined {
  const value = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(MERGE_KEY);
  return typeof value === 'string' ? (JSON.parse(value) as MergeState) : undefined;
}

function setMeta(db: Database.Database, key: string, value: unknown): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
    key,
    JSON.stringify(value),
  );
}

function saveMergeState(db: Database.Database, state: MergeState): void {
  if (Object.keys(state).length > 0) return setMeta(db, MERGE_KEY, state);
  db.prepare('DELETE FROM meta WHERE key = ?').run(MERGE_KEY);
  setMeta(db, FREE_PAGES_KEY, db.pragma('freelist_count', { simple: true }));
}

/** Whether the file's free pages were left by the conversion's end, to be reused rather than vacuumed away. */
export function freePagesLeftByTextConversion(db: Database.Database): boolean {
  return db.prepare('SELECT 1 FROM meta WHERE key = ?').pluck().get(FREE_PAGES_KEY) === 1;
}

/** What the next step would do (for progress and tests). */
export function finishStage(db: Database.Database): FinishStage {
  if (olderTextDocumentsLeft(db)) return 'retire';
  if (retiredTables(db).length > 0) return 'purge';
  return mergeState(db) ? 'merge' : 'done';
}

/**
 * Retire, in one transaction. The shadow tables are renamed with SQLite's defensive mode off for this connection
 * and this transaction only (better-sqlite3's unsafe mode): they are read-only to ordinary statements otherwise.
 */
function retire(db: Database.Database): void {
  const definition = db.prepare("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?").pluck();
  const shadows = db.prepare(
    "SELECT name FROM sqlite_schema WHERE type = 'table' AND name LIKE ? ESCAPE '\\' ORDER BY name",
  );
  const state: MergeState = {};
  for (const table of NEW_INDEXES)
    state[table] = { calls: 0, pages: db.prepare(`SELECT count(*) FROM ${table}_data`).pluck().get() as number };
  db.unsafeMode(true);
  // Renaming a table re-reads every trigger of the schema, which reconnects the FTS5 tables they name: one whose
  // shadow tables are half renamed cannot connect. The legacy rename only renames (nothing names a shadow table).
  db.pragma('legacy_alter_table = ON');
  try {
    db.transaction(() => {
      for (const table of OLDER) {
        const sql = definition.get(table);
        if (typeof sql !== 'string') continue;
        // Its pages (`_data`, `_idx`, `_docsize`) move out; `_config` (one row) stays, so FTS5 can connect the table
        // to drop it, and drops only that.
        for (const shadow of shadows.pluck().all(`${table}\\_%`) as string[])
          if (shadow !== `${table}_config`) db.exec(`ALTER TABLE "${shadow}" RENAME TO "${RETIRED_PREFIX}${shadow}"`);
        db.exec(`DROP TABLE ${table}`);
        db.exec(sql);
      }
      saveMergeState(db, state);
    }).immediate();
  } finally {
    db.pragma('legacy_alter_table = OFF');
    db.unsafeMode(false);
  }
}

/** Deletes retired rows until the budget is spent, dropping each emptied table. */
function purge(db: Database.Database, until: number, rows: number): void {
  db.transaction(() => {
    for (const table of retiredTables(db)) {
      // Rowid tables by rowid; FTS5's `_idx` is WITHOUT ROWID (its key: segid, term).
      const withoutRowid = /WITHOUT\s+ROWID/i.test(
        db.prepare('SELECT sql FROM sqlite_schema WHERE name = ?').pluck().get(table) as string,
      );
      const key = withoutRowid ? '(segid, term)' : 'rowid';
      const columns = withoutRowid ? 'segid, term' : 'rowid';
      const del = db.prepare(`DELETE FROM "${table}" WHERE ${key} IN (SELECT ${columns} FROM "${table}" LIMIT ?)`);
      for (;;) {
        const deleted = del.run(rows).changes;
        if (deleted < rows) break;
        if (performance.now() >= until) return;
      }
      db.exec(`DROP TABLE "${table}"`); // empty: one page
      if (performance.now() >= until) return;
    }
  }).immediate();
}

/** FTS5 `merge` calls until the budget is spent; each table that did no work is done. */
function merge(db: Database.Database, until: number, pages: number): void {
  const changes = db.prepare('SELECT total_changes()').pluck();
  db.transaction(() => {
    const state = mergeState(db) ?? {};
    try {
      for (let progressed = true; progressed;) {
        progressed = false;
        for (const table of NEW_INDEXES) {
          const s = state[table];
          if (!s) continue;
          // Negative on the first call (start a merge of every segment), positive after (continue it).
          const n = s.calls === 0 ? -pages : pages;
          const before = changes.get() as number;
          db.exec(`INSERT INTO ${table} (${table}, rank) VALUES ('merge', ${Math.trunc(n)})`);
          const worked = (changes.get() as number) - before >= 2;
          s.calls += 1;
          // A generous bound: merging everything writes each leaf page once; four times that covers a sync adding
          // segments meanwhile (which its own automerge takes care of after).
          if (!worked || s.calls >= 8 + Math.ceil((4 * s.pages) / pages)) delete state[table];
          else progressed = true;
          if (performance.now() >= until) return;
        }
      }
    } finally {
      saveMergeState(db, state);
    }
  }).immediate();
}

/**
 * One bounded step of the conversion's end, or undefined when there is nothing to do. Runs only once every order
 * is converted (olderTextDocumentsLeft), or to go on with what an earlier run (killed on the way) left.
 */
export function finishTextConversionStep(
  db: Database.Database,
  budgetMs: number = FINISH_STEP_MS,
  sizes: { purgeRows?: number; mergePages?: number } = {},
): FinishStep | undefined {
  const until = performance.now() + budgetMs;
  const stage = finishStage(db);
  if (stage === 'done') return undefined;
  if (stage === 'retire') retire(db);
  else if (stage === 'purge') purge(db, until, sizes.purgeRows ?? PURGE_ROWS);
  else merge(db, until, sizes.mergePages ?? MERGE_PAGES);
  return { stage, more: finishStage(db) !== 'done' };
}
