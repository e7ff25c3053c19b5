import { closeSync, openSync, writeSync } from 'node:fs';
import Database from 'better-sqlite3';

/**
 * Overwrites one leaf page in the middle of a table of a closed cache file: damage that only a read of that page
 * (or an integrity check) notices. The order JSON is a good target: a sync compares content hashes in the narrow
 * order rows and never reads it.
 */
export function damageMiddlePage(file: string, table = 'order_doc'): void {
  const db = new Database(file);
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.pragma('wal_checkpoint(TRUNCATE)');
  const pages = db
    .prepare("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno")
    .pluck()
    .all(table) as number[];
  db.close();
  if (pages.length < 3) throw new Error(`too few pages in ${table} to damage one in the middle`);
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, (pages[Math.floor(pages.length / 2)]! - 1) * pageSize);
  } finally {
    closeSync(fd);
  }
}
