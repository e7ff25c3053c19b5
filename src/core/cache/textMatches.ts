import type { TextSearch } from './ftsQuery';

/**
 * The orders a text search matches (schema 9, migrationV9.ts), as one SQL set of rids. A word occurs in an order
 * when it occurs in the order's own text (order number, buyer name, remark: its documents in order_own_fts /
 * order_own_grams, or, for a row not indexed yet, its folded columns) or in the text of its title set (titles and
 * SKU attributes, indexed once per distinct set). An order of an older file not converted yet has no set and its
 * whole text in its older documents (orders_fts / orders_grams, read above `converted_rid` only): the same formula
 * finds it. Every word must occur, each in either place.
 *
 * Written so the common case reads little: orders whose set holds every word come from the set index alone (the
 * sets are intersected first: a few hundred ids); orders found through their own text (rare for catalogue words)
 * are checked word by word, and when no set holds any word their own documents alone answer (no row read).
 */

/** The columns an order's own text is matched in when it is not indexed yet (the older form has all five). */
const OWN_COLUMNS = ['order_num', 'buyer_name', 'titles', 'sku_attrs', 'remark'] as const;

type Word = TextSearch['words'][number];

/**
 * The title sets holding a word: the set index's candidates (schema 10: `text_group_fts` has no positions, so a
 * trigram word is its trigrams ANDed), each tested on the set's folded text unless the match is exact. An older
 * file's index with positions answers the same string (its candidates are the same or fewer).
 */
export function setsOfWordSql(w: Word): { sql: string; params: unknown[] } {
  const table = w.index === 'trigram' ? 'text_group_fts' : 'text_group_grams';
  const test = w.exact
    ? ''
    : ` AND EXISTS (SELECT 1 FROM text_group t WHERE t.tgid = ${table}.rowid AND instr(t.text, ?) > 0)`;
  return {
    sql: `SELECT rowid AS tgid FROM ${table} WHERE ${table} MATCH ?${test}`,
    params: w.exact ? [w.candidates] : [w.candidates, w.folded],
  };
}

/** The orders whose own documents hold a word: candidates tested on their folded own text (`order_search`). */
function ownOfWordSql(w: Word): { sql: string; params: unknown[] } {
  const table = w.index === 'trigram' ? 'order_own_fts' : 'order_own_grams';
  const test = w.exact
    ? ''
    : ` AND EXISTS (SELECT 1 FROM order_search s WHERE s.rid = ${table}.rowid AND instr(s.text, ?) > 0)`;
  return {
    sql: `SELECT rowid AS rid FROM ${table} WHERE ${table} MATCH ?${test}`,
    params: w.exact ? [w.candidates] : [w.candidates, w.folded],
  };
}

export function textMatchesSql(s: Pick<TextSearch, 'words'>): { sql: string; params: unknown[] } {
  const ctes: string[] = [];
  const params: unknown[] = [];
  s.words.forEach((w, i) => {
    // The older documents (schema 8's tables, positions kept) answer the word as one phrase.
    const older = w.index === 'trigram' ? 'orders_fts' : 'orders_grams';
    const own = ownOfWordSql(w);
    const sets = setsOfWordSql(w);
    ctes.push(
      `a${i} AS MATERIALIZED (${own.sql}
        UNION ALL SELECT rowid FROM ${older} WHERE ${older} MATCH ?
          AND rowid > (SELECT converted_rid FROM fts_state WHERE id = 1)
        UNION ALL SELECT rid FROM orders WHERE rid > (SELECT indexed_rid FROM fts_state WHERE id = 1)
          AND (${OWN_COLUMNS.map((c) => `instr(md_fold(${c}), ?) > 0`).join(' OR ')}))`,
      `g${i} AS MATERIALIZED (${sets.sql})`,
    );
    params.push(...own.params, w.match, ...OWN_COLUMNS.map(() => w.folded), ...sets.params);
  });
  const n = s.words.length;
  const each = (f: (i: number) => string, sep: string) => Array.from({ length: n }, (_, i) => f(i)).join(sep);
  const everySet = each((i) => `SELECT tgid FROM g${i}`, ' INTERSECT ');
  const anySet = `EXISTS (${each((i) => `SELECT 1 FROM g${i}`, ' UNION ALL ')})`;
  const perWord = n > 1 ? ` AND ${each((i) => `(o.rid IN a${i} OR o.text_gid IN g${i})`, ' AND ')}` : '';
  const sql = `WITH ${ctes.join(', ')}
    SELECT rid FROM orders INDEXED BY orders_by_text_group WHERE text_gid IN (${everySet})
    UNION ALL
    SELECT rid FROM (${each((i) => `SELECT rid FROM a${i}`, ' INTERSECT ')}) WHERE NOT ${anySet}
    UNION ALL
    SELECT o.rid FROM orders o WHERE ${anySet} AND o.rid IN (${each((i) => `SELECT rid FROM a${i}`, ' UNION ')})
      AND (o.text_gid IS NULL OR o.text_gid NOT IN (${everySet}))${perWord}`;
  return { sql, params };
}
