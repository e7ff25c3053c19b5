import { learnFixtureStatuses } from './testing/learnedFixtures';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import * as exceljsModule from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/domain/order';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { writeExport } from './exportOrders';
import { localWallClock } from './exportXlsx';
import { openOrderCache } from './openCache';
import type { OrderCache } from './orderCache';

const ExcelJS = (exceljsModule as unknown as { default?: typeof exceljsModule }).default ?? exceljsModule;

const T0 = Date.UTC(2026, 0, 15, 10, 0); // 18:00 in Shanghai (+08:00, no daylight saving)
const HOUR = 3_600_000;
let cache: OrderCache;
const orders: Order[] = [];

beforeAll(() => {
  const r = openOrderCache({ file: path.join(mkdtempSync(path.join(tmpdir(), 'md-xlsx-')), 'c.sqlite') });
  if (!r.ok) throw new Error(r.error.kind);
  cache = r.value;
  for (let i = 1; i <= 30; i++)
    orders.push(
      fakeOrder(i, T0 + i * HOUR, {
        orderStatus: (i % 4) + 1,
        orderAfterSalesStatus: i % 3 === 0 ? 1 : 0,
        buyerName: i === 2 ? '=HYPERLINK("http://x","y")' : `Buyer ${i}`,
        ...(i % 7 === 0 ? { orderItems: [] } : {}),
        ...(i % 5 === 0
          ? {
              orderItems: [
                ...fakeOrder(i, 0).orderItems!,
                { productSpuId: '9007199254740993', productSpuTitle: 'Extra', quantity: 3 },
              ],
            }
          : {}),
      }),
    );
  cache.applyPage(orders, { seenAtMs: T0, baseline: false });
  learnFixtureStatuses(cache, orders, T0); // as the filter would have taught it
});
afterAll(() => cache.close());

/** The bytes written to a stream that writeExport does not end. */
function sink() {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  const bytes = async () => {
    stream.end();
    await finished(stream);
    return Buffer.concat(chunks);
  };
  return { stream, bytes };
}

async function exported(pageSize = 7) {
  const out = sink();
  const labels = { order: { 2: 'Paid' }, afterSales: { 1: 'Awaiting review' } };
  const r = await writeExport(cache, { direction: 'asc' }, out.stream, {
    format: 'xlsx',
    labels,
    timeZone: 'Asia/Shanghai',
    pageSize,
  });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await out.bytes()) as unknown as ArrayBuffer);
  return { r, book };
}

describe('Excel export', () => {
  it('a sheet of orders and one of items; IDs as text cells; labels beside codes; local times, zone in the header', async () => {
    const { r, book } = await exported();
    const items = orders.reduce((n, o) => n + (o.orderItems?.length ?? 0), 0);
    expect(r).toEqual({ ok: true, value: { orders: 30, rows: 30 + items } });
    expect(book.worksheets.map((w) => w.name)).toEqual(['Orders', 'Items']);
    const sheet = book.getWorksheet('Orders')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const cell = (row: number, name: string) => sheet.getRow(row).getCell(header.indexOf(name) + 1);
    expect(header).toContain('created_at (Asia/Shanghai)');
    expect(sheet.rowCount).toBe(31);
    // Row 2 is the oldest order (ascending): its 19-digit ID exactly, as a string cell.
    expect(cell(2, 'order_id').value).toBe(orders[0]!.id);
    expect(cell(2, 'order_id').type).toBe(ExcelJS.ValueType.String);
    expect(cell(2, 'buyer_id').value).toBe(orders[0]!.buyerId);
    expect(cell(2, 'order_status').value).toBe(2);
    expect(cell(2, 'order_status_label').value).toBe('Paid');
    expect(cell(4, 'after_sales_status_label').value).toBe('Awaiting review');
    expect(cell(2, 'delivery_status_label').value).toBe('Pending');
    // Created 11:00 UTC = 19:00 in Shanghai: the cell shows the wall-clock time.
    const created = cell(2, 'created_at (Asia/Shanghai)').value as Date;
    expect(created.toISOString()).toBe('2026-01-15T19:00:00.000Z');
    expect(cell(2, 'created_at (Asia/Shanghai)').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    // A buyer's formula is a string value, never a formula cell.
    expect(cell(3, 'buyer_name').value).toBe('=HYPERLINK("http://x","y")');
    expect(cell(3, 'buyer_name').type).toBe(ExcelJS.ValueType.String);

    const itemSheet = book.getWorksheet('Items')!;
    const itemHeader = (itemSheet.getRow(1).values as unknown[]).slice(1) as string[];
    expect(itemHeader.slice(0, 3)).toEqual(['order_id', 'order_num', 'item_index']);
    expect(itemSheet.rowCount).toBe(1 + items);
    const fifth = orders[4]!; // two items
    const rowsOfFifth = [];
    for (let r = 2; r <= itemSheet.rowCount; r++)
      if (itemSheet.getRow(r).getCell(1).value === fifth.id) rowsOfFifth.push(itemSheet.getRow(r));
    expect(rowsOfFifth.map((row) => row.getCell(3).value)).toEqual([1, 2]);
    const spu = rowsOfFifth[1]!.getCell(itemHeader.indexOf('product_spu_id') + 1);
    expect([spu.value, spu.type]).toEqual(['9007199254740993', ExcelJS.ValueType.String]);
  });

  it('local wall-clock time follows daylight saving', () => {
    const berlin = localWallClock('Europe/Berlin');
    expect(berlin(Date.UTC(2026, 0, 1, 12)).toISOString()).toBe('2026-01-01T13:00:00.000Z');
    expect(berlin(Date.UTC(2026, 6, 1, 12)).toISOString()).toBe('2026-07-01T14:00:00.000Z');
  });

  it('stops between pages when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const out = sink();
    const r = await writeExport(cache, {}, out.stream, { format: 'xlsx', signal: controller.signal });
    expect(r).toEqual({ ok: false, error: { kind: 'cancelled' } });
  });
});
