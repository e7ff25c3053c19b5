import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ensurePrivateDir, ensurePrivateFile, tightenFile } from '../paths/privateFiles';
import { foldForIndex } from './searchFold';
import { err, ok, type Result } from '../result';
import { classifyCacheException, type CacheError, type CacheIdentity } from '../../shared/errors/cacheErrors';
import { applyMigrations, CACHE_APPLICATION_ID, LATEST_SCHEMA_VERSION, schemaVersion } from './migrations';
import { OrderCache } from './orderCache';

/** Profile IDs become file names: anything outside [A-Za-z0-9_-] is percent-encoded (no path tricks). */
export function profileFileName(profileId: string): string {
  const id = profileId.trim() || 'default';
  return id.replace(/[^A-Za-z0-9_-]/g, (c) => `%${c.codePointAt(0)!.toString(16).padStart(2, '0')}`);
}

/** `<dataDir>/cache/<profile>.sqlite`: one file per profile (merchant account). */
export function cacheFilePath(dataDir: string, profileId: string): string {
  return path.join(dataDir, 'cache', `${profileFileName(profileId)}.sqlite`);
}

/** The identity as compared: scheme and host lower-cased, no trailing slash, merchant ID trimmed. */
export function normalizeIdentity(identity: CacheIdentity): CacheIdentity {
  let baseUrl = identity.baseUrl.trim().replace(/\/+$/, '');
  try {
    const u = new URL(baseUrl);
    baseUrl = `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    // Keep the text as given; the platform config validated it already where it matters.
  }
  return { baseUrl, merchantId: identity.merchantId.trim() };
}

export interface OpenCacheOptions {
  file: string;
  /**
   * The merchant the caller works for. Recorded in a new file; for an existing file it must match, or the open
   * fails with `identity-mismatch`. Offline readers may leave it out.
   */
  identity?: CacheIdentity;
  /**
   * For readers: whose orders the caller expects, as far as it knows (the merchant alone, offline). Checked
   * against the recorded identity, never recorded; a difference fails the open with `identity-mismatch`.
   */
  owner?: Partial<CacheIdentity>;
  /** Busy timeout for another process's write lock (ms). */
  busyTimeoutMs?: number;
}

/**
 * Opens (creating if needed) the order cache file: WAL mode, schema migrated to the latest version, identity
 * checked. Never throws for a bad file: a damaged or foreign file is `corrupt`, a newer schema is
 * `schema-too-new` (the file is left untouched in both cases).
 */
export function openOrderCache(options: OpenCacheOptions): Result<OrderCache, CacheError> {
  const { file } = options;
  try {
    // Buyers' e-mails and delivered codes: owner-only. SQLite gives a new -wal/-shm the mode of the database file.
    ensurePrivateDir(path.dirname(file));
    ensurePrivateFile(file);
    for (const companion of [`${file}-wal`, `${file}-shm`]) tightenFile(companion);
  } catch (e) {
    return err(classifyCacheException(e, file) ?? { kind: 'io', file, detail: String(e) });
  }
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { timeout: options.busyTimeoutMs ?? 5_000 });
    const checked = checkFile(db, file);
    if (!checked.ok) {
      db.close();
      return checked;
    }
    db.pragma('journal_mode = WAL');
    // WAL + NORMAL: a commit is durable once the WAL is synced at checkpoint; a killed process never corrupts.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    // Reads through a memory map (no system call per page) and a 16 MiB page cache: queries look rows up by
    // rowid at random. Both are bounded, and the mapped pages are the OS's file cache, reclaimable.
    db.pragma(`mmap_size = ${256 * 1024 * 1024}`);
    db.pragma('cache_size = -16384');
    // Search of rows not yet indexed folds their text as the indexes hold it (see searchFold.ts).
    db.function('md_fold', { deterministic: true }, (text: unknown) =>
      typeof text === 'string' ? foldForIndex(text) : null,
    );
    applyMigrations(db);
    // What a first full sync killed during its end left (deferred indexes, the repeat-buyer walk: deferredIndexes.ts)
    // is not finished here: at a million orders that took ~5–15 s before the first read answered. Queries answer
    // without the indexes meanwhile (slower, the same results) and Insights from the rows walked so far; the core
    // host's upkeep finishes it in steps after opening, and so does the next sync.
    const cache = new OrderCache(db, file);
    const identity = options.identity ? checkIdentity(cache, options.identity) : checkOwner(cache, options.owner);
    if (!identity.ok) {
      cache.close();
      return identity;
    }
    return ok(cache);
  } catch (e) {
    try {
      db?.close();
    } catch {
      // already broken
    }
    const error = classifyCacheException(e, file);
    if (error) return err(error);
    throw e;
  }
}

/** Reads the header facts only: cheap, and touches nothing in a file we will not use. */
function checkFile(db: Database.Database, file: string): Result<void, CacheError> {
  const appId = db.pragma('application_id', { simple: true }) as number;
  const version = schemaVersion(db);
  const objects = db.prepare('SELECT count(*) FROM sqlite_schema').pluck().get() as number;
  if (appId !== CACHE_APPLICATION_ID && (appId !== 0 || version !== 0 || objects > 0)) {
    return err({
      kind: 'corrupt',
      file,
      detail: `not a Merchant Desk order cache (application_id ${appId}, ${objects} objects)`,
    });
  }
  if (version > LATEST_SCHEMA_VERSION)
    return err({ kind: 'schema-too-new', file, found: version, supported: LATEST_SCHEMA_VERSION });
  if (appId === CACHE_APPLICATION_ID) {
    // The tables every version has; a missing one means the file was tampered with or truncated.
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name IN ('meta', 'orders', 'order_json', 'title_group', 'order_counts', 'orders_fts', 'orders_grams', 'fts_state', 'sync_run', 'sync_window', 'change_event')",
      )
      .pluck()
      .all();
    if (tables.length < 11)
      return err({ kind: 'corrupt', file, detail: `tables missing (found ${tables.join(', ') || 'none'})` });
  }
  return ok(undefined);
}

function checkIdentity(cache: OrderCache, wanted: CacheIdentity | undefined): Result<void, CacheError> {
  if (wanted === undefined) return ok(undefined);
  const expected = normalizeIdentity(wanted);
  const found = cache.identity();
  if (!found.ok) return found;
  if (found.value === undefined) return cache.setMeta('identity', JSON.stringify(expected));
  const recorded = normalizeIdentity(found.value);
  if (recorded.baseUrl !== expected.baseUrl || recorded.merchantId !== expected.merchantId) {
    return err({ kind: 'identity-mismatch', file: cache.file, expected, found: recorded });
  }
  return ok(undefined);
}

/** The reader's expected owner against the recorded identity: only the parts the reader knows are compared. */
function checkOwner(cache: OrderCache, owner: Partial<CacheIdentity> | undefined): Result<void, CacheError> {
  if (owner === undefined || (owner.baseUrl === undefined && owner.merchantId === undefined)) return ok(undefined);
  const found = cache.identity();
  if (!found.ok) return found;
  if (found.value === undefined) return ok(undefined);
  const recorded = normalizeIdentity(found.value);
  const expected = normalizeIdentity({
    baseUrl: owner.baseUrl ?? recorded.baseUrl,
    merchantId: owner.merchantId ?? recorded.merchantId,
  });
  if (recorded.baseUrl !== expected.baseUrl || recorded.merchantId !== expected.merchantId)
    return err({ kind: 'identity-mismatch', file: cache.file, expected, found: recorded });
  return ok(undefined);
}

/**
 * Moves a cache file (with its -wal and -shm companions) aside as `<file>.<reason>-<timestamp>`, so a rebuild
 * starts from an empty file and nothing is lost. Returns the new path of the main file.
 */
export function setCacheFileAside(
  file: string,
  reason: 'damaged' | 'newer-schema' | 'replaced',
  nowMs: number = Date.now(),
): Result<string | undefined, CacheError> {
  const stamp = new Date(nowMs).toISOString().replace(/[:.]/g, '-');
  const target = `${file}.${reason}-${stamp}`;
  try {
    if (!existsSync(file)) return ok(undefined);
    renameSync(file, target);
    for (const suffix of ['-wal', '-shm']) if (existsSync(file + suffix)) renameSync(file + suffix, target + suffix);
    return ok(target);
  } catch (e) {
    return err(classifyCacheException(e, file) ?? { kind: 'io', file, detail: String(e) });
  }
}
