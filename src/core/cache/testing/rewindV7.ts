import type Database from 'better-sqlite3';
import { OrderDocs, readDocBatch } from '../orderDocs';
import { rewindToV7 } from './rewindV8';

/**
 * Tests only: turns a schema-7 file back into what schema 6 held (every order's JSON as plain text in order_json,
 * no compressed tables), so tests can rewind a file the current code wrote to an older version.
 */
export function rewindToV6(db: Database.Database): void {
  rewindToV7(db);
  const docs = new OrderDocs(db);
  const rows = readDocBatch(db, 0, Number.MAX_SAFE_INTEGER).map((r) => [r.rid, docs.decode(r)] as const);
  db.transaction(() => {
    const put = db.prepare('INSERT OR REPLACE INTO order_json (rid, json) VALUES (?, ?)');
    for (const [rid, json] of rows) put.run(rid, json);
    db.exec(
      'DROP TRIGGER orders_doc_delete; DROP TABLE order_doc; DROP TABLE order_dict; DROP TABLE damaged_order; PRAGMA user_version = 6',
    );
  })();
}
