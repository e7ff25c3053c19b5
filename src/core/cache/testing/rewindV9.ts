import type Database from 'better-sqlite3';
import { gramColumns } from '../searchGrams';
import { COLUMN_SEPARATOR, indexedColumns } from '../searchText';
import { rewindToV9 } from './rewindV10';

/**
 * Tests only: turns a schema-9 file back into what schema 8 held (every order's titles and SKU attributes in its
 * own row, full-text documents and folded search text; no title sets), so a test can open a file the current code
 * wrote as version 8 and watch migration 9 and its batches run on it. On a file below version 6 (whose full-text
 * tables the caller fills itself) only the rows are restored.
 */
export function rewindToV8(db: Database.Database): void {
  rewindToV9(db); // a file of schema 10 first
  const version = db.pragma('user_version', { simple: true }) as number;
  const hasSets = db.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'text_group'").pluck().get() === 1;
  if (!hasSets) return;
  db.transaction(() => {
    db.exec(`UPDATE orders SET titles = tg.titles, sku_attrs = tg.sku_attrs FROM text_group tg
      WHERE tg.tgid = orders.text_gid`);
    if (version >= 6) {
      const indexed = db.prepare('SELECT indexed_rid FROM fts_state WHERE id = 1').pluck().get() as number;
      const rows = db
        .prepare('SELECT rid, order_num, buyer_name, titles, sku_attrs, remark FROM orders WHERE rid <= ?')
        .all(indexed) as Array<{
        rid: number;
        order_num: string | null;
        buyer_name: string;
        titles: string;
        sku_attrs: string;
        remark: string;
      }>;
      const columns = '(rowid, order_num, buyer_name, titles, sku_attrs, remark) VALUES (?, ?, ?, ?, ?, ?)';
      for (const row of rows) {
        const folded = indexedColumns(row);
        db.prepare('DELETE FROM orders_fts WHERE rowid = ?').run(row.rid);
        db.prepare(`INSERT INTO orders_fts ${columns}`).run(row.rid, ...folded);
        db.prepare('DELETE FROM orders_grams WHERE rowid = ?').run(row.rid);
        db.prepare(`INSERT INTO orders_grams ${columns}`).run(row.rid, ...gramColumns(folded));
        db.prepare('UPDATE order_search SET text = ? WHERE rid = ?').run(folded.join(COLUMN_SEPARATOR), row.rid);
      }
    }
    db.exec(`DROP INDEX orders_by_text_group; ALTER TABLE orders DROP COLUMN text_gid;
      ALTER TABLE order_search DROP COLUMN tgid;
      DROP TABLE text_group; DROP TABLE text_group_fts; DROP TABLE text_group_grams;
      DROP TRIGGER orders_own_text_delete; DROP TABLE order_own_fts; DROP TABLE order_own_grams; ALTER TABLE fts_state DROP COLUMN converted_rid;`);
    if (version === 9) db.pragma('user_version = 8');
  })();
}
