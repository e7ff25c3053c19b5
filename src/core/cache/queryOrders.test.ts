import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/domain/order';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { openOrderCache } from './openCache';
import type { OrderCache } from './orderCache';
import { runCacheQuery } from './queryOrders';
import { ORDERED_SCAN_THRESHOLD, TEXT_SCAN_THRESHOLD } from './queryPage';
import { cacheQuerySchema, type CacheQueryInput } from './querySchema';
import { StatementCache } from './statementCache';
import { runPageQuery } from './queryPage';
import { filterSql } from './filterSql';
import { COMMON_SHARE, sizeFactor, TESTS_PER_PAGE_ROW, textPlanFor, type TextPlan } from './textTestPlan';
import { learnFixtureStatuses } from './testing/learnedFixtures';

const T0 = Date.UTC(2025, 0, 1);
const HOUR = 3_600_000;
let cache: OrderCache;
const orders: Order[] = [];
const changedAt = new Map<string, number>();

/**
 * 2,400 varied orders: statuses, after-sales, disputes, delivery states, texts, unpaid ones, equal creation
 * times. Broad queries match more than ORDERED_SCAN_THRESHOLD (ordered scan), narrow ones fewer (sorted matches).
 */
const N = 2_400;
function makeOrders(): Order[] {
  const out: Order[] = [];
  for (let i = 1; i <= N; i++) {
    const createMs = T0 + Math.floor(i / 3) * HOUR; // groups of equal creation times test the tie-break
    out.push(
      fakeOrder(i, createMs, {
        orderStatus: (i % 6) + 1,
        orderAfterSalesStatus: i % 10 === 0 ? (i % 4) + 1 : 0,
        isExistAfterSales: i % 10 === 0,
        isExistDispute: i % 25 === 0,
        orderDeliveryStatus: i % 4,
        deliveryType: i % 33 === 0 ? 2 : 1,
        payTime: i % 7 === 0 ? null : new Date(createMs + ((i * 7919) % 1000) * 60_000).toISOString(),
        remark: i % 50 === 0 ? 'Please deliver before Friday — 급해요' : '',
        buyerName: i % 11 === 0 ? '김민준' : i % 13 === 0 ? '张伟' : `Buyer ${i % 97}`,
      }),
    );
  }
  return out;
}

beforeAll(() => {
  const r = openOrderCache({ file: path.join(mkdtempSync(path.join(tmpdir(), 'md-query-')), 'c.sqlite') });
  if (!r.ok) throw new Error(r.error.kind);
  cache = r.value;
  orders.push(...makeOrders());
  // Most indexed, the rest waiting for the index (as during a sync): queries must see both.
  for (let i = 0; i < 2000; i += 100)
    cache.applyPage(orders.slice(i, i + 100), { seenAtMs: T0 + 1000 * HOUR, baseline: false });
  cache.indexPendingSearchRows();
  for (let i = 2000; i < N; i += 100)
    cache.applyPage(orders.slice(i, i + 100), { seenAtMs: T0 + 1000 * HOUR, baseline: false });
  // The status the fixtures carry, as the filter would have taught it (the cache never reads the field).
  learnFixtureStatuses(cache, orders);
  for (const o of orders)
    changedAt.set(o.id, cache.db.prepare('SELECT changed_ms FROM orders WHERE id = ?').pluck().get(o.id) as number);
});
afterAll(() => cache.close());

const ms = (s: string | null | undefined) => (s ? Date.parse(s) : 0);
const text = (o: Order) =>
  [
    o.orderNum,
    o.buyerName,
    (o.orderItems ?? []).map((i) => i.productSpuTitle).join('\n'),
    (o.orderItems ?? [])
      .flatMap((i) => Object.entries(i.productSkuAttr ?? {}).map(([k, v]) => `${k}: ${String(v)}`))
      .join('\n'),
    o.remark,
  ]
    .join('\u0000')
    .toLowerCase();

