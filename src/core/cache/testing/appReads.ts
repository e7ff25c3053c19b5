import type Database from 'better-sqlite3';
import type { Order } from '../../../shared/domain/order';
import type { OrderCache } from '../orderCache';

const DAY = 86_400_000;

/**
 * Tests only: every kind of read the app makes of a cache, labelled — the list indexUse.test.ts proves each index
 * by, and plansWithStats.test.ts re-plans with statistics. One list, so a read added for one is planned by both.
 * `orders` are the cache's orders (a buyer, an order number and IDs are taken from them), `nowMs` the clock.
 */
export function appReads(cache: OrderCache, orders: readonly Order[], nowMs: number): Array<[string, () => unknown]> {
  const since = new Date(nowMs - 30 * DAY).toISOString();
  const buyer = orders[4]!.buyerId!;
  return [
    ['newest first', () => cache.query({ limit: 50 })],
    ['paid first', () => cache.query({ limit: 50, sort: 'paid' })],
    ['by due', () => cache.query({ limit: 50, sort: 'due' })],
    ['status', () => cache.query({ limit: 50, sellerOrderStatus: [2, 3] })],
    ['rare status', () => cache.query({ limit: 50, sellerOrderStatus: [6] })],
    ['after-sales status', () => cache.query({ limit: 50, orderAfterSalesStatus: [2] })],
    ['delivery status', () => cache.query({ limit: 50, deliveryStatus: [3] })],
    ['created since', () => cache.query({ limit: 50, createBeginDate: since })],
    ['updated since', () => cache.query({ limit: 50, updateBeginDate: since })],
    ['flags: after-sales', () => cache.query({ limit: 50, hasAfterSales: true })],
    ['flags: dispute', () => cache.query({ limit: 50, hasDispute: true })],
    ['flags: exception', () => cache.query({ limit: 50, deliveryException: true })],
    ['product title', () => cache.query({ limit: 50, productTitle: 'steam' })],
    ['buyer', () => cache.query({ limit: 50, buyerId: buyer })],
    ['order number', () => cache.query({ limit: 50, orderNum: orders[7]!.orderNum })],
    ['order id', () => cache.query({ limit: 50, id: orders[9]!.id })],
    ['due overdue', () => cache.query({ limit: 50, due: 'overdue' })],
    ['due soon', () => cache.query({ limit: 50, due: 'soon' })],
    ['search', () => cache.query({ limit: 50, search: 'steam' })],
    ['search + status', () => cache.query({ limit: 50, search: 'steam', sellerOrderStatus: [4] })],
    ['search 2 letters', () => cache.query({ limit: 50, search: 'ギフ' })],
    ['counts', () => cache.counts({ sellerOrderStatus: [2] })],
    ['attention', () => cache.attention({ awaitingReview: [1, 2], limit: 50 })],
    ['next due change', () => cache.nextDueChange()],
    ['order by id', () => cache.getOrder(orders[11]!.id)],
    ['stats', () => cache.stats()],
    [
      'insights',
      () =>
        cache.insightRows(
          {
            timeZone: 'UTC',
            days: { buckets: [{ firstDay: Math.floor(nowMs / DAY) - 60, lastDay: Math.floor(nowMs / DAY) }] },
            fromMs: nowMs - 60 * DAY,
            toMs: nowMs,
            top: 10,
          },
          (rows) => [rows.series, rows.leads, rows.products, rows.skus, rows.repeatBuyers, rows.buyerName(buyer)],
        ),
    ],
  ];
}

/**
 * Wraps db.prepare so every read statement run (WITH/SELECT, through all/get/iterate) hands its EXPLAIN QUERY PLAN
 * lines to `onPlan`. A statement whose plan cannot be explained with these arguments (pluck/expand quirks) is skipped.
 */
export function explainEachRead(db: Database.Database, onPlan: (details: string[]) => void): void {
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    const stmt = prepare(sql);
    for (const method of ['all', 'get', 'iterate'] as const) {
      const original = (stmt[method] as (...a: unknown[]) => unknown).bind(stmt);
      (stmt as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        if (/^\s*(WITH|SELECT)/i.test(sql)) {
          let details: string[] | undefined;
          try {
            details = (prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...(args as [])) as Array<{ detail: string }>).map(
              (r) => r.detail,
            );
          } catch {
            // Not explainable with these arguments: skipped.
          }
          if (details) onPlan(details);
        }
        return original(...args);
      };
    }
    return stmt;
  }) as typeof db.prepare;
}
