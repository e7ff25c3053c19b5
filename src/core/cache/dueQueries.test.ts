import { LATEST_SCHEMA_VERSION } from './migrations';
import { rewindToV6 } from './testing/rewindV7';
import { DROP_INSIGHT_FACTS_SQL } from './insightFacts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/domain/order';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { DEFAULT_DUE_SOON_RULE, deadlineRulesSchema } from '../due/deadlineRules';
import { NO_DUE_MS } from './dueColumns';
import { openOrderCache } from './openCache';
import type { OrderCache } from './orderCache';

const MIN = 60_000;
const NOW = Date.UTC(2026, 2, 10, 12, 0);
const dirs: string[] = [];
const caches: OrderCache[] = [];

afterEach(() => {
  for (const c of caches.splice(0)) c.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'md-due-'));
  dirs.push(dir);
  return path.join(dir, 'cache.sqlite');
}

function open(file = tempFile()): OrderCache {
  const r = openOrderCache({ file, identity: { baseUrl: 'https://api.example.com', merchantId: 'm-1' } });
  if (!r.ok) throw new Error(r.error.kind);
  caches.push(r.value);
  r.value.useDueClock(() => ({ nowMs: NOW, soon: DEFAULT_DUE_SOON_RULE }));
  return r.value;
}

/** An order paid `paidAgoMin` minutes before NOW with one item of `minutes` delivery time. */
function paidOrder(seq: number, paidAgoMin: number, minutes: number, fields: Partial<Order> = {}): Order {
  const paidMs = NOW - paidAgoMin * MIN;
  return fakeOrder(seq, paidMs - MIN, {
    payTime: new Date(paidMs).toISOString(),
    orderItems: [{ productSpuTitle: `Item ${seq}`, quantity: 1, deliveryTime: minutes, deliveryTimeUnit: 3 }],
    ...fields,
  });
}

const ids = (r: { ok: boolean; value?: { list: Order[] } }) => (r.ok ? r.value!.list.map((o) => o.orderNum) : r);

describe('due filters and sort', () => {
  // 1: overdue by 20 min; 2: due in 1 min of a 10-min allowance (due soon); 3: due in 5 of 10 min (not yet);
  // 4: delivered; 5: unpaid; 6: due in 20 min of 120 (due soon: 30-min cap); 7: overdue by 1 min.
  const orders = [
    paidOrder(1, 30, 10),
    paidOrder(2, 9, 10),
    paidOrder(3, 5, 10),
    paidOrder(4, 30, 10, { deliveringNumber: 1 }),
    paidOrder(5, 30, 10, { payTime: null }),
    paidOrder(6, 100, 120),
    paidOrder(7, 11, 10),
  ];

  it('overdue, soon and any select by the deadline at the cache clock', () => {
    const c = open();
    c.applyPage(orders, { seenAtMs: NOW, baseline: false });
    expect(ids(c.query({ due: 'overdue', sort: 'due', direction: 'asc' }))).toEqual(['SO00000001', 'SO00000007']);
    expect(ids(c.query({ due: 'soon', sort: 'due', direction: 'asc' }))).toEqual(['SO00000002', 'SO00000006']);
    expect(ids(c.query({ due: 'any', sort: 'due', direction: 'asc' }))).toEqual([
      'SO00000001',
      'SO00000007',
      'SO00000002',
      'SO00000003',
      'SO00000006',
    ]);
    expect(c.countMatches({ due: 'overdue' })).toEqual({ ok: true, value: 2 });
    expect(c.countMatches({ due: 'soon', sellerOrderStatus: [2] })).toEqual({ ok: true, value: 2 });
    const stats = c.stats();
    expect(stats.ok && [stats.value.overdue, stats.value.dueSoon]).toEqual([2, 2]);
  });

  it('combines with text search and the other filters', () => {
    const c = open();
    c.applyPage(orders, { seenAtMs: NOW, baseline: false });
    c.indexPendingSearchRows();
    expect(ids(c.query({ due: 'overdue', search: 'Item 7' }))).toEqual(['SO00000007']);
    expect(ids(c.query({ due: 'soon', search: 'Item', sort: 'due', direction: 'asc' }))).toEqual([
      'SO00000002',
      'SO00000006',
    ]);
    expect(ids(c.query({ due: 'overdue', hasDispute: true }))).toEqual([]);
  });

  it('the same query later sees orders move into overdue without any write', () => {
    const c = open();
    c.applyPage(orders, { seenAtMs: NOW, baseline: false });
    c.useDueClock(() => ({ nowMs: NOW + 2 * MIN, soon: DEFAULT_DUE_SOON_RULE }));
    expect(ids(c.query({ due: 'overdue', sort: 'due' }))).toEqual(['SO00000002', 'SO00000007', 'SO00000001']);
  });

  it('sorts by due time with orders without a deadline last, paging by cursor', () => {
    const c = open();
    c.applyPage(orders, { seenAtMs: NOW, baseline: false });
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const r = c.queryPage({ sort: 'due', direction: 'asc', limit: 2, ...(cursor ? { cursor } : {}) });
      if (!r.ok) throw new Error(r.error.kind);
      seen.push(...r.value.list.map((o) => o.orderNum!));
      if (!r.value.nextCursor) break;
      cursor = r.value.nextCursor;
    }
    expect(seen).toEqual([
      'SO00000001',
      'SO00000007',
      'SO00000002',
      'SO00000003',
      'SO00000006',
      'SO00000004',
      'SO00000005',
    ]);
  });

  it('an update that delivers the order clears its deadline', () => {
    const c = open();
    c.applyPage(orders, { seenAtMs: NOW, baseline: false });
    c.applyPage([{ ...orders[0]!, deliveringNumber: 1, orderDeliveryStatus: 1 }], {
      seenAtMs: NOW + 1,
      baseline: false,
    });
    expect(ids(c.query({ due: 'overdue', sort: 'due', direction: 'asc' }))).toEqual(['SO00000007']);
  });

  it('the due filters read the deadline index', () => {
    const c = open();
    const plan = (sql: string) =>
      c.db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all()
        .map((r) => (r as { detail: string }).detail)
        .join('\n');
    expect(plan(`SELECT count(*) FROM orders WHERE due_ms <= ${NOW}`)).toMatch(/orders_by_due/);
    // The attention queue's kinds read their first rows in order from their index: no sort of every match.
    for (const where of [
      'has_after_sales = 1 AND after_sales_status = 1',
      'has_dispute = 1',
      'delivery_exception = 1',
    ]) {
      const p = plan(`SELECT rid FROM orders WHERE ${where} ORDER BY changed_ms ASC, rid ASC LIMIT 50`);
      expect(p).toMatch(/_queue/);
      expect(p).not.toMatch(/TEMP B-TREE/);
    }
  });
});

