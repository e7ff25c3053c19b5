import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DUE_SOON_RULE } from '../due/deadlineRules';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { openOrderCache } from './openCache';
import { optimizeStats } from './optimizeStats';
import { appReads, explainEachRead } from './testing/appReads';
import type { OrderCache } from './orderCache';

/**
 * `PRAGMA optimize` (optimizeStats.ts) gives the planner statistics (sqlite_stat1) the app's reads were never
 * planned with: every read of indexUse.test.ts is run with its EXPLAIN QUERY PLAN recorded without statistics and
 * again with them, on a cache of varied orders (most completed, as a shop's), and no plan may change but the one
 * that gets better.
 */

const NOW = Date.UTC(2026, 2, 15, 12, 0, 0);
let cache: OrderCache;
let label = '';
let recording = false;
let plans = new Map<string, string[]>(); // read label → the plan lines of its statements, in order

function recordPlans(db: Database.Database): void {
  explainEachRead(db, (details) => {
    if (!recording) return;
    const lines = plans.get(label) ?? plans.set(label, []).get(label)!;
    lines.push(...details, '—');
  });
}

function runReads(): Map<string, string[]> {
  plans = new Map();
  // Once unrecorded first: work done only on a first call (Insights' catch-up of dirty days) is not a read's plan.
  recording = false;
  for (const [, fn] of reads()) fn();
  recording = true;
  for (const [name, fn] of reads()) {
    label = name;
    const r = fn() as { ok?: boolean; error?: unknown };
    if (r && r.ok === false) throw new Error(`${name}: ${JSON.stringify(r.error)}`);
  }
  recording = false;
  return plans;
}

let orders: ReturnType<typeof fakeOrder>[] = [];
const reads = () => appReads(cache, orders, NOW);

beforeAll(() => {
  const opened = openOrderCache({ file: path.join(mkdtempSync(path.join(tmpdir(), 'md-plans-')), 'c.sqlite') });
  if (!opened.ok) throw new Error(opened.error.kind);
  cache = opened.value;
  orders = Array.from({ length: 6_000 }, (_, i) =>
    fakeOrder(i + 1, NOW - (i + 1) * 1_800_000, {
      orderStatus: i % 10 < 7 ? 4 : (i % 6) + 1, // most completed, as in a shop's cache
      orderDeliveryStatus: i % 4,
      isExistAfterSales: i % 17 === 0,
      isExistDispute: i % 97 === 0,
      deliveryType: i % 29 === 0 ? 2 : 1,
      ...(i % 17 === 0 ? { orderAfterSalesStatus: (i % 5) + 1 } : {}),
    }),
  );
  for (let i = 0; i < orders.length; i += 500)
    cache.applyPage(orders.slice(i, i + 500), { seenAtMs: NOW, baseline: false });
  cache.indexPendingSearchRows();
  cache.useDueClock(() => ({ nowMs: NOW, soon: DEFAULT_DUE_SOON_RULE }));
  recordPlans(cache.db);
});
afterAll(() => cache.close());

describe('plans with the planner statistics PRAGMA optimize writes', () => {
  it('are the plans without them, read for read', () => {
    const without = runReads();
    expect(cache.db.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'sqlite_stat1'").pluck().get()).toBe(0);
    optimizeStats(cache.db);
    const analysed = cache.db
      .prepare('SELECT count(DISTINCT idx) FROM sqlite_stat1 WHERE tbl = ?')
      .pluck()
      .get('orders');
    expect(analysed).toBeGreaterThan(10); // every index of orders has its statistics
    const withStats = runReads();
    expect(withStats.size).toBeGreaterThan(20);
    // One plan changes, for the better: "updated since" with few matches (the arm that finds the matches through
    // the filters' index and sorts them) now searches the changed-time range instead of walking the whole sort index.
    const expected = new Map(without);
    const before = [
      'SCAN orders USING INDEX orders_scan_created',
      'USE TEMP B-TREE FOR LAST TERM OF ORDER BY',
      'SCAN (subquery-7)',
    ];
    const after = [
      'SEARCH orders USING INDEX orders_by_changed (changed_ms>?)',
      'USE TEMP B-TREE FOR ORDER BY',
      'SCAN (subquery-7)',
    ];
    const updated = without.get('updated since')!.join('\n');
    expect(updated).toContain(before.join('\n'));
    expected.set('updated since', updated.replace(before.join('\n'), after.join('\n')).split('\n'));
    expect(Object.fromEntries(withStats)).toEqual(Object.fromEntries(expected));
  });
});
