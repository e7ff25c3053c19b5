/**
 * The cache compaction's thread (a worker_threads worker, built as its own file beside the CLI and app bundles, like
 * the upkeep's checking thread): VACUUM on a connection of its own, so the core host's thread keeps answering while
 * a large file is rewritten. See compactCacheOnThread in compactCache.ts.
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { classifyCacheException } from '../../shared/errors/cacheErrors';
import { compactDatabase, type CompactThreadReply } from './compactCache';

const port = parentPort;
if (port) {
  const { file } = workerData as { file: string };
  const reply = (message: CompactThreadReply) => port.postMessage(message);
  let db: Database.Database | undefined;
  try {
    // The host's busy timeout: a sync's writer in a transaction is waited for, then this answers `locked`.
    db = new Database(file, { fileMustExist: true, timeout: 5_000 });
    reply({ kind: 'done', report: compactDatabase(db, file) });
  } catch (e) {
    reply({
      kind: 'failed',
      error: classifyCacheException(e, file) ?? {
        kind: 'io',
        file,
        detail: `the compaction failed: ${e instanceof Error ? e.message : String(e)}`,
      },
    });
  } finally {
    db?.close();
    port.close();
  }
}
