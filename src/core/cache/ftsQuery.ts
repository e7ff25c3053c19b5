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

/**
 * Case and accent folding for rows not yet in the full-text index, close to what the FTS tokenizers do
 * (`case_sensitive 0 remove_diacritics …`): so "MÜLLER", "muller" and "Müller" find the same orders whether or
 * not indexing has caught up. Registered as the SQL function `md_fold` on every cache connection.
 */
export function foldText(text: string): string {
  // Only the combining diacritics of Latin-style letters (U+0300–U+036F), as the tokenizers: kana voicing marks or
  // Indic vowel signs are parts of letters, not accents.
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]+/g, '')
    .toLowerCase()
    .normalize('NFC');
}

export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const MIN_TRIGRAM = 3;

/** Builds the search for `text`, optionally restricted to one column (the product-title filter: one phrase). */
export function buildTextSearch(text: string, column?: FtsColumn): TextSearch {
  const terms = column ? [text.trim()].filter(Boolean) : searchTerms(text);
  const long = terms.filter((t) => [...t].length >= MIN_TRIGRAM);
  const grams = terms.filter((t) => [...t].length < MIN_TRIGRAM && isGramWord(t));
  const other = terms.filter((t) => [...t].length < MIN_TRIGRAM && !isGramWord(t));
  const prefix = column ? `${column} : ` : '';
  const expr = (words: string[]) =>
    words.length > 0 ? words.map((t) => `${prefix}${ftsString(t.toLowerCase())}`).join(' AND ') : undefined;
  return {
    column,
    trigramMatch: expr(long),
    gramMatch: expr(grams),
    pendingTerms: [...long, ...grams].map(foldText),
    likePatterns: other.map(likePattern),
  };
}
