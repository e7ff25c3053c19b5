import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { insightsRequestSchema, type InsightsData } from '../../shared/ipc/insights';
import { insightsFromCache } from '../app/insights';
import { RandomOrders } from '../insights/testing/randomOrders';
import { parseDay, zonedBuckets } from '../insights/zonedBuckets';
import { LATEST_SCHEMA_VERSION } from './migrations';
import { openOrderCache } from './openCache';
import type { OrderCache } from './orderCache';
import { rewindToV6 } from './testing/rewindV7';
import { rewindToV7 } from './testing/rewindV8';

/**
 * Migration 8 (the Insights aggregates) on real files: one written by this code, rewound to what version 7 held
 * (compressed order JSON, no aggregates) and to what version 6 held (plain JSON, not yet converted), each opened
 * again. The aggregates it builds equal those the writer keeps for the same orders, and it reads no order JSON.
 */

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

const AGGREGATES = [
  'SELECT day, hex(leads), hex(required) FROM insight_day_lead ORDER BY day',
  'SELECT * FROM insight_day_sku WHERE orders > 0 ORDER BY day, product_key, sku_key, currency',
  'SELECT rid, buyer_id, create_ms, prev_ms, prev2_ms FROM insight_buyer_seq ORDER BY rid',
  'SELECT * FROM insight_buyer_total ORDER BY buyer_id',
  'SELECT count(*) FROM insight_buyer_dirty',
  'SELECT count(*) FROM insight_lead_dirty',
];

function aggregates(cache: OrderCache): unknown[][] {
  return AGGREGATES.map((sql) => cache.db.prepare(sql).raw().all());
}

function figures(cache: OrderCache): InsightsData[] {
  return [
    { range: { from: '2026-03-24', to: '2026-04-04' }, timeZone: 'Europe/Berlin' },
    { range: { from: '2026-03-01', to: '2026-11-30' }, granularity: 'month', timeZone: 'Europe/Berlin' },
  ].map((input) => {
    const q = insightsRequestSchema.parse(input);
    const b = zonedBuckets(parseDay(q.range.from)!, parseDay(q.range.to)!, q.granularity, q.timeZone);
    const r = insightsFromCache(cache, q, b);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.value;
  });
}

describe('migration 8 on a version-7 and a version-6 file', () => {
  it('builds the aggregates the writer keeps, from the facts, whichever version the file had', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'md-v8-'));
    dirs.push(dir);
    const fresh = path.join(dir, 'fresh.sqlite');
    const gen = new RandomOrders(8);
    const cache = open(fresh);
    const orders = Array.from({ length: 400 }, () => gen.order());
    for (let i = 0; i < orders.length; i += 50)
      expect(cache.applyPage(orders.slice(i, i + 50), { seenAtMs: Date.UTC(2026, 10, 1), baseline: false }).ok).toBe(
        true,
      );
    // Some updated (the writer edits the day arrays in place), then the figures in Berlin (the zone recorded).
    const changed = orders.filter((_, i) => i % 7 === 0).map((o) => gen.mutate(o));
    expect(cache.applyPage(changed, { seenAtMs: Date.UTC(2026, 10, 2), baseline: true }).ok).toBe(true);
    const expectedFigures = figures(cache);
    const expected = aggregates(cache);
    expect((expected[0] as unknown[]).length).toBeGreaterThan(20);
    caches.pop()!.close();

    for (const [name, rewind] of [
      ['v7', rewindToV7],
      ['v6', rewindToV6],
    ] as const) {
      const file = path.join(dir, `${name}.sqlite`);
      copyFileSync(fresh, file);
      const db = new Database(file);
      rewind(db);
      expect(db.prepare("SELECT count(*) FROM sqlite_schema WHERE name LIKE 'insight_day_lead'").pluck().get()).toBe(0);
      expect(db.pragma('user_version', { simple: true })).toBe(name === 'v7' ? 7 : 6);
      // Migration 8 reads no order JSON: a damaged document does not stop it (the upkeep finds that one later).
      if (name === 'v7') db.prepare("UPDATE order_doc SET doc = x'00ff' WHERE rid = 3").run();
      db.close();

      const migrated = open(file);
      expect(migrated.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
      expect(aggregates(migrated), name).toEqual(expected);
      expect(figures(migrated), name).toEqual(expectedFigures);
      if (name === 'v6') expect(migrated.legacyDocsLeft()).toEqual({ ok: true, value: 400 });
      // And the writer goes on from there: an update is reflected as in the file that never migrated.
      expect(migrated.applyPage([gen.mutate(orders[1]!)], { seenAtMs: Date.UTC(2026, 10, 3), baseline: true }).ok).toBe(
        true,
      );
    }
  });
});
