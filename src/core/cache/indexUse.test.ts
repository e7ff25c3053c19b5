import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DUE_SOON_RULE } from '../due/deadlineRules';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { openOrderCache } from './openCache';
import type { OrderCache } from './orderCache';
import { appReads, explainEachRead } from './testing/appReads';

/**
 * Every secondary index of the cache earns its bytes (issue 26: at a million orders each wide index is ~25 MiB):
 * the app's reads are run with each statement's EXPLAIN QUERY PLAN recorded, and every index must appear in the
 * plan of some read. An index no plan uses fails this test and is to be dropped (measured for schema 7: every
 * index of schema 6 is used, so none was dropped; the reads using each are printed).
 */

const NOW = Date.UTC(2026, 2, 15, 12, 0, 0);
let cache: OrderCache;
const plans = new Map<string, Set<string>>(); // index name → labels of the reads whose plan uses it
let label = '';

/** Records, under the current label, every index each read statement's plan uses. */
function recordPlans(db: Database.Database): void {
  explainEachRead(db, (details) => {
    for (const detail of details)
      for (const m of detail.matchAll(/(?:USING (?:COVERING )?INDEX|USING INTEGER PRIMARY KEY) ?(\w+)?/g)) {
        const name = m[1];
        if (name) (plans.get(name) ?? plans.set(name, new Set()).get(name)!).add(label);
      }
  });
}

function run(name: string, fn: () => unknown): void {
  label = name;
  const r = fn() as { ok?: boolean; error?: unknown };
  if (r && r.ok === false) throw new Error(`${name}: ${JSON.stringify(r.error)}`);
}

beforeAll(() => {
  const opened = openOrderCache({ file: path.join(mkdtempSync(path.join(tmpdir(), 'md-index-')), 'c.sqlite') });
  if (!opened.ok) throw new Error(opened.error.kind);
  cache = opened.value;
  const orders = Array.from({ length: 3_000 }, (_, i) =>
    fakeOrder(i + 1, NOW - (i + 1) * 3_600_000, {
      orderStatus: (i % 6) + 1,
      orderDeliveryStatus: i % 4,
      isExistAfterSales: i % 17 === 0,
      isExistDispute: i % 23 === 0,
      deliveryType: i % 29 === 0 ? 2 : 1,
      ...(i % 17 === 0 ? { orderAfterSalesStatus: (i % 5) + 1 } : {}),
    }),
  );
  for (let i = 0; i < orders.length; i += 500)
    cache.applyPage(orders.slice(i, i + 500), { seenAtMs: NOW, baseline: false });
  cache.indexPendingSearchRows();
  recordPlans(cache.db);
  cache.useDueClock(() => ({ nowMs: NOW, soon: DEFAULT_DUE_SOON_RULE }));
  const reads: Array<[string, () => unknown]> = [
    ...appReads(cache, orders, NOW),
    ['sync: store a page', () => cache.applyPage(orders.slice(0, 100), { seenAtMs: NOW + 1, baseline: true })],
  ];
  for (const [name, fn] of reads) run(name, fn);
});
afterAll(() => cache.close());

describe('every secondary index is used by a query plan of the app', () => {
  it('lists the reads using each index; none is unused', () => {
    const indexes = cache.db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'orders' AND sql IS NOT NULL")
      .pluck()
      .all() as string[];
    const unused = indexes.filter((name) => !plans.has(name));
    const used = Object.fromEntries(indexes.filter((n) => plans.has(n)).map((n) => [n, [...plans.get(n)!]]));
    console.log(JSON.stringify(used, null, 1));
    expect(unused).toEqual([]);
  });
});
