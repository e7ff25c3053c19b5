import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/domain/order';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { FakePlatform } from '../sync/testing/fakePlatform';
import { SyncEngine } from '../sync/syncEngine';
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from './migrations';
import { openOrderCache } from './openCache';
import type { OrderCache } from './orderCache';
import { DICT_MIN_ORDERS, OrderDocs } from './orderDocs';
import { OrderWriter } from './upsertOrders';
import { V9_SQL } from './migrationV9';
import { rewindToV8 } from './testing/rewindV9';

const NOW = Date.UTC(2026, 2, 15, 12, 0, 0);
const caches: OrderCache[] = [];
afterEach(() => {
  for (const c of caches.splice(0)) c.close();
});

function tempFile(): string {
  return path.join(mkdtempSync(path.join(tmpdir(), 'md-docs-')), 'c.sqlite');
}

function open(file: string): OrderCache {
  const r = openOrderCache({ file });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  caches.push(r.value);
  return r.value;
}

/** Orders that exercise what JSON text can hold: 64-bit IDs beyond 2^53, every script, empty and null values. */
function awkwardOrders(n: number): Order[] {
  return Array.from({ length: n }, (_, i) => {
    const base = fakeOrder(i + 1, NOW - (i + 1) * 60_000);
    const extra: Record<string, unknown> = {
      id: (18_446_744_073_709_551_615n - BigInt(i)).toString(),
      buyerId: (9_007_199_254_740_993n + BigInt(i)).toString(),
      buyerName: ['佐藤 美咲', '🎮 GamerX 👩‍👩‍👧', 'Müller-Lüdenscheidt', 'Łukasz Żółć', 'e\u0301 combining'][i % 5],
      remark: i % 3 === 0 ? null : `备注 ${i}: "quoted" \\ back\\slash \n new line \u2028 sep \t tab 😀`,
      orderDeliveryList: [],
      deliveryInfo: i % 2 === 0 ? [] : [{ key: 'E-mail', value: [], type: 1 }],
      deliveryErrorInfo: null,
      payTime: i % 4 === 0 ? null : base.payTime,
      orderItems: base.orderItems!.map((item) => ({
        ...item,
        productSpuId: (9_223_372_036_854_775_807n - BigInt(i)).toString(),
        productSkuAttr: i % 2 ? {} : { 地区: '日本', Größe: 'XL', nested: { deep: [null, 0, -0.5, 1e21, true] } },
        productSkuImagesUrl: [],
      })),
    };
    return { ...base, ...extra } as Order;
  });
}

