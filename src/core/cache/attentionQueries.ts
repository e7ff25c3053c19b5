import type { DueSoonRule } from '../due/deadlineRules';
import { nextDueChangeMs } from '../due/dueState';
import { NO_DUE_MS } from './dueColumns';
import { dueClause } from './filterSql';
import { DUE_INDEX } from './indexChoice';
import type { StatementCache } from './statementCache';

/**
 * The cache's side of the attention queue: what needs the merchant, per kind, counted and the first rows of each
 * in the queue's order. Each kind is one indexed range or flag, so the whole queue costs a few index reads.
 */

export const ATTENTION_KINDS = ['refund', 'overdue', 'due-soon', 'exception', 'dispute'] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

export interface AttentionOptions {
  nowMs: number;
  soon: DueSoonRule;
  /** After-sales status values that mean "a request awaits the seller's review" (DEFAULT_AFTER_SALES_POLICY). */
  awaitingReview: readonly number[];
  /** Rows per kind, at most. */
  limit: number;
  /**
   * The awaiting set was learned through the after-sales filter (afterSalesLearning.ts): an order with a request
   * and no status is then known not to await review; without it, it is listed (the merchant has to look).
   */
  statusLearned?: boolean;
  /**
   * Count each kind only up to this many (the Orders list's quick count, countMatches.ts COUNT_CAP): a kind with
   * more is `atLeast` with the cap as its count, and so is the distinct total. Unset: every count exact.
   */
  countCap?: number | undefined;
}

/** One order of the queue, as the cache has it. */
export interface AttentionEntry {
  kind: AttentionKind;
  rid: number;
  id: string;
  orderNum: string | null;
  /** The deadline (overdue, due soon), else null. */
  dueMs: number | null;
  /** The deciding item's allowed delivery time (overdue, due soon), else null. */
  allowedMs: number | null;
  /** What the cache knows of the order's update time: when it last changed (refunds, exceptions, disputes). */
  changedMs: number;
  /** The order's product titles, one per line. */
  titles: string;
  afterSalesStatus: number | null;
}

export interface AttentionQueue {
  counts: Record<AttentionKind, number>;
  /** Distinct orders across the kinds (an order both a refund and overdue counts once). */
  distinct: number;
  /**
   * The counts that are "more than" figures (`countCap` set and more matched): the kinds, and `distinct` for the
   * total. Each such count is the cap. Empty: every count is exact.
   */
  atLeast: ReadonlyArray<AttentionKind | 'distinct'>;
  entries: AttentionEntry[];
  /** The earliest instant after nowMs at which a cached order becomes due soon or overdue. */
  nextChangeMs: number | undefined;
}

/** One indexed part of a kind: its condition, the order of its rows and the index that finds them. */
interface KindPart {
  where: string;
  params: unknown[];
  index: string;
}

const CHANGED_ORDER = 'changed_ms ASC, rid ASC';
const DUE_ORDER = 'due_ms ASC, rid ASC';

/** The parts of each kind; each part is one index range (an OR across indexes would scan the table). */
function kindParts(kind: AttentionKind, o: AttentionOptions): { parts: KindPart[]; order: string } {
  const clock = { nowMs: o.nowMs, soon: o.soon };
  switch (kind) {
    case 'refund': {
      // A request exists, and its status awaits review — or the platform sends no status (the merchant has to look).
      const parts: KindPart[] = o.statusLearned
        ? []
        : [{ where: 'has_after_sales = 1 AND after_sales_status IS NULL', params: [], index: 'orders_refund_queue' }];
      // One part per value: each is one range of the index, in changed order.
      for (const value of new Set(o.awaitingReview))
        parts.push({
          where: 'has_after_sales = 1 AND after_sales_status = ?',
          params: [value],
          index: 'orders_refund_queue',
        });
      return { parts, order: CHANGED_ORDER };
    }
    case 'overdue':
    case 'due-soon': {
      const c = dueClause(kind === 'overdue' ? 'overdue' : 'soon', clock);
      return { parts: [{ where: c.sql, params: c.params, index: DUE_INDEX }], order: DUE_ORDER };
    }
    case 'exception':
      return {
        parts: [{ where: 'delivery_exception = 1', params: [], index: 'orders_exception_queue' }],
        order: CHANGED_ORDER,
      };
    case 'dispute':
      return {
        parts: [{ where: 'has_dispute = 1', params: [], index: 'orders_dispute_queue' }],
        order: CHANGED_ORDER,
      };
  }
}

