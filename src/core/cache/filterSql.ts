import { parseIsoInstant } from '../../shared/time/isoInstant';
import { buildTextSearch, FTS_COLUMNS } from './ftsQuery';
import { DEFAULT_DUE_SOON_RULE } from '../due/deadlineRules';
import { NO_DUE_MS } from './dueColumns';
import type { CacheFilter, DueClock, DueFilter } from './querySchema';
import { COLUMN_SEPARATOR } from './searchText';
import { textMatchesSql } from './textMatches';

/** A set of rids or title groups computed once per statement (a materialised CTE) and named in the clauses. */
export interface NamedSet {
  name: 'm' | 'g';
  sql: string;
  params: unknown[];
}

/** A query's filters as SQL over `orders`. */
export interface FilterSql {
  /** Conditions joined with AND; the sets are referred to by name (`rid IN m`, `title_gid IN g`). */
  clauses: string[];
  params: unknown[];
  /** The sets the clauses name; each statement defines them first (`withSets`). */
  sets: NamedSet[];
  /** `m`, the full-text matches, is among the sets. */
  text: boolean;
  /** The only condition is the full-text match: its matches are counted without reading any row. */
  textOnly: boolean;
  /** A clause reads a text column (LIKE on short words): no index covers the filters. */
  readsText: boolean;
  /** The full-text match tested row by row instead (textTestPlan.ts); undefined when its words cannot be. */
  textTest: TextTest | undefined;
}

/** A search's indexed words as `instr` tests of the folded search text, and the other filters without them. */
export interface TextTest {
  /** The words, folded; each must occur in `order_search.text`. */
  words: string[];
  /** The filters without the full-text match (`rid IN m`), and without `m` among the sets; params are unchanged. */
  clauses: string[];
  sets: NamedSet[];
}

/** The clause naming the full-text matches. */
const TEXT_CLAUSE = 'rid IN m';

const LIKE_COLUMNS: readonly string[] = FTS_COLUMNS;

