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
  const counts = {} as Record<AttentionKind, number>;
  const entries: AttentionEntry[] = [];
  const every: KindPart[] = [];
  for (const kind of ATTENTION_KINDS) {
    const { parts, order } = kindParts(kind, o);
    every.push(...parts);
    const due = kind === 'overdue' || kind === 'due-soon';
    let count = 0;
    const rows: Omit<AttentionEntry, 'kind'>[] = [];
    for (const p of parts) {
      const from = `orders INDEXED BY ${p.index} WHERE ${p.where}`;
      const n = statements
        .get(`SELECT count(*) FROM ${from}`)
        .pluck()
        .get(...p.params) as number;
      count += n;
      if (n === 0) continue;
      rows.push(
        ...(statements
          .get(
            `SELECT rid, id, order_num AS orderNum, ${due ? 'due_ms' : 'NULL'} AS dueMs, ${due ? 'due_allowed_ms' : 'NULL'} AS allowedMs, changed_ms AS changedMs, ${TITLES_SQL} AS titles, after_sales_status AS afterSalesStatus FROM ${from} ORDER BY ${order} LIMIT ?`,
          )
          .all(...p.params, o.limit) as Omit<AttentionEntry, 'kind'>[]),
      );
    }
    counts[kind] = count;
    // Parts merged in the kind's order (each part is in order already; a stable sort keeps ties by rid).
    const key = (r: Omit<AttentionEntry, 'kind'>) => (due ? r.dueMs! : r.changedMs);
    rows.sort((a, b) => key(a) - key(b) || a.rid - b.rid);
    for (const r of rows.slice(0, o.limit)) entries.push({ kind, ...r });
  }
  // Each part through its own index; UNION keeps an order that is in several kinds once.
  const union = every.map((p) => `SELECT rid FROM orders INDEXED BY ${p.index} WHERE ${p.where}`).join(' UNION ');
  const distinct = statements
    .get(`SELECT count(*) FROM (${union})`)
    .pluck()
    .get(...every.flatMap((p) => p.params)) as number;
  return { counts, distinct, entries, nextChangeMs: nextDueChange(statements, o.nowMs, o.soon) };
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
