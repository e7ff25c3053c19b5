import type Database from 'better-sqlite3';
import { OwnTextIndex } from './ownTextIndex';
import type { SearchColumns } from './searchGrams';
import { COLUMN_SEPARATOR } from './searchText';
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
-- The sets' folded texts, indexed like an order's: trigrams (words of 3+ characters), single characters and pairs
-- (one token a word: positions are not needed). Sets are never deleted, so no sizes are kept for deleting.
CREATE VIRTUAL TABLE text_group_fts USING fts5(
  titles, sku_attrs, content = '', columnsize = 0, tokenize = 'trigram case_sensitive 0 remove_diacritics 1'
);
CREATE VIRTUAL TABLE text_group_grams USING fts5(
  titles, sku_attrs, content = '', columnsize = 0, detail = none, tokenize = 'unicode61 remove_diacritics 2'
);
-- Each order's own text (order number, buyer name, remark), indexed the same two ways (a changed order's document
-- is deleted by rowid). orders_fts and orders_grams keep the older form's documents until the conversion has
-- passed them.
CREATE VIRTUAL TABLE order_own_fts USING fts5(
  order_num, buyer_name, remark, content = '', contentless_delete = 1,
  tokenize = 'trigram case_sensitive 0 remove_diacritics 1'
);
CREATE VIRTUAL TABLE order_own_grams USING fts5(
  order_num, buyer_name, remark, content = '', contentless_delete = 1, detail = none,
  tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TRIGGER orders_own_text_delete AFTER DELETE ON orders
WHEN old.rid <= (SELECT indexed_rid FROM fts_state WHERE id = 1) BEGIN
  DELETE FROM order_own_fts WHERE rowid = old.rid;
  DELETE FROM order_own_grams WHERE rowid = old.rid;
END;
-- orders_fts / orders_grams answer only above this rid: the orders up to it are converted (their documents there
-- are left behind, and retired and deleted in bounded steps when the conversion ends: textConversionFinish.ts).
ALTER TABLE fts_state ADD COLUMN converted_rid INTEGER NOT NULL DEFAULT 0;
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

/**
 * The hint naming the set index, or none while the file lacks it: a first full sync killed while loading leaves its
 * secondary indexes deferred until its resume ends (deferredIndexes.ts), and the upkeep after opening runs meanwhile.
 */
function bySetIndex(db: Database.Database): string {
  const has = db
    .prepare("SELECT 1 FROM sqlite_schema WHERE type = 'index' AND name = 'orders_by_text_group'")
    .pluck()
    .get();
  return has === undefined ? '' : ' INDEXED BY orders_by_text_group';
}

/** Orders still in the older form (their titles and SKU attributes in their own row): through the set index. */
export function textGroupsLeft(db: Database.Database): number {
  return db
    .prepare(`SELECT count(*) FROM orders${bySetIndex(db)} WHERE text_gid IS NULL`)
    .pluck()
    .get() as number;
}

type OldRow = SearchColumns & { rid: number };

/**
 * Converts up to `batch` orders of the older form in one transaction, lowest rid first: each names its title set
 * (created and indexed on first sight), its row keeps only its own text, and, when it is already indexed, its own
 * text is indexed in the new tables (its older documents stay where they are, below `converted_rid`, unread). Between
 * two batches every search is exact: converted orders are found through their set and own documents, the others
 * through their older documents.
 */
export function convertTextGroups(
  db: Database.Database,
  groups: TextGroups,
  batch: number = TEXT_CONVERT_BATCH,
): TextConvertStep {
  const select = db.prepare(
    `SELECT rid, order_num, buyer_name, titles, sku_attrs, remark FROM orders${bySetIndex(db)}
     WHERE text_gid IS NULL ORDER BY rid LIMIT ?`,
  );
  const update = db.prepare("UPDATE orders SET text_gid = ?, titles = '', sku_attrs = '' WHERE rid = ?");
  const indexed = db.prepare('SELECT indexed_rid FROM fts_state WHERE id = 1').pluck();
  const own = new OwnTextIndex(db);
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
          const folded = own.insert(row.rid, row);
          searchText.run(tgid, folded.join(COLUMN_SEPARATOR), row.rid);
        }
        if (rows.length > 0)
          db.prepare('UPDATE fts_state SET converted_rid = ? WHERE id = 1').run(rows[rows.length - 1]!.rid);
        // None left: every older document is below the mark (an order stored later is of the new form).
        return rows.length;
      })
      .immediate();
    return { converted, done: converted < batch };
  } catch (e) {
    groups.forget();
    throw e;
  }
}

/** Whether older-form documents are left (every order converted, they wait to be dropped) or still in use. */
export function olderTextDocumentsLeft(db: Database.Database): boolean {
  return (
    db
      .prepare('SELECT EXISTS (SELECT 1 FROM orders_fts_docsize) OR EXISTS (SELECT 1 FROM orders_grams_docsize)')
      .pluck()
      .get() === 1 && textGroupsLeft(db) === 0
  );
}
