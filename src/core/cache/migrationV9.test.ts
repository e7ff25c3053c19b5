import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { runCacheUpkeep, type UpkeepProgress } from './cacheUpkeep';
import { LATEST_SCHEMA_VERSION } from './migrations';
import { convertTextGroups } from './migrationV9';
import { openOrderCache } from './openCache';
import type { OrderCache } from './orderCache';
import { fillConvertibleOrders } from './testing/convertibleOrders';
import { rewindToV8 } from './testing/rewindV9';
import type { TextGroups } from './textGroups';

/**
 * Migration 8 → 9 on a real schema-8 file (written by this code, rewound to what version 8 held): opening only
 * creates the tables; the upkeep converts in batches with progress; a batch that fails half-way (the process dies
 * inside its transaction) leaves the file as before it, the connection is abandoned without closing, and the next
 * open goes on. Every search answers the same at every point.
 */

const NOW = Date.UTC(2026, 5, 1);
const dirs: string[] = [];
const caches: OrderCache[] = [];
afterEach(() => {
  for (const c of caches.splice(0)) c.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function open(file: string): OrderCache {
  const r = openOrderCache({ file });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  caches.push(r.value);
  return r.value;
}

const SEARCHES = ['steam', 'netflix eu', 'ギフト', 'eu', 'buyer 5', 'so0000012', 'card 10'];

function answers(cache: OrderCache): unknown[] {
  return SEARCHES.flatMap((search) => [
    cache.query({ search, limit: 1000 }),
    cache.query({ search, sellerOrderStatus: [2], limit: 7 }),
    cache.countMatches({ search }),
  ]).map((r) => (r.ok ? r.value : r.error));
}

function schema8File(orders: number): { file: string; expected: unknown[] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'md-v9-'));
  dirs.push(dir);
  const file = path.join(dir, 'c.sqlite');
  const c = open(file);
  fillConvertibleOrders(c, orders, NOW);
  const expected = answers(c);
  caches.pop()!.close();
  const db = new Database(file);
  rewindToV8(db);
  expect(db.pragma('user_version', { simple: true })).toBe(8);
  db.close();
  return { file, expected };
}

describe('migration 8 → 9 (the title-set index) in place', () => {
  it('opens with every order of the older form, converts in resumable batches with progress, answers alike throughout', async () => {
    const { file, expected } = schema8File(2_500);
    const a = open(file);
    expect(a.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    expect(a.textGroupsLeft()).toEqual({ ok: true, value: 2_500 });
    expect(a.db.prepare("SELECT count(*) FROM orders WHERE titles <> ''").pluck().get()).toBe(2_500);
    expect(answers(a)).toEqual(expected); // browsing before any order is converted

    expect(a.convertTextGroups(1_000)).toEqual({ ok: true, value: { converted: 1_000, done: false } });
    expect(answers(a)).toEqual(expected);
    // The process dies inside the next batch: its transaction is rolled back, the connection is left unclosed.
    const failing = {
      idOf: () => {
        throw new Error('killed');
      },
      forget: () => undefined,
    } as unknown as TextGroups;
    expect(() => convertTextGroups(a.db, failing, 1_000)).toThrow('killed');
    caches.splice(caches.indexOf(a), 1); // abandoned, as a killed process leaves it

    const b = open(file);
    expect(b.textGroupsLeft()).toEqual({ ok: true, value: 1_500 });
    expect(answers(b)).toEqual(expected);
    const progress: UpkeepProgress[] = [];
    const r = await runCacheUpkeep(b, { onProgress: (p) => progress.push(p) });
    expect(r.ok).toBe(true);
    const index = progress.filter((p) => p.phase === 'index').map((p) => p.done);
    // Two batches, then the bounded finishing steps (retire, purge, merge: textConversionFinish.test.ts).
    expect(index.slice(0, 2)).toEqual([1_000, 1_500]);
    expect(index.length).toBeGreaterThanOrEqual(5);
    expect(index.slice(2).every((d) => d === 1_500)).toBe(true);
    // No VACUUM (14 s at a million orders): the freed pages are left to later writes (textConversionFinish.ts).
    expect(progress.filter((p) => p.phase === 'vacuum')).toHaveLength(0);
    expect(b.textGroupsLeft()).toEqual({ ok: true, value: 0 });
    // The older documents are gone, the orders keep only their own text, the sets hold the rest once.
    expect(b.db.prepare('SELECT count(*) FROM orders_fts_docsize').pluck().get()).toBe(0);
    expect(b.db.prepare("SELECT count(*) FROM orders WHERE titles <> '' OR sku_attrs <> ''").pluck().get()).toBe(0);
    expect(b.db.prepare('SELECT count(*) FROM text_group').pluck().get()).toBe(4);
    expect(answers(b)).toEqual(expected);
    // Nothing is left to do on the next open.
    const again: UpkeepProgress[] = [];
    await runCacheUpkeep(b, { onProgress: (p) => again.push(p) });
    expect(again.some((p) => p.phase === 'index' || p.phase === 'vacuum')).toBe(false);
  });
});