/** The reference: the same query answered over the array in plain JS (text: NFC, lower-case; no accent folding needed here). */
function reference(q: CacheQueryInput): string[] {
  const match = orders.filter((o) => {
    if (q.id && o.id !== q.id) return false;
    if (q.orderNum && o.orderNum !== q.orderNum) return false;
    if (q.buyerId && o.buyerId !== q.buyerId) return false;
    if (
      q.productTitle &&
      !(o.orderItems ?? []).some((i) => i.productSpuTitle?.toLowerCase().includes(q.productTitle!.toLowerCase()))
    )
      return false;
    if (q.sellerOrderStatus && !q.sellerOrderStatus.includes(o.orderStatus!)) return false;
    if (q.orderAfterSalesStatus && !q.orderAfterSalesStatus.includes(o['orderAfterSalesStatus'] as number))
      return false;
    if (q.createBeginDate && ms(o.createTime) < Date.parse(q.createBeginDate)) return false;
    if (q.createEndDate && ms(o.createTime) > Date.parse(q.createEndDate)) return false;
    if (q.updateBeginDate && changedAt.get(o.id)! < Date.parse(q.updateBeginDate)) return false;
    if (q.hasAfterSales !== undefined && o.isExistAfterSales !== q.hasAfterSales) return false;
    if (q.hasDispute !== undefined && o.isExistDispute !== q.hasDispute) return false;
    if (q.deliveryStatus && !q.deliveryStatus.includes(o.orderDeliveryStatus!)) return false;
    if (q.deliveryException !== undefined && (o.deliveryType === 2) !== q.deliveryException) return false;
    if (q.search && !q.search.split(/\s+/).every((w) => text(o).includes(w.toLowerCase()))) return false;
    return true;
  });
  const key = (o: Order) => (q.sort === 'paid' ? ms(o.payTime) : ms(o.createTime));
  const rid = (o: Order) => orders.indexOf(o);
  const dir = q.direction === 'asc' ? 1 : -1;
  return match.sort((a, b) => dir * (key(a) - key(b) || rid(a) - rid(b))).map((o) => o.id);
}

function all(q: CacheQueryInput): { total: number | undefined; ids: string[]; pages: number } {
  const ids: string[] = [];
  let cursor: string | undefined;
  let total: number | undefined;
  let pages = 0;
  do {
    const r = cache.query({ ...q, ...(cursor ? { cursor } : {}) });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    pages++;
    total ??= r.value.total;
    ids.push(...r.value.list.map((o) => o.id));
    cursor = r.value.nextCursor ?? undefined;
  } while (cursor);
  return { total, ids, pages };
}

const someBuyer = () => orders[42]!.buyerId!;

describe('cache queries equal the same filter applied in plain JS', () => {
  const cases: Array<[string, () => CacheQueryInput]> = [
    ['no filter', () => ({})],
    ['id', () => ({ id: orders[10]!.id })],
    ['order number', () => ({ orderNum: orders[20]!.orderNum! })],
    ['buyer id', () => ({ buyerId: someBuyer() })],
    ['product title, fuzzy and case-insensitive', () => ({ productTitle: 'wallet' })],
    ['product title in Japanese', () => ({ productTitle: 'ギフト' })],
    ['status list', () => ({ sellerOrderStatus: [2, 3] })],
    ['after-sales status list', () => ({ orderAfterSalesStatus: [1, 3] })],
    [
      'created range',
      () => ({
        createBeginDate: new Date(T0 + 20 * HOUR).toISOString(),
        createEndDate: new Date(T0 + 50 * HOUR).toISOString(),
      }),
    ],
    ['updated since', () => ({ updateBeginDate: new Date(T0 + 100 * HOUR).toISOString() })],
    ['flags', () => ({ hasAfterSales: true, hasDispute: false })],
    ['dispute', () => ({ hasDispute: true })],
    ['delivery status and exception', () => ({ deliveryStatus: [0, 1], deliveryException: false })],
    ['delivery exception', () => ({ deliveryException: true })],
    ['search across fields, indexed and waiting rows', () => ({ search: 'steam us' })],
    ['search a Korean name', () => ({ search: '김민준' })],
    ['search a 2-character name (character-pair index)', () => ({ search: '민준' })],
    ['search a 2-character Chinese name', () => ({ search: '张伟' })],
    ['search one character', () => ({ search: '伟' })],
    ['search short punctuation (LIKE)', () => ({ search: '—' })],
    ['search remark words', () => ({ search: 'friday' })],
    ['search with a 2-letter word', () => ({ search: 'eu' })],
    ['search combined with filters', () => ({ search: 'netflix', sellerOrderStatus: [1, 4], hasAfterSales: false })],
    ['sort by paid time', () => ({ sort: 'paid' })],
    ['ascending', () => ({ direction: 'asc', sellerOrderStatus: [5] })],
    ['ascending, broad', () => ({ direction: 'asc', hasDispute: false })],
    ['paid, broad, with a flag', () => ({ sort: 'paid', deliveryException: false })],
    ['broad search with a filter', () => ({ search: 'buyer', hasAfterSales: false })],
    [
      'search with a created range, paid sort',
      () => ({ search: 'buyer', createBeginDate: new Date(T0 + 20 * HOUR).toISOString(), sort: 'paid' }),
    ],
    [
      'search with a product title and an updated-since',
      () => ({ search: 'us', productTitle: 'steam', updateBeginDate: new Date(T0 + 10 * HOUR).toISOString() }),
    ],
    ['search punctuation (LIKE) with a status', () => ({ search: '— buyer', sellerOrderStatus: [1, 2, 3, 4] })],
  ];
  it.each(cases)('%s', (_name, make) => {
    const limit = 97;
    const q = { ...make(), limit } as CacheQueryInput;
    const expected = reference(q);
    const got = all(q);
    expect(got.ids).toEqual(expected);
    expect(got.total).toBe(expected.length);
    expect(got.pages).toBe(Math.max(1, Math.ceil(expected.length / limit)));
    expect(expected.length).toBeGreaterThan(0);
  });

  it('finds nothing for a word nobody wrote', () => {
    expect(all({ search: 'zzzqqq' })).toEqual({ total: 0, ids: [], pages: 1 });
  });
});

