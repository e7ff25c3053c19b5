import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/domain/order';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { COUNT_CAP, countUpTo, ownTextProbe, titleSetProbe } from './countMatches';
import { filterSql } from './filterSql';
import { openOrderCache } from './openCache';
import type { OrderCache } from './orderCache';
import type { CacheFilterInput } from './querySchema';
import { StatementCache } from './statementCache';

/**
 * The quick count (the Orders screen's "10,000+"): exact up to the cap, "at least the cap" past it — for every kind
 * of filter, on a real cache holding more orders than the cap (the cap is passed small so the file stays small).
 */
const T0 = Date.UTC(2025, 0, 1);
const N = 600;
let cache: OrderCache;
let statements: StatementCache;
const orders: Order[] = [];

beforeAll(() => {
  const r = openOrderCache({ file: path.join(mkdtempSync(path.join(tmpdir(), 'md-countupto-')), 'c.sqlite') });
  if (!r.ok) throw new Error(r.error.kind);
  cache = r.value;
  for (let i = 1; i <= N; i++)
    orders.push(
      fakeOrder(i, T0 + i * 60_000, {
        orderStatus: i % 3 === 0 ? 4 : 2,
        // Steam orders of status 9 are few and all at the end: a quick count driven by "steam" meets them last.
        ...(i > N - 8 && i % 2 === 0 ? { orderStatus: 9 } : {}),
        isExistDispute: i % 40 === 0,
        remark: i % 100 === 0 ? 'rush: ok' : '',
      }),
    );
  // Most of the orders in the text indexes, the last 60 stored but not indexed yet (as during a sync).
  for (let i = 0; i < N - 60; i += 100)
    cache.applyPage(orders.slice(i, Math.min(i + 100, N - 60)), { seenAtMs: T0, baseline: false });
  cache.indexPendingSearchRows();
  cache.applyPage(orders.slice(N - 60), { seenAtMs: T0, baseline: false });
  statements = new StatementCache(cache.db);
});

afterAll(() => cache.close());

const isSteam = (o: Order) => (o.orderItems?.[0]?.productSpuTitle ?? '').startsWith('Steam');
const region = (o: Order) => (o.orderItems?.[0]?.productSkuAttr as Record<string, string>).Region;
/** Each filter with the orders that truly match it, counted here in plain code. */
const cases: Array<[string, CacheFilterInput, (o: Order) => boolean]> = [
  ['no filter', {}, () => true],
  ['status 4 (an index)', { sellerOrderStatus: [4] }, (o) => o.orderStatus === 4],
  ['a dispute (a partial index)', { hasDispute: true }, (o) => o.isExistDispute === true],
  ['🔎 steam (one word)', { search: 'steam' }, isSteam],
  [
    '🔎 netflix eu (a trigram word and a pair word)',
    { search: 'netflix eu' },
    (o) => !isSteam(o) && region(o) === 'EU',
  ],
  ['🔎 steam + status 4', { search: 'steam', sellerOrderStatus: [4] }, (o) => isSteam(o) && o.orderStatus === 4],
  [
    '🔎 steam + status 9 (rare, last)',
    { search: 'steam', sellerOrderStatus: [9] },
    (o) => isSteam(o) && o.orderStatus === 9,
  ],
  ['🔎 "ok" + ":" (LIKE on a short word)', { search: 'ok :' }, (o) => (o.remark ?? '').includes(': ok')],
];

