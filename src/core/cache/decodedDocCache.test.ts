import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { DecodedDocCache } from './decodedDocCache';
import { openOrderCache } from './openCache';
import type { OrderCache } from './orderCache';
import { OrderDocs } from './orderDocs';
import type { StatementCache } from './statementCache';

const NOW = Date.UTC(2026, 2, 15, 12, 0, 0);
const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

function filled(n: number): { cache: OrderCache; file: string } {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'md-decoded-')), 'c.sqlite');
  const r = openOrderCache({ file });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  const cache = r.value;
  closers.push(() => cache.close());
  const orders = Array.from({ length: n }, (_, i) => fakeOrder(i + 1, NOW - (i + 1) * 60_000));
  for (let i = 0; i < n; i += 50) cache.applyPage(orders.slice(i, i + 50), { seenAtMs: NOW, baseline: false });
  return { cache, file };
}

/** The connection's OrderDocs (private to the cache: the test looks at what it keeps). */
function docsOf(cache: OrderCache): OrderDocs {
  return (cache as unknown as { statements: StatementCache }).statements.docs;
}

function pageJson(cache: OrderCache): string[] {
  const page = cache.queryPageJson({ limit: 50 });
  if (!page.ok) throw new Error(JSON.stringify(page.error));
  return page.value.list;
}

describe('decoded order JSON kept per connection', () => {
  it('a page read again is served from the kept JSON, and an order changed by another connection never is', () => {
    const { cache, file } = filled(120);
    const first = pageJson(cache);
    const kept = docsOf(cache).decoded;
    expect(kept.size).toBe(50);
    expect(pageJson(cache)).toEqual(first);

    // The sync's writer thread: another connection rewrites one order of the page.
    const writer = new Database(file);
    closers.push(() => writer.close());
    const rid = writer.prepare('SELECT rid FROM orders WHERE id = ?').pluck().get(JSON.parse(first[7]!).id) as number;
    const changed = JSON.stringify({ ...JSON.parse(first[7]!), remark: 'changed elsewhere' });
    writer.transaction(() => new OrderDocs(writer).write(rid, changed))();

    const again = pageJson(cache);
    expect(again[7]).toBe(changed);
    expect(docsOf(cache).json(rid)).toBe(changed);
    expect(again.filter((j, i) => j !== first[i])).toEqual([changed]);
  });

  it('a damaged row read before (its JSON kept) is still reported by order ID', () => {
    const { cache } = filled(120);
    const first = pageJson(cache);
    const victim = JSON.parse(first[3]!).id as string;
    const rid = cache.db.prepare('SELECT rid FROM orders WHERE id = ?').pluck().get(victim) as number;
    const doc = cache.db.prepare('SELECT doc FROM order_doc WHERE rid = ?').pluck().get(rid) as Buffer;
    doc[doc.length >> 1] = doc[doc.length >> 1]! ^ 0x5a;
    cache.db.prepare('UPDATE order_doc SET doc = ? WHERE rid = ?').run(doc, rid);

    const page = cache.queryPage({ limit: 50 });
    expect(page.ok).toBe(false);
    if (!page.ok) expect(page.error).toMatchObject({ kind: 'corrupt', detail: expect.stringContaining(victim) });
    const one = cache.getOrder(victim);
    expect(one.ok).toBe(false);
  });

  it('holds at most its bound in bytes, evicting the least recently used first', () => {
    const kept = new DecodedDocCache(10_000);
    const doc = (i: number): Buffer => Buffer.from(`doc-${i}`);
    const json = 'x'.repeat(900); // ~1.9 KB an entry
    for (let i = 0; i < 4; i++) kept.set(i, 1, doc(i), json);
    expect(kept.get(0, 1, doc(0))).toBe(json); // 0 used again: 1 is now the oldest
    for (let i = 4; i < 40; i++) {
      kept.set(i, 1, doc(i), json);
      expect(kept.bytes).toBeLessThanOrEqual(10_000);
    }
    expect(kept.size).toBeGreaterThan(0);
    expect(kept.get(39, 1, doc(39))).toBe(json);
    expect(kept.get(1, 1, doc(1))).toBeUndefined();
    // Other bytes or another dictionary under the same rid: not served, and dropped.
    expect(kept.get(39, 1, Buffer.from('doc-other'))).toBeUndefined();
    expect(kept.get(38, 2, doc(38))).toBeUndefined();
    expect(kept.get(39, 1, doc(39))).toBeUndefined();
    // An entry larger than the whole bound is never kept.
    kept.set(100, 1, doc(100), 'y'.repeat(6_000));
    expect(kept.get(100, 1, doc(100))).toBeUndefined();
    expect(kept.bytes).toBeLessThanOrEqual(10_000);
  });
});
