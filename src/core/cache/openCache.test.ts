import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rewindToV6 } from './testing/rewindV7';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { canRebuild, describeCacheError } from '../../shared/errors/cacheErrors';
import { orderColumns } from './orderRows';
import { searchTextOf } from './searchText';
import { CACHE_APPLICATION_ID, LATEST_SCHEMA_VERSION, MIGRATIONS } from './migrations';
import { DROP_INSIGHT_FACTS_SQL } from './insightFacts';
import { cacheFilePath, openOrderCache, profileFileName, setCacheFileAside } from './openCache';
import type { OrderCache } from './orderCache';

const identity = { baseUrl: 'https://api.example.com', merchantId: 'm-1' };
const opened: OrderCache[] = [];
afterEach(() => {
  for (const c of opened.splice(0)) c.close();
});

function tempFile(): string {
  return path.join(mkdtempSync(path.join(tmpdir(), 'md-cache-')), 'cache', 'default.sqlite');
}

/** A cache file for `identity`, created and closed again. */
function createAndClose(file: string): void {
  const r = open(file);
  if (!r.ok) throw new Error(r.error.kind);
  opened.pop()!.close();
}

function open(file: string, id: typeof identity | undefined = identity) {
  const r = openOrderCache({ file, ...(id ? { identity: id } : {}) });
  if (r.ok) opened.push(r.value);
  return r;
}

