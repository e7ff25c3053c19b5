import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/domain/order';
import { insightsRequestSchema } from '../../shared/ipc/insights';
import { insightsFromCache } from '../app/insights';
import { parseDay, zonedBuckets } from '../insights/zonedBuckets';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { runCacheUpkeep } from './cacheUpkeep';
import { restoreIndexes } from './deferredIndexes';
import { rebuildBuyerAggregates } from './insightAggregates';
import { BUYER_WALK_KEY, startBuyerWalk, type WalkStep } from './insightBuyerWalk';
import type { OrderCache } from './orderCache';
import { watchInsightWrites } from './testing/rowsTouched';
import { tempCaches } from './testing/tempCaches';

/**
 * The repeat-buyer rows at the end of a first full sync in bounded steps (insightBuyerWalk.ts), on real files: a
 * cache loaded as a first sync loads (indexes deferred, every buyer marked), then its indexes restored with a walk of
 * a few rows a step. No transaction writes more than a step's rows (counted by TEMP triggers, per transaction); the
 * walk's reads are index ranges (query plans); a copy of the file after any step (what a kill leaves) opens,
 * finishes the walk and holds exactly the rows of one rebuild in one go, and answers Insights alike; a step that dies
 * inside its transaction leaves the step before it, and the next open finishes; between steps
 * another connection writes (the lock is free) and reads, and the orders it writes there are counted after the
 * walk; a file that already holds rows is cleared in steps first.
 */

const NOW = Date.UTC(2026, 5, 1);
const DAY = 86_400_000;
const { newFile, openFile: open } = tempCaches('md-buyer-walk-');

/**
 * 600 orders: most buyers with 1–6 orders, one with 90 (more than several steps), ties of creation time inside a
 * buyer (the rid decides), some orders without a buyer.
 */
function orders(count = 600, from = 0): Order[] {
  return Array.from({ length: count }, (_, k) => {
    const i = from + k;
    const buyer = i % 7 === 0 ? 'big' : i % 23 === 0 ? null : `b${(i * 7919) % 131}`;
    const createMs = NOW - 200 * DAY + Math.floor(i / 3) * 3_600_000;
    return fakeOrder(i, createMs, {
      buyerId: buyer === null ? null : buyer === 'big' ? '1100000000000000042' : `11000000000${buyer.slice(1)}`,
      buyerName: buyer ?? '',
    } as Partial<Order>);
  });
}

/** A cache filled as a first full sync fills it: indexes deferred, pages of 40, every buyer marked. */
function firstSyncFile(list = orders(), connections = 1): { file: string; cache: OrderCache; others: OrderCache[] } {
  const file = newFile();
  const cache = open(file);
  // Other connections opened before the load (an open builds deferred indexes and finishes a walk it finds).
  const others = Array.from({ length: connections - 1 }, () => open(file));
  const deferred = cache.deferIndexes();
  expect(deferred.ok && deferred.value).toBeGreaterThan(5);
  for (let i = 0; i < list.length; i += 40) {
    const w = cache.applyPage(list.slice(i, i + 40), { seenAtMs: NOW, baseline: false });
    if (!w.ok) throw new Error(JSON.stringify(w.error));
  }
  return { file, cache, others };
}

type Rows = { seq: unknown[]; totals: unknown[] };

function buyerRows(db: Database.Database): Rows {
  return {
    seq: db.prepare('SELECT * FROM insight_buyer_seq ORDER BY rid').raw().all(),
    totals: db.prepare('SELECT * FROM insight_buyer_total ORDER BY buyer_id').raw().all(),
  };
}

/** The rows one rebuild in one transaction writes over the file's orders now (the code before the walk). */
function rebuiltInOneGo(file: string): Rows {
  const copy = `${file}.reference`;
  const db = new Database(file, { readonly: true });
  db.exec(`VACUUM INTO '${copy}'`);
  db.close();
  const ref = new Database(copy);
  try {
    ref.transaction(() => rebuildBuyerAggregates(ref))();
    return buyerRows(ref);
  } finally {
    ref.close();
  }
}

