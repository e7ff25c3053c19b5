import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { DEFERRED_INDEXES_KEY, DEFERRED_LOADING_KEY, FTS_AUTOMERGE } from './deferredIndexes';
import { openOrderCache } from './openCache';
import { runCacheUpkeep } from './cacheUpkeep';
import type { OrderCache } from './orderCache';
import { insightsFromCache } from '../app/insights';
import { parseDay, zonedBuckets } from '../insights/zonedBuckets';
import { insightsRequestSchema } from '../../shared/ipc/insights';

const T0 = Date.UTC(2025, 0, 1);
const HOUR = 3_600_000;

function open(file: string): OrderCache {
  const r = openOrderCache({ file });
  if (!r.ok) throw new Error(r.error.kind);
  return r.value;
}

const indexSql = (c: OrderCache) =>
  c.db
    .prepare(
      "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name IN ('orders', 'insight_order', 'insight_item', 'insight_month_sku') ORDER BY name",
    )
    .all() as Array<{
    name: string;
    sql: string | null;
  }>;

/** What the screens ask: pages (text search both ways), counts, counts per status. */
function answers(c: OrderCache): unknown[] {
  const inputs = [
    {},
    { sellerOrderStatus: [2, 3] },
    { hasDispute: true },
    { productTitle: 'wallet', sort: 'paid' },
    { search: 'buyer', sellerOrderStatus: [1] },
    { search: 'friday' },
    { search: '张伟', createBeginDate: new Date(T0 + 100 * HOUR).toISOString() },
  ];
  return inputs
    .flatMap((q): unknown[] => {
      const page = c.query({ ...q, limit: 20 });
      const { sort: _sort, ...filters } = q as { sort?: string };
      const counts = c.counts(filters);
      if (!page.ok || !counts.ok) throw new Error(JSON.stringify(page.ok ? counts : page));
      return [page.value.total, page.value.list.map((o) => o.id), counts.value];
    })
    .concat([insightsOf(c)]);
}

