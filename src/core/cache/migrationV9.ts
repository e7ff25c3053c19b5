import type Database from 'better-sqlite3';
import { gramColumns, type SearchColumns } from './searchGrams';
import { COLUMN_SEPARATOR, indexedColumns } from './searchText';
import type { TextGroups } from './textGroups';

/**
 * Cache schema 9: the title-set text index (issue 26: a million orders). An order's product titles and SKU
 * attributes come from the catalogue: at 100,000 sandbox orders there are only ~17,000 distinct (titles, SKU
 * attributes) sets, ~70,000 at a million. Each set is stored and full-text indexed once (`text_group` and its two
 * FTS tables); an order names its set (`orders.text_gid`, indexed), and its own full-text documents and folded
 * search text hold only what is its own (order number, buyer name, remark). A search word matches an order when it
 * occurs in the order's own text or in its set's (textMatches.ts).
 *
 * The migration itself only creates the tables (instant, in the opening transaction). An older file's orders keep
 * their titles and SKU attributes in their row and in their own full-text documents (`text_gid` NULL) and are found
 * exactly as before; they are converted afterwards in small batches (convertTextGroups, run by the after-open
 * upkeep): resumable after a kill at any point, with progress, and every search is exact in every state (a word is
 * looked up in both places, whichever form an order is in).
 */
export const V9_SQL = `
CREATE TABLE text_group (
  tgid      INTEGER PRIMARY KEY,
  titles    TEXT NOT NULL,                       -- product titles as sent, one per line (as orders.titles was)
  sku_attrs TEXT NOT NULL,                       -- "name: value" SKU attributes, one per line
  text      TEXT NOT NULL,                       -- both folded (searchText.ts), for words tested row by row
  UNIQUE (titles, sku_attrs)
);
-- The sets' folded texts, indexed like an order's: trigrams (words of 3+ characters), single characters and pairs.
CREATE VIRTUAL TABLE text_group_fts USING fts5(
  titles, sku_attrs, content = '', tokenize = 'trigram case_sensitive 0 remove_diacritics 1'
);
CREATE VIRTUAL TABLE text_group_grams USING fts5(
  titles, sku_attrs, content = '', tokenize = 'unicode61 remove_diacritics 2'
);
-- NULL: an order of an older file not converted yet (its titles and SKU attributes are still in its row).
ALTER TABLE orders ADD COLUMN text_gid INTEGER;
CREATE INDEX orders_by_text_group ON orders (text_gid);
-- The order's set, beside its folded text: a word tested row by row is looked for in both.
ALTER TABLE order_search ADD COLUMN tgid INTEGER;
`;

export const V9_DESCRIPTION =
  'titles and SKU attributes indexed once per distinct set (old rows converted in batches after)';

/** Orders converted per transaction: a reader (and the sync's writer) waits at most one batch. */
export const TEXT_CONVERT_BATCH = 1_000;

export interface TextConvertStep {
  converted: number;
  /** No order of the older form is left. */
  done: boolean;
}

/** Orders still in the older form (their titles and SKU attributes in their own row): through the set index. */
export function textGroupsLeft(db: Database.Database): number {
  return db
    .prepare('SELECT count(*) FROM orders INDEXED BY orders_by_text_group WHERE text_gid IS NULL')
    .pluck()
    .get() as number;
}

type OldRow = SearchColumns & { rid: number };

/**
 * Converts up to `batch` orders of the older form in one transaction, lowest rid first: each names its title set
 * (created and indexed on first sight), its row keeps only its own text, and, when it is already in the full-text
 * indexes, its documents and folded text are written again without the set's text. Between two batches every
 * search is exact: converted orders are found through their set, the others through their own documents.
 */
export function convertTextGroups(
  db: Database.Database,
  groups: TextGroups,
  batch: number = TEXT_CONVERT_BATCH,
): TextConvertStep {
  const select = db.prepare(
    `SELECT rid, order_num, buyer_name, titles, sku_attrs, remark FROM orders INDEXED BY orders_by_text_group
     WHERE text_gid IS NULL ORDER BY rid LIMIT ?`,
  );
  const update = db.prepare("UPDATE orders SET text_gid = ?, titles = '', sku_attrs = '' WHERE rid = ?");
  const indexed = db.prepare('SELECT indexed_rid FROM fts_state WHERE id = 1').pluck();
  const deleteTrigrams = db.prepare('DELETE FROM orders_fts WHERE rowid = ?');
  const deleteGrams = db.prepare('DELETE FROM orders_grams WHERE rowid = ?');
  const insertTrigrams = db.prepare(
    'INSERT INTO orders_fts (rowid, order_num, buyer_name, titles, sku_attrs, remark) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertGrams = db.prepare(
    'INSERT INTO orders_grams (rowid, order_num, buyer_name, titles, sku_attrs, remark) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const searchText = db.prepare('UPDATE order_search SET tgid = ?, text = ? WHERE rid = ?');
  try {
    const converted = db
      .transaction(() => {
        const upTo = indexed.get() as number;
        const rows = select.all(batch) as OldRow[];
        for (const row of rows) {
          const tgid = groups.idOf(row.titles, row.sku_attrs);
          update.run(tgid, row.rid);
          if (row.rid > upTo) continue; // not indexed yet: indexed later from the converted row
          const own = indexedColumns({ ...row, titles: '', sku_attrs: '' });
          deleteTrigrams.run(row.rid);
          insertTrigrams.run(row.rid, ...own);
          deleteGrams.run(row.rid);
          insertGrams.run(row.rid, ...gramColumns(own));
          searchText.run(tgid, own.join(COLUMN_SEPARATOR), row.rid);
        }
        return rows.length;
      })
      .immediate();
    return { converted, done: converted < batch };
  } catch (e) {
    groups.forget();
    throw e;
  }
}

/**
 * After the last batch: the full-text indexes merged into one segment each (the documents written again left their
 * old versions behind until merged).
 */
export function optimizeTextIndexes(db: Database.Database): void {
  for (const table of ['orders_fts', 'orders_grams', 'text_group_fts', 'text_group_grams'])
    db.exec(`INSERT INTO ${table} (${table}) VALUES ('optimize')`);
}