function insights(cache: OrderCache): unknown {
  const q = insightsRequestSchema.parse({
    range: { from: '2025-11-01', to: '2026-06-01' },
    timeZone: 'UTC',
    granularity: 'month',
    top: 50,
  });
  const r = insightsFromCache(cache, q, zonedBuckets(parseDay(q.range.from)!, parseDay(q.range.to)!, 'month', 'UTC'));
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value.repeatBuyers;
}

/** Rows written to the repeat-buyer tables by each write transaction `fn` runs on `cache`'s connection. */
function writesPerTransaction(cache: OrderCache, fn: () => void): number[] {
  const db = cache.db;
  const original = db.transaction.bind(db);
  const perTransaction: number[] = [];
  // Every transaction the code opens on this connection, wrapped: the watch counts the rows its body writes.
  (db as { transaction: typeof db.transaction }).transaction = ((body: (...a: unknown[]) => unknown) => {
    const counted = (...args: unknown[]) => {
      const watch = watchInsightWrites(db);
      try {
        return body(...args);
      } finally {
        const t = watch.stop();
        perTransaction.push(t.insight_buyer_seq!.writes + t.insight_buyer_total!.writes);
      }
    };
    return original(counted);
  }) as typeof db.transaction;
  try {
    fn();
  } finally {
    (db as { transaction: typeof db.transaction }).transaction = original;
  }
  return perTransaction;
}

