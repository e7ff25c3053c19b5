import type Database from 'better-sqlite3';

/**
 * Prepared statements by SQL text, least recently used dropped first: queries repeat, and preparing costs more
 * than running a small one.
 */
export class StatementCache {
  private readonly map = new Map<string, Database.Statement>();
  constructor(
    private readonly db: Database.Database,
    private readonly max = 64,
  ) {}

  get(sql: string): Database.Statement {
    let stmt = this.map.get(sql);
    if (stmt) {
      this.map.delete(sql); // re-inserted below: a Map iterates in insertion order, so the first key is the oldest
    } else {
      stmt = this.db.prepare(sql);
      if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value!);
    }
    this.map.set(sql, stmt);
    return stmt;
  }

  get size(): number {
    return this.map.size;
  }
}
