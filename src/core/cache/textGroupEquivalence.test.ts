import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/domain/order';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { openOrderCache } from './openCache';
import type { OrderCache } from './orderCache';
import { orderColumns } from './orderRows';
import { foldForIndex, foldText } from './searchFold';
import { searchTerms } from './ftsQuery';
import { rewindToV8 } from './testing/rewindV9';

/**
 * Schema 9's title-set index answers every search exactly as schema 8's per-order index did (issue 26). One set of
 * random orders (catalogue titles and SKU attributes, names and remarks in several scripts, ä/ö/ü, ß) is searched
 * with random words — pieces of their texts of 1 to 6 characters, one to three words, alone and within a status —
 * on real SQLite files in every state the migration passes through:
 * - `old`: the file as schema 8 left it (every order's whole text in its own documents: the old plan's tables),
 * - `half`: migrated to 9, a third of the orders converted (both forms at once),
 * - `new`: every order converted and the indexes merged,
 * - `fresh`: written by schema 9's writer from the start, with some orders not yet indexed and some updated,
 * and by a brute-force matcher over each order's folded columns. Every state gives the same IDs and counts.
 */

const NOW = Date.UTC(2026, 5, 1);
const TITLES = [
  'Steam Wallet Card',
  'Netflix ギフトカード',
  'PUBG Mobile UC 直充',
  'Müller Straße Box',
  'Apple Gift Card 🍎',
  'Łódź Café Pass',
];
const ATTRS: Array<Record<string, string>> = [
  { Region: 'EU', Denomination: '10' },
  { Region: 'JP', Denomination: '50' },
  { Server: 'Europe', Package: '6480' },
  { Region: 'Global', UC: '1800' },
  {},
];
const NAMES = ['王芳', '张伟', 'Jürgen Weiß', 'Ana Luíza Gonçalves', 'Noah Williams', '이서연', 'Søren Ærø'];
const REMARKS = ['', '', '', 'steam please', 'コードはメールで', 'schnell bitte, Grüße', 'jp region 50'];

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

function randomOrders(n: number, next: () => number, offset = 0): Order[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: n }, (_, i) => {
    const seq = offset + i + 1;
    const items = Array.from({ length: 1 + Math.floor(next() * 2) }, (_, k) => ({
      productSpuId: String(100 + k),
      productSkuId: String(1000 + k),
      productSpuTitle: pick(TITLES),
      quantity: 1,
      productSkuAttr: pick(ATTRS),
    }));
    return fakeOrder(seq, NOW - seq * 60_000, {
      orderStatus: 1 + Math.floor(next() * 4),
      buyerName: pick(NAMES),
      remark: pick(REMARKS),
      orderItems: items,
    });
  });
}

/** Whether every word occurs in one of the order's folded columns: the search semantics, by brute force. */
function matches(order: Order, search: string): boolean {
  const c = orderColumns(order);
  const columns = [c.order_num ?? '', c.buyer_name, c.titles, c.sku_attrs, c.remark].map(foldForIndex);
  return searchTerms(search).every((w) => columns.some((col) => col.includes(foldText(w))));
}

function randomSearch(orders: readonly Order[], next: () => number): string {
  const words = 1 + Math.floor(next() * 3);
  return Array.from({ length: words }, () => {
    const c = orderColumns(orders[Math.floor(next() * orders.length)]!);
    const text = [c.order_num ?? '', c.buyer_name, c.titles, c.sku_attrs, c.remark][Math.floor(next() * 5)]!;
    const chars = [...text.replace(/\s+/g, ' ')];
    const len = 1 + Math.floor(next() * 6);
    const from = Math.floor(next() * Math.max(1, chars.length - len));
    const piece = chars
      .slice(from, from + len)
      .join('')
      .trim();
    return /^[\p{L}\p{N}]+$/u.test(piece) ? piece : 'card';
  }).join(' ');
}

interface Answer {
  ids: string[];
  total: number;
}

function answer(cache: OrderCache, q: Record<string, unknown>): Answer {
  const r = cache.query({ ...q, limit: 1000 });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return { ids: r.value.list.map((o) => o.id).sort(), total: r.value.total ?? -1 };
}

const dir = mkdtempSync(path.join(tmpdir(), 'md-titlesets-'));
const caches: Record<'old' | 'half' | 'new' | 'fresh', OrderCache> = {} as never;
let all: Order[] = [];