describe('countUpTo', () => {
  it('holds more orders than the caps used here, some not yet in the text indexes', () => {
    expect(cache.orderCount()).toEqual({ ok: true, value: N });
    expect(
      cache.db.prepare('SELECT count(*) FROM orders WHERE rid > (SELECT indexed_rid FROM fts_state)').pluck().get(),
    ).toBe(60);
  });

  it.each(cases)('%s: exact up to the cap, "at least the cap" past it', (_label, filter, matches) => {
    const truth = orders.filter(matches).length;
    expect(truth).toBeGreaterThan(0);
    expect(cache.countMatches(filter)).toEqual({ ok: true, value: truth });
    for (const cap of [1, 3, truth - 1, truth, truth + 1, N * 2].filter((c) => c >= 1)) {
      const expected = truth > cap ? { count: cap, atLeast: true } : { count: truth, atLeast: false };
      expect({ cap, ...countUpTo(statements, filter as never, cap) }).toEqual({ cap, ...expected });
    }
  });

  it('a catalogue word is counted lazily through the title sets (schema 9): only true matches, enough to say "more"', () => {
    for (const [label, filter, matches] of cases.filter(([, f]) => f.search !== undefined)) {
      const truth = orders.filter(matches).length;
      const found = titleSetProbe(statements, filter as never, filterSql(filter as never), N * 2);
      if (found === undefined) continue;
      expect({ label, subset: found <= truth }).toEqual({ label, subset: true });
    }
    // "steam" is in the titles only: the orders' own text has no such word, so only the sets can find it.
    const steam = orders.filter(isSteam).length;
    expect(steam).toBeGreaterThan(40);
    expect(titleSetProbe(statements, { search: 'steam' } as never, filterSql({ search: 'steam' } as never), 40)).toBe(
      41,
    );
  });

  it("an order's own text (buyer name, remark) is counted lazily through its own documents, not by the exact count", () => {
    // "buyer" is in every buyer name ("Buyer 12"), never in a title: the title sets find none of it.
    const run: string[] = [];
    const prepare = cache.db.prepare.bind(cache.db);
    cache.db.prepare = ((sql: string) => {
      run.push(sql);
      return prepare(sql);
    }) as typeof cache.db.prepare;
    try {
      const fresh = new StatementCache(cache.db);
      expect(countUpTo(fresh, { search: 'buyer' } as never, 40)).toEqual({ count: 40, atLeast: true });
      expect(countUpTo(fresh, { search: 'buyer', sellerOrderStatus: [4] } as never, 40)).toEqual({
        count: 40,
        atLeast: true,
      });
    } finally {
      cache.db.prepare = prepare;
    }
    // The exact count collects every match of each word (textMatches.ts, MATERIALIZED): not needed to say "40+".
    expect(run.filter((sql) => sql.includes('MATERIALIZED'))).toEqual([]);
    expect(run.some((sql) => sql.includes('order_own_fts MATCH'))).toBe(true);
  });

  it("a word of the orders' own text is counted lazily through their documents: only true matches", () => {
    // The phrase "buyer 1" is in every order of buyers 1 and 10–19 (their own text only).
    const probe = (search: string, cap: number) =>
      ownTextProbe(statements, { search: `"${search}"` } as never, filterSql({ search: `"${search}"` } as never), cap);
    for (const [label, filter, matches] of cases.filter(([, f]) => f.search !== undefined)) {
      const found = ownTextProbe(statements, filter as never, filterSql(filter as never), N * 2);
      if (found === undefined) continue;
      expect({ label, subset: found <= orders.filter(matches).length }).toEqual({ label, subset: true });
    }
    const buyer = (name: string) =>
      orders.slice(0, N - 60).filter((o) => (o.buyerName ?? '').toLowerCase().includes(name));
    expect(buyer('buyer 1').length).toBeGreaterThan(40);
    expect(probe('buyer 1', 40)).toBe(41);
    expect(probe('buyer 1', N * 2)).toBe(buyer('buyer 1').length);
    // A phrase of several trigrams: only the orders holding it, not those holding its trigrams ("buyer 91").
    expect(probe('yer 19', N * 2)).toBe(buyer('yer 19').length);
  });

  it('the cache answers it through validated filters, with the screen cap by default', () => {
    expect(COUNT_CAP).toBe(10_000);
    const status4 = orders.filter((o) => o.orderStatus === 4).length;
    expect(cache.countUpTo({ sellerOrderStatus: [4] })).toEqual({
      ok: true,
      value: { count: status4, atLeast: false },
    });
    expect(cache.countUpTo({ sellerOrderStatus: [4] }, 50)).toEqual({ ok: true, value: { count: 50, atLeast: true } });
    expect(cache.countUpTo({ limit: 5 }).ok).toBe(false);
  });
});
