import type Database from 'better-sqlite3';

/**
 * Tests and the bench: counts the rows written to the Insights tables (insert, update or delete) while it is on,
 * with TEMP triggers on this connection only (the file is not changed). `stop()` drops them and answers, per table,
 * how many writes there were and which keys (days, months, buyers, orders) they touched.
 */
const WATCHED: Array<[table: string, key: string]> = [
  ['insight_order', 'rid'],
  ['insight_item', 'rid'],
  ['insight_day', 'day'],
  ['insight_month_sku', 'month'],
  ['insight_day_sku', 'day'],
  ['insight_day_lead', 'day'],
  ['insight_buyer_seq', 'buyer_id'],
  ['insight_buyer_total', 'buyer_id'],
];

export interface TableTouches {
  writes: number;
  keys: Array<number | string>;
}

export function watchInsightWrites(db: Database.Database): { stop(): Record<string, TableTouches> } {
  db.exec('CREATE TEMP TABLE IF NOT EXISTS md_touched (tbl TEXT NOT NULL, k) -- no type: keys kept as written');
  db.exec('DELETE FROM temp.md_touched');
  for (const [table, key] of WATCHED)
    for (const [event, row] of [
      ['INSERT', 'new'],
      ['UPDATE', 'new'],
      ['DELETE', 'old'],
    ] as const)
      db.exec(`CREATE TEMP TRIGGER md_touch_${table}_${event} AFTER ${event} ON main.${table} BEGIN
        INSERT INTO temp.md_touched VALUES ('${table}', ${row}.${key}); END`);
  return {
    stop() {
      for (const [table] of WATCHED)
        for (const event of ['INSERT', 'UPDATE', 'DELETE'])
          db.exec(`DROP TRIGGER IF EXISTS temp.md_touch_${table}_${event}`);
      const out: Record<string, TableTouches> = {};
      for (const [table] of WATCHED) {
        const rows = db.prepare('SELECT k FROM temp.md_touched WHERE tbl = ?').pluck().all(table) as Array<
          number | string
        >;
        out[table] = { writes: rows.length, keys: [...new Set(rows)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) };
      }
      db.exec('DROP TABLE temp.md_touched');
      return out;
    },
  };
}
