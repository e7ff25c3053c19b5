import type Database from 'better-sqlite3';

/**
 * A first full sync writes the Insights facts without the triggers that keep their sums (the day sums, the month and
 * day SKU sums: insightFacts.ts, insightAggregates.ts) and adds the sums up once at its end, one GROUP BY a table.
 * The triggers were the largest cost left in the writer (~35 µs an order of ~190: two B-tree upserts a paid item,
 * one an order, each page's commit rewriting their pages); a sum from the loaded facts is one sorted pass
 * (docs/PERFORMANCE.md §8, "Eighth pass"). Incremental syncs and every other writer keep the triggers.
 *
 * The dropped triggers' SQL is kept in `meta` under DEFERRED_SUMS_KEY in the transaction that drops them (the one
 * that defers the indexes), so a killed sync's sums are added up by the next sync's end or the upkeep after the next
 * opening, like its indexes (deferredIndexes.ts). Each table's sums and its triggers come back in one transaction:
 * a kill between two tables leaves only the rest, and no writer sees a table with its triggers but not its sums.
 * Whatever wrote the sums meanwhile (a zone move, a change of deadline rules) is replaced by the sum of the facts.
 */
export const DEFERRED_SUMS_KEY = 'deferred_sums';

/**
 * Whether a first sync defers its sums unless told (WriterShortcuts.deferSums: the benches and tests say). Off: at
 * 25,000 orders and 50 ms the writer thread is not the sync's longest path on a quiet machine (~120 µs an order
 * against the floor's ~150), and the sums' ~75 ms at the end (three GROUP BYs, and a turn for other writers after
 * them) lengthened the sync's tail by ~110 ms, more than the ~10 µs an order it saved the writer gave back in wall
 * time (docs/PERFORMANCE.md §8, "Eighth pass"). Where storing is the longest path (a million orders, no latency:
 * ~12 s of triggers against ~3 s of sums) it should pay; not measured there yet.
 */
export const DEFER_SUMS_BY_DEFAULT = false;

interface SumsTable {
  table: string;
  triggers: readonly string[];
  /** The table's rows from the facts, as its triggers would have added them up (their columns, in order). */
  sumSql: string;
}

/**
 * The sums in the order they are added up at the end. The GROUP BY is the table's key, so the rows arrive in key
 * order: the table is written packed (no half-empty pages from the sync's out-of-order days).
 */
const SUMS: readonly SumsTable[] = [
  {
    table: 'insight_day',
    triggers: ['insight_day_add', 'insight_day_remove'],
    sumSql: `SELECT day, currency, count(*), sum(pay_ms > 0), sum(CASE WHEN pay_ms > 0 THEN units ELSE 0 END),
      sum(CASE WHEN pay_ms > 0 THEN amount_micro ELSE 0 END), sum(exception), sum(after_sales), sum(dispute),
      sum(coalesce(late = 1, 0)), sum(late IS NOT NULL)
    FROM insight_order GROUP BY day, currency`,
  },
  {
    table: 'insight_month_sku',
    triggers: ['insight_month_add', 'insight_month_remove'],
    sumSql: `SELECT month, product_key, sku_key, currency, count(*), sum(first_of_product), sum(units),
      sum(amount_micro), sum(after_sales), sum(after_sales * first_of_product)
    FROM insight_item WHERE paid = 1 GROUP BY month, product_key, sku_key, currency`,
  },
  {
    table: 'insight_day_sku',
    triggers: ['insight_day_sku_add', 'insight_day_sku_remove'],
    sumSql: `SELECT day, product_key, sku_key, currency, count(*), sum(first_of_product), sum(units),
      sum(amount_micro), sum(after_sales), sum(after_sales * first_of_product)
    FROM insight_item WHERE paid = 1 GROUP BY day, product_key, sku_key, currency`,
  },
];

/** One table whose sums wait: its triggers' SQL as they were. */
interface DeferredTable {
  table: string;
  triggers: string[];
}

/**
 * Drops the sums' triggers and records them (inside the caller's transaction: deferIndexes'). A table of an older
 * file without its triggers (schema < 8 has no day SKU sums) is left out. Returns how many tables wait.
 */
export function deferSums(db: Database.Database): number {
  const triggerSql = db.prepare<[string], string>("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = ?");
  const waiting: DeferredTable[] = [...deferredSums(db)];
  for (const s of SUMS) {
    if (waiting.some((w) => w.table === s.table)) continue;
    const sql = s.triggers.map((name) => triggerSql.pluck().get(name));
    if (sql.some((q) => q === undefined)) continue;
    waiting.push({ table: s.table, triggers: sql as string[] });
    for (const name of s.triggers) db.exec(`DROP TRIGGER ${name}`);
  }
  if (waiting.length > 0) setDeferred(db, waiting);
  return waiting.length;
}

/** The tables whose sums wait, in the order they are added up. Read only. */
export function deferredSums(db: Database.Database): DeferredTable[] {
  const raw = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(DEFERRED_SUMS_KEY) as string | undefined;
  return raw === undefined ? [] : (JSON.parse(raw) as DeferredTable[]);
}

/**
 * One table's sums added up from the facts and its triggers made again (inside the caller's transaction: one end
 * step); the table's name, or undefined when no sums wait. ~5 ms at 25,000 orders; at a million, the SKU sums sort
 * ~2 million item rows (docs/PERFORMANCE.md §8, "Eighth pass").
 */
export function sumsStep(db: Database.Database): string | undefined {
  const [next, ...rest] = deferredSums(db);
  if (next === undefined) return undefined;
  const sums = SUMS.find((s) => s.table === next.table);
  // A name this code does not know (a newer file's) cannot be summed here: its triggers come back all the same.
  if (sums !== undefined) db.exec(`DELETE FROM ${sums.table}; INSERT INTO ${sums.table} ${sums.sumSql};`);
  for (const sql of next.triggers) db.exec(sql);
  if (rest.length > 0) setDeferred(db, rest);
  else db.prepare('DELETE FROM meta WHERE key = ?').run(DEFERRED_SUMS_KEY);
  return next.table;
}

/**
 * Every waiting table's sums now, each its own write transaction (an Insights request during a first sync: it reads
 * the sums, so they are added up first, and the rest of that sync keeps them with the triggers). Returns the tables.
 */
export function finishDeferredSums(db: Database.Database): number {
  // Read first: every Insights request passes here, and a write transaction for nothing would wait for a sync's
  // write lock (the sums are deferred only while a first sync loads, and only with the shortcut).
  if (deferredSums(db).length === 0) return 0;
  const step = db.transaction(() => sumsStep(db));
  let tables = 0;
  while (step.immediate() !== undefined) tables++;
  return tables;
}

function setDeferred(db: Database.Database, tables: DeferredTable[]): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
    DEFERRED_SUMS_KEY,
    JSON.stringify(tables),
  );
}
