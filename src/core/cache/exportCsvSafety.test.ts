import { describe, expect, it } from 'vitest';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { CSV_HEADER, csvCell, csvHeader, csvHeaderLine, orderCsvLines } from './exportCsv';
import { parseCsv } from './testing/parseCsv';

const T0 = Date.UTC(2026, 2, 1, 12, 30);
const FORMULA = /^[\s\u3000]*[=+\-@＝＋－＠]/;

describe('CSV a spreadsheet opens safely', () => {
  it('quotes semicolons and tabs too: an Excel splitting on ";" reads no formula cell (every cell start guarded)', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
    for (const evil of ['x;=1+2;y', 'x,=1+2,y', 'x;+1', '  =1+2', '\u3000＝1+2', '＋1', '\n=1', '\t=1']) {
      const line = `a,${csvCell(evil)},b\r\n`;
      for (const separator of [',', ';']) {
        const cells = parseCsv(
          line.replace(/^a,|,b\r\n$/g, (m) => m.replace(',', separator)),
          separator,
        )[0]!;
        for (const cell of cells)
          expect({ evil, separator, cell }).not.toMatchObject({ cell: expect.stringMatching(FORMULA) });
      }
      // Read with the separator it was written with, the text is all there after the guard.
      expect(parseCsv(line)[0]![1]!.replace(/^'/, '')).toBe(evil);
    }
  });

  it('IDs made of digits stay text in a spreadsheet (="…"); an ID column holding anything else is guarded text', () => {
    expect(csvCell('1575510000000000000', 'id')).toBe('"=""1575510000000000000"""');
    expect(parseCsv(`${csvCell('1575510000000000000', 'id')}\r\n`)[0]).toEqual(['="1575510000000000000"']);
    expect(csvCell('SO-1', 'id')).toBe('SO-1');
    expect(csvCell('=1+2', 'id')).toBe("'=1+2");
  });

  it("names status codes beside them with the profile's labels and the spec's delivery names", () => {
    const labels = { order: { 2: 'Paid' }, afterSales: { 1: 'Awaiting review' } };
    const order = fakeOrder(3, T0, { afterSalesLearned: { status: 1, learnedAtMs: T0 }, deliveryType: 2 });
    const row = parseCsv(orderCsvLines(order, { raw: false, labels }))[0]!;
    const col = (name: string) => row[CSV_HEADER.indexOf(name)];
    expect([col('order_status'), col('order_status_label')]).toEqual(['2', 'Paid']);
    expect([col('after_sales_status'), col('after_sales_status_label')]).toEqual(['1', 'Awaiting review']);
    expect([col('delivery_status'), col('delivery_status_label')]).toEqual(['0', 'Pending']);
    expect([col('delivery_type'), col('delivery_type_label')]).toEqual(['2', 'Delivery exception']);
  });

  it('raw: exact values for programs — plain-digit IDs, no apostrophe, no label columns, still quoted', () => {
    const header = csvHeader({ raw: true });
    expect(header.some((h) => h.endsWith('_label'))).toBe(false);
    expect(csvHeaderLine({ raw: true })).toBe(`${header.join(',')}\r\n`);
    const order = fakeOrder(9, T0, { remark: '-5% off; thanks', buyerName: '=Ann' });
    const row = parseCsv(orderCsvLines(order, { raw: true, labels: { order: {}, afterSales: {} } }))[0]!;
    const col = (name: string) => row[header.indexOf(name)];
    expect(row).toHaveLength(header.length);
    expect(col('order_id')).toBe('1500000000000000009');
    expect(col('remark')).toBe('-5% off; thanks');
    expect(col('buyer_name')).toBe('=Ann');
  });
});