/** Insights over the test's orders (its queries name indexes: without them the hints are left out). */
function insightsOf(c: OrderCache): unknown {
  const q = insightsRequestSchema.parse({ range: { from: '2020-01-01', to: '2030-12-31' }, granularity: 'month' });
  const buckets = zonedBuckets(parseDay(q.range.from)!, parseDay(q.range.to)!, q.granularity, q.timeZone);
  const r = insightsFromCache(c, q, buckets);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

describe('deferred indexes (a first full sync loads without them)', () => {
  it('queries give the same answers without the indexes, which come back exactly as they were', () => {
    const c = open(path.join(mkdtempSync(path.join(tmpdir(), 'md-defer-')), 'c.sqlite'));
    try {
      const orders = Array.from({ length: 600 }, (_, i) =>
        fakeOrder(i + 1, T0 + i * HOUR, {
          orderStatus: (i % 4) + 1,
          isExistDispute: i % 9 === 0,
          remark: i % 7 === 0 ? 'before Friday' : '',
          buyerName: i % 5 === 0 ? '张伟' : `Buyer ${i % 31}`,
        }),
      );
      for (let i = 0; i < orders.length; i += 100)
        c.applyPage(orders.slice(i, i + 100), { seenAtMs: T0, baseline: false });
      c.indexPendingSearchRows();
      const before = indexSql(c);
      const expected = answers(c);
      expect(c.deferIndexes()).toEqual({ ok: true, value: before.filter((i) => i.sql !== null).length });
      // Only the ID's own unique index is left (the sync looks orders up by ID).
      expect(indexSql(c)).toEqual(before.filter((i) => i.sql === null));
      expect(answers(c)).toEqual(expected);
      expect(c.restoreIndexes().ok).toBe(true);
      expect(indexSql(c)).toEqual(before);
      expect(answers(c)).toEqual(expected);
      expect(c.getMeta(DEFERRED_INDEXES_KEY)).toEqual({ ok: true, value: undefined });
    } finally {
      c.close();
    }
  });

  it('a file left without them (a first sync killed in its end) opens as it is, answers, and gets them back from the upkeep after opening', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'md-defer-')), 'c.sqlite');
    const a = open(file);
    a.applyPage([fakeOrder(1, T0), fakeOrder(2, T0 + HOUR)], { seenAtMs: T0, baseline: false });
    const before = indexSql(a);
    a.deferIndexes();
    const deferred = indexSql(a);
    a.close();
    const b = open(file);
    try {
      // Opening builds nothing (at a million orders that was seconds before the first read); reads answer.
      expect(indexSql(b)).toEqual(deferred);
      const page = b.queryPage({ limit: 5 });
      expect(page.ok && page.value.list.map((o) => o.id)).toEqual([fakeOrder(2, T0).id, fakeOrder(1, T0).id]);
      const upkeep = await runCacheUpkeep(b);
      expect(upkeep.ok).toBe(true);
      expect(indexSql(b)).toEqual(before);
      expect(b.endOfSyncLeft()).toEqual({ ok: true, value: false });
    } finally {
      b.close();
    }
  });

  it('while the first sync that deferred them is still loading (its run there to resume), opening and the upkeep leave them to it; once their build has begun, a kill leaves the rest to the upkeep after the next opening', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'md-defer-')), 'c.sqlite');
    const a = open(file);
    const before = indexSql(a);
    a.applyPage([fakeOrder(1, T0), fakeOrder(2, T0 + HOUR)], { seenAtMs: T0, baseline: false });
    a.deferIndexes();
    const deferred = indexSql(a);
    a.db
      .prepare("INSERT INTO sync_run (mode, status, base_filter, local_started) VALUES ('full', 'running', '{}', ?)")
      .run(T0);
    a.close();
    // Killed while loading: the app or a CLI command opening the file builds nothing; the resume keeps loading.
    const b = open(file);
    expect(indexSql(b)).toEqual(deferred);
    expect(b.loadingWithoutIndexes()).toEqual({ ok: true, value: true });
    // The upkeep after opening runs meanwhile: its steps name no index the file lacks, and it builds none.
    expect(b.textGroupsLeft()).toEqual({ ok: true, value: 0 });
    expect((await runCacheUpkeep(b)).ok).toBe(true);
    expect(indexSql(b)).toEqual(deferred);
    // Its end began building them and was killed before the last (a failure stands in for the kill).
    const pending = () =>
      JSON.parse(
        b.db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(DEFERRED_INDEXES_KEY) as string,
      ) as string[];
    const last = pending()[pending().length - 1]!;
    b.db.exec(last.replace(/^CREATE (UNIQUE )?INDEX (IF NOT EXISTS )?/i, 'CREATE $1INDEX IF NOT EXISTS '));
    let failed: boolean;
    try {
      failed = !b.restoreIndexes().ok;
    } catch {
      failed = true;
    }
    expect(failed).toBe(true);
    b.db.exec(`DROP INDEX "${/INDEX (?:IF NOT EXISTS )?"?(\w+)/i.exec(last)![1]}"`);
    expect(b.db.prepare('SELECT count(*) FROM meta WHERE key = ?').pluck().get(DEFERRED_LOADING_KEY)).toBe(0);
    b.close();
    const c = open(file);
    try {
      expect(c.loadingWithoutIndexes()).toEqual({ ok: true, value: false });
      expect((await c.finishEndOfSync()).ok).toBe(true);
      expect(indexSql(c)).toEqual(before);
    } finally {
      c.close();
    }
  });

  it("keeps the full-text indexes' segment merging on while loading, and turns it on again in a file an older sync left it off in", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'md-defer-')), 'c.sqlite');
    const c = open(file);
    const tables = ['order_own_fts', 'order_own_grams', 'text_group_fts', 'text_group_grams'];
    const automerge = () =>
      tables.map(
        (t) => c.db.prepare(`SELECT v FROM ${t}_config WHERE k = 'automerge'`).pluck().get() as number | undefined,
      );
    const fts = (table: string, value: number) =>
      c.db.exec(`INSERT INTO ${table} (${table}, rank) VALUES ('automerge', ${value})`);
    try {
      const before = automerge();
      c.deferIndexes();
      // Off while loading, FTS5 merged a whole level of 16 segments at once inside a batch's transaction.
      expect(automerge()).toEqual(before);
      for (const t of tables) fts(t, 0);
      c.applyPage([fakeOrder(1, T0)], { seenAtMs: T0, baseline: false });
      c.indexPendingSearchRows();
      c.restoreIndexes();
      expect(automerge()).toEqual(tables.map(() => FTS_AUTOMERGE));
      const found = c.query({ search: 'buyer', limit: 5 });
      expect(found.ok && found.value.list.map((o) => o.id)).toEqual([fakeOrder(1, T0).id]);
    } finally {
      c.close();
    }
  });

  it('creates the deferred indexes one transaction each, so a kill between two leaves only the rest to create', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'md-defer-')), 'c.sqlite');
    const a = open(file);
    const before = indexSql(a);
    a.applyPage([fakeOrder(1, T0), fakeOrder(2, T0 + HOUR)], { seenAtMs: T0, baseline: false });
    const deferred = a.deferIndexes();
    expect(deferred.ok && deferred.value).toBeGreaterThan(2);
    const pending = () =>
      JSON.parse(
        (a.db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(DEFERRED_INDEXES_KEY) as string) ?? '[]',
      ) as string[];
    const total = pending().length;
    // Every index but the last is committed on its own: a failure creating the last keeps the ones before it.
    const last = pending()[total - 1]!;
    a.db.exec(last.replace(/^CREATE (UNIQUE )?INDEX (IF NOT EXISTS )?/i, 'CREATE $1INDEX IF NOT EXISTS '));
    let failed: boolean;
    try {
      failed = !a.restoreIndexes().ok;
    } catch {
      failed = true;
    }
    expect(failed).toBe(true);
    expect(pending()).toEqual([last]);
    a.db.exec(`DROP INDEX "${/INDEX (?:IF NOT EXISTS )?"?(\w+)/i.exec(last)![1]}"`);
    a.close();
    const b = open(file);
    try {
      expect((await b.finishEndOfSync()).ok).toBe(true);
      expect(indexSql(b)).toEqual(before);
      expect(b.db.prepare('SELECT count(*) FROM meta WHERE key = ?').pluck().get(DEFERRED_INDEXES_KEY)).toBe(0);
    } finally {
      b.close();
    }
  });

  it("builds the indexes of the window's first reads first: the first page's, then the attention queue's", async () => {
    const c = open(path.join(mkdtempSync(path.join(tmpdir(), 'md-defer-order-')), 'c.sqlite'));
    try {
      c.applyPage([fakeOrder(1, T0), fakeOrder(2, T0 + HOUR)], { seenAtMs: T0 + 2 * HOUR, baseline: false });
      const all = indexSql(c).filter((i) => i.sql !== null).length;
      expect(c.deferIndexes()).toEqual({ ok: true, value: all });
      const built: string[] = [];
      const before = new Set(indexSql(c).map((i) => i.name));
      const r = await c.finishEndOfSync({
        onStep: (step) => {
          if (step.kind !== 'index') return;
          const now = indexSql(c).map((i) => i.name);
          built.push(...now.filter((n) => !before.has(n)));
          for (const n of now) before.add(n);
        },
      });
      expect(r.ok).toBe(true);
      expect(built).toHaveLength(all);
      expect(built.slice(0, 5)).toEqual([
        'orders_scan_created',
        'orders_refund_queue',
        'orders_dispute_queue',
        'orders_exception_queue',
        'orders_by_due',
      ]);
    } finally {
      c.close();
    }
  });

  it('repacks the Insights day tables by one copy into a table swapped in: the same rows, and the triggers still write them', () => {
    const c = open(path.join(mkdtempSync(path.join(tmpdir(), 'md-defer-repack-')), 'c.sqlite'));
    const rows = (table: string) => c.db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2, 3`).raw().all();
    try {
      // Backwards in time, as a first sync stores them: the day tables are filled at their low end.
      for (let page = 9; page >= 0; page--)
        c.applyPage(
          Array.from({ length: 300 }, (_, i) => fakeOrder(page * 300 + i + 1, T0 + (page * 300 + i) * 2 * HOUR)),
          { seenAtMs: T0, baseline: false },
        );
      const expected = { sku: rows('insight_day_sku'), lead: rows('insight_day_lead') };
      const schema = () =>
        c.db
          .prepare("SELECT name FROM sqlite_schema WHERE type = 'trigger' AND sql LIKE '%insight_day%' ORDER BY name")
          .pluck()
          .all();
      const triggers = schema();
      expect(c.deferIndexes().ok).toBe(true);
      expect(c.restoreIndexes().ok).toBe(true);
      expect({ sku: rows('insight_day_sku'), lead: rows('insight_day_lead') }).toEqual(expected);
      expect(schema()).toEqual(triggers);
      // A later page: the triggers add its paid items to the repacked table.
      c.applyPage([fakeOrder(9_999, T0 + 30_000 * HOUR)], { seenAtMs: T0, baseline: false });
      expect(rows('insight_day_sku').length).toBe(expected.sku.length + 1);
      expect(c.db.pragma('quick_check', { simple: true })).toBe('ok');
    } finally {
      c.close();
    }
  });
});