function open(file: string): OrderCache {
  const r = openOrderCache({ file });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

beforeAll(() => {
  const next = random(26);
  const first = randomOrders(600, next);
  const changed = first.slice(0, 40).map((o, i) => ({
    ...o,
    remark: 'changed later',
    orderItems: [{ ...o.orderItems![0]!, productSpuTitle: TITLES[(i + 2) % TITLES.length]! }],
  }));
  const later = randomOrders(60, next, 600);
  all = [...changed, ...first.slice(40), ...later];

  // Three files written by schema 9's writer, each rewound to what schema 8 held (the old plan's tables).
  for (const name of ['old', 'half', 'new'] as const) {
    const file = path.join(dir, `${name}.sqlite`);
    const c = open(file);
    c.applyPage(first, { seenAtMs: NOW, baseline: false });
    c.applyPage(changed, { seenAtMs: NOW + 1, baseline: false });
    c.indexPendingSearchRows();
    c.close();
    const db = new Database(file);
    rewindToV8(db);
    db.close();
    caches[name] = open(file); // migration 9: tables only, every order still of the older form
  }
  for (let i = 0; i < 2; i++) caches.half.convertTextGroups(100);
  while (caches.new.convertTextGroups(128).ok && caches.new.textGroupsLeft().ok) {
    const left = caches.new.textGroupsLeft();
    if (!left.ok || left.value === 0) break;
  }
  for (let more = true; more;) {
    const step = caches.new.finishTextConversion(1); // many small steps: the retired tables emptied in pieces
    if (!step.ok) throw new Error(JSON.stringify(step.error));
    more = step.value?.more === true;
  }
  // Orders stored after the migration (the sync goes on meanwhile), not indexed yet in the old and half files.
  for (const name of ['old', 'half', 'new'] as const)
    caches[name].applyPage(later, { seenAtMs: NOW + 2, baseline: false });
  caches.new.indexPendingSearchRows();

  caches.fresh = open(path.join(dir, 'fresh.sqlite'));
  caches.fresh.applyPage(first, { seenAtMs: NOW, baseline: false });
  caches.fresh.indexPendingSearchRows();
  caches.fresh.applyPage(changed, { seenAtMs: NOW + 1, baseline: false });
  caches.fresh.applyPage(later, { seenAtMs: NOW + 2, baseline: false });
});

afterAll(() => {
  for (const c of Object.values(caches)) c.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the title-set index finds exactly what the per-order index found', () => {
  it('is in the states the test means: older rows, both forms, converted, fresh', () => {
    expect(caches.old.textGroupsLeft()).toEqual({ ok: true, value: 600 });
    expect(caches.half.textGroupsLeft()).toEqual({ ok: true, value: 400 });
    expect(caches.new.textGroupsLeft()).toEqual({ ok: true, value: 0 });
    expect(caches.fresh.textGroupsLeft()).toEqual({ ok: true, value: 0 });
    expect(caches.new.pendingSearchRows()).toEqual({ ok: true, value: 0 });
    expect(caches.fresh.pendingSearchRows()).toEqual({ ok: true, value: 60 });
    // The converted file's orders keep only their own text; the sets hold titles and SKU attributes once.
    expect(caches.new.db.prepare("SELECT count(*) FROM orders WHERE titles <> ''").pluck().get()).toBe(0);
    expect(caches.new.db.prepare('SELECT count(*) FROM text_group').pluck().get()).toBeLessThan(330); // of 660 orders
  });

  it('gives the same orders and counts for random searches, alone and within a status, in every state', () => {
    const next = random(9);
    const searches = [
      'steam',
      'netflix jp',
      'mueller',
      'muller',
      'weiss',
      '张伟',
      'jp',
      'eu 10',
      'so0000',
      'changed card',
      ...Array.from({ length: 60 }, () => randomSearch(all, next)),
    ];
    let nonEmpty = 0;
    for (const search of searches) {
      const expected = all
        .filter((o) => matches(o, search))
        .map((o) => o.id)
        .sort();
      if (expected.length > 0) nonEmpty++;
      for (const q of [{ search }, { search, sellerOrderStatus: [2, 3] }]) {
        const want = q.sellerOrderStatus
          ? expected.filter((id) => [2, 3].includes(all.find((o) => o.id === id)!.orderStatus!))
          : expected;
        for (const [name, cache] of Object.entries(caches)) {
          const got = answer(cache, q);
          expect({ name, q, ids: got.ids, total: got.total }).toEqual({ name, q, ids: want, total: want.length });
          const count = cache.countMatches(q);
          expect({ name, q, count }).toEqual({ name, q, count: { ok: true, value: want.length } });
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(50); // the words were found, not mostly empty searches
  }, 180_000);
});
