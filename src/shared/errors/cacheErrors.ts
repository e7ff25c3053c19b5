/**
 * Typed failures of the order cache. None is thrown past the cache's API: each is a value a caller can show,
 * and the ones with `rebuild: true` can be offered a rebuild (the damaged file is moved aside, never deleted,
 * then every order is fetched again from the platform).
 */

/** Whose orders a cache file holds. Recorded in the file on first use; checked on every open. */
export interface CacheIdentity {
  baseUrl: string;
  merchantId: string;
}

export type CacheError =
  /** The file is not a SQLite database, is damaged, or is some other program's database. */
  | { kind: 'corrupt'; file: string; detail: string }
  /** Written by a newer Merchant Desk: this version does not know its schema and will not touch it. */
  | { kind: 'schema-too-new'; file: string; found: number; supported: number }
  /** The file holds another merchant's (or another platform's) orders. */
  | { kind: 'identity-mismatch'; file: string; expected: CacheIdentity; found: CacheIdentity }
  /** Another process holds a write lock for longer than the busy timeout. */
  | { kind: 'locked'; file: string; detail: string }
  /** The file or its directory cannot be created, read or written (permissions, disk full, ...). */
  | { kind: 'io'; file: string; detail: string }
  /** A query input failed validation. */
  | { kind: 'invalid-query'; message: string };

/** Whether rebuilding from the platform (moving the file aside first) is the way out. */
export function canRebuild(error: CacheError): boolean {
  return error.kind === 'corrupt' || error.kind === 'schema-too-new';
}

const CORRUPT_CODES = new Set([
  'SQLITE_CORRUPT',
  'SQLITE_NOTADB',
  'SQLITE_CORRUPT_VTAB',
  'SQLITE_CORRUPT_INDEX',
  'SQLITE_CORRUPT_SEQUENCE',
]);
const LOCKED_CODES = new Set([
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_BUSY_SNAPSHOT',
  'SQLITE_BUSY_RECOVERY',
  'SQLITE_BUSY_TIMEOUT',
]);

/** Maps an exception from better-sqlite3 or the file system to a CacheError; `undefined` for programming errors. */
export function classifyCacheException(e: unknown, file: string): CacheError | undefined {
  const code = typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
  const message = e instanceof Error ? e.message : String(e);
  if (CORRUPT_CODES.has(code) || code.startsWith('SQLITE_CORRUPT')) return { kind: 'corrupt', file, detail: message };
  if (LOCKED_CODES.has(code)) return { kind: 'locked', file, detail: message };
  if (code.startsWith('SQLITE_') || /^E[A-Z]+$/.test(code)) {
    if (code === 'SQLITE_ERROR' || code === 'SQLITE_MISUSE' || code === 'SQLITE_RANGE') return undefined;
    return { kind: 'io', file, detail: `${code}: ${message}` };
  }
  return undefined;
}

/** One or two sentences for a person, with the way out. */
export function describeCacheError(error: CacheError, rebuildHint = 'Rebuild it from the platform'): string {
  switch (error.kind) {
    case 'corrupt':
      return `The order cache ${error.file} is damaged or is not a Merchant Desk cache (${error.detail}). Nothing was changed. ${rebuildHint}: the damaged file is kept beside it and every order is downloaded again.`;
    case 'schema-too-new':
      return `The order cache ${error.file} was written by a newer Merchant Desk (cache schema ${error.found}; this version knows up to ${error.supported}). Nothing was changed. Update Merchant Desk, or ${rebuildHint.charAt(0).toLowerCase()}${rebuildHint.slice(1)}: the newer file is kept beside it.`;
    case 'identity-mismatch':
      return `The order cache ${error.file} belongs to merchant ${error.found.merchantId} at ${error.found.baseUrl}, not to merchant ${error.expected.merchantId} at ${error.expected.baseUrl}. Orders of two merchants are never mixed: use another profile for this account.`;
    case 'locked':
      return `The order cache ${error.file} is busy (another Merchant Desk process is writing it): ${error.detail}. Try again when that sync has finished.`;
    case 'io':
      return `The order cache ${error.file} cannot be used: ${error.detail}. Check the data directory's permissions and free disk space.`;
    case 'invalid-query':
      return `Invalid cache query: ${error.message}`;
  }
}
