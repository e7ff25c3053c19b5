import { foldForIndex, FORM_SEPARATOR } from './searchFold';
import type { SearchColumns } from './searchGrams';

/**
 * Each order's searchable texts folded (searchFold.ts: case, accents, ß/ø/æ/ł/đ/œ, and ä/ö/ü also as ae/oe/ue),
 * column by column: what both full-text indexes are fed, and, joined into one string, the `order_search` text of
 * the indexed rows. A search whose words are common tests them on each row with `instr` while it reads the sort
 * index in order, stopping after one page (see textTestPlan.ts) — cheaper than collecting every full-text match
 * first.
 */

/** Between two columns, so no search word matches across them (a word holding it is not tested this way). */
export const COLUMN_SEPARATOR = FORM_SEPARATOR;

/** The searchable columns, in the order of both FTS tables. */
const SEARCH_COLUMNS = ['order_num', 'buyer_name', 'titles', 'sku_attrs', 'remark'] as const;

/** The same in SQL, for a row of `orders` named `alias` (rows not indexed yet; the migration that fills the table). */
export function searchTextSql(alias: string): string {
  return [`coalesce(${alias}.order_num, '')`, ...SEARCH_COLUMNS.slice(1).map((c) => `${alias}.${c}`)]
    .map((column) => `md_fold(${column})`)
    .join(' || char(31) || ');
}

/** Catalogue titles, SKU attributes and buyer names repeat across orders: each is folded once. */
const REMEMBERED = 4_096;
const remembered = new Map<string, string>();

/** One column's folded text as indexed (remembered: catalogue texts repeat). */
export function foldColumn(text: string): string {
  if (text === '') return '';
  let folded = remembered.get(text);
  if (folded === undefined) {
    folded = foldForIndex(text);
    if (remembered.size >= REMEMBERED) remembered.clear();
    remembered.set(text, folded);
  }
  return folded;
}

export type IndexedColumns = [string, string, string, string, string];

/** The folded text of each searchable column, as both full-text indexes hold it (in their column order). */
export function indexedColumns(row: SearchColumns): IndexedColumns {
  return [
    foldColumn(row.order_num ?? ''),
    foldColumn(row.buyer_name),
    foldColumn(row.titles),
    foldColumn(row.sku_attrs),
    foldColumn(row.remark),
  ];
}

/** The folded search text of one order (the `order_search.text` of its row). */
export function searchTextOf(row: SearchColumns): string {
  return indexedColumns(row).join(COLUMN_SEPARATOR);
}
