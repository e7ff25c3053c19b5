import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { compactCache } from './compactCache';
import { tempCaches } from './testing/tempCaches';
import { addFreePages } from './testing/freePages';

const caches = tempCaches('md-compact-');
const NOW = Date.UTC(2026, 10, 27, 12);

/** A cache of `n` orders with about 4 MiB of free pages inside it (as a conversion's end leaves them). */
function cacheWithFreePages(n: number) {
  const cache = caches.open();
  const orders = Array.from({ length: n }, (_, i) => fakeOrder(i + 1, NOW - i * 60_000));
  cache.applyPage(orders, { seenAtMs: NOW, baseline: false });
  addFreePages(cache.db, 1_000);
  return cache;
}

describe('cache compact', () => {
  it('gives the free pages back to the disk and keeps every order', () => {
    const cache = cacheWithFreePages(500);
    const before = cache.db.prepare('SELECT * FROM orders ORDER BY id').all();
    // Searches read through row ids (title sets, own documents): a VACUUM must keep every one.
    const SEARCHES = ['steam', 'ギフト', 'buyer 42', 'eu netflix', 'SO00000123'];
    const found = () => SEARCHES.map((search) => cache.query({ search, limit: 1000 }));
    const foundBefore = found();
    const r = compactCache(cache);
    if (!r.ok) throw new Error(r.error.kind);
    expect(r.value.freeBytesBefore).toBeGreaterThan(3_500_000);
    expect(r.value.bytesBefore - r.value.bytesAfter).toBeGreaterThan(3_500_000);
    expect(cache.db.pragma('freelist_count', { simple: true })).toBe(0);
    expect(cache.db.pragma('quick_check', { simple: true })).toBe('ok');
    expect(cache.db.prepare('SELECT * FROM orders ORDER BY id').all()).toEqual(before);
    expect(found()).toEqual(foundBefore);
    for (const r of foundBefore) expect(r.ok && r.value.list.length).toBeGreaterThan(0);
  });

  it('answers `locked` (nothing changed) while another connection writes the file', () => {
    const cache = cacheWithFreePages(50);
    cache.db.pragma('busy_timeout = 50');
    const other = new Database(cache.file);
    try {
      other.exec('BEGIN IMMEDIATE');
      const r = compactCache(cache);
      expect(r).toMatchObject({ ok: false, error: { kind: 'locked' } });
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect(cache.db.pragma('freelist_count', { simple: true })).toBeGreaterThan(0);
  });
});