describe('the repeat-buyer walk at the end of a first full sync', () => {
  it('writes at most a step of rows in each transaction, and the same rows as one rebuild', () => {
    const { file, cache } = firstSyncFile();
    const reference = rebuiltInOneGo(file);
    expect(reference.seq.length).toBeGreaterThan(400);
    const walkRows = 50;
    const steps: WalkStep[] = [];
    const writes = writesPerTransaction(cache, () => {
      const r = cache.restoreIndexes({ walkRows, onWalkStep: (s) => steps.push(s) });
      expect(r.ok).toBe(true);
    });
    // 600 orders, ~560 with a buyer: about 12 steps of 50 entries, each writing ≤ 50 order rows and ≤ 50 totals
    // (before the walk: one transaction wrote every buyer's rows, ~690).
    expect(Math.max(...writes)).toBeLessThanOrEqual(2 * walkRows);
    expect(steps.length).toBeGreaterThanOrEqual(11);
    expect(Math.max(...steps.map((s) => s.rows))).toBeLessThanOrEqual(walkRows);
    expect(writes.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(reference.seq.length + reference.totals.length);
    expect(buyerRows(cache.db)).toEqual(reference);
    // The two tables' secondary indexes, dropped while the walk wrote, are back.
    expect(
      cache.db
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND name LIKE 'insight_buyer_%' ORDER BY name")
        .pluck()
        .all(),
    ).toEqual(['insight_buyer_by_orders', 'insight_buyer_prev', 'insight_buyer_prev2']);
    expect(cache.db.prepare('SELECT count(*) FROM insight_buyer_dirty').pluck().get()).toBe(0);
    expect(cache.db.prepare('SELECT 1 FROM meta WHERE key = ?').get(BUYER_WALK_KEY)).toBeUndefined();
  });

  it('reads orders by rid ranges and orders_by_buyer by seeks and ranges only (no scan of orders, no sort)', () => {
    const { cache } = firstSyncFile(orders(200));
    const plans: string[] = [];
    const db = cache.db;
    const prepare = db.prepare.bind(db);
    const names = { ab: 'x', ac: 0, ar: 0, lb: 'y', lc: 0, lr: 0, skip: 0, cont: null, after: 0, to: 1 };
    (db as { prepare: typeof db.prepare }).prepare = ((sql: string) => {
      if (/INDEXED BY orders_by_buyer/.test(sql))
        plans.push(
          ...(prepare(`EXPLAIN QUERY PLAN ${sql}`).all(names) as Array<{ detail: string }>).map((p) => p.detail),
        );
      return prepare(sql);
    }) as typeof db.prepare;
    try {
      expect(cache.restoreIndexes({ walkRows: 30 }).ok).toBe(true);
    } finally {
      (db as { prepare: typeof db.prepare }).prepare = prepare;
    }
    const reads = plans.filter((p) => /^(SCAN|SEARCH) (o|p|orders)\b/.test(p));
    expect(reads.filter((p) => p.startsWith('SEARCH p USING COVERING INDEX orders_by_buyer')).length).toBeGreaterThan(
      0,
    );
    for (const p of reads)
      expect(p).toMatch(/^SEARCH (o USING INTEGER PRIMARY KEY|(p|orders) USING COVERING INDEX orders_by_buyer)/);
    expect(plans.filter((p) => /TEMP B-TREE/.test(p))).toEqual([]);
  });

  it('leaves a file that, killed after any step, opens and answers at once, then finishes the walk after opening and equals one rebuild', async () => {
    const { file, cache } = firstSyncFile();
    const reference = rebuiltInOneGo(file);
    const copies: string[] = [];
    const r = cache.restoreIndexes({
      walkRows: 45,
      onWalkStep: () => {
        // What a kill -9 right after this step's commit leaves: the committed file.
        const copy = `${file}.kill${copies.length}`;
        cache.db.exec(`VACUUM INTO '${copy}'`);
        copies.push(copy);
      },
    });
    expect(r.ok).toBe(true);
    expect(copies.length).toBeGreaterThanOrEqual(10);
    const expected = insights(cache);
    for (const [i, copy] of copies.entries()) {
      const raw = new Database(copy, { readonly: true });
      const recorded = raw.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(BUYER_WALK_KEY);
      raw.close();
      // Every copy but the last is mid-walk.
      expect(recorded === undefined, `copy ${i}`).toBe(i === copies.length - 1);
      const reopened = open(copy);
      // Opening leaves the walk where the kill left it (it took ~5 s at a million orders); a read answers first.
      expect(reopened.db.prepare('SELECT 1 FROM meta WHERE key = ?').get(BUYER_WALK_KEY) === undefined).toBe(
        i === copies.length - 1,
      );
      expect(reopened.queryPage({ limit: 3 }).ok).toBe(true);
      // The core host's upkeep after opening (and the next sync) finish it in steps.
      expect((await reopened.finishEndOfSync()).ok).toBe(true);
      expect(reopened.db.prepare('SELECT 1 FROM meta WHERE key = ?').get(BUYER_WALK_KEY)).toBeUndefined();
      expect(buyerRows(reopened.db), `copy ${i}`).toEqual(reference);
      expect(insights(reopened), `copy ${i}`).toEqual(expected);
    }
  });

  it('leaves the step before it when a step dies inside its transaction; the upkeep after the next open finishes', async () => {
    const { file, cache } = firstSyncFile();
    const reference = rebuiltInOneGo(file);
    const positions: unknown[] = [];
    const position = () => cache.db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(BUYER_WALK_KEY);
    // The fifth step dies after some of its rows are written (as a kill -9 there would leave them: not committed).
    cache.db.exec(`CREATE TEMP TRIGGER die AFTER INSERT ON main.insight_buyer_seq
      WHEN (SELECT count(*) FROM main.insight_buyer_seq) > 4 * 50 + 10 BEGIN SELECT RAISE(ABORT, 'killed'); END`);
    expect(() => restoreIndexes(cache.db, { walkRows: 50, onWalkStep: () => positions.push(position()) })).toThrow(
      /killed/,
    );
    expect(positions.length).toBeGreaterThanOrEqual(3);
    // What is committed is the last whole step: its position, and no row of the step that died.
    expect(position()).toBe(positions.at(-1));
    const seqRows = cache.db.prepare('SELECT count(*) FROM insight_buyer_seq').pluck().get() as number;
    expect(seqRows).toBeLessThanOrEqual(4 * 50 + 10);
    cache.db.exec('DROP TRIGGER temp.die');
    const reopened = open(file);
    expect((await runCacheUpkeep(reopened)).ok).toBe(true);
    expect(buyerRows(reopened.db)).toEqual(reference);
    expect(reopened.db.prepare('SELECT 1 FROM meta WHERE key = ?').get(BUYER_WALK_KEY)).toBeUndefined();
  });

  it('lets another connection write and read between steps; what it writes there is counted after the walk', () => {
    const {
      file,
      cache,
      others: [other],
    } = firstSyncFile(orders(), 2);
    if (!other) throw new Error('no second connection');
    // No wait at all: the lock must be free between two steps.
    other.db.pragma('busy_timeout = 0');
    let step = 0;
    let added = 0;
    const r = cache.restoreIndexes({
      walkRows: 40,
      onWalkStep: () => {
        step++;
        // Insights on the other connection is answered meanwhile (the buyers as far as the walk has come).
        expect(() => insights(other)).not.toThrow();
        if (step % 3 !== 0) return;
        // New orders of buyers already walked and not yet walked, and one of the big buyer in the middle.
        const page = orders(4, 600 + added).map((o, k) => ({
          ...o,
          buyerId: k === 0 ? '1100000000000000042' : k === 1 ? '11000000000' + String(step % 131) : o.buyerId,
        }));
        added += 4;
        const w = other.applyPage(page, { seenAtMs: NOW + step, baseline: true });
        expect(w.ok).toBe(true);
      },
    });
    expect(r.ok).toBe(true);
    expect(added).toBeGreaterThan(8);
    // The next Insights request refreshes the buyers those orders marked; then the rows are one rebuild's.
    insights(cache);
    expect(buyerRows(cache.db)).toEqual(rebuiltInOneGo(file));
    expect(cache.db.prepare('SELECT count(*) FROM insight_buyer_dirty').pluck().get()).toBe(0);
  });

  it('is given up by a rebuild of every buyer in one transaction, its indexes back', () => {
    const { file, cache } = firstSyncFile();
    let steps = 0;
    // Killed in the totals phase, inside the big buyer's entries (a step of 7 stops inside its 86).
    expect(() =>
      cache.restoreIndexes({
        walkRows: 7,
        onWalkStep: (s) => {
          if (s.phase === 'totals' && ++steps === 3) throw new Error('killed');
        },
      }),
    ).toThrow(/killed/);
    cache.db.transaction(() => rebuildBuyerAggregates(cache.db)).immediate();
    expect(cache.db.prepare('SELECT 1 FROM meta WHERE key = ?').get(BUYER_WALK_KEY)).toBeUndefined();
    const reopened = open(file);
    expect(buyerRows(reopened.db)).toEqual(rebuiltInOneGo(file));
    expect(
      reopened.db
        .prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name LIKE 'insight_buyer_%'")
        .pluck()
        .get(),
    ).toBe(3);
  });

  it('clears the rows an earlier build left (in steps), then walks: the same rows as one rebuild', () => {
    const file = newFile();
    const cache = open(file);
    const list = orders();
    for (let i = 0; i < list.length; i += 40) cache.applyPage(list.slice(i, i + 40), { seenAtMs: NOW, baseline: true });
    insights(cache); // the rows of the buyers as they are
    // Orders move between buyers and days, outside the writer: the earlier rows are wrong now.
    cache.db.exec(`UPDATE orders SET buyer_id = '1100000000000000042' WHERE rid % 11 = 0;
      UPDATE orders SET create_ms = create_ms - 86400000 * (rid % 5) WHERE rid % 13 = 0;
      DELETE FROM insight_buyer_dirty;`);
    cache.db.transaction(() => startBuyerWalk(cache.db)).immediate();
    const steps: WalkStep[] = [];
    const writes = writesPerTransaction(cache, () => {
      expect(cache.restoreIndexes({ walkRows: 60, onWalkStep: (s) => steps.push(s) }).ok).toBe(true);
    });
    expect(steps.length).toBeGreaterThan(10);
    expect(Math.max(...writes)).toBeLessThanOrEqual(2 * 60);
    expect(buyerRows(cache.db)).toEqual(rebuiltInOneGo(file));
  });
});
