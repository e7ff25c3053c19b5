import type Database from 'better-sqlite3';
import { gramColumns, type SearchColumns } from './searchGrams';
import { COLUMN_SEPARATOR, indexedColumns } from './searchText';

/**
 * The batched full-text indexes (see migrations.ts): rows above `fts_state.indexed_rid` wait to be indexed and
 * are searched with LIKE meanwhile, so a query is always complete whether or not indexing has caught up.
 */

export function indexedRid(db: Database.Database): number {
  return db.prepare('SELECT indexed_rid FROM fts_state WHERE id = 1').pluck().get() as number;
}

export function pendingRows(db: Database.Database): number {
  return db
    .prepare('SELECT count(*) FROM orders WHERE rid > (SELECT indexed_rid FROM fts_state WHERE id = 1)')
    .pluck()
    .get() as number;
}

/**
 * Indexes up to `maxRows` waiting rows in one transaction (both indexes and the folded search text). Returns how
 * many it indexed.
 */
export function indexPendingRows(db: Database.Database, maxRows: number): number {
  return db
    .transaction(() => {
      const from = indexedRid(db);
      const rows = db
        .prepare(
          'SELECT rid, order_num, buyer_name, titles, sku_attrs, remark FROM orders WHERE rid > ? ORDER BY rid LIMIT ?',
        )
        .all(from, maxRows) as Array<SearchColumns & { rid: number }>;
      if (rows.length === 0) return 0;
      const upTo = rows[rows.length - 1]!.rid;
      // Both indexes hold the folded text (searchFold.ts), computed here once per row for all three.
      const trigrams = db.prepare(
        'INSERT INTO orders_fts (rowid, order_num, buyer_name, titles, sku_attrs, remark) VALUES (?, ?, ?, ?, ?, ?)',
      );
      const grams = db.prepare(
        'INSERT INTO orders_grams (rowid, order_num, buyer_name, titles, sku_attrs, remark) VALUES (?, ?, ?, ?, ?, ?)',
      );
      const text = db.prepare('INSERT INTO order_search (rid, text) VALUES (?, ?)');
      for (const row of rows) {
        const folded = indexedColumns(row);
        trigrams.run(row.rid, ...folded);
        grams.run(row.rid, ...gramColumns(folded));
        text.run(row.rid, folded.join(COLUMN_SEPARATOR));
      }
      db.prepare('UPDATE fts_state SET indexed_rid = ? WHERE id = 1').run(upTo);
      return rows.length;
    })
    .immediate();
}
