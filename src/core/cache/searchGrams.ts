/**
 * Single characters and character pairs of the searchable text, for the orders_grams index: it answers search
 * words of 1–2 characters (a two-character Chinese name, a country code) that the trigram index cannot.
 * Grams are taken inside runs of letters and digits of the folded text (searchFold.ts), as the search words are.
 */

const RUN = /[\p{L}\p{N}]+/gu;

/**
 * Texts whose grams are remembered. Product titles and SKU attributes come from a catalogue and repeat across
 * thousands of orders (buyer names across a buyer's orders): computing each once is most of the indexing's JS.
 */
const REMEMBERED = 4_096;
const remembered = new Map<string, string>();

/** The distinct grams of a text, space-separated (a document for the unicode61 tokenizer). */
export function gramsOf(text: string): string {
  if (text === '') return '';
  let grams = remembered.get(text);
  if (grams === undefined) {
    grams = computeGrams(text);
    // Forgotten all at once when full: bounded memory, no recency bookkeeping per call.
    if (remembered.size >= REMEMBERED) remembered.clear();
    remembered.set(text, grams);
  }
  return grams;
}

function computeGrams(text: string): string {
  const grams = new Set<string>();
  for (const run of text.toLowerCase().normalize('NFC').match(RUN) ?? []) {
    let prev = '';
    for (const ch of run) {
      grams.add(ch);
      if (prev) grams.add(prev + ch);
      prev = ch;
    }
  }
  return [...grams].join(' ');
}

/** Whether a short search word can be answered by the grams index (1–2 letters or digits). */
export function isGramWord(word: string): boolean {
  return /^[\p{L}\p{N}]{1,2}$/u.test(word.normalize('NFC'));
}

export interface SearchColumns {
  order_num: string | null;
  buyer_name: string;
  titles: string;
  sku_attrs: string;
  remark: string;
}

/** The grams documents of one order's folded columns (indexedColumns, in orders_grams column order). */
export function gramColumns(
  folded: readonly [string, string, string, string, string],
): [string, string, string, string, string] {
  return [gramsOf(folded[0]), gramsOf(folded[1]), gramsOf(folded[2]), gramsOf(folded[3]), gramsOf(folded[4])];
}