/** The order's titles: its title set's (schema 9), or, for an older row not converted yet, its own. */
const TITLES_SQL = 'coalesce((SELECT tg.titles FROM text_group tg WHERE tg.tgid = orders.text_gid), orders.titles)';

export function attentionQueue(statements: StatementCache, o: AttentionOptions): AttentionQueue {
  const partsOf = Object.fromEntries(ATTENTION_KINDS.map((kind) => [kind, kindParts(kind, o)])) as Record<
    AttentionKind,
    { parts: KindPart[]; order: string }
  >;
  const { counts, distinct, atLeast } =
    o.countCap === undefined
      ? { ...countKinds(statements, partsOf), atLeast: [] }
      : countKindsUpTo(statements, partsOf, o.countCap);
  const entries: AttentionEntry[] = [];
  for (const kind of ATTENTION_KINDS) {
    if (counts[kind] === 0) continue;
    const { parts, order } = partsOf[kind];
    const due = kind === 'overdue' || kind === 'due-soon';
    const rows: Omit<AttentionEntry, 'kind'>[] = [];
    for (const p of parts) {
      rows.push(
        ...(statements
          .get(
            `SELECT rid, id, order_num AS orderNum, ${due ? 'due_ms' : 'NULL'} AS dueMs, ${due ? 'due_allowed_ms' : 'NULL'} AS allowedMs, changed_ms AS changedMs, ${TITLES_SQL} AS titles, after_sales_status AS afterSalesStatus FROM orders INDEXED BY ${p.index} WHERE ${p.where} ORDER BY ${order} LIMIT ?`,
          )
          .all(...p.params, o.limit) as Omit<AttentionEntry, 'kind'>[]),
      );
    }
    // Parts merged in the kind's order (each part is in order already; a stable sort keeps ties by rid).
    const key = (r: Omit<AttentionEntry, 'kind'>) => (due ? r.dueMs! : r.changedMs);
    rows.sort((a, b) => key(a) - key(b) || a.rid - b.rid);
    for (const r of rows.slice(0, o.limit)) entries.push({ kind, ...r });
  }
  return { counts, distinct, atLeast, entries, nextChangeMs: nextDueChange(statements, o.nowMs, o.soon) };
}

/**
 * The order the kinds are counted in for the distinct total, and the index each is counted through: it holds every
 * column of its own condition and of the kinds before it, so one scan of the kind's entries counts the kind and
 * those of its orders in no kind before it, from the index alone. The refund kind comes first (nothing before it):
 * its parts are disjoint status values, each counted through its queue index. The distinct total is then a sum;
 * the UNION of every kind's rids it replaces kept a set of every order needing attention (87 ms of the queue's 95
 * at 1,000,000 orders, 210,000 of them).
 */
const COUNTED_THROUGH: ReadonlyArray<[AttentionKind, string | undefined]> = [
  ['refund', undefined],
  ['exception', 'orders_with_exception'],
  ['dispute', 'orders_with_dispute'],
  ['overdue', DUE_INDEX],
  ['due-soon', DUE_INDEX],
];

