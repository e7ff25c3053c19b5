import type Database from 'better-sqlite3';
import { err, ok, type Result } from '../result';
import { classifyCacheException, type CacheError } from '../../shared/errors/cacheErrors';

/**
 * `PRAGMA quick_check`: every page of the file read and its structure checked (not index contents against their
 * table, which `integrity_check` adds at several times the cost). A cache damaged in the middle otherwise goes
 * unnoticed until a query happens to read the damaged page: a full sync compares content hashes in the narrow
 * order rows and would report every order "unchanged".
 */
export function checkIntegrity(db: Database.Database, file: string): Result<void, CacheError> {
  try {
    const problems = (db.pragma('quick_check(3)') as Array<{ quick_check: string }>).map((r) => r.quick_check);
    if (problems.length === 1 && problems[0] === 'ok') return ok(undefined);
    return err({ kind: 'corrupt', file, detail: `PRAGMA quick_check: ${problems.join('; ')}` });
  } catch (e) {
    const error = classifyCacheException(e, file);
    if (error?.kind === 'locked') return err(error);
    return err({
      kind: 'corrupt',
      file,
      detail: `PRAGMA quick_check failed: ${e instanceof Error ? e.message : String(e)}`,
    });
  }
}

/**
 * What an SQLite failure means, with the file checked: a failure other than a busy lock may come from a damaged
 * page (an I/O error reading it, a "malformed" schema), so the file is checked and, when damaged, the failure is
 * `corrupt` (the way out: a rebuild). `undefined`: a programming error on an intact file.
 */
export function classifyWithCheck(e: unknown, db: Database.Database, file: string): CacheError | undefined {
  const error = classifyCacheException(e, file);
  if (error?.kind === 'corrupt' || error?.kind === 'locked') return error;
  const code = typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
  if (!code.startsWith('SQLITE_') || !db.open) return error;
  const intact = checkIntegrity(db, file);
  if (intact.ok) return error;
  const message = e instanceof Error ? e.message : String(e);
  return intact.error.kind === 'corrupt' ? { ...intact.error, detail: `${message}; ${intact.error.detail}` } : error;
}
