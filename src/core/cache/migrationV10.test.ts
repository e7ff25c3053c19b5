import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/domain/order';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { LATEST_SCHEMA_VERSION } from './migrations';
import { openOrderCache } from './openCache';
import type { OrderCache } from './orderCache';
import { rewindToV9 } from './testing/rewindV10';

/**
 * Schema 10 (migrationV10.ts): a new file's trigram tables keep no positions and every candidate they give is tested
 * on its folded text; an older file keeps its tables and answers the same; after a first full sync's load the trees
 * it filled out of key order are packed (deferredIndexes.ts), the Insights rows unchanged.
 */

const NOW = Date.UTC(2026, 5, 1);
const HOUR = 3_600_000;
const dirs: string[] = [];
const caches: OrderCache[] = [];
afterEach(() => {
  for (const c of caches.splice(0)) c.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function newFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'md-v10-'));
  dirs.push(dir);
  return path.join(dir, 'c.sqlite');
}

function open(file: string): OrderCache {
  const r = openOrderCache({ file });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  caches.push(r.value);
  return r.value;
}

const sqlOf = (c: OrderCache, name: string) =>
  c.db.prepare('SELECT sql FROM sqlite_schema WHERE name = ?').pluck().get(name) as string | undefined;

/** Orders whose texts hold a word's trigrams apart ("abcx bcdy" has abc and bcd, never "abcd"), and ones that hold it. */
function trickyOrders(): Order[] {
  return Array.from({ length: 400 }, (_, i) => {
    const seq = i + 1;
    const base = fakeOrder(seq, NOW - seq * HOUR, { orderStatus: 1 + (i % 3) });
    const scattered = i % 4 === 0;
    return {
      ...base,
      buyerName: scattered ? `Abcx Bcdy ${i}` : i % 4 === 1 ? `Zabcdz ${i}` : `Buyer ${i % 97}`,
      remark: i % 5 === 0 ? 'lorem ipsum' : i % 5 === 1 ? 'lor emips' : '',
      orderItems: [
        {
          ...base.orderItems![0]!,
          productSpuTitle: i % 3 === 0 ? 'Wxyq Xyzr Card' : i % 3 === 1 ? 'Gift Wxyzq Card' : 'Steam Wallet',
        },
      ],
    };
  });
}

/** The orders (IDs) a search finds by brute force: every word a substring of one folded column or of the titles. */
function bruteForce(orders: readonly Order[], search: string): string[] {
  const words = search.toLowerCase().split(/\s+/);
  return orders
    .filter((o) => {
      const texts = [
        o.orderNum ?? '',
        o.buyerName ?? '',
        o.remark ?? '',
        (o.orderItems ?? []).map((x) => x.productSpuTitle).join('\n'),
      ].map((t) => t.toLowerCase());
      return words.every((w) => texts.some((t) => t.includes(w)));
    })
    .map((o) => o.id)
    .sort();
}

const SEARCHES = ['abcd', 'abc', 'bcdy', 'wxyz', 'xyzr', 'lorem', 'emip', 'wxyz card', 'abcd lorem', 'steam wallet'];

function found(c: OrderCache, search: string): string[] {
  const r = c.query({ search, limit: 1000 });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value.list.map((o) => o.id).sort();
}

function answers(c: OrderCache): unknown[] {
  return SEARCHES.flatMap((search) => [
    found(c, search),
    c.countMatches({ search }),
    c.countUpTo({ search }),
    c.countMatches({ search, sellerOrderStatus: [2] }),
  ]);
}