describe('query input', () => {
  it('rejects invalid input with the field named', () => {
    expect(cache.query({ limit: 0 })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-query', message: expect.stringMatching(/limit/) },
    });
    expect(cache.query({ createBeginDate: 'soon' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-query', message: expect.stringMatching(/createBeginDate/) },
    });
    expect(cache.query({ nope: 1 })).toMatchObject({ ok: false, error: { kind: 'invalid-query' } });
  });

  it('refuses a cursor from a query with another sort', () => {
    const first = cache.query({ limit: 5 });
    if (!first.ok || !first.value.nextCursor) throw new Error('expected a cursor');
    expect(cache.query({ sort: 'paid', cursor: first.value.nextCursor })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-query' },
    });
    expect(cache.query({ cursor: 'garbage' })).toMatchObject({ ok: false, error: { kind: 'invalid-query' } });
  });
});

describe('first page and count apart', () => {
  const cases: CacheQueryInput[] = [
    {},
    { search: 'steam us', sellerOrderStatus: [4] },
    { search: 'netflix', createBeginDate: new Date(T0 + 100 * HOUR).toISOString() },
    { productTitle: 'gift', hasDispute: false },
    { search: '张伟' },
  ];
  it.each(cases)('%j: the page equals the counted query, the count its total', (input) => {
    const both = cache.query({ ...input, limit: 20 });
    const page = cache.queryPage({ ...input, limit: 20 });
    const count = cache.countMatches(input);
    if (!both.ok || !page.ok || !count.ok) throw new Error('query failed');
    expect(page.value).toEqual({ list: both.value.list, nextCursor: both.value.nextCursor });
    expect(count.value).toBe(both.value.total);
    expect(count.value).toBe(reference(input).length);
  });

  it('the last page says so with a null cursor; the count refuses paging fields', () => {
    expect(cache.queryPage({ id: orders[3]!.id })).toMatchObject({ ok: true, value: { nextCursor: null } });
    expect(cache.countMatches({ limit: 5 })).toMatchObject({ ok: false, error: { kind: 'invalid-query' } });
  });

  it('a search of too many words is refused with the cap, not an SQLite error', () => {
    const search = Array.from({ length: 1000 }, (_, i) => `w${i}`).join(' ');
    for (const r of [cache.query({ search }), cache.queryPage({ search }), cache.countMatches({ search })])
      expect(r).toEqual({
        ok: false,
        error: {
          kind: 'invalid-query',
          message: 'search: search text has 1000 words; at most 32 are allowed (narrow it with filters instead)',
        },
      });
  });
});

