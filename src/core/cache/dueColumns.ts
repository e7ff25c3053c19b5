import type Database from 'better-sqlite3';
import { OrderDocs, readDocBatch } from './orderDocs';
import type { Order } from '../../shared/domain/order';
import { DEFAULT_DEADLINE_RULES, type DeadlineRules } from '../due/deadlineRules';
import { DEADLINE_RULES_META, deadlineRulesText, readDeadlineRules } from './deadlineRulesMeta';
import { orderDeadline } from '../due/deliveryDeadline';
import { recomputeInsightFacts } from './insightFacts';

/**
 * The delivery-deadline columns of an order row, computed when the order is stored (the rules are the cache's,
 * kept in `meta`, so every connection — the sync's writer thread too — computes them alike):
 * - `due_ms`: the deadline (epoch ms), or NO_DUE_MS when the order is not due (unpaid, delivered, closed, no item
 *   with a delivery time). One non-null sort key: "sort by due time" puts orders without a deadline last.
 * - `due_allowed_ms`: the deciding item's delivery time; the due-soon window is a share of it (a query-time rule).
 */
export const NO_DUE_MS = 8_640_000_000_000_000; // the largest instant a JS Date holds

export interface DueColumns {
  due_ms: number;
  due_allowed_ms: number;
}

const NOT_DUE: DueColumns = { due_ms: NO_DUE_MS, due_allowed_ms: 0 };

export function dueColumns(order: Order, rules: DeadlineRules): DueColumns {
  const d = orderDeadline(order, rules);
  return d.kind === 'due' ? { due_ms: d.dueMs, due_allowed_ms: d.allowedMs } : NOT_DUE;
}

/**
 * Writes the deadline columns of stored rows. The page writer calls `begin` once per page (inside its transaction:
 * the rules are read there, so a change of rules by another connection is seen by the next page).
 */
export class DueColumnWriter {
  private readonly set: Database.Statement<[number, number, number]>;
  private readonly rulesText: Database.Statement<[string], string>;
  private rules: DeadlineRules = DEFAULT_DEADLINE_RULES;
  private lastText: string | undefined;

  constructor(private readonly db: Database.Database) {
    this.set = db.prepare('UPDATE orders SET due_ms = ?, due_allowed_ms = ? WHERE rid = ?');
    this.rulesText = db.prepare<[string], string>('SELECT value FROM meta WHERE key = ?').pluck();
  }

  begin(): void {
    const text = this.rulesText.get(DEADLINE_RULES_META);
    if (text !== this.lastText) {
      this.lastText = text;
      this.rules = readDeadlineRules(this.db);
    }
  }

  /** A new row starts as not due (the column default): only a due order costs a write. */
  inserted(rid: number, order: Order): void {
    const c = dueColumns(order, this.rules);
    if (c.due_ms !== NO_DUE_MS) this.set.run(c.due_ms, c.due_allowed_ms, rid);
  }

  updated(rid: number, order: Order): void {
    const c = dueColumns(order, this.rules);
    this.set.run(c.due_ms, c.due_allowed_ms, rid);
  }
}

/**
 * Recomputes every row's deadline columns under `rules` and records them, in one transaction; does nothing when
 * the file already holds these rules. Returns the rows rewritten (0 when nothing changed).
 */
export function applyDeadlineRules(db: Database.Database, rules: DeadlineRules): number {
  const text = deadlineRulesText(rules);
  const stored = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(DEADLINE_RULES_META);
  const current = stored === undefined ? deadlineRulesText(DEFAULT_DEADLINE_RULES) : stored;
  if (current === text) return 0;
  return db
    .transaction(() => {
      const n = recomputeDueColumns(db, rules);
      // Lateness follows the rules too (insightFacts.ts).
      recomputeInsightFacts(db, rules);
      db.prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      ).run(DEADLINE_RULES_META, text);
      return n;
    })
    .immediate();
}

/** Every row's deadline columns from its stored JSON (call inside a transaction). */
export function recomputeDueColumns(db: Database.Database, rules: DeadlineRules): number {
  const set = db.prepare('UPDATE orders SET due_ms = ?, due_allowed_ms = ? WHERE rid = ?');
  const docs = new OrderDocs(db);
  // Read in batches, then written: SQLite refuses an UPDATE while a SELECT on the same connection is being read.
  const changes: Array<[number, number, number]> = [];
  for (
    let rows = readDocBatch(db, 0, 5000);
    rows.length > 0;
    rows = readDocBatch(db, rows[rows.length - 1]!.rid, 5000)
  ) {
    for (const row of rows) {
      const c = dueColumns(JSON.parse(docs.decode(row)) as Order, rules);
      changes.push([c.due_ms, c.due_allowed_ms, row.rid]);
    }
  }
  for (const change of changes) set.run(...change);
  return changes.length;
}