describe('deadline rules of the file', () => {
  it('recomputes every order when the rules change, and only then', () => {
    const c = open();
    c.applyPage([paidOrder(1, 30, 10, { orderStatus: 5 })], { seenAtMs: NOW, baseline: false });
    expect(c.countMatches({ due: 'any' })).toEqual({ ok: true, value: 0 }); // 5: closed by default
    const keepClosed = deadlineRulesSchema.parse({ closedOrderStatuses: [] });
    expect(c.applyDeadlineRules(keepClosed)).toEqual({ ok: true, value: 1 });
    expect(c.countMatches({ due: 'any' })).toEqual({ ok: true, value: 1 });
    expect(c.applyDeadlineRules(keepClosed)).toEqual({ ok: true, value: 0 });
    // A writer follows the recorded rules.
    c.applyPage([paidOrder(2, 30, 10, { orderStatus: 5 })], { seenAtMs: NOW, baseline: false });
    expect(c.countMatches({ due: 'overdue' })).toEqual({ ok: true, value: 2 });
  });

  it('a version-2 file gets its deadlines computed from the stored orders when migrated', () => {
    const file = tempFile();
    const c = open(file);
    c.applyPage([paidOrder(1, 30, 10), paidOrder(2, 1, 10)], { seenAtMs: NOW, baseline: false });
    caches.pop()!.close();
    const v2 = new Database(file);
    rewindToV6(v2);
    v2.exec(
      'DROP INDEX orders_by_due; DROP INDEX orders_refund_queue; DROP INDEX orders_dispute_queue; DROP INDEX orders_exception_queue; ALTER TABLE orders DROP COLUMN due_ms; ALTER TABLE orders DROP COLUMN due_allowed_ms; DROP TRIGGER orders_search_delete; DROP TABLE order_search',
    );
    v2.exec(DROP_INSIGHT_FACTS_SQL);
    v2.pragma('user_version = 2');
    v2.close();
    const migrated = open(file);
    expect(migrated.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    expect(migrated.db.prepare('SELECT due_ms FROM orders ORDER BY rid').pluck().all()).toEqual([
      NOW - 20 * MIN,
      NOW + 9 * MIN,
    ]);
    expect(migrated.countMatches({ due: 'overdue' })).toEqual({ ok: true, value: 1 });
    expect(NO_DUE_MS).toBeGreaterThan(NOW);
  });
});
