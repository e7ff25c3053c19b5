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
  /** Sets created whose full-text documents wait for `indexCreated`: id, folded titles, folded SKU attributes. */
  private created: Array<[number, string, string]> = [];
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

  /**
   * The id of the set, created (and indexed, in the caller's transaction) on first sight. `deferIndex`: a new set's
   * full-text documents are written by `indexCreated`, which the caller runs last in its transaction. FTS5 writes
   * what it holds in memory as a new segment whenever a later statement of the transaction opens a statement
   * savepoint (an INSERT into a table with triggers: every order row), so a set indexed as it was created cost a
   * segment of its own in both indexes, and their merges (22 % of orders name a new set in the sandbox's first
   * sync); written together at the end of a page they make one segment each. The same documents either way.
   */
  idOf(titles: string, skuAttrs: string, deferIndex = false): number {
    const key = `${titles}\u0000${skuAttrs}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.select.get(titles, skuAttrs) ?? this.create(titles, skuAttrs, deferIndex);
      if (this.ids.size >= REMEMBERED) this.ids.clear();
      this.ids.set(key, id);
    }
    return id;
  }

  /** After a rolled-back transaction: the sets it created are gone with it. */
  forget(): void {
    this.ids.clear();
    this.created = [];
  }

  /** Writes the full-text documents of the sets created with `deferIndex` since the last call. */
  indexCreated(): void {
    if (this.created.length === 0) return;
    const created = this.created;
    this.created = [];
    for (const [id, titles, skuAttrs] of created) this.trigrams.run(id, titles, skuAttrs);
    for (const [id, titles, skuAttrs] of created) this.grams.run(id, gramsOf(titles), gramsOf(skuAttrs));
  }

  private create(titles: string, skuAttrs: string, deferIndex: boolean): number {
    const folded = [foldColumn(titles), foldColumn(skuAttrs)] as const;
    const id = Number(this.insert.run(titles, skuAttrs, folded.join(COLUMN_SEPARATOR)).lastInsertRowid);
    if (folded[0] === '' && folded[1] === '') return id;
    if (deferIndex) this.created.push([id, folded[0], folded[1]]);
    else {
      this.trigrams.run(id, folded[0], folded[1]);
      this.grams.run(id, gramsOf(folded[0]), gramsOf(folded[1]));
    }
    return id;
  }
}
