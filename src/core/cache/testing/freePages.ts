import type Database from 'better-sqlite3';

/**
 * Leaves about `blobs` × 4 KB of free pages inside a cache file (a table filled, then dropped), as a conversion's
 * end leaves its older text index's pages: what `compact` gives back.
 */
export function addFreePages(db: Database.Database, blobs: number): void {
  db.exec('CREATE TABLE scratch (b BLOB)');
  db.prepare(
    'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) INSERT INTO scratch SELECT randomblob(4000) FROM n',
  ).run(blobs);
  db.exec('DROP TABLE scratch');
}