describe('opening a cache file', () => {
  it('creates the file (and its directory) in WAL mode with the latest schema and records the identity', () => {
    const file = tempFile();
    const r = open(file);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(existsSync(file)).toBe(true);
    expect(r.value.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(r.value.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    expect(r.value.db.pragma('application_id', { simple: true })).toBe(CACHE_APPLICATION_ID);
    expect(r.value.identity()).toEqual({ ok: true, value: identity });
    expect(r.value.verify()).toEqual({ ok: true, value: ['ok'] });
  });

  it('migrates a version-1 file in place, keeping its orders; text search with filters uses the new index', () => {
    const file = tempFile();
    const order = fakeOrder(1, Date.UTC(2025, 0, 1));
    const a = open(file);
    if (!a.ok) throw new Error(a.error.kind);
    a.value.applyPage([order], { seenAtMs: 1, baseline: false });
    a.value.indexPendingSearchRows();
    // What version 4 folds in SQL: the whole row's text (the row is of the older form until converted, schema 9).
    const text = [searchTextOf(orderColumns(order))];
    opened.pop()!.close();
    // Rewind to what the first release wrote: version 1, without the later index and deadline columns.
    const v1 = new Database(file);
    rewindToV6(v1);
    v1.exec(
      'DROP INDEX orders_by_due; DROP INDEX orders_refund_queue; DROP INDEX orders_dispute_queue; DROP INDEX orders_exception_queue; ALTER TABLE orders DROP COLUMN due_ms; ALTER TABLE orders DROP COLUMN due_allowed_ms',
    );
    v1.exec('DROP INDEX orders_filters_by_rid; DROP TRIGGER orders_search_delete; DROP TABLE order_search');
    v1.exec(DROP_INSIGHT_FACTS_SQL);
    v1.pragma('user_version = 1');
    v1.close();
    const b = open(file);
    if (!b.ok) throw new Error(b.error.kind);
    expect(b.value.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    // Versions 1, 2, … in order, none skipped (8, the Insights aggregates, runs after 7, the compressed JSON).
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(LATEST_SCHEMA_VERSION).toBe(MIGRATIONS.length);
    expect(b.value.orderCount()).toEqual({ ok: true, value: 1 });
    // Version 5 computed the Insights facts of the stored order (and its day sums).
    expect(b.value.db.prepare('SELECT orders FROM insight_day').pluck().all()).toEqual([1]);
    const indexes = b.value.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").pluck().all();
    expect(indexes).toContain('orders_filters_by_rid');
    // The indexed order's folded search text, folded by the migration in SQL as the indexing does in JS.
    expect(text).toHaveLength(1);
    expect(b.value.db.prepare('SELECT text FROM order_search').pluck().all()).toEqual(text);
    const found = b.value.query({ search: order.orderNum!, sellerOrderStatus: [order.orderStatus!] });
    expect(found.ok && found.value.list.map((o) => o.id)).toEqual([order.id]);
  });

  it('keeps data across reopen, and accepts the same merchant written differently (case, trailing slash)', () => {
    const file = tempFile();
    const a = open(file);
    if (!a.ok) throw new Error('open failed');
    a.value.applyPage([fakeOrder(1, Date.UTC(2025, 0, 1))], { seenAtMs: 1, baseline: false });
    a.value.close();
    const b = open(file, { baseUrl: 'HTTPS://API.example.com/', merchantId: ' m-1 ' });
    expect(b.ok).toBe(true);
    if (b.ok) expect(b.value.orderCount()).toEqual({ ok: true, value: 1 });
  });

  it("refuses another merchant's file, naming both merchants", () => {
    const file = tempFile();
    createAndClose(file);
    const r = open(file, { baseUrl: 'https://api.example.com', merchantId: 'm-2' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({
      kind: 'identity-mismatch',
      expected: { merchantId: 'm-2' },
      found: { merchantId: 'm-1' },
    });
    expect(canRebuild(r.error)).toBe(false);
    expect(describeCacheError(r.error)).toMatch(/never mixed/);
  });

  it('opens without an identity for offline reading', () => {
    const file = tempFile();
    createAndClose(file);
    expect(open(file, undefined).ok).toBe(true);
  });

  it('reports a file of garbage as corrupt, leaves it untouched, and offers a rebuild', () => {
    const file = tempFile();
    createAndClose(file);
    const garbage = Buffer.alloc(64 * 1024, 0x5a);
    writeFileSync(file, garbage);
    const r = open(file);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('corrupt');
    expect(canRebuild(r.error)).toBe(true);
    expect(describeCacheError(r.error, 'Run `merchant-desk sync --rebuild`')).toMatch(
      /damaged.*Nothing was changed.*sync --rebuild/s,
    );
    expect(readFileSync(file).equals(garbage)).toBe(true);
  });

  it('reports a damaged page inside a real cache as corrupt when it is read, not by throwing', () => {
    const file = tempFile();
    const a = open(file);
    if (!a.ok) throw new Error('open failed');
    const orders = Array.from({ length: 300 }, (_, i) =>
      fakeOrder(i + 1, Date.UTC(2025, 0, 1) + i * 1000, { remark: 'x'.repeat(500) }),
    );
    a.value.applyPage(orders, { seenAtMs: 1, baseline: false });
    a.value.db.pragma('wal_checkpoint(TRUNCATE)');
    a.value.close();
    opened.pop();
    const bytes = readFileSync(file);
    const pageSize = bytes.readUInt16BE(16) === 1 ? 65536 : bytes.readUInt16BE(16);
    // Overwrite every page after the schema page: the header and schema still read, the orders do not.
    for (let off = 2 * pageSize; off < bytes.length; off += pageSize) bytes.fill(0xa5, off, off + pageSize);
    writeFileSync(file, bytes);
    const r = open(file);
    if (!r.ok) {
      expect(r.error.kind).toBe('corrupt');
      return;
    }
    const q = r.value.query({ search: 'Steam' });
    const stats = r.value.stats();
    expect(q.ok && stats.ok).toBe(false);
    const e = !q.ok ? q.error : !stats.ok ? stats.error : undefined;
    expect(e?.kind).toBe('corrupt');
  });

  it("reports another program's SQLite database as not a cache and does not modify it", () => {
    const file = tempFile();
    createAndClose(file);
    const other = path.join(path.dirname(file), 'other.sqlite');
    const db = new Database(other);
    db.exec('CREATE TABLE notes (x TEXT)');
    db.close();
    const r = open(other);
    expect(r).toMatchObject({ ok: false, error: { kind: 'corrupt' } });
    const again = new Database(other);
    expect(again.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'orders'").pluck().get()).toBe(0);
    again.close();
  });

  it('refuses a schema newer than this version without touching it', () => {
    const file = tempFile();
    createAndClose(file);
    const db = new Database(file);
    db.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 1}`);
    db.close();
    const r = open(file);
    expect(r).toMatchObject({
      ok: false,
      error: { kind: 'schema-too-new', found: LATEST_SCHEMA_VERSION + 1, supported: LATEST_SCHEMA_VERSION },
    });
    if (!r.ok) expect(canRebuild(r.error)).toBe(true);
    const check = new Database(file);
    expect(check.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION + 1);
    check.close();
  });

  it('sets a bad file aside (kept, never deleted) so a rebuild starts empty', () => {
    const file = tempFile();
    createAndClose(file);
    writeFileSync(file, 'not a database at all');
    const aside = setCacheFileAside(file, 'damaged', Date.UTC(2026, 0, 2, 3, 4, 5));
    expect(aside).toEqual({ ok: true, value: `${file}.damaged-2026-01-02T03-04-05-000Z` });
    expect(readFileSync(`${file}.damaged-2026-01-02T03-04-05-000Z`, 'utf8')).toBe('not a database at all');
    expect(existsSync(file)).toBe(false);
    const fresh = open(file);
    expect(fresh.ok && fresh.value.orderCount()).toEqual({ ok: true, value: 0 });
  });
});

describe('cache file names', () => {
  it('one file per profile under <dataDir>/cache, with no way out of that directory', () => {
    expect(cacheFilePath('/data', 'default')).toBe(path.join('/data', 'cache', 'default.sqlite'));
    expect(profileFileName('../evil/x')).toBe('%2e%2e%2fevil%2fx');
    expect(profileFileName('Shop A')).toBe('Shop%20A');
    expect(profileFileName('')).toBe('default');
  });
});
