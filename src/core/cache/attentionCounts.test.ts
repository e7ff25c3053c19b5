import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/domain/order';
import { DEFAULT_DUE_SOON_RULE } from '../due/deadlineRules';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { ATTENTION_KINDS, attentionQueue, type AttentionOptions } from './attentionQueries';
import { StatementCache } from './statementCache';
import { tempCaches } from './testing/tempCaches';

const MIN = 60_000;
const NOW = Date.UTC(2026, 2, 10, 12, 0);
const caches = tempCaches('md-attention-');

/**
 * Orders in every combination the queue's kinds care about: after-sales request (no status learned, awaiting
 * review 1 or 2, decided 3), delivery exception, dispute, and a deadline that is overdue, due soon, later, or none
 * (delivered).
 */
function mixedOrders(): { orders: Order[]; statuses: Array<number | null> } {
  const orders: Order[] = [];
  const statuses: Array<number | null> = [];
  let seq = 0;
  for (const status of [undefined, null, 1, 2, 3] as const)
    for (const exception of [false, true])
      for (const dispute of [false, true])
        for (const [paidAgoMin, minutes, delivered] of [
          [30, 10, false], // overdue
          [9, 10, false], // due in 1 min of 10: due soon
          [1, 600, false], // due later
          [30, 10, true], // delivered: no deadline
        ] as const) {
          seq++;
          const paidMs = NOW - paidAgoMin * MIN;
          orders.push(
            fakeOrder(seq, paidMs - MIN, {
              payTime: new Date(paidMs).toISOString(),
              orderItems: [{ productSpuTitle: `Item ${seq}`, quantity: 1, deliveryTime: minutes, deliveryTimeUnit: 3 }],
              ...(delivered ? { deliveringNumber: 1 } : {}),
              isExistAfterSales: status !== undefined,
              isExistDispute: dispute,
              deliveryType: exception ? 2 : 1,
            }),
          );
          statuses.push(status ?? null);
        }
  return { orders, statuses };
}

function filledCache() {
  const cache = caches.open();
  const { orders, statuses } = mixedOrders();
  cache.applyPage(orders, { seenAtMs: NOW, baseline: false });
  // The after-sales status is learned through the list filter (afterSalesLearning.ts): set as that would.
  const learn = cache.db.prepare('UPDATE orders SET after_sales_status = ? WHERE id = ?');
  orders.forEach((o, i) => learn.run(statuses[i], o.id));
  return cache;
}

const options = (o: Partial<AttentionOptions>): AttentionOptions => ({
  nowMs: NOW,
  soon: DEFAULT_DUE_SOON_RULE,
  awaitingReview: [1, 2],
  limit: 10_000,
  ...o,
});

