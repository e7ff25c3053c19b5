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

/** The index each kind of word is looked up in: its own text, the older per-order index, the title sets. */
export function indexTablesOf(w: Pick<TextSearch['words'][number], 'index'>): {
  own: string;
  older: string;
  sets: string;
} {
  return w.index === 'trigram'
    ? { own: 'order_own_fts', older: 'orders_fts', sets: 'text_group_fts' }
    : { own: 'order_own_grams', older: 'orders_grams', sets: 'text_group_grams' };
}

/** The title sets holding every word of the search (each word's own MATCH parameter, in order). */
export function everyWordSetsSql(s: Pick<TextSearch, 'words'>): string {
  return s.words
    .map((w) => {
      const { sets } = indexTablesOf(w);
      return `SELECT rowid FROM ${sets} WHERE ${sets} MATCH ?`;
    })
    .join(' INTERSECT ');
}

export function textMatchesSql(s: Pick<TextSearch, 'words'>): { sql: string; params: unknown[] } {
  const ctes: string[] = [];
  const params: unknown[] = [];
  s.words.forEach((w, i) => {
    const { own, older, sets } = indexTablesOf(w);
    ctes.push(
      `a${i} AS MATERIALIZED (SELECT rowid AS rid FROM ${own} WHERE ${own} MATCH ?
        UNION ALL SELECT rowid FROM ${older} WHERE ${older} MATCH ?
          AND rowid > (SELECT converted_rid FROM fts_state WHERE id = 1)
        UNION ALL SELECT rid FROM orders WHERE rid > (SELECT indexed_rid FROM fts_state WHERE id = 1)
          AND (${OWN_COLUMNS.map((c) => `instr(md_fold(${c}), ?) > 0`).join(' OR ')}))`,
      `g${i} AS MATERIALIZED (SELECT rowid AS tgid FROM ${sets} WHERE ${sets} MATCH ?)`,
    );
    params.push(w.match, w.match, ...OWN_COLUMNS.map(() => w.folded), w.match);
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
