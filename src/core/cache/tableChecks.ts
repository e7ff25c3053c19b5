import type Database from 'better-sqlite3';

/** The tables the upkeep checks one by one (each with its indexes); virtual tables are checked through theirs. */
export function checkedTables(db: Database.Database): string[] {
  return db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name")
    .pluck()
    .all() as string[];
}

/** `PRAGMA quick_check(table)`: undefined when 'ok', else the table and what SQLite said (the first 3 lines). */
export function quickCheckTable(db: Database.Database, table: string): string | undefined {
  const lines = (db.pragma(`quick_check("${table}")`) as Array<{ quick_check: string }>).map((r) => r.quick_check);
  return lines.length === 1 && lines[0] === 'ok' ? undefined : `${table}: ${lines.slice(0, 3).join('; ')}`;
}
