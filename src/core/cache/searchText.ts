import { foldText } from './ftsQuery';
import type { SearchColumns } from './searchGrams';

/**
 * Each order's searchable texts folded (case and accents, as `md_fold`) and joined into one string, kept in
 * `order_search` for the indexed rows. A search whose words are common tests them on each row with `instr`
 * while it reads the sort index in order, stopping after one page (see textTestPlan.ts) — cheaper than
 * collecting every full-text match first.
 */

/** Between two columns, so no search word matches across them (a word holding it is not tested this way). */
export const COLUMN_SEPARATOR = '\u001f';

/** The same in SQL, for a row of `orders` named `alias` (rows not indexed yet; the migration that fills the table). */
export function searchTextSql(alias: string): string {
  return [
    `coalesce(${alias}.order_num, '')`,
    ...['buyer_name', 'titles', 'sku_attrs', 'remark'].map((c) => `${alias}.${c}`),
  ]
    .map((column) => `md_fold(${column})`)
    .join(' || char(31) || ');
}

/** Catalogue titles, SKU attributes and buyer names repeat across orders: each is folded once. */
const REMEMBERED = 4_096;
const remembered = new Map<string, string>();

function fold(text: string): string {
  if (text === '') return '';
  let folded = remembered.get(text);
  if (folded === undefined) {
    folded = foldText(text);
    if (remembered.size >= REMEMBERED) remembered.clear();
    remembered.set(text, folded);
  }
  return folded;
}

/** The folded search text of one order (the `order_search.text` of its row). */
export function searchTextOf(row: SearchColumns): string {
  return [row.order_num ?? '', row.buyer_name, row.titles, row.sku_attrs, row.remark].map(fold).join(COLUMN_SEPARATOR);
}