describe('the attention queue counts', () => {
  it.each([
    ['status not learned, awaiting 1 and 2', { awaitingReview: [1, 2], statusLearned: false }],
    ['status learned, awaiting 1 and 2', { awaitingReview: [1, 2], statusLearned: true }],
    ['status learned, awaiting 2', { awaitingReview: [2], statusLearned: true }],
    ['nothing awaits review', { awaitingReview: [], statusLearned: true }],
  ] as const)(
    'count each kind and the distinct orders across kinds exactly (%s)',
    (_name, o: Partial<AttentionOptions>) => {
      const cache = filledCache();
      const q = attentionQueue(new StatementCache(cache.db), options(o));
      // With a limit over every match, the entries are each kind's whole set.
      for (const kind of ATTENTION_KINDS)
        expect(q.counts[kind], kind).toBe(q.entries.filter((e) => e.kind === kind).length);
      expect(q.distinct).toBe(new Set(q.entries.map((e) => e.rid)).size);
      // The data set has orders in several kinds at once, and in each kind.
      expect(q.distinct).toBeLessThan(q.entries.length);
      for (const kind of ['overdue', 'due-soon', 'exception', 'dispute'] as const)
        expect(q.counts[kind]).toBeGreaterThan(0);
      expect(Object.keys(q.counts)).toEqual([...ATTENTION_KINDS]);
    },
  );

  describe.each([
    ['status not learned, awaiting 1 and 2', { awaitingReview: [1, 2], statusLearned: false }],
    ['status learned, awaiting 2', { awaitingReview: [2], statusLearned: true }],
  ] as const)('capped (the first answer at a million orders), %s', (_name, o: Partial<AttentionOptions>) => {
    // Caps around each kind's count (refunds 96 or 32, overdue 40, exceptions and disputes 80, due soon 40).
    it.each([1, 31, 32, 33, 39, 40, 41, 79, 80, 81, 95, 96, 97, 139, 140, 1_000])('cap %i', (cap) => {
      const cache = filledCache();
      const statements = new StatementCache(cache.db);
      const exact = attentionQueue(statements, options(o));
      const capped = attentionQueue(statements, options({ ...o, countCap: cap }));
      expect(exact.atLeast).toEqual([]);
      for (const kind of ATTENTION_KINDS) {
        if (exact.counts[kind] <= cap) {
          // Within the cap: the exact number, said to be exact.
          expect(capped.counts[kind], kind).toBe(exact.counts[kind]);
          expect(capped.atLeast, kind).not.toContain(kind);
        } else {
          // Over it: "more than the cap", which is true.
          expect(capped.counts[kind], kind).toBe(cap);
          expect(capped.atLeast, kind).toContain(kind);
        }
      }
      if (ATTENTION_KINDS.some((k) => exact.counts[k] > cap)) {
        expect(capped.distinct).toBe(cap);
        expect(capped.atLeast).toContain('distinct');
        expect(exact.distinct).toBeGreaterThan(cap);
      } else {
        expect(capped.distinct).toBe(exact.distinct);
        expect(capped.atLeast).not.toContain('distinct');
      }
      // The rows and the next change are the same: only the counting is bounded.
      expect(capped.entries).toEqual(exact.entries);
      expect(capped.nextChangeMs).toBe(exact.nextChangeMs);
    });
  });

  it('counts from the indexes alone: no table row read, no set of every order kept', () => {
    const cache = filledCache();
    const plans: Array<{ sql: string; plan: string }> = [];
    const prepare = cache.db.prepare.bind(cache.db);
    cache.db.prepare = ((sql: string) => {
      if (/^\s*SELECT/i.test(sql) && !sql.includes('sqlite_schema') && !sql.includes('FROM meta'))
        plans.push({
          sql,
          plan: (
            prepare(`EXPLAIN QUERY PLAN ${sql}`).all(
              ...sql
                .split('?')
                .slice(1)
                .map(() => 0),
            ) as Array<{ detail: string }>
          )
            .map((r) => r.detail)
            .join('\n'),
        });
      return prepare(sql);
    }) as typeof cache.db.prepare;
    attentionQueue(new StatementCache(cache.db), options({ limit: 50 }));
    // Capped: each kind's first entries, over the cap (every kind stopped) and within it (the exact distinct too).
    attentionQueue(new StatementCache(cache.db), options({ limit: 50, countCap: 10 }));
    attentionQueue(new StatementCache(cache.db), options({ limit: 50, countCap: 1_000 }));
    expect(plans.filter((p) => /LIMIT \?\)$/.test(p.sql)).length).toBeGreaterThan(4);
    expect(plans.length).toBeGreaterThan(5);
    for (const { sql, plan } of plans) {
      // Before: the distinct total was a UNION of every kind's rids (a temporary B-tree of all of them: 87 ms of
      // the queue's 95 at 1,000,000 orders).
      expect(plan, sql).not.toMatch(/TEMP B-TREE|COMPOUND|UNION/);
      if (/^SELECT count\(\*\)/.test(sql)) expect(plan, sql).toMatch(/COVERING INDEX/);
    }
  });
});
