import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { runCacheUpkeep, type UpkeepProgress } from './cacheUpkeep';
import { openOrderCache } from './openCache';
import type { OrderCache } from './orderCache';
import { rewindToV6 } from './testing/rewindV7';

const NOW = Date.UTC(2026, 2, 15, 12, 0, 0);
const caches: OrderCache[] = [];
afterEach(() => {
  for (const c of caches.splice(0)) c.close();
});

function cacheWith(n: number, schema6 = false): OrderCache {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'md-upkeep-')), 'c.sqlite');
  let r = openOrderCache({ file });
  if (!r.ok) throw new Error(r.error.kind);
  const orders = Array.from({ length: n }, (_, i) => fakeOrder(i + 1, NOW - i * 60_000));
  r.value.applyPage(orders, { seenAtMs: NOW, baseline: false });
  if (schema6) {
    // A schema-6 file: plain JSON rows, opened again (migration 7 creates the tables, converts nothing).
    r.value.close();
    const db = new Database(file);
    rewindToV6(db);
    db.close();
    r = openOrderCache({ file });
    if (!r.ok) throw new Error(r.error.kind);
  }
  caches.push(r.value);
  return r.value;
}

describe('cache upkeep after opening (converts, decodes every order, checks table by table)', () => {
  it('converts an older file in steps with progress, the event loop free between steps', async () => {
    const cache = cacheWith(2_500, true);
    expect(cache.legacyDocsLeft()).toEqual({ ok: true, value: 2_500 });
    const progress: UpkeepProgress[] = [];
    let pauses = 0;
    const r = await runCacheUpkeep(cache, {
      onProgress: (p) => progress.push(p),
      pause: () => new Promise((resolve) => setImmediate(() => (pauses++, resolve()))),
    });
    expect(r).toMatchObject({ ok: true, value: { cancelled: false, converted: 2_500, damaged: [], problems: [] } });
    expect(cache.legacyDocsLeft()).toEqual({ ok: true, value: 0 });
    expect(progress.filter((p) => p.phase === 'convert').map((p) => p.done)).toEqual([1_000, 2_000, 2_500]);
    expect(progress.filter((p) => p.phase === 'vacuum')).toHaveLength(1); // the freed pages given back, once
    expect(progress.some((p) => p.phase === 'check')).toBe(true);
    expect(pauses).toBe(progress.length + 1); // and one before PRAGMA optimize
  });

  it('records damaged orders it decodes, for the next sync to fetch again', async () => {
    const cache = cacheWith(300);
    cache.db.prepare("UPDATE order_doc SET doc = x'00ff00ff' WHERE rid = 42").run();
    const r = await runCacheUpkeep(cache, { scanBatch: 100 });
    const id = cache.db.prepare('SELECT id FROM orders WHERE rid = 42').pluck().get();
    expect(r).toMatchObject({ ok: true, value: { damaged: [id] } });
    expect(cache.damagedOrders()).toEqual({ ok: true, value: [id] });
  });

  it('stops at the next step once cancelled', async () => {
    const cache = cacheWith(2_500, true);
    const abort = new AbortController();
    const r = await runCacheUpkeep(cache, {
      signal: abort.signal,
      onProgress: (p) => {
        if (p.phase === 'convert') abort.abort();
      },
    });
    expect(r).toMatchObject({ ok: true, value: { cancelled: true, converted: 1_000 } });
    expect(cache.legacyDocsLeft()).toEqual({ ok: true, value: 1_500 });
  });
});
