import type Database from 'better-sqlite3';
import { localDays, monthOfDay } from '../insights/localDays';
import { hasInsightAggregates, LeadDayChanges } from './insightAggregates';

/** Fact rows read per batch (better-sqlite3 runs no other statement while one is being iterated). */
const BATCH = 20_000;

/** The moved orders (rid → new day and month), per connection, emptied after each move. */
const MOVED_SQL = `CREATE TEMP TABLE IF NOT EXISTS insight_moved (
  rid INTEGER PRIMARY KEY, day INTEGER NOT NULL, month INTEGER NOT NULL)`;

/** A moved order's share of the day sums, as the insight_day triggers count it (insightFacts.ts). */
const DAY_SUMS = `count(*) AS orders, sum(o.pay_ms > 0) AS paid, sum(CASE WHEN o.pay_ms > 0 THEN o.units ELSE 0 END) AS units,
  sum(CASE WHEN o.pay_ms > 0 THEN o.amount_micro ELSE 0 END) AS amount_micro, sum(o.exception) AS exceptions,
  sum(o.after_sales) AS after_sales, sum(o.dispute) AS disputes, sum(coalesce(o.late = 1, 0)) AS late,
  sum(o.late IS NOT NULL) AS measured`;
const DAY_COLUMNS = [
  'orders',
  'paid',
  'units',
  'amount_micro',
  'exceptions',
  'after_sales',
  'disputes',
  'late',
  'measured',
];
/** A moved order's paid SKU rows' share of the month and day SKU sums, as their triggers count them. */
const SKU_SUMS = `count(*) AS orders, sum(i.first_of_product) AS product_orders, sum(i.units) AS units,
  sum(i.amount_micro) AS amount_micro, sum(i.after_sales) AS after_sales,
  sum(i.after_sales * i.first_of_product) AS product_after`;
const SKU_COLUMNS = ['orders', 'product_orders', 'units', 'amount_micro', 'after_sales', 'product_after'];

const minus = (table: string, columns: readonly string[]) =>
  columns.map((c) => `${c} = ${table}.${c} - m.${c}`).join(', ');
const plus = (columns: readonly string[]) => columns.map((c) => `${c} = ${c} + excluded.${c}`).join(', ');

/** Takes the moved orders out of a sum table at their old key and adds them at their new one. */
function moveSums(
  db: Database.Database,
  table: string,
  key: { old: string; new: string; names: string[] },
  from: string,
  where: string,
  sums: string,
  columns: readonly string[],
): void {
  const names = key.names.join(', ');
  db.exec(`UPDATE ${table} SET ${minus(table, columns)} FROM (
      SELECT ${key.old}, ${sums} FROM ${from} WHERE ${where} GROUP BY ${key.names.map((_, i) => i + 1).join(', ')}) AS m
    WHERE ${key.names.map((n) => `${table}.${n} = m.${n}`).join(' AND ')};
    INSERT INTO ${table} (${names}, ${columns.join(', ')})
      SELECT ${key.new}, ${sums} FROM ${from} WHERE ${where} GROUP BY ${key.new}
    ON CONFLICT (${names}) DO UPDATE SET ${plus(columns)};`);
}

/**
 * Moves the Insights facts to the local days of `timeZone` (inside the caller's write transaction). Only the orders
 * whose local day differs there move — an order created at 14:00 UTC is on the same day in Berlin and in New York:
 * they are found by one read of every order's creation time, and then, set by set (a statement per table, not a
 * statement per order), their share of the day, month and day-SKU sums is taken out of the old keys and added at
 * the new ones, their fact rows get the new day and month (an UPDATE: no trigger counts it twice), and their
 * delivery times move between the two days' arrays (one array write per day touched, as a sync's page). Repeat
 * buyers are kept in instants, not days: untouched.
 *
 * The rewrite it replaces set every row's day one statement at a time and rebuilt every sum and array from
 * scratch, the buyers too: 3.1–3.4 s at 100,000 orders whatever the zones. Returns how many orders moved.
 */
export function moveInsightDays(db: Database.Database, timeZone: string): number {
  const days = localDays(timeZone);
  db.exec(MOVED_SQL);
  db.exec('DELETE FROM temp.insight_moved');
  const batch = db
    .prepare<[number, number]>('SELECT rid, create_ms, day FROM insight_order WHERE rid > ? ORDER BY rid LIMIT ?')
    .raw();
  const mark = db.prepare('INSERT INTO temp.insight_moved (rid, day, month) VALUES (?, ?, ?)');
  let moved = 0;
  for (let after = 0; ;) {
    const rows = batch.all(after, BATCH) as Array<[number, number, number]>;
    if (rows.length === 0) break;
    after = rows[rows.length - 1]![0];
    for (const [rid, createMs, oldDay] of rows) {
      const day = days.dayOf(createMs);
      if (day === oldDay) continue;
      mark.run(rid, day, monthOfDay(day));
      moved++;
    }
  }
  if (moved === 0) return 0;
  // CROSS JOIN: SQLite keeps that order — the few moved orders first, each one's rows found by its key (a plain
  // join chose to scan every fact row and look each up among the moved).
  const orders = 'temp.insight_moved mv CROSS JOIN insight_order o ON o.rid = mv.rid';
  moveSums(
    db,
    'insight_day',
    { old: 'o.day AS day, o.currency AS currency', new: 'mv.day, o.currency', names: ['day', 'currency'] },
    orders,
    'true',
    DAY_SUMS,
    DAY_COLUMNS,
  );
  const items = 'temp.insight_moved mv CROSS JOIN insight_item i ON i.rid = mv.rid AND i.paid = 1';
  const sku = 'i.product_key AS product_key, i.sku_key AS sku_key, i.currency AS currency';
  const skuNew = 'i.product_key, i.sku_key, i.currency';
  const skuNames = ['product_key', 'sku_key', 'currency'];
  moveSums(
    db,
    'insight_month_sku',
    { old: `i.month AS month, ${sku}`, new: `mv.month, ${skuNew}`, names: ['month', ...skuNames] },
    items,
    // Most moved orders stay in their month.
    'i.month <> mv.month',
    SKU_SUMS,
    SKU_COLUMNS,
  );
  if (hasInsightAggregates(db)) {
    moveSums(
      db,
      'insight_day_sku',
      { old: `i.day AS day, ${sku}`, new: `mv.day, ${skuNew}`, names: ['day', ...skuNames] },
      items,
      'true',
      SKU_SUMS,
      SKU_COLUMNS,
    );
    const leads = new LeadDayChanges(db);
    const measured = db
      .prepare(`SELECT o.day, mv.day, o.lead_ms, o.required_ms FROM ${orders} WHERE o.lead_ms IS NOT NULL`)
      .raw()
      .all() as Array<[number, number, number, number | null]>;
    for (const [oldDay, day, lead, required] of measured) {
      leads.removed(oldDay, lead, required);
      leads.added(day, lead, required);
    }
    leads.flush();
  }
  const moving = 'rid IN (SELECT rid FROM temp.insight_moved)';
  const to = (column: string, table: string) =>
    `${column} = (SELECT ${column} FROM temp.insight_moved mv WHERE mv.rid = ${table}.rid)`;
  db.exec(`UPDATE insight_order SET ${to('day', 'insight_order')} WHERE ${moving};
    UPDATE insight_item SET ${to('day', 'insight_item')}, ${to('month', 'insight_item')} WHERE ${moving};
    DELETE FROM temp.insight_moved;`);
  return moved;
}
