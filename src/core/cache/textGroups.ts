import type Database from 'better-sqlite3';
import { gramsOf } from './searchGrams';
import { COLUMN_SEPARATOR, foldColumn } from './searchText';

/**
 * The distinct (product titles, SKU attributes) sets of the orders (schema 9, migrationV9.ts), each stored and
 * full-text indexed once when first seen. Sets are never changed or deleted (an order whose items change names
 * another set), so an id once read stays right.
 */

/** Set ids a writer keeps in memory (then forgotten all at once: bounded, and cheap to refill). */
const REMEMBERED = 20_000;

export class TextGroups {
  private readonly select: Database.Statement<[string, string], number>;
  private readonly insert: Database.Statement<[string, string, string]>;
  private readonly trigrams: Database.Statement<[number, string, string]>;
  private readonly grams: Database.Statement<[number, string, string]>;
  private readonly ids = new Map<string, number>();

  constructor(db: Database.Database) {
    this.select = db
      .prepare<[string, string], number>('SELECT tgid FROM text_group WHERE titles = ? AND sku_attrs = ?')
      .pluck();
    this.insert = db.prepare('INSERT INTO text_group (titles, sku_attrs, text) VALUES (?, ?, ?)');
    this.trigrams = db.prepare('INSERT INTO text_group_fts (rowid, titles, sku_attrs) VALUES (?, ?, ?)');
    this.grams = db.prepare('INSERT INTO text_group_grams (rowid, titles, sku_attrs) VALUES (?, ?, ?)');
  }

  /** The id of the set, created (and indexed, in the caller's transaction) on first sight. */
  idOf(titles: string, skuAttrs: string): number {
    const key = `${titles}\u0000${skuAttrs}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.select.get(titles, skuAttrs) ?? this.create(titles, skuAttrs);
      if (this.ids.size >= REMEMBERED) this.ids.clear();
      this.ids.set(key, id);
    }
    return id;
  }

  /** After a rolled-back transaction: the sets it created are gone with it. */
  forget(): void {
    this.ids.clear();
  }

  private create(titles: string, skuAttrs: string): number {
    const folded = [foldColumn(titles), foldColumn(skuAttrs)] as const;
    const id = Number(this.insert.run(titles, skuAttrs, folded.join(COLUMN_SEPARATOR)).lastInsertRowid);
    if (folded[0] !== '' || folded[1] !== '') {
      this.trigrams.run(id, folded[0], folded[1]);
      this.grams.run(id, gramsOf(folded[0]), gramsOf(folded[1]));
    }
    return id;
  }
}
