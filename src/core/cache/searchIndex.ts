import type Database from 'better-sqlite3';
import { gramColumns, type SearchColumns } from './searchGrams';
import { OwnTextIndex } from './ownTextIndex';
import { COLUMN_SEPARATOR, indexedColumns } from './searchText';
import { TextGroups } from './textGroups';

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
 * many it indexed. A row's titles and SKU attributes are in its title set (schema 9: empty in the row, indexed once
 * per set, textGroups.ts); a row of an older file not converted yet still has them and is indexed whole.
 */
export function indexPendingRows(
  db: Database.Database,
  maxRows: number,
  /** Migration 6 runs before schema 9's tables exist (its rows are converted by migration 9's batches later). */
  before9 = false,
): number {
  if (before9) return indexPendingRowsBefore9(db, maxRows);
  return db
    .transaction(() => {
      const from = indexedRid(db);
      const rows = db
        .prepare(
          'SELECT rid, order_num, buyer_name, titles, sku_attrs, remark, text_gid FROM orders WHERE rid > ? ORDER BY rid LIMIT ?',
        )
        .all(from, maxRows) as Array<SearchColumns & { rid: number; text_gid: number | null }>;
      if (rows.length === 0) return 0;
      const upTo = rows[rows.length - 1]!.rid;
      const own = new OwnTextIndex(db);
      const text = db.prepare('INSERT INTO order_search (rid, tgid, text) VALUES (?, ?, ?)');
      let groups: TextGroups | undefined;
      let convert: Database.Statement | undefined;
      for (const row of rows) {
        let tgid = row.text_gid;
        if (tgid === null) {
          // A row of an older file not converted yet (migrationV9.ts): it names its title set first.
          tgid = (groups ??= new TextGroups(db)).idOf(row.titles, row.sku_attrs);
          (convert ??= db.prepare("UPDATE orders SET text_gid = ?, titles = '', sku_attrs = '' WHERE rid = ?")).run(
            tgid,
            row.rid,
          );
        }
        // The indexes hold the folded text (searchFold.ts), computed here once per row for all three.
        text.run(row.rid, tgid, own.insert(row.rid, row).join(COLUMN_SEPARATOR));
      }
      db.prepare('UPDATE fts_state SET indexed_rid = ? WHERE id = 1').run(upTo);
      return rows.length;
    })
    .immediate();
}

/** Schema 6 to 8's indexing (every column in orders_fts and orders_grams), for migration 6. */
function indexPendingRowsBefore9(db: Database.Database, maxRows: number): number {
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