/** Each kind's count, and the distinct orders across the kinds (an order both a refund and overdue counts once). */
function countKinds(
  statements: StatementCache,
  partsOf: Record<AttentionKind, { parts: KindPart[] }>,
): { counts: Record<AttentionKind, number>; distinct: number } {
  const counts = {} as Record<AttentionKind, number>;
  let distinct = 0;
  const before: KindPart[] = [];
  for (const [kind, index] of COUNTED_THROUGH) {
    const { parts } = partsOf[kind];
    if (index === undefined || before.length === 0) {
      let n = 0;
      for (const p of parts)
        n += statements
          .get(`SELECT count(*) FROM orders INDEXED BY ${p.index} WHERE ${p.where}`)
          .pluck()
          .get(...p.params) as number;
      counts[kind] = n;
      distinct += n;
    } else if (parts.length === 0) {
      counts[kind] = 0;
    } else {
      // NULL (a condition on a NULL column) is "not in that kind", as the kind's own WHERE would have it.
      const earlier = `coalesce(${before.map((p) => `(${p.where})`).join(' OR ')}, 0)`;
      const mine = parts.map((p) => `(${p.where})`).join(' OR ');
      const r = statements
        .get(`SELECT count(*) AS n, total(NOT ${earlier}) AS fresh FROM orders INDEXED BY ${index} WHERE ${mine}`)
        .get(...before.flatMap((p) => p.params), ...parts.flatMap((p) => p.params)) as { n: number; fresh: number };
      counts[kind] = r.n;
      distinct += r.fresh;
    }
    before.push(...parts);
  }
  // In the kinds' own order, as before.
  return { counts: Object.fromEntries(ATTENTION_KINDS.map((k) => [k, counts[k]])) as typeof counts, distinct };
}

/**
 * The counts as the Orders list's quick count gives them: each kind's first `cap + 1` index entries at most, so the
 * cost does not grow with the orders needing attention (238,000 entries at a million sandbox orders: 23 ms counted
 * exactly; the capped queue, rows included, 1.9 ms). Exact below the cap. A kind over it is "more than `cap`", and
 * so is the distinct total (it holds that kind's orders); when every kind is within the cap, the exact distinct
 * count reads at most `cap` entries a kind.
 */
function countKindsUpTo(
  statements: StatementCache,
  partsOf: Record<AttentionKind, { parts: KindPart[] }>,
  cap: number,
): Pick<AttentionQueue, 'counts' | 'distinct' | 'atLeast'> {
  const counts = {} as Record<AttentionKind, number>;
  const over: AttentionKind[] = [];
  for (const kind of ATTENTION_KINDS) {
    let n = 0;
    // A kind's parts are disjoint: each counts up to what is left of the cap, plus one to see there are more.
    for (const p of partsOf[kind].parts) {
      if (n > cap) break;
      n += statements
        .get(`SELECT count(*) FROM (SELECT 1 FROM orders INDEXED BY ${p.index} WHERE ${p.where} LIMIT ?)`)
        .pluck()
        .get(...p.params, cap + 1 - n) as number;
    }
    if (n > cap) over.push(kind);
    counts[kind] = Math.min(n, cap);
  }
  if (over.length > 0) return { counts, distinct: cap, atLeast: [...over, 'distinct'] };
  return { ...countKinds(statements, partsOf), atLeast: [] };
}

/**
 * The earliest instant after `nowMs` at which a cached order changes due state. The next deadline is the first
 * index entry after now; a due-soon start lies at most `capMinutes` before its deadline, so only the deadlines up
 * to the next one plus the cap can start their window earlier — a bounded range of the index.
 */
export function nextDueChange(statements: StatementCache, nowMs: number, soon: DueSoonRule): number | undefined {
  const first = statements
    .get(`SELECT min(due_ms) FROM orders INDEXED BY ${DUE_INDEX} WHERE due_ms > ? AND due_ms < ${NO_DUE_MS}`)
    .pluck()
    .get(nowMs) as number | null;
  if (first === null) return undefined;
  const candidates = statements
    .get(
      `SELECT due_ms AS dueMs, due_allowed_ms AS allowedMs FROM orders INDEXED BY ${DUE_INDEX} WHERE due_ms > ? AND due_ms <= ? AND due_ms < ${NO_DUE_MS}`,
    )
    .all(nowMs, first + soon.capMinutes * 60_000) as Array<{ dueMs: number; allowedMs: number }>;
  return nextDueChangeMs(candidates, nowMs, soon);
}
