import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/domain/order';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { PageWriter } from '../sync/pageStore';
import { runCacheUpkeep } from './cacheUpkeep';
import { endOfSyncStep } from './deferredIndexes';
import { DEFERRED_SUMS_KEY, deferredSums } from './deferredSums';
import { insightsZone } from './insightFacts';
import { openOrderCache } from './openCache';
import type { OrderCache } from './orderCache';
import { ALL_SHORTCUTS } from './upsertOrders';

/**
 * A first full sync that adds the Insights sums up at its end (deferredSums.ts) leaves the same sums, row for row,
 * as one whose triggers kept them page by page — straight through, killed between its facts and its sums, killed
 * between two sums tables, killed while loading and resumed, and with an Insights request in the middle — and the
 * triggers come back as they were, so the syncs after it keep the sums as before.
 */

const T0 = Date.UTC(2025, 10, 1);
const HOUR = 3_600_000;
const SUMS = ['insight_day', 'insight_month_sku', 'insight_day_sku'];

/** Orders over ~4 months (back in time, as a first sync reads them): paid and not, two currencies, after-sales,
 * disputes, delivered ones (measured), one to three items of a few SKUs. */
function orders(count: number): Order[] {
  return Array.from({ length: count }, (_, k) => {
    const i = count - k;
    const createMs = T0 - i * 5 * HOUR;
    const items = Array.from({ length: 1 + (i % 3) }, (_, j) => ({
      productSpuId: String(100 + ((i + j) % 4)),
      productSkuId: String(1000 + ((i * 7 + j) % 6)),
      productSpuTitle: `Card ${(i + j) % 4}`,
      quantity: 1 + (j % 2),
      productSkuAttr: { Region: i % 2 ? 'EU' : 'US' },
    }));
    return fakeOrder(i, createMs, {
      payTime: i % 5 === 0 ? null : new Date(createMs + 60_000).toISOString(),
      orderStatus: i % 5 === 0 ? 1 : i % 3 === 0 ? 4 : 2,
      originalCurrencyCode: i % 4 === 0 ? 'EUR' : 'USD',
      originalCurrencyProductPrice: `${(i % 9) + 1}.50`,
      isExistAfterSales: i % 7 === 0,
      isExistDispute: i % 11 === 0,
      orderItems: items,
    } as Partial<Order>);
  });
}

const ALL = orders(700);
const PAGES = Array.from({ length: 7 }, (_, p) => ALL.slice(p * 100, p * 100 + 100));
const AT = { seenAtMs: T0, answeredMs: T0 };