describe('plans', () => {
  it('uses both plans: broad queries read in sort order, narrow ones sort their matches', () => {
    const broad = reference({});
    const narrow = reference({ hasDispute: true });
    expect(broad.length).toBeGreaterThan(ORDERED_SCAN_THRESHOLD);
    expect(narrow.length).toBeLessThanOrEqual(ORDERED_SCAN_THRESHOLD);
  });
});

describe('text search plans', () => {
  const planOf = (input: CacheQueryInput) =>
    textPlanFor(new StatementCache(cache.db), filterSql(cacheQuerySchema.parse(input)).textTest, { plan: 'auto' });

  it('tests common words row by row and looks rare ones up in the full-text indexes', () => {
    expect(planOf({ search: 'buyer', sellerOrderStatus: [4] })).toBe('tested');
    expect(planOf({ search: 'buyer 1' })).toBe('tested'); // the pair index bounds nothing more: "buyer" decides
    expect(planOf({ search: orders[10]!.orderNum!, sellerOrderStatus: [4] })).toBe('full-text');
    expect(planOf({ search: 'zanzibar' })).toBe('full-text');
    // A word holding the column separator cannot be tested on the joined text.
    expect(planOf({ search: 'buyer\u001f' })).toBe('full-text');
  });

  it('past 100,000 orders, words are tested from a smaller share and for longer (the full-text cost grows with them)', () => {
    expect(sizeFactor(0)).toBe(1);
    expect(sizeFactor(100_000)).toBe(1);
    // At a million: tested from 1.26 % of the orders (0.63 % with filters), up to 316 tests per row of the page.
    expect(COMMON_SHARE.alone / sizeFactor(1_000_000)).toBeCloseTo(0.0126, 4);
    expect(COMMON_SHARE.withFilters / sizeFactor(1_000_000)).toBeCloseTo(0.0063, 4);
    expect(Math.round(TESTS_PER_PAGE_ROW * sizeFactor(1_000_000))).toBe(316);
  });

  it('a common word rare under the filters falls back to the full-text matches when its budget runs out', () => {
    // "friday" is in 2% of the orders; 51 rows tested in sort order find about one: the page is not the last.
    const input = { search: 'friday', sellerOrderStatus: [1, 2, 3], limit: 50 };
    const tight: TextPlan = { plan: 'tested', fewFilterMatches: 0, testsPerPageRow: 1 };
    const page = runPageQuery(new StatementCache(cache.db), cacheQuerySchema.parse(input), undefined, tight);
    if (!page.ok) throw new Error(page.error.message);
    expect(page.value.list.map((o) => o.id)).toEqual(reference(input).slice(0, 50));
    expect(reference(input).length).toBeGreaterThan(1);
  });
});

