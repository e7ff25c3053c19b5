import type Database from 'better-sqlite3';
import { DEFERRED_INDEXES_KEY } from './deferredIndexes';

/**
 * Cache schema 10: the same data in fewer bytes (issue 26: ≤ 1.5 KB an order after a fresh full sync of 100,000).
 * Measured with `dbstat` on a freshly synced 100,000-order file (docs/PERFORMANCE.md §8, "Fourth pass"):
 *
 * - The trigram indexes of the orders' own text and of the title sets keep no positions (`detail = none`): 117 →
 *   ~30 and 83 → ~18 bytes an order. A word of 4+ characters is looked up as its trigrams ANDed, and each
 *   candidate is tested on its folded text (`order_search.text`, `text_group.text`: what the indexes are fed), so a
 *   search finds exactly what it found (textMatches.ts). Only empty tables are recreated: a new file, or one
 *   migrated from schema 8 in the same opening (filled afterwards by the conversion). A file already filled under
 *   schema 9 keeps its positions; the same queries answer it (the candidates are the phrase matches and more).
 * - `orders_by_after_sales` holds only the orders whose after-sales status is known (learned through the list
 *   filter, afterSalesLearning.ts; none after a sync): a filter on that status (`IN (…)`) implies it is not NULL,
 *   so SQLite still uses the index (indexUse.test.ts). 25 bytes an order.
 * - `insight_order_lead` goes: since schema 8 the delivery times are read from `insight_day_lead`; only a rebuild
 *   (one sorted pass) and the rare refresh of days whose orders were deleted read the facts (one pass for every
 *   marked day). 17 bytes an order.
 */
export const V10_DESCRIPTION =
  'smaller file: trigram indexes without positions (candidates tested), after-sales index of known statuses only';

/** Both trigram tables as schema 10 creates them (the rest as schema 9's, migrationV9.ts). */
const OWN_FTS = `CREATE VIRTUAL TABLE order_own_fts USING fts5(
  order_num, buyer_name, remark, content = '', contentless_delete = 1, detail = none,
  tokenize = 'trigram case_sensitive 0 remove_diacritics 1'
)`;
const SET_FTS = `CREATE VIRTUAL TABLE text_group_fts USING fts5(
  titles, sku_attrs, content = '', columnsize = 0, detail = none, tokenize = 'trigram case_sensitive 0 remove_diacritics 1'
)`;

export const AFTER_SALES_INDEX = `CREATE INDEX orders_by_after_sales ON orders (after_sales_status, create_ms, order_status, delivery_status, has_after_sales, has_dispute, delivery_exception, title_gid) WHERE after_sales_status IS NOT NULL`;

export const V10_SQL = '';

export function backfillV10(db: Database.Database): void {
  const exists = (sql: string) => db.prepare(sql).pluck().get() === 1;
  if (!exists('SELECT EXISTS (SELECT 1 FROM order_own_fts_docsize)')) {
    db.exec(`DROP TABLE order_own_fts; ${OWN_FTS};`);
  }
  if (!exists('SELECT EXISTS (SELECT 1 FROM text_group)')) {
    db.exec(`DROP TABLE text_group_fts; ${SET_FTS};`);
  }
  const hadAfterSales = exists("SELECT EXISTS (SELECT 1 FROM sqlite_schema WHERE name = 'orders_by_after_sales')");
  db.exec('DROP INDEX IF EXISTS orders_by_after_sales; DROP INDEX IF EXISTS insight_order_lead;');
  if (hadAfterSales) db.exec(AFTER_SALES_INDEX);
  // A first full sync killed while its indexes were dropped (deferredIndexes.ts): the list it restores follows.
  const kept = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(DEFERRED_INDEXES_KEY) as
    string | undefined;
  if (kept !== undefined) {
    const sql = (JSON.parse(kept) as string[])
      .filter((s) => !/\binsight_order_lead\b/.test(s))
      .map((s) => (/\borders_by_after_sales\b/.test(s) ? AFTER_SALES_INDEX : s));
    db.prepare('UPDATE meta SET value = ? WHERE key = ?').run(JSON.stringify(sql), DEFERRED_INDEXES_KEY);
  }
}
