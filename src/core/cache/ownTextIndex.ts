import type Database from 'better-sqlite3';
import { gramsOf, type SearchColumns } from './searchGrams';
import { indexedColumns, type IndexedColumns } from './searchText';

/**
 * An order's own searchable text (schema 9: order number, buyer name, remark; titles and SKU attributes are its
 * title set's, textGroups.ts) in the two full-text tables `order_own_fts` (trigrams) and `order_own_grams` (single
 * characters and pairs); a document is deleted by rowid.
 */
export class OwnTextIndex {
  private readonly trigrams: Database.Statement;
  private readonly grams: Database.Statement;
  private readonly deleteTrigrams: Database.Statement;
  private readonly deleteGrams: Database.Statement;

  constructor(db: Database.Database) {
    const values = '(rowid, order_num, buyer_name, remark) VALUES (?, ?, ?, ?)';
    this.trigrams = db.prepare(`INSERT INTO order_own_fts ${values}`);
    this.grams = db.prepare(`INSERT INTO order_own_grams ${values}`);
    this.deleteTrigrams = db.prepare('DELETE FROM order_own_fts WHERE rowid = ?');
    this.deleteGrams = db.prepare('DELETE FROM order_own_grams WHERE rowid = ?');
  }

  /** Indexes the row's own text; returns the folded columns of the whole row with empty titles and SKU attributes. */
  insert(rid: number, row: SearchColumns): IndexedColumns {
    const folded = ownColumns(row);
    this.trigrams.run(rid, folded[0], folded[1], folded[4]);
    this.grams.run(rid, gramsOf(folded[0]), gramsOf(folded[1]), gramsOf(folded[4]));
    return folded;
  }

  /** Removes the row's documents. */
  delete(rid: number): void {
    this.deleteTrigrams.run(rid);
    this.deleteGrams.run(rid);
  }
}

/** The folded columns of an order's own text (titles and SKU attributes empty: they are its set's). */
export function ownColumns(row: SearchColumns): IndexedColumns {
  return indexedColumns({ ...row, titles: '', sku_attrs: '' });
}