describe('both plans give the same pages', () => {
  // Ordered read through the sort index (threshold 0) vs the matches sorted (threshold Infinity).
  const cases: Array<[string, CacheQueryInput]> = [
    ['broad search', { search: 'buyer' }],
    ['broad search, paid, ascending', { search: 'buyer', sort: 'paid', direction: 'asc' }],
    ['rare search', { search: '김민준' }],
    ['rare two-character word', { search: '张伟' }],
    ['broad product title', { productTitle: 'steam' }],
    ['rare product title with a status', { productTitle: 'wallet', sellerOrderStatus: [2] }],
    ['broad search with a status (a search in a tab)', { search: 'buyer', sellerOrderStatus: [1, 2, 3] }],
    ['search with a created range, paid', { search: 'us', createBeginDate: new Date(T0).toISOString(), sort: 'paid' }],
    ['rare search with a flag', { search: 'friday', hasAfterSales: false }],
    ['search with punctuation and a status', { search: '— buyer', sellerOrderStatus: [1, 2] }],
    ['broad filter, no text', { hasDispute: false, direction: 'asc' }],
  ];
  it.each(cases)('%s', (_name, input) => {
    const statements = new StatementCache(cache.db);
    const pages = (threshold: number, textPlan?: TextPlan) => {
      const out: Array<{ total: number | undefined; ids: string[] }> = [];
      let cursor: string | undefined;
      do {
        const q = runCacheQuery(
          statements,
          cacheQuerySchema.parse({ ...input, limit: 50, ...(cursor ? { cursor } : {}) }),
          threshold,
          textPlan,
        );
        if (!q.ok) throw new Error(q.error.message);
        const r = q.value;
        out.push({ total: r.total, ids: r.list.map((o) => o.id) });
        cursor = r.nextCursor ?? undefined;
      } while (cursor && out.length < 4);
      return out;
    };
    const ordered = pages(0);
    expect(ordered).toEqual(pages(Infinity));
    expect(ordered).toEqual(pages(ORDERED_SCAN_THRESHOLD));
    expect(ordered).toEqual(pages(TEXT_SCAN_THRESHOLD));
    // A text search tested row by row: the filters' matches sorted, or read in sort order; and never so.
    expect(ordered).toEqual(pages(0, { plan: 'tested' }));
    expect(ordered).toEqual(pages(0, { plan: 'tested', fewFilterMatches: 0 }));
    expect(ordered).toEqual(pages(0, { plan: 'full-text' }));
    const expected = reference({ ...input, limit: 50 });
    expect(ordered[0]!.total).toBe(expected.length);
    expect(ordered.flatMap((p) => p.ids)).toEqual(expected.slice(0, ordered.length * 50));
  });

  it('the broad cases are broad and the rare ones rare', () => {
    expect(reference({ search: 'buyer' }).length).toBeGreaterThan(ORDERED_SCAN_THRESHOLD);
    expect(reference({ search: '김민준' }).length).toBeLessThanOrEqual(TEXT_SCAN_THRESHOLD);
    expect(reference({ search: 'friday', hasAfterSales: false }).length).toBeLessThanOrEqual(TEXT_SCAN_THRESHOLD);
  });
});

describe('counts', () => {
  it('counts per order status and per after-sales status under the filters', () => {
    const r = cache.counts({ hasDispute: false });
    if (!r.ok) throw new Error('counts failed');
    const subset = orders.filter((o) => !o.isExistDispute);
    expect(r.value.total).toBe(subset.length);
    for (const { status, count } of r.value.byOrderStatus)
      expect(count).toBe(subset.filter((o) => o.orderStatus === status).length);
    for (const { status, count } of r.value.byAfterSalesStatus)
      // Learned statuses (fixtures' 0, "none", is no state: null).
      expect(count).toBe(subset.filter((o) => ((o['orderAfterSalesStatus'] as number) || null) === status).length);
    expect(r.value.byAfterSalesStatus.reduce((n, s) => n + s.count, 0)).toBe(subset.length);
  });

  it('unfiltered counts come from the trigger-kept table and equal a full count, also after updates', () => {
    const byScan = (dim: string) =>
      cache.db
        .prepare(`SELECT ${dim} AS status, count(*) AS count FROM orders GROUP BY ${dim} ORDER BY ${dim}`)
        .all() as Array<{ status: number | null; count: number }>;
    const check = () =>
      expect(cache.counts({})).toEqual({
        ok: true,
        value: { total: N, byOrderStatus: byScan('order_status'), byAfterSalesStatus: byScan('after_sales_status') },
      });
    check();
    const moved = orders.slice(100, 103).map((o) => ({ ...o, orderStatus: 9, orderAfterSalesStatus: null }));
    cache.applyPage(moved, { seenAtMs: T0, baseline: true });
    expect(byScan('order_status').find((c) => c.status === 9)?.count).toBe(3);
    check();
    cache.applyPage(orders.slice(100, 103), { seenAtMs: T0, baseline: true });
    check();
  });

  it('stats sum up the cache', () => {
    const s = cache.stats();
    if (!s.ok) throw new Error('stats failed');
    expect(s.value).toMatchObject({
      orders: N,
      withDispute: orders.filter((o) => o.isExistDispute).length,
      withDeliveryException: orders.filter((o) => o.deliveryType === 2).length,
      oldestCreateMs: ms(orders[0]!.createTime),
      newestCreateMs: ms(orders[N - 1]!.createTime),
    });
  });
});

