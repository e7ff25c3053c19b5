import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import type { Order } from '../../shared/domain/order';
import { localDays } from '../insights/localDays';
import { RandomOrders } from '../insights/testing/randomOrders';
import { decodeTimes } from './insightAggregates';
import { insightsZone, useInsightsZone } from './insightFacts';
import type { OrderCache } from './orderCache';
import { watchInsightWrites } from './testing/rowsTouched';
import { tempCaches } from './testing/tempCaches';

/**
 * A change of zone moves only the orders whose local day differs, with their share of every sum and array
 * (insightZoneMove.ts): the tables after a move equal the tables of a cache written in that zone from the start —
 * orders within minutes of local midnights on both sides of the 2026 DST changes (randomOrders.ts) — and the orders
 * that keep their day, the buyers' rows, are not written.
 */

const { open } = tempCaches('md-insights-zone-');

function write(cache: OrderCache, orders: readonly Order[]): void {
  for (let i = 0; i < orders.length; i += 50) {
    const w = cache.applyPage(orders.slice(i, i + 50), { seenAtMs: Date.UTC(2026, 10, 10) + i, baseline: true });
    if (!w.ok) throw new Error(w.error.kind);
  }
}

/** Every Insights table a zone shapes, as comparable rows (sums without the rows emptied to zero). */
function tables(db: Database.Database): Record<string, unknown[]> {
  const all = (sql: string) => db.prepare(sql).raw().safeIntegers().all();
  return {
    order: all('SELECT rid, day FROM insight_order ORDER BY rid'),
    item: all('SELECT rid, product_key, sku_key, day, month FROM insight_item ORDER BY rid, product_key, sku_key'),
    day: all('SELECT * FROM insight_day WHERE orders > 0 ORDER BY day, currency'),
    month: all('SELECT * FROM insight_month_sku WHERE orders > 0 ORDER BY month, product_key, sku_key, currency'),
    daySku: all('SELECT * FROM insight_day_sku WHERE orders > 0 ORDER BY day, product_key, sku_key, currency'),
    leads: (
      db.prepare('SELECT day, leads, required FROM insight_day_lead ORDER BY day').raw().all() as Array<
        [number, Uint8Array, Uint8Array]
      >
    ).map(([day, l, r]) => [day, [...decodeTimes(l)], [...decodeTimes(r)]]),
    buyers: all('SELECT * FROM insight_buyer_seq ORDER BY rid'),
  };
}

describe('a change of zone', () => {
  // This computer's zone decides an empty cache's first zone (adoptLocalZone): fixed here, whatever the machine's.
  // Node resets the default zone of Intl when TZ is set.
  const machineZone = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'UTC';
  });
  afterEach(() => {
    if (machineZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineZone;
  });

  it('moves only the orders whose day differs; the result equals a cache written in that zone (DST days)', () => {
    const gen = new RandomOrders(11);
    const orders = Array.from({ length: 400 }, () => gen.order());
    // Some orders change (day, currency, delivery) after the first write, as a sync's updates do.
    const changed = orders.slice(0, 80).map((o) => gen.mutate(o));

    const moved = open();
    write(moved, orders);
    write(moved, changed);
    const utc = tables(moved.db);

    for (const zone of ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'UTC']) {
      const direct = open();
      useInsightsZone(direct.db, zone); // an empty cache: the zone recorded before any order is written
      write(direct, orders);
      write(direct, changed);

      const before = new Map(
        (moved.db.prepare('SELECT rid, create_ms, day FROM insight_order').raw().all() as number[][]).map((r) => [
          r[0]!,
          r,
        ]),
      );
      const days = localDays(zone);
      const shifting = [...before.values()]
        .filter(([, createMs, day]) => days.dayOf(createMs!) !== day)
        .map((r) => r[0]);
      expect(shifting.length, zone).toBeGreaterThan(0);
      expect(shifting.length, zone).toBeLessThan(before.size);

      const watch = watchInsightWrites(moved.db);
      expect(useInsightsZone(moved.db, zone)).toBe(true);
      const touched = watch.stop();
      expect(insightsZone(moved.db)).toBe(zone);
      expect(tables(moved.db), zone).toEqual(tables(direct.db));
      // Only the orders whose day changed were written (one update each); the buyers' rows not at all.
      expect(touched.insight_order!.keys, zone).toEqual(shifting.sort((a, b) => a! - b!));
      expect(touched.insight_order!.writes, zone).toBe(shifting.length);
      expect(touched.insight_buyer_seq!.writes).toBe(0);
      expect(touched.insight_buyer_total!.writes).toBe(0);
      // The same zone again: nothing to do.
      expect(useInsightsZone(moved.db, zone)).toBe(false);
    }
    // Back in UTC after three other zones: the tables as first written (rows emptied to zero aside).
    expect(tables(moved.db)).toEqual(utc);
  });

  it("an empty cache's first facts take this computer's zone: the first request there moves nothing", () => {
    process.env.TZ = 'Asia/Tokyo';
    {
      expect(new Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('Asia/Tokyo');
      const cache = open();
      const gen = new RandomOrders(12);
      write(
        cache,
        Array.from({ length: 60 }, () => gen.order()),
      );
      expect(insightsZone(cache.db)).toBe('Asia/Tokyo');
      expect(useInsightsZone(cache.db, 'Asia/Tokyo')).toBe(false);
      // A cache that already holds facts keeps its zone (another writer, later, does not move it).
      const other = open();
      useInsightsZone(other.db, 'Europe/Berlin');
      write(other, [gen.order()]);
      expect(insightsZone(other.db)).toBe('Europe/Berlin');
    }
  });
});