describe('order JSON stored compressed (schema 7)', () => {
  it('round-trips every field exactly: 64-bit IDs, Unicode, empty arrays, nulls; rows name their dictionary', () => {
    const cache = open(tempFile());
    const orders = awkwardOrders(DICT_MIN_ORDERS * 3);
    // Page by page, as a sync writes: the dictionary is built from the first orders once there are enough.
    for (let i = 0; i < orders.length; i += 20) {
      const r = cache.applyPage(orders.slice(i, i + 20), { seenAtMs: NOW, baseline: false });
      expect(r.ok).toBe(true);
    }
    for (const o of orders) {
      const back = cache.getOrder(o.id);
      expect(back.ok && back.value).toEqual(o);
      const json = cache.db.prepare('SELECT rid FROM orders WHERE id = ?').pluck().get(o.id) as number;
      expect(new OrderDocs(cache.db).json(json)).toBe(JSON.stringify(o));
    }
    const page = cache.queryPageJson({ limit: 200 });
    expect(page.ok && [...page.value.list].sort()).toEqual(orders.map((o) => JSON.stringify(o)).sort());
    // Every row written with the dictionary (the first ones written again once it was built), none as plain text.
    const db = cache.db;
    // zstd, its dictionary kept prepared (zstdDocs.ts), where the binding loads (it is a dependency): here.
    expect(db.prepare('SELECT codec FROM order_dict').pluck().all()).toEqual(['zstd']);
    expect(db.prepare('SELECT count(*) FROM order_dict').pluck().get()).toBe(1);
    expect(db.prepare('SELECT DISTINCT dict_id FROM order_doc').pluck().all()).toEqual([1]);
    expect(db.prepare('SELECT count(*) FROM order_json').pluck().get()).toBe(0);
    const stored = db.prepare('SELECT sum(length(doc)) FROM order_doc').pluck().get() as number;
    const raw = orders.reduce((n, o) => n + Buffer.byteLength(JSON.stringify(o)), 0);
    expect(stored).toBeLessThan(raw / 4);
  });

  it('round-trips documents far longer than one output chunk: incompressible, and compressing 1,000 to 1', () => {
    const cache = open(tempFile());
    const orders = awkwardOrders(DICT_MIN_ORDERS + 2);
    const random = (bytes: number) => randomBytes(bytes).toString('base64');
    orders[DICT_MIN_ORDERS] = { ...orders[DICT_MIN_ORDERS]!, remark: random(150_000) };
    orders[DICT_MIN_ORDERS + 1] = { ...orders[DICT_MIN_ORDERS + 1]!, remark: 'ab'.repeat(400_000) };
    expect(cache.applyPage(orders, { seenAtMs: NOW, baseline: false }).ok).toBe(true);
    cache.forgetDecodedJson();
    for (const o of orders) {
      const back = cache.getOrder(o.id);
      expect(back.ok && back.value).toEqual(o);
    }
    const sizes = cache.db
      .prepare('SELECT length(doc) FROM order_doc ORDER BY rid DESC LIMIT 2')
      .pluck()
      .all() as number[];
    expect(sizes[1]).toBeGreaterThan(100_000); // stored in many output chunks
    expect(sizes[0]).toBeLessThan(4_000); // read back through ~200 chunks
  });

  it('round-trips with deflate and a dictionary too (the codec of caches filled before zstd was the default)', () => {
    const file = tempFile();
    const cache = open(file);
    const docs = new OrderDocs(cache.db, 'deflate');
    const orders = awkwardOrders(DICT_MIN_ORDERS + 5);
    cache.applyPage(orders.slice(0, DICT_MIN_ORDERS), { seenAtMs: NOW, baseline: false });
    cache.db.exec('DELETE FROM order_dict'); // built by the writer with zstd: built again here with deflate
    cache.db.transaction(() => {
      const rows = cache.db.prepare('SELECT rid FROM orders ORDER BY rid').pluck().all() as number[];
      rows.forEach((rid, i) => docs.write(rid, JSON.stringify(orders[i])));
      expect(docs.buildDictionaryWhenDue()).toBeGreaterThan(0);
    })();
    expect(cache.db.prepare('SELECT codec FROM order_dict').pluck().all()).toEqual(['deflate']);
    const reader = new OrderDocs(cache.db); // reads whatever codec the row's dictionary names
    const rids = cache.db.prepare('SELECT rid FROM orders ORDER BY rid').pluck().all() as number[];
    rids.forEach((rid, i) => expect(reader.json(rid)).toBe(JSON.stringify(orders[i])));
    // Opened again, a cache whose dictionary is deflate goes on writing with it (its rows stay as they are).
    cache.close();
    const again = open(file);
    const later = awkwardOrders(DICT_MIN_ORDERS + 20).slice(DICT_MIN_ORDERS + 5);
    expect(again.applyPage(later, { seenAtMs: NOW, baseline: false }).ok).toBe(true);
    const codecs = 'SELECT DISTINCT d.codec FROM order_doc o JOIN order_dict d ON d.id = o.dict_id';
    expect(again.db.prepare(codecs).pluck().all()).toEqual(['deflate']);
    for (const o of [...orders.slice(0, DICT_MIN_ORDERS), ...later])
      expect(again.getOrder(o.id)).toEqual({ ok: true, value: o });
  });

  it('a damaged row is reported by order ID (page and single reads), recorded, and fetched again by the next sync', async () => {
    const cache = open(tempFile());
    const platform = new FakePlatform(NOW);
    platform.add(Array.from({ length: 120 }, (_, i) => NOW - 1000 - i * 60_000));
    const engine = new SyncEngine({ cache, source: platform, now: () => platform.clock });
    expect((await engine.sync()).ok).toBe(true);
    const victim = platform.ids()[17]!;
    const rid = cache.db.prepare('SELECT rid FROM orders WHERE id = ?').pluck().get(victim) as number;
    // One byte flipped in the middle of the compressed document (the CRC-32 catches what still inflates).
    const doc = cache.db.prepare('SELECT doc FROM order_doc WHERE rid = ?').pluck().get(rid) as Buffer;
    const middle = doc.length >> 1;
    doc[middle] = doc[middle]! ^ 0x5a;
    cache.db.prepare('UPDATE order_doc SET doc = ? WHERE rid = ?').run(doc, rid);

    const one = cache.getOrder(victim);
    expect(one.ok).toBe(false);
    if (!one.ok) expect(one.error).toMatchObject({ kind: 'corrupt', detail: expect.stringContaining(victim) });
    const page = cache.queryPage({ limit: 200 });
    expect(page.ok).toBe(false); // never a page with the order silently missing
    if (!page.ok) expect(page.error).toMatchObject({ kind: 'corrupt', detail: expect.stringContaining(victim) });
    expect(cache.damagedOrders()).toEqual({ ok: true, value: [victim] });

    const requestsBefore = platform.requests.length;
    const again = await engine.sync();
    expect(again.ok).toBe(true);
    // The damaged order asked for by ID (the first request of the sync).
    expect(platform.requests[requestsBefore]).toMatchObject({ id: victim });
    expect(cache.damagedOrders()).toEqual({ ok: true, value: [] });
    const repaired = cache.getOrder(victim);
    expect(repaired.ok && repaired.value?.id).toBe(victim);
    expect(repaired.ok && repaired.value).toEqual(platform.get(victim));
    const all = cache.queryPage({ limit: 200 });
    expect(all.ok && all.value.list.length).toBe(120);
  });

  it('the background scan finds damaged rows the reads have not met yet', () => {
    const cache = open(tempFile());
    const orders = awkwardOrders(80);
    cache.applyPage(orders, { seenAtMs: NOW, baseline: false });
    cache.db.prepare("UPDATE order_doc SET doc = x'4b4c4a0600000000' WHERE rid IN (3, 40)").run(); // inflates to 'abc', CRC 0
    const found: string[] = [];
    for (let after: number | undefined = 0; after !== undefined;) {
      const step = cache.scanDocs(after, 25);
      if (!step.ok) throw new Error(step.error.kind);
      found.push(...step.value.damaged);
      after = step.value.lastRid;
    }
    const ids = cache.db.prepare('SELECT id FROM orders WHERE rid IN (3, 40) ORDER BY rid').pluck().all();
    expect(found).toEqual(ids);
    expect(cache.damagedOrders()).toEqual({ ok: true, value: expect.arrayContaining(ids) });
  });
});

