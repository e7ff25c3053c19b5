import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { V9_SQL } from './migrationV9';
import { rewindToV8 } from './testing/rewindV9';
import { applyMigrations, LATEST_SCHEMA_VERSION, MIGRATIONS } from './migrations';
import { openOrderCache } from './openCache';
import type { OrderCache } from './orderCache';
import { runPageQuery } from './queryPage';
import { cacheQuerySchema } from './querySchema';
import { foldForIndex, foldText } from './searchFold';
import { StatementCache } from './statementCache';
import { OrderWriter } from './upsertOrders';

const T0 = Date.UTC(2025, 0, 1);
const HOUR = 3_600_000;

/** The spellings a merchant types for names written with letters the tokenizers do not fold. */
const BUYERS = [
  'Anna Weiß', // 1
  'Søren Kierkegaard', // 2
  'Łukasz Żółć', // 3
  'Jürgen Müller', // 4
  'Đorđe Bæk', // 5
  'Cœur de Lion', // 6
  'Muller Bros', // 7: "mueller" is not "muller": ue is folded only where the text wrote ü
  'Blue Sky', // 8: and "blu" stays "blu" (no ue → u in words)
];
const ORDERS = BUYERS.map((buyerName, i) => fakeOrder(i + 1, T0 + i * HOUR, { buyerName }));
const idOf = (n: number) => ORDERS[n - 1]!.id;

/** Search → the orders it must find (by number in BUYERS). */
const EXPECTED: Array<[string, number[]]> = [
  ['weiss', [1]],
  ['WEISS', [1]],
  ['weiß', [1]],
  ['soren', [2]],
  ['søren', [2]],
  ['lukasz', [3]],
  ['zolc', [3]],
  ['"lukasz zolc"', [3]],
  ['mueller', [4]],
  ['muller', [4, 7]],
  ['müller', [4, 7]],
  ['jurgen', [4]],
  ['juergen', [4]],
  ['dorde', [5]],
  ['baek', [5]],
  ['coeur', [6]],
  ['oe', [6]], // a two-letter word through the pairs index
  ['ss', [1]],
  ['blu', [8]],
];

const opened: OrderCache[] = [];
afterEach(() => {
  for (const c of opened.splice(0)) c.close();
});

function tempFile(): string {
  return path.join(mkdtempSync(path.join(tmpdir(), 'md-fold-')), 'c.sqlite');
}

function openCache(file: string): OrderCache {
  const r = openOrderCache({ file });
  if (!r.ok) throw new Error(r.error.kind);
  opened.push(r.value);
  return r.value;
}

/** The ids a search finds, through the cache's own plan choice and through each plan forced. */
function found(cache: OrderCache, search: string) {
  const planned = cache.query({ search });
  if (!planned.ok) throw new Error(JSON.stringify(planned.error));
  const forced = (plan: 'tested' | 'full-text') => {
    const q = runPageQuery(new StatementCache(cache.db), cacheQuerySchema.parse({ search }), undefined, { plan });
    if (!q.ok) throw new Error(q.error.message);
    return q.value.list.map((o) => o.id).sort();
  };
  return {
    planned: planned.value.list.map((o) => o.id).sort(),
    tested: forced('tested'),
    fullText: forced('full-text'),
  };
}

function expectAllFound(cache: OrderCache): void {
  for (const [search, numbers] of EXPECTED) {
    const ids = numbers.map(idOf).sort();
    expect({ search, ...found(cache, search) }).toEqual({ search, planned: ids, tested: ids, fullText: ids });
  }
}

describe('search folds the spellings merchants type', () => {
  it('folds ß, ø, æ, ł, đ, œ and accents; ä/ö/ü also as ae/oe/ue — in the text, never in a search word', () => {
    expect(foldText('Anna WEIß Søren Łukasz Żółć Đorđe Æble Cœur')).toBe(
      'anna weiss soren lukasz zolc dorde aeble coeur',
    );
    expect(foldText('mueller')).toBe('mueller');
    expect(foldForIndex('Müller')).toBe('muller\u001fmueller');
    expect(foldForIndex('ÜBER Öl Bär')).toBe('uber ol bar\u001fueber oel baer');
    expect(foldForIndex('Weiß')).toBe('weiss');
  });

  it('finds them on rows not indexed yet and indexed ones, by both plans (row test and full-text)', () => {
    const cache = openCache(tempFile());
    cache.applyPage(ORDERS, { seenAtMs: T0, baseline: false });
    expect(cache.pendingSearchRows()).toEqual({ ok: true, value: ORDERS.length });
    expectAllFound(cache);
    cache.indexPendingSearchRows();
    expect(cache.pendingSearchRows()).toEqual({ ok: true, value: 0 });
    expectAllFound(cache);
  });

  it('an indexed order whose name changes is found by its new spelling only', () => {
    const cache = openCache(tempFile());
    cache.applyPage(ORDERS, { seenAtMs: T0, baseline: false });
    cache.indexPendingSearchRows();
    cache.applyPage([{ ...ORDERS[0]!, buyerName: 'Anna Strauß' }], { seenAtMs: T0 + HOUR, baseline: true });
    for (const plan of ['planned', 'tested', 'fullText'] as const) {
      expect(found(cache, 'strauss')[plan]).toEqual([idOf(1)]);
      expect(found(cache, 'weiss')[plan]).toEqual([]);
    }
  });

  it('a cache written by the previous version is indexed again with the new folding when opened', () => {
    const file = tempFile();
    // The previous version's file: its migrations only, its indexes fed the raw text (the tokenizer folding).
    const old = new Database(file);
    const previousFold = (t: unknown) =>
      typeof t === 'string'
        ? t
            .normalize('NFD')
            .replace(/[\u0300-\u036f]+/g, '')
            .toLowerCase()
            .normalize('NFC')
        : null;
    old.function('md_fold', { deterministic: true }, previousFold);
    applyMigrations(
      old,
      // Everything before the folding (v6), the Insights facts (v5) included: the writer fills them too.
      MIGRATIONS.filter((m) => m.version < 6),
    );
    // Today's writer needs the title sets (schema 9): written with them, then put back in each row as v5 kept them.
    old.exec(V9_SQL);
    new OrderWriter(old).apply(ORDERS, { seenAtMs: T0, baseline: false });
    rewindToV8(old);
    old.exec(`INSERT INTO orders_fts (orders_fts) VALUES ('rebuild');
      INSERT INTO order_search (rid, text) SELECT rid, md_fold(buyer_name) FROM orders;
      UPDATE fts_state SET indexed_rid = (SELECT max(rid) FROM orders);`);
    old.close();

    const cache = openCache(file);
    expect(cache.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    expect(cache.pendingSearchRows()).toEqual({ ok: true, value: 0 }); // indexed again by the migration
    expectAllFound(cache);
    // Deleting an indexed order (a rebuild's path) leaves nothing of it in either index.
    cache.db.prepare('DELETE FROM orders WHERE id = ?').run(idOf(1));
    expect(cache.db.prepare("SELECT count(*) FROM orders_fts WHERE orders_fts MATCH 'weiss'").pluck().get()).toBe(0);
  });
});
