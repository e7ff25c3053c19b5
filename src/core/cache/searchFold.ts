/**
 * How search folds text, the one definition for every side of the cache: the full-text indexes are fed folded
 * text (searchIndex.ts), rows not indexed yet are folded in SQL by `md_fold` (this module's `foldForIndex`,
 * registered on every cache connection), the row-by-row test reads the same folded text (searchText.ts), and a
 * search's words are folded by `foldText`. So "weiss" finds Weiß whichever way a page is found.
 *
 * The FTS tokenizers fold case and combining accents only: ß, ø, æ, ł, đ, œ are letters of their own to them, so
 * folding happens here, before the text reaches an index.
 */

/** Letters with no decomposition that merchants type as plain Latin ("weiss", "soren", "lukasz"). */
const LETTER_FOLDS: Readonly<Record<string, string>> = {
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  ł: 'l',
  đ: 'd',
  œ: 'oe',
};
const FOLDED_LETTERS = new RegExp(`[${Object.keys(LETTER_FOLDS).join('')}]`, 'g');

/** Only the combining diacritics of Latin-style letters: kana voicing marks or Indic vowel signs are letters. */
const COMBINING = /[\u0300-\u036f]+/g;

/** ä, ö, ü decomposed (any case): German writes them ae, oe, ue too. */
const UMLAUT = /([aouAOU])\u0308/g;
const HAS_UMLAUT = /[aouAOU]\u0308/;

/** Between a text's folded forms (and between columns, see searchText.ts): no search word spans it. */
export const FORM_SEPARATOR = '\u001f';

/**
 * Case, accents and the letters above folded: what a search word is compared in ("MÜLLER" → "muller",
 * "Weiß" → "weiss", "Łukasz Żółć" → "lukasz zolc").
 */
export function foldText(text: string): string {
  const plain = text.normalize('NFD').replace(COMBINING, '').toLowerCase();
  return plain.replace(FOLDED_LETTERS, (c) => LETTER_FOLDS[c]!).normalize('NFC');
}

/**
 * The folded text as it is indexed: `foldText`, and when the text holds ä, ö or ü, its folded form with them
 * written ae, oe, ue after a separator — so both "muller" and "mueller" find Müller, while a search word is
 * folded one way only ("mueller" stays "mueller": folding "ue" in words would find "blue" for "blu").
 */
export function foldForIndex(text: string): string {
  const folded = foldText(text);
  const decomposed = text.normalize('NFD');
  if (!HAS_UMLAUT.test(decomposed)) return folded;
  return `${folded}${FORM_SEPARATOR}${foldText(decomposed.replace(UMLAUT, '$1e'))}`;
}