function open(file: string): OrderCache {
  const r = openOrderCache({ file });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

function fresh(name: string): string {
  return path.join(mkdtempSync(path.join(tmpdir(), `md-sums-${name}-`)), 'c.sqlite');
}

/** A first full sync's writer into `cache`; with `deferSums` false the triggers keep the sums page by page. */
function writer(cache: OrderCache, deferSums: boolean): PageWriter {
  return new PageWriter(cache, false, true, { ...ALL_SHORTCUTS, deferSums });
}

function write(w: PageWriter, pages: readonly Order[][]): void {
  for (const page of pages) {
    const r = w.write(page, AT);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
  }
}

/** Every sums table's rows in key order, and the sums' triggers as the schema holds them. */
function sums(cache: OrderCache): unknown {
  const rows = Object.fromEntries(
    SUMS.map((t) => [t, cache.db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2, 3, 4`).raw().all()]),
  );
  const triggers = cache.db
    .prepare(
      "SELECT name, tbl_name, sql FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'insight_%' ORDER BY name",
    )
    .raw()
    .all();
  return { rows, triggers };
}

/** The sums of a first sync kept by the triggers (what every test compares with). */
function expected(): unknown {
  const c = open(fresh('triggers'));
  try {
    const w = writer(c, false);
    // The fourth page read twice (a window split at an instant re-reads orders): replaced facts leave and return.
    write(w, [...PAGES.slice(0, 4), PAGES[3]!, ...PAGES.slice(4)]);
    expect(w.finish().ok).toBe(true);
    expect(c.db.prepare('SELECT count(*) FROM insight_month_sku').pluck().get()).toBeGreaterThan(20);
    return sums(c);
  } finally {
    c.close();
  }
}

const EXPECTED = expected();

describe('a first full sync adds the Insights sums up at its end', () => {
  it('leaves the sums the triggers leave, row for row, and the triggers as they were', () => {
    const c = open(fresh('straight'));
    try {
      const w = writer(c, true);
      write(w, PAGES.slice(0, 1));
      // While loading: the triggers are gone and recorded, the sums not written.
      expect(deferredSums(c.db).map((t) => t.table)).toEqual(SUMS);
      expect(c.db.prepare('SELECT count(*) FROM insight_day').pluck().get()).toBe(0);
      write(w, [...PAGES.slice(1, 4), PAGES[3]!, ...PAGES.slice(4)]);
      expect(w.finish().ok).toBe(true);
      expect(sums(c)).toEqual(EXPECTED);
      // Integers, as the triggers write them (the month comes from a JS function).
      expect(
        c.db.prepare('SELECT DISTINCT typeof(month) || typeof(orders) FROM insight_month_sku').pluck().all(),
      ).toEqual(['integerinteger']);
      expect(c.getMeta(DEFERRED_SUMS_KEY)).toEqual({ ok: true, value: undefined });
      expect(c.endOfSyncLeft()).toEqual({ ok: true, value: false });
    } finally {
      c.close();
    }
  });

  it('a kill between the facts and the sums, or between two sums tables, leaves the rest to the upkeep after the next opening', async () => {
    for (const stepsBeforeKill of [1, 2, 3]) {
      const file = fresh(`kill${stepsBeforeKill}`);
      const a = open(file);
      write(writer(a, true), [...PAGES.slice(0, 4), PAGES[3]!, ...PAGES.slice(4)]);
      a.indexPendingSearchRows();
      // The end's steps: the load marked over, then one sums table a step (each its own transaction).
      const kinds = Array.from({ length: stepsBeforeKill }, () => endOfSyncStep(a.db)?.kind);
      expect(kinds).toEqual(['loaded', 'sums', 'sums'].slice(0, stepsBeforeKill));
      // Killed after the day SKU sums (3): a sync in between writes pages with their triggers back, and the month
      // sums are then added up from them.
      if (stepsBeforeKill === 3) write(writer(a, true), PAGES.slice(2, 3));
      expect(deferredSums(a.db)).toHaveLength(SUMS.length - (stepsBeforeKill - 1));
      a.close();
      const b = open(file);
      try {
        // Opening adds nothing up; the upkeep after it finishes the end, sums included.
        expect(deferredSums(b.db)).toHaveLength(SUMS.length - (stepsBeforeKill - 1));
        expect((await runCacheUpkeep(b)).ok).toBe(true);
        expect(sums(b)).toEqual(EXPECTED);
        expect(b.endOfSyncLeft()).toEqual({ ok: true, value: false });
      } finally {
        b.close();
      }
    }
  });

  it('a sync killed while loading resumes without the triggers and adds the sums up at the end of its resume', () => {
    const file = fresh('resume');
    const a = open(file);
    write(writer(a, true), PAGES.slice(0, 4));
    a.close();
    const b = open(file);
    try {
      expect(deferredSums(b.db).map((t) => t.table)).toEqual(SUMS);
      const w = writer(b, true);
      write(w, [PAGES[3]!, ...PAGES.slice(4)]);
      expect(deferredSums(b.db).map((t) => t.table)).toEqual(SUMS);
      expect(w.finish().ok).toBe(true);
      expect(sums(b)).toEqual(EXPECTED);
    } finally {
      b.close();
    }
  });

  it('an Insights request while loading adds the sums up first; the rest of that sync keeps them with the triggers', () => {
    const c = open(fresh('request'));
    try {
      const w = writer(c, true);
      write(w, PAGES.slice(0, 4));
      const asked = c.insightRows(
        // In the file's zone (an empty cache takes this computer's): a request in another would move the days.
        {
          timeZone: insightsZone(c.db),
          days: { buckets: [{ firstDay: 0, lastDay: 1e6 }] },
          fromMs: 0,
          toMs: 4e12,
          top: 5,
        },
        (r) => r.series,
      );
      expect(asked.ok).toBe(true);
      expect(deferredSums(c.db)).toEqual([]);
      expect(c.db.prepare('SELECT sum(orders) FROM insight_day').pluck().get()).toBe(400);
      write(w, [PAGES[3]!, ...PAGES.slice(4)]);
      expect(w.finish().ok).toBe(true);
      expect(sums(c)).toEqual(EXPECTED);
    } finally {
      c.close();
    }
  });

  it('the syncs after it keep the sums with the triggers', () => {
    const c = open(fresh('after'));
    const t = open(fresh('after-triggers'));
    try {
      for (const [cache, defer] of [
        [c, true],
        [t, false],
      ] as const) {
        const first = writer(cache, defer);
        write(first, PAGES);
        expect(first.finish().ok).toBe(true);
        // A sync with a baseline: changed orders (paid now, another SKU) and new ones.
        const later = new PageWriter(cache, true, false, ALL_SHORTCUTS);
        const changed = PAGES[2]!.slice(0, 30).map((o, k) => ({
          ...o,
          payTime: new Date(T0).toISOString(),
          orderItems: [{ ...o.orderItems![0]!, productSkuId: `9${k % 3}` }],
        }));
        write(later, [changed, orders(760).slice(0, 60)]);
        expect(later.finish().ok).toBe(true);
      }
      expect(sums(c)).toEqual(sums(t));
      expect(deferredSums(c.db)).toEqual([]);
    } finally {
      c.close();
      t.close();
    }
  });
});