describe('rows not yet indexed are found exactly as indexed ones', () => {
  it('case and accents fold the same way before and after indexing', () => {
    const r = openOrderCache({ file: path.join(mkdtempSync(path.join(tmpdir(), 'md-fold-')), 'c.sqlite') });
    if (!r.ok) throw new Error(r.error.kind);
    const c = r.value;
    try {
      c.applyPage(
        [
          fakeOrder(1, T0, { buyerName: 'Jürgen Müller' }),
          fakeOrder(2, T0 + HOUR, { buyerName: 'Élodie Dupré', remark: 'ÇA VA' }),
          fakeOrder(3, T0 + 2 * HOUR, { buyerName: 'Muller Bros' }),
          // Kana voicing marks and Indic vowel signs are no accents: "ガスター" is not "カスター".
          fakeOrder(4, T0 + 3 * HOUR, { buyerName: 'カスター' }),
          fakeOrder(5, T0 + 4 * HOUR, { buyerName: 'कताब' }),
          fakeOrder(6, T0 + 5 * HOUR, { buyerName: 'ガスター' }),
          fakeOrder(7, T0 + 6 * HOUR, { buyerName: 'किताब' }),
        ],
        { seenAtMs: T0, baseline: false },
      );
      const searches = [
        'müller',
        'MÜLLER',
        'muller',
        'élodie',
        'ELODIE',
        'dupre',
        'ça va',
        'ca',
        'jürgen mül',
        'ガスター',
        'किताब',
      ];
      const ids = (search: string) => {
        const q = c.query({ search });
        if (!q.ok) throw new Error(JSON.stringify(q.error));
        return q.value.list.map((o) => o.id).sort();
      };
      // The same searches with the words tested on each row's folded text (order_search, or folded on the fly).
      const tested = (search: string) => {
        const q = runPageQuery(new StatementCache(c.db), cacheQuerySchema.parse({ search }), undefined, {
          plan: 'tested',
        });
        if (!q.ok) throw new Error(q.error.message);
        return q.value.list.map((o) => o.id).sort();
      };
      expect(c.pendingSearchRows()).toEqual({ ok: true, value: 7 });
      const before = searches.map(ids);
      expect(searches.map(tested)).toEqual(before);
      c.indexPendingSearchRows();
      expect(c.pendingSearchRows()).toEqual({ ok: true, value: 0 });
      expect(searches.map(ids)).toEqual(before);
      expect(searches.map(tested)).toEqual(before);
      expect(c.db.prepare('SELECT count(*) FROM order_search').pluck().get()).toBe(7);
      expect(before.every((found) => found.length > 0)).toBe(true);
      expect(before.slice(-2).map((found) => found.length)).toEqual([1, 1]);
    } finally {
      c.close();
    }
  });
});

describe('text changes of indexed orders', () => {
  it('the indexes follow an update: the new words are found, the old ones no longer', () => {
    const target = orders[5]!; // indexed (among the first rows)
    const statements = new StatementCache(cache.db);
    const found = (q: CacheQueryInput) => {
      const r = cache.query({ ...q, id: target.id });
      const tested = runPageQuery(statements, cacheQuerySchema.parse({ ...q, id: target.id }), undefined, {
        plan: 'tested',
      });
      // Both ways of finding a page agree: the folded search text follows the update as the indexes do.
      expect(tested.ok && tested.value.list.length).toBe(r.ok ? r.value.list.length : -1);
      return r.ok && r.value.total === 1;
    };
    expect(found({ search: '"Buyer 6"' })).toBe(true);
    const changed = { ...target, buyerName: '李娜', remark: 'zanzibar express' };
    cache.applyPage([changed], { seenAtMs: T0 + 2000 * HOUR, baseline: true });
    expect(found({ search: 'zanzibar' })).toBe(true);
    expect(found({ search: '李娜' })).toBe(true);
    expect(found({ search: '娜' })).toBe(true);
    expect(found({ search: '"Buyer 6"' })).toBe(false);
    const counts = cache.counts({});
    expect(counts.ok && counts.value.total).toBe(N);
    cache.applyPage([target], { seenAtMs: T0 + 2001 * HOUR, baseline: true }); // back as it was
    expect(found({ search: 'zanzibar' })).toBe(false);
    expect(found({ search: '"Buyer 6"' })).toBe(true);
  });
});
