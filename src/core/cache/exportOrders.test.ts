import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/domain/order';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { exportChunks, writeExport } from './exportOrders';
import { UTF8_BOM } from './exportCsv';
import { openOrderCache } from './openCache';
import type { OrderCache } from './orderCache';

const T0 = Date.UTC(2026, 0, 1);
const HOUR = 3_600_000;
const N = 250;
let cache: OrderCache;
const orders: Order[] = [];

beforeAll(() => {
  const r = openOrderCache({ file: path.join(mkdtempSync(path.join(tmpdir(), 'md-export-')), 'c.sqlite') });
  if (!r.ok) throw new Error(r.error.kind);
  cache = r.value;
  for (let i = 1; i <= N; i++)
    orders.push(
      fakeOrder(i, T0 + i * HOUR, {
        orderStatus: (i % 4) + 1,
        // Every fifth order has two items, every seventh none.
        ...(i % 7 === 0 ? { orderItems: [] } : {}),
        ...(i % 5 === 0
          ? {
              orderItems: [
                ...fakeOrder(i, 0).orderItems!,
                { productSpuId: '7', productSpuTitle: 'Extra', quantity: 3 },
              ],
            }
          : {}),
      }),
    );
  for (let i = 0; i < N; i += 100) cache.applyPage(orders.slice(i, i + 100), { seenAtMs: T0, baseline: false });
});
afterAll(() => cache.close());

/** A Writable that keeps what it gets, as text chunks, taking `delayMs` per write (a slow disk or pipe). */
function sink(delayMs = 0, highWaterMark = 16 * 1024) {
  const chunks: string[] = [];
  const stream = new Writable({
    highWaterMark,
    write(chunk: Buffer, _enc, callback) {
      chunks.push(chunk.toString('utf8'));
      setTimeout(callback, delayMs);
    },
  });
  /** Everything written so far, once the stream has taken it all (writeExport leaves ending it to the caller). */
  const text = async () => {
    stream.end();
    await finished(stream);
    return chunks.join('');
  };
  return { stream, chunks, text };
}

const rowsOf = (list: Order[]) => list.reduce((n, o) => n + Math.max(1, o.orderItems?.length ?? 0), 0);

describe('writeExport', () => {
  it('CSV: BOM, header, one row per item of every matching order, newest first', async () => {
    const out = sink();
    const r = await writeExport(cache, { sellerOrderStatus: [2, 3] }, out.stream, { format: 'csv', pageSize: 40 });
    const expected = orders.filter((o) => o.orderStatus === 2 || o.orderStatus === 3).reverse();
    expect(r).toEqual({ ok: true, value: { orders: expected.length, rows: rowsOf(expected) } });
    const text = await out.text();
    expect(text.startsWith(`${UTF8_BOM}order_id,order_num,`)).toBe(true);
    const lines = text.slice(1).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + rowsOf(expected));
    const ids = [...new Set(lines.slice(1).map((l) => l.split(',')[0]!.replace(/^"=""(\d+)"""$/, '$1')))];
    expect(ids).toEqual(expected.map((o) => o.id));
  });

  it('JSON Lines: one order per line, exactly as cached (IDs as strings), no BOM', async () => {
    const out = sink();
    const r = await writeExport(cache, { direction: 'asc', hasDispute: false }, out.stream, { format: 'jsonl' });
    expect(r).toEqual({ ok: true, value: { orders: N, rows: N } });
    const lines = (await out.text()).split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((l) => JSON.parse(l) as Order)).toEqual(orders);
  });

  it('a selection (ids): exactly those orders, in the sort, across pages, whatever else the list shows', async () => {
    const picked = [orders[3]!, orders[120]!, orders[249]!, orders[41]!];
    const out = sink();
    const r = await writeExport(cache, { ids: picked.map((o) => o.id) }, out.stream, { format: 'jsonl', pageSize: 2 });
    expect(r).toEqual({ ok: true, value: { orders: 4, rows: 4 } });
    const ids = (await out.text())
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as Order).id);
    expect(ids).toEqual([orders[249]!, orders[120]!, orders[41]!, orders[3]!].map((o) => o.id));
    // The workbook too: the same orders and no other.
    const book = sink();
    const x = await writeExport(cache, { ids: [orders[7]!.id, orders[9]!.id] }, book.stream, { format: 'xlsx' });
    expect(x).toMatchObject({ ok: true, value: { orders: 2 } });
  });

  it('a selection is bounded: too many IDs, none, or a non-ID are refused with a clear message, nothing written', async () => {
    const out = sink();
    const tooMany = Array.from({ length: 10_001 }, (_, i) => String(i + 1));
    const r = await writeExport(cache, { ids: tooMany }, out.stream, { format: 'csv' });
    expect(r).toMatchObject({ ok: false, error: { kind: 'invalid-query' } });
    expect(!r.ok && r.error.kind === 'invalid-query' && r.error.message).toMatch(
      /^ids: a selection may name at most 10,000 orders; export the view instead$/,
    );
    for (const ids of [[], ['x1']]) {
      const bad = await writeExport(cache, { ids }, out.stream, { format: 'xlsx' });
      expect(bad).toMatchObject({ ok: false, error: { kind: 'invalid-query' } });
    }
    expect(out.chunks).toEqual([]);
  });

  it('refuses invalid input before writing anything', async () => {
    const out = sink();
    for (const input of [{ limit: 5 }, { search: Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ') }]) {
      const r = await writeExport(cache, input, out.stream, { format: 'csv' });
      expect(r).toMatchObject({ ok: false, error: { kind: 'invalid-query' } });
    }
    expect(out.chunks).toEqual([]);
  });
});

describe('streaming', () => {
  it('yields one page at a time: the whole result is never built in memory', async () => {
    const chunks = exportChunks(cache, {}, { format: 'jsonl', pageSize: 30 });
    const sizes: number[] = [];
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) sizes.push(next.value.orders);
    expect(sizes).toEqual([...Array.from({ length: 8 }, () => 30), 10]);
  });

  it('waits for a slow writer (backpressure) and still writes everything in order', async () => {
    const out = sink(2, 256);
    const r = await writeExport(cache, {}, out.stream, { format: 'jsonl', pageSize: 25 });
    expect(r).toMatchObject({ ok: true, value: { orders: N } });
    expect(out.chunks.length).toBe(10); // one write per page
    expect(
      (await out.text())
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as Order).id),
    ).toEqual([...orders].reverse().map((o) => o.id));
  });

  it('stops between pages when cancelled', async () => {
    const controller = new AbortController();
    let pages = 0;
    let lines = 0;
    const counting = new Writable({
      write(chunk: Buffer, _enc, callback) {
        lines += chunk.toString('utf8').split('\n').length - 1;
        if (++pages === 2) controller.abort();
        callback();
      },
    });
    const r = await writeExport(cache, {}, counting, { format: 'jsonl', pageSize: 20, signal: controller.signal });
    expect(r).toEqual({ ok: false, error: { kind: 'cancelled' } });
    expect(pages).toBe(2);
    expect(lines).toBe(40);
  });

  it('reports a failing output as a write error', async () => {
    const broken = new Writable({
      write(_chunk, _enc, callback) {
        callback(new Error('ENOSPC: no space left on device'));
      },
    });
    const r = await writeExport(cache, {}, broken, { format: 'csv', pageSize: 50 });
    expect(r).toMatchObject({ ok: false, error: { kind: 'write', detail: expect.stringMatching(/ENOSPC/) } });
  });
});
