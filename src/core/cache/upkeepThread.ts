/**
 * The cache upkeep's checking thread (a worker_threads worker, built as its own file beside the CLI and app bundles,
 * like the sync's writer thread): on its own read-only connection it decodes every stored order and runs
 * `PRAGMA quick_check(table)` table by table, reporting each step. A WAL reader blocks no writer, so the core host
 * goes on answering (and syncing) meanwhile: at a million orders one table's check alone takes over a second, which
 * on the host's own thread was a second of answering nothing. It writes nothing: a damaged order is reported to the
 * host, which records it on its connection (so the next sync fetches it again). See cacheUpkeep.ts.
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { classifyCacheException } from '../../shared/errors/cacheErrors';
import { OrderDocs, readDocBatch } from './orderDocs';
import { checkedTables, quickCheckTable } from './tableChecks';
import type { UpkeepThreadData, UpkeepThreadReply, UpkeepThreadRequest } from './upkeepProtocol';

const port = parentPort;
if (port) {
  const data = workerData as UpkeepThreadData;
  const reply = (message: UpkeepThreadReply) => port.postMessage(message);
  let cancelled = false;
  port.on('message', (request: UpkeepThreadRequest) => {
    if (request.kind === 'cancel') cancelled = true;
  });
  // Between steps the thread's event loop turns, so a cancel sent meanwhile is seen before the next step.
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  void (async () => {
    let db: Database.Database | undefined;
    try {
      db = new Database(data.file, { readonly: true, fileMustExist: true, timeout: 5_000 });
      const docs = new OrderDocs(db);
      const total = db.prepare('SELECT count(*) FROM orders').pluck().get() as number;
      let scanned = 0;
      for (let after: number | undefined = 0; after !== undefined;) {
        await nextTurn();
        if (cancelled) return reply({ kind: 'end', cancelled: true });
        const rows = readDocBatch(db, after, data.scanBatch);
        const damaged: Array<{ rid: number; detail: string }> = [];
        for (const row of rows) {
          try {
            JSON.parse(docs.decode(row));
          } catch (e) {
            damaged.push({ rid: row.rid, detail: e instanceof Error ? e.message : String(e) });
          }
        }
        scanned += rows.length;
        after = rows.length < data.scanBatch ? undefined : rows[rows.length - 1]!.rid;
        reply({ kind: 'scan', done: Math.min(scanned, total), total, damaged });
      }
      const tables = checkedTables(db);
      for (const [i, table] of tables.entries()) {
        await nextTurn();
        if (cancelled) return reply({ kind: 'end', cancelled: true });
        const problem = quickCheckTable(db, table);
        reply({ kind: 'check', done: i + 1, total: tables.length, ...(problem ? { problem } : {}) });
      }
      reply({ kind: 'end', cancelled: false });
    } catch (e) {
      const error = classifyCacheException(e, data.file) ?? {
        kind: 'corrupt' as const,
        file: data.file,
        detail: `the upkeep's check failed: ${e instanceof Error ? e.message : String(e)}`,
      };
      reply({ kind: 'failed', error });
    } finally {
      db?.close();
      port.close();
    }
  })();
}
