import { foldText } from './searchFold';
import { isGramWord } from './searchGrams';

/**
 * Turns what a person types into full-text queries. Each whitespace-separated word (or "quoted phrase") must
 * occur somewhere in the order's searchable text as a case- and accent-insensitive substring:
 * - words of 3+ characters through the trigram index (orders_fts),
 * - words of 1–2 letters or digits through the character-pair index (orders_grams),
 * - anything else short (punctuation) with LIKE.
 */

/** Columns of both FTS tables, in order. */
export const FTS_COLUMNS = ['order_num', 'buyer_name', 'titles', 'sku_attrs', 'remark'] as const;
export type FtsColumn = (typeof FTS_COLUMNS)[number];

export interface TextSearch {
  /** The one column searched (the product-title filter), or undefined for all. */
  column: FtsColumn | undefined;
  /** MATCH expression for orders_fts (words of 3+ characters). */
  trigramMatch: string | undefined;
  /** MATCH expression for orders_grams (words of 1–2 letters or digits). */
  gramMatch: string | undefined;
  /** The indexed words folded (foldText), for rows not indexed yet: matched with `instr(md_fold(column), word)`. */
  pendingTerms: string[];
  /**
   * Each indexed word alone (schema 9): looked up in the orders' own documents and in the title sets' (textMatches.ts).
   * `match` is its FTS5 string; `index` says which pair of tables answers it.
   */
  words: Array<{
    folded: string;
    match: string;
    index: 'trigram' | 'grams';
    /**
     * The FTS5 string for a table without positions (`detail=none`, schema 10's order_own_fts and text_group_fts):
     * a trigram word's distinct trigrams ANDed. It finds every document holding the word and possibly more
     * (the trigrams elsewhere in the text): unless `exact`, each candidate is tested on its folded text.
     */
    candidates: string;
    exact: boolean;
  }>;
  /** LIKE patterns (escaped with `\`) of short words no index answers, applied to every row. */
  likePatterns: string[];
}

/** The words of a search text: quoted phrases kept whole, everything else split on whitespace. */
export function searchTerms(text: string): string[] {
  const terms: string[] = [];
  const re = /"([^"]*)"|(\S+)/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const term = (m[1] ?? m[2] ?? '').trim();
    if (term) terms.push(term);
  }
  return terms;
}

/** A string literal for FTS5: double quotes, inner quotes doubled. Nothing inside is an operator. */
export function ftsString(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

/** Search folding lives in searchFold.ts (one definition for the indexes, SQL and the row test). */
export { foldText } from './searchFold';

export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const MIN_TRIGRAM = 3;

/** A word's distinct trigrams (code points, as FTS5's trigram tokenizer cuts them). */
export function trigramsOf(folded: string): string[] {
  const chars = [...folded];
  const grams = new Set<string>();
  for (let i = 0; i + MIN_TRIGRAM <= chars.length; i++) grams.add(chars.slice(i, i + MIN_TRIGRAM).join(''));
  return [...grams];
}

/** Builds the search for `text`, optionally restricted to one column (the product-title filter: one phrase). */
export function buildTextSearch(text: string, column?: FtsColumn): TextSearch {
  const terms = column ? [text.trim()].filter(Boolean) : searchTerms(text);
  // Words are folded before they are sorted by length: "ß" is looked up as "ss", "æø" as "aeo".
  const folded = terms.map((t) => ({ raw: t, folded: foldText(t) }));
  const indexed = folded.filter((t) => [...t.folded].length >= MIN_TRIGRAM || isGramWord(t.folded));
  const long = indexed.filter((t) => [...t.folded].length >= MIN_TRIGRAM).map((t) => t.folded);
  const grams = indexed.filter((t) => [...t.folded].length < MIN_TRIGRAM).map((t) => t.folded);
  const other = folded.filter((t) => !indexed.includes(t) && t.folded !== '').map((t) => t.raw);
  const prefix = column ? `${column} : ` : '';
  const expr = (words: string[]) =>
    words.length > 0 ? words.map((t) => `${prefix}${ftsString(t)}`).join(' AND ') : undefined;
  return {
    column,
    trigramMatch: expr(long),
    gramMatch: expr(grams),
    pendingTerms: [...long, ...grams],
    words: [
      ...long.map((w) => {
        const trigrams = trigramsOf(w);
        return {
          folded: w,
          match: `${prefix}${ftsString(w)}`,
          index: 'trigram' as const,
          candidates: trigrams.map((t) => `${prefix}${ftsString(t)}`).join(' AND '),
          exact: [...w].length === MIN_TRIGRAM,
        };
      }),
      ...grams.map((w) => {
        const match = `${prefix}${ftsString(w)}`;
        return { folded: w, match, index: 'grams' as const, candidates: match, exact: true };
      }),
    ],
    likePatterns: other.map(likePattern),
  };
}
