import type Database from 'better-sqlite3';
import { ownColumns } from '../ownTextIndex';
import { foldColumn } from '../searchText';

/**
 * Tests only: turns a schema-10 file back into what schema 9 held — both trigram tables with positions (refilled
 * from the orders and the title sets, as schema 9's writer fed them), `orders_by_after_sales` over every order,
 * `insight_order_lead` — so a test can watch migration 10 run on a file the current code wrote.
 */
export function rewindToV9(db: Database.Database): void {
  if ((db.pragma('user_version', { simple: true }) as number) < 10) return;
  db.transaction(() => {
    db.exec(`DROP TABLE order_own_fts;
      CREATE VIRTUAL TABLE order_own_fts USING fts5(
        order_num, buyer_name, remark, content = '', contentless_delete = 1,
        tokenize = 'trigram case_sensitive 0 remove_diacritics 1'
      );
      DROP TABLE text_group_fts;
      CREATE VIRTUAL TABLE text_group_fts USING fts5(
        titles, sku_attrs, content = '', columnsize = 0, tokenize = 'trigram case_sensitive 0 remove_diacritics 1'
      );`);
    const own = db.prepare('INSERT INTO order_own_fts (rowid, order_num, buyer_name, remark) VALUES (?, ?, ?, ?)');
    const rows = db
      .prepare(
        `SELECT rid, order_num, buyer_name, titles, sku_attrs, remark FROM orders
          WHERE rid <= (SELECT indexed_rid FROM fts_state WHERE id = 1) AND text_gid IS NOT NULL`,
      )
      .all() as Array<{
      rid: number;
      order_num: string | null;
      buyer_name: string;
      titles: string;
      sku_attrs: string;
      remark: string;
    }>;
    for (const row of rows) {
      const folded = ownColumns(row);
      own.run(row.rid, folded[0], folded[1], folded[4]);
    }
    const sets = db.prepare('INSERT INTO text_group_fts (rowid, titles, sku_attrs) VALUES (?, ?, ?)');
    for (const g of db.prepare('SELECT tgid, titles, sku_attrs FROM text_group').all() as Array<{
      tgid: number;
      titles: string;
      sku_attrs: string;
    }>) {
      const folded = [foldColumn(g.titles), foldColumn(g.sku_attrs)];
      if (folded[0] !== '' || folded[1] !== '') sets.run(g.tgid, folded[0], folded[1]);
    }
    const deferred = db.prepare("SELECT 1 FROM meta WHERE key = 'deferred_indexes'").get() !== undefined;
    if (!deferred)
      db.exec(`DROP INDEX IF EXISTS orders_by_after_sales;
        CREATE INDEX orders_by_after_sales ON orders (after_sales_status, create_ms, order_status, delivery_status, has_after_sales, has_dispute, delivery_exception, title_gid);
        CREATE INDEX insight_order_lead ON insight_order (day, lead_ms, required_ms) WHERE lead_ms IS NOT NULL;`);
    db.pragma('user_version = 9');
  })();
}