/** The WHERE clauses and sets of a query's filters (not its cursor). */
export function filterSql(q: CacheFilter): FilterSql {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const sets: NamedSet[] = [];
  const add = (clause: string, ...values: unknown[]) => {
    clauses.push(clause);
    params.push(...values);
  };
  const inList = (column: string, values: readonly number[] | undefined) => {
    if (values) add(`${column} IN (${values.map(() => '?').join(', ')})`, ...values);
  };
  const range = (column: string, from: string | undefined, to: string | undefined) => {
    // The schema has validated both as ISO dates already.
    if (from !== undefined) add(`${column} >= ?`, parseIsoInstant(from));
    if (to !== undefined) add(`${column} <= ?`, parseIsoInstant(to));
  };
  // A literal 0/1, not a parameter: SQLite uses a partial index (WHERE flag = 1) only for a literal term.
  const flag = (column: string, value: boolean | undefined) => {
    if (value !== undefined) add(`${column} = ${value ? 1 : 0}`);
  };

  if (q.id !== undefined) add('id = ?', q.id);
  // One parameter however many IDs (SQLite caps a statement's parameters): a JSON array read through json_each,
  // each value looked up in the id index.
  if (q.ids !== undefined) add('id IN (SELECT value FROM json_each(?))', JSON.stringify(q.ids));
  if (q.orderNum !== undefined) add('order_num = ?', q.orderNum);
  if (q.buyerId !== undefined) add('buyer_id = ?', q.buyerId);
  inList('order_status', q.sellerOrderStatus);
  inList('after_sales_status', q.orderAfterSalesStatus);
  inList('delivery_status', q.deliveryStatus);
  range('create_ms', q.createBeginDate, q.createEndDate);
  range('changed_ms', q.updateBeginDate, q.updateEndDate);
  flag('has_after_sales', q.hasAfterSales);
  flag('has_dispute', q.hasDispute);
  flag('delivery_exception', q.deliveryException);
  if (q.due !== undefined) {
    const due = dueClause(q.due, q.dueClock ?? { nowMs: Date.now(), soon: DEFAULT_DUE_SOON_RULE });
    add(due.sql, ...due.params);
  }
  if (q.productTitle !== undefined) {
    // As on the platform: a case-insensitive substring of the product titles, found among the distinct title sets.
    sets.push({
      name: 'g',
      sql: 'SELECT gid FROM title_group WHERE instr(titles, ?) > 0',
      params: [q.productTitle.toLowerCase()],
    });
    add('title_gid IN g');
  }

  let text = false;
  let readsText = false;
  let textTest: TextTest | undefined;
  if (q.search !== undefined) {
    const s = buildTextSearch(q.search);
    if (s.words.length > 0) {
      // The matching rids: each word in the order's own text or in its title set's (textMatches.ts), indexed rows
      // through the indexes, rows not indexed yet (a sync is running) on their folded columns. One rid set lets
      // SQLite drive from it.
      sets.push({ name: 'm', ...textMatchesSql(s) });
      add(TEXT_CLAUSE);
      text = true;
      if (!s.pendingTerms.some((t) => t.includes(COLUMN_SEPARATOR)))
        textTest = { words: s.pendingTerms, clauses: [], sets: [] };
    }
    for (const p of s.likePatterns) {
      // The row's own columns (an older row's titles too), and its title set's.
      add(
        `(${LIKE_COLUMNS.map((c) => `${c} LIKE ? ESCAPE '\\'`).join(' OR ')} OR EXISTS (SELECT 1 FROM text_group tg
          WHERE tg.tgid = orders.text_gid AND (tg.titles LIKE ? ESCAPE '\\' OR tg.sku_attrs LIKE ? ESCAPE '\\')))`,
        ...LIKE_COLUMNS.map(() => p),
        p,
        p,
      );
      readsText = true;
    }
  }
  if (textTest) {
    textTest.clauses = clauses.filter((c) => c !== TEXT_CLAUSE);
    textTest.sets = sets.filter((set) => set.name !== 'm');
  }
  return { clauses, params, sets, text, textOnly: text && clauses.length === 1, readsText, textTest };
}

/**
 * The `due` filter over the deadline columns (see dueColumns.ts), each a range of the deadline index:
 * overdue = the deadline has passed; soon = the deadline is ahead but within its window (the window is at most
 * `capMinutes`, so the range is bounded); any = a deadline is set.
 */
export function dueClause(due: DueFilter, clock: DueClock): { sql: string; params: unknown[] } {
  const capMs = clock.soon.capMinutes * 60_000;
  switch (due) {
    case 'overdue':
      return { sql: 'due_ms <= ?', params: [clock.nowMs] };
    case 'soon':
      // The window as dueSoonWindowMs computes it: min(floor(allowed × fraction), cap).
      return {
        sql: 'due_ms > ? AND due_ms <= ? AND due_ms - min(CAST(due_allowed_ms * ? AS INTEGER), ?) <= ?',
        params: [clock.nowMs, clock.nowMs + capMs, clock.soon.fraction, capMs, clock.nowMs],
      };
    case 'any':
      return { sql: `due_ms < ${NO_DUE_MS}`, params: [] };
  }
}

/** `WITH m AS MATERIALIZED (…), …` for the sets, or '' when there are none; `extra` CTEs are appended. */
export function withSets(sets: readonly NamedSet[], extra: string[] = []): { sql: string; params: unknown[] } {
  const ctes = [...sets.map((s) => `${s.name} AS MATERIALIZED (${s.sql})`), ...extra];
  return { sql: ctes.length > 0 ? `WITH ${ctes.join(', ')} ` : '', params: sets.flatMap((s) => s.params) };
}

/** ' WHERE a AND b', or '' for no clause. */
export function whereSql(clauses: readonly string[]): string {
  return clauses.length > 0 ? ` WHERE ${clauses.join(' AND ')}` : '';
}