describe('schema 10: trigram indexes without positions', () => {
  it('creates a new file with both trigram tables detail=none, the after-sales index partial, no lead index', () => {
    const c = open(newFile());
    expect(c.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    expect(sqlOf(c, 'order_own_fts')).toMatch(/detail = none/);
    expect(sqlOf(c, 'text_group_fts')).toMatch(/detail = none/);
    expect(sqlOf(c, 'orders_by_after_sales')).toMatch(/WHERE after_sales_status IS NOT NULL$/);
    expect(sqlOf(c, 'insight_order_lead')).toBeUndefined();
  });

  it('finds exactly the orders holding each word, not those holding only its trigrams apart', () => {
    const orders = trickyOrders();
    const c = open(newFile());
    c.applyPage(orders, { seenAtMs: NOW, baseline: false });
    c.indexPendingSearchRows();
    for (const search of SEARCHES) {
      const expected = bruteForce(orders, search);
      expect({ search, ids: found(c, search) }).toEqual({ search, ids: expected });
      expect(c.countMatches({ search })).toEqual({ ok: true, value: expected.length });
    }
    // The words whose trigrams occur apart are there: without the test on the folded text these would differ.
    expect(bruteForce(orders, 'abcd').length).toBeLessThan(bruteForce(orders, 'abc').length);
    expect(bruteForce(orders, 'wxyz').length).toBeLessThan(bruteForce(orders, 'xyz').length);
  });

  it('migrates a filled schema-9 file in place: its tables keep positions, every search answers the same', () => {
    const orders = trickyOrders();
    const file = newFile();
    const c = open(file);
    c.applyPage(orders, { seenAtMs: NOW, baseline: false });
    c.indexPendingSearchRows();
    const expected = answers(c);
    caches.pop()!.close();
    const db = new Database(file);
    rewindToV9(db);
    expect(db.pragma('user_version', { simple: true })).toBe(9);
    db.close();

    const a = open(file);
    expect(a.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    expect(sqlOf(a, 'order_own_fts')).not.toMatch(/detail/); // filled: kept as it was
    expect(sqlOf(a, 'text_group_fts')).not.toMatch(/detail/);
    expect(sqlOf(a, 'orders_by_after_sales')).toMatch(/WHERE after_sales_status IS NOT NULL$/);
    expect(sqlOf(a, 'insight_order_lead')).toBeUndefined();
    expect(answers(a)).toEqual(expected);
    // An order written after the migration is indexed into the kept tables and found.
    const later = { ...orders[3]!, id: '1500000000000099999', orderNum: 'SO99999999', buyerName: 'Abcd Later' };
    a.applyPage([later], { seenAtMs: NOW + 1, baseline: false });
    a.indexPendingSearchRows();
    expect(found(a, 'abcd')).toEqual([...bruteForce(orders, 'abcd'), later.id].sort());
  });

  it('rewrites the list of a killed first sync’s deferred indexes', async () => {
    const file = newFile();
    const c = open(file);
    c.applyPage(trickyOrders().slice(0, 50), { seenAtMs: NOW, baseline: false });
    expect(c.deferIndexes().ok).toBe(true);
    caches.pop()!.close();
    const db = new Database(file);
    db.pragma('user_version = 9');
    const kept = JSON.parse(
      db.prepare("SELECT value FROM meta WHERE key = 'deferred_indexes'").pluck().get() as string,
    ) as string[];
    // As schema 9 kept it: the whole after-sales index and the lead index.
    const v9 = kept
      .map((s) => s.replace(/ WHERE after_sales_status IS NOT NULL$/, ''))
      .concat('CREATE INDEX insight_order_lead ON insight_order (day, lead_ms, required_ms) WHERE lead_ms IS NOT NULL');
    db.prepare("UPDATE meta SET value = ? WHERE key = 'deferred_indexes'").run(JSON.stringify(v9));
    db.close();
    const a = open(file); // migrates; the upkeep after opening (here called) restores the deferred indexes
    expect((await a.finishEndOfSync()).ok).toBe(true);
    expect(sqlOf(a, 'orders_by_after_sales')).toMatch(/WHERE after_sales_status IS NOT NULL$/);
    expect(sqlOf(a, 'insight_order_lead')).toBeUndefined();
  });
});

/** Bytes used ÷ bytes of the object's pages (dbstat), leaf and interior pages alike. */
function fill(c: OrderCache, name: string): number {
  const r = c.db
    .prepare('SELECT sum(pgsize - unused) AS used, sum(pgsize) AS size FROM dbstat WHERE name = ?')
    .get(name) as { used: number; size: number };
  return r.used / r.size;
}

const tableRows = (c: OrderCache, table: string) =>
  c.db
    .prepare(`SELECT * FROM ${table}`)
    .all()
    .map((r) => JSON.stringify(r))
    .sort();

describe('a first full sync’s end: the trees loaded out of key order are packed', () => {
  /** A sync's order: newest first, pages of 100 (IDs and days falling), paid orders of 40 SKUs. */
  function syncOrders(n: number): Order[][] {
    const orders = Array.from({ length: n }, (_, i) => {
      const seq = n - i;
      const base = fakeOrder(seq, NOW - i * 2 * HOUR);
      return { ...base, orderItems: [{ ...base.orderItems![0]!, productSkuId: String(1000 + (seq % 40)) }] };
    });
    return Array.from({ length: n / 100 }, (_, p) => orders.slice(p * 100, p * 100 + 100));
  }

  it('leaves the ID index and the day sums ≥ 85 % full (half empty before), with the same Insights rows', () => {
    const pages = syncOrders(6_000);
    const plain = open(newFile());
    for (const page of pages) plain.applyPage(page, { seenAtMs: NOW, baseline: false });
    const c = open(newFile());
    expect(c.deferIndexes().ok).toBe(true);
    for (const page of pages) c.applyPage(page, { seenAtMs: NOW, baseline: false });
    // What the load leaves: pages split at their low end, half empty.
    expect(fill(c, 'sqlite_autoindex_orders_1')).toBeLessThan(0.7);
    expect(fill(c, 'insight_day_sku')).toBeLessThan(0.7);
    expect(c.restoreIndexes().ok).toBe(true);
    expect(fill(c, 'sqlite_autoindex_orders_1')).toBeGreaterThan(0.85);
    expect(fill(c, 'insight_day_sku')).toBeGreaterThan(0.85);
    // The freed pages went to the indexes built after: none left over.
    expect(c.db.pragma('freelist_count', { simple: true })).toBe(0);
    for (const table of ['insight_day_sku', 'insight_day_lead', 'insight_day', 'insight_month_sku'])
      expect({ table, rows: tableRows(c, table) }).toEqual({ table, rows: tableRows(plain, table) });
    expect(c.query({ id: pages[3]![7]!.id, limit: 1 })).toMatchObject({ ok: true, value: { total: 1 } });
  });
});
