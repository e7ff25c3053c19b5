import type Database from 'better-sqlite3';
import { OrderDocs } from './orderDocs';

/**
 * Prepared statements by SQL text, least recently used dropped first: queries repeat, and preparing costs more
 * than running a small one.
 *
 * Queries name their index (`INDEXED BY`, see indexChoice.ts). While a first full sync loads the orders without
 * their secondary indexes (deferredIndexes.ts), those names do not exist: a hint naming a missing index is left
 * out (the query is the same, only slower). The schema cookie tells when the indexes come and go.
 */
export class StatementCache {
  private readonly map = new Map<string, Database.Statement>();
  private readonly schemaVersion: Database.Statement;
  private seenVersion = -1;
  private indexes: ReadonlySet<string> = new Set();
  private orderDocs: OrderDocs | undefined;

  constructor(
    private readonly db: Database.Database,
    private readonly max = 64,
  ) {
    this.schemaVersion = db.prepare('PRAGMA schema_version').pluck();
  }

  get(sql: string): Database.Statement {
    // Only a hint can name a missing index; other statements need no look at the schema.
    if (sql.includes(' INDEXED BY ')) this.followSchema();
    let stmt = this.map.get(sql);
    if (stmt) {
      this.map.delete(sql); // re-inserted below: a Map iterates in insertion order, so the first key is the oldest
    } else {
      stmt = this.db.prepare(withoutMissingHints(sql, this.indexes));
      if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value!);
    }
    this.map.set(sql, stmt);
    return stmt;
  }

  /** Reads (and decompresses) stored order JSON on this connection. */
  get docs(): OrderDocs {
    return (this.orderDocs ??= new OrderDocs(this.db));
  }

  get size(): number {
    return this.map.size;
  }

  /** After a schema change (indexes dropped or created, by any connection) every statement is prepared again. */
  private followSchema(): void {
    const version = this.schemaVersion.get() as number;
    if (version === this.seenVersion) return;
    this.seenVersion = version;
    this.map.clear();
    this.indexes = new Set(
      this.db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index'").pluck().all() as string[],
    );
  }
}

/** The SQL without the `INDEXED BY` hints that name an index the file does not have (now). */
export function withoutMissingHints(sql: string, indexes: ReadonlySet<string>): string {
  return sql.replace(/ INDEXED BY (\w+)/g, (hint, name: string) => (indexes.has(name) ? hint : ''));
}