describe('migration 6 → 7', () => {
  /** A file as schema 6 wrote it: the migrations up to 6, plain JSON in order_json. */
  function v6File(orders: Order[]): string {
    const file = tempFile();
    const db = new Database(file);
    db.function('md_fold', { deterministic: true }, (t: unknown) => t);
    for (const m of MIGRATIONS.filter((x) => x.version <= 6)) {
      db.transaction(() => {
        db.exec(m.sql);
        m.backfill?.(db);
        db.pragma('application_id = 0x4d444f43');
        db.pragma(`user_version = ${m.version}`);
      })();
    }
    // Today's writer needs the title sets (schema 9): written with them, then put back in each row as v6 kept them.
    db.exec(V9_SQL);
    new OrderWriter(db).apply(orders, { seenAtMs: NOW, baseline: false });
    rewindToV8(db);
    db.close();
    return file;
  }

  it('opens instantly, every order readable at once, converted in resumable batches with progress', () => {
    const orders = awkwardOrders(300);
    const file = v6File(orders);
    const before = new Database(file, { readonly: true });
    expect(before.prepare('SELECT count(*) FROM order_json').pluck().get()).toBe(300);
    expect(before.pragma('user_version', { simple: true })).toBe(6);
    before.close();

    const a = open(file);
    // 7, then 8 (the Insights aggregates, which read no order JSON).
    expect(a.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION); // and 9 (title sets: tables only), 10 (smaller indexes)
    // Browsing works before any row is converted.
    expect(a.legacyDocsLeft()).toEqual({ ok: true, value: 300 });
    const first = a.getOrder(orders[5]!.id);
    expect(first.ok && first.value).toEqual(orders[5]);
    expect(a.convertLegacyDocs(100)).toEqual({ ok: true, value: { converted: 100, done: false } });
    expect(a.legacyDocsLeft()).toEqual({ ok: true, value: 200 });
    // Killed here: the next open goes on where it stopped.
    a.close();
    const b = open(file);
    expect(b.legacyDocsLeft()).toEqual({ ok: true, value: 200 });
    let steps = 0;
    for (let done = false; !done; steps++) {
      const step = b.convertLegacyDocs(100);
      if (!step.ok) throw new Error(step.error.kind);
      done = step.value.done;
    }
    expect(steps).toBe(3);
    expect(b.legacyDocsLeft()).toEqual({ ok: true, value: 0 });
    for (const o of orders) {
      const back = b.getOrder(o.id);
      expect(back.ok && back.value).toEqual(o);
    }
    // The dictionary came from the oldest orders; every row names it.
    expect(b.db.prepare('SELECT DISTINCT dict_id FROM order_doc').pluck().all()).toEqual([1]);
    expect(b.db.prepare('SELECT count(*) FROM order_doc').pluck().get()).toBe(300);
  });
});
