import { describe, expect, it } from 'vitest';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { CSV_HEADER, csvCell, csvHeaderLine, orderCsvLines } from './exportCsv';
import { parseCsv } from './testing/parseCsv';

const T0 = Date.UTC(2026, 2, 1, 12, 30);

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks, and nothing else', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line1\nline2')).toBe('"line1\nline2"');
    expect(csvCell('cr\rlf')).toBe('"cr\rlf"');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(4)).toBe('4');
    expect(csvCell(false)).toBe('false');
  });

  it('makes formula-like text inert with a leading apostrophe (spreadsheet formula injection)', () => {
    for (const evil of ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])
      expect(parseCsv(`${csvCell(evil)}\r\n`)[0]![0]).toBe(`'${evil}`);
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('order rows', () => {
  it('one row per item with the order columns repeated; IDs as exact text; times ISO 8601 with zone', () => {
    const order = fakeOrder(7, T0, {
      payTime: '2026-03-01 20:30:00+08:00',
      buyerName: 'Müller, "Jo"',
      remark: 'ring twice\nthen wait',
      orderItems: [
        { productSpuId: '9007199254740993', productSkuId: '12', productSpuTitle: 'Steam, 50 €', quantity: 2 },
        { productSpuId: '5', productSpuTitle: '=cmd|calc', productSkuAttr: { Region: 'EU', Value: 10 } },
      ],
    });
    const rows = parseCsv(csvHeaderLine() + orderCsvLines(order));
    expect(rows[0]).toEqual(CSV_HEADER);
    expect(rows).toHaveLength(3);
    const col = (row: string[], name: string) => row[CSV_HEADER.indexOf(name)];
    for (const [i, row] of rows.slice(1).entries()) {
      expect(row).toHaveLength(CSV_HEADER.length);
      expect(col(row, 'order_id')).toBe('="1500000000000000007"');
      expect(col(row, 'buyer_id')).toBe(`="${order.buyerId}"`);
      expect(col(row, 'order_status')).toBe('2');
      expect(col(row, 'delivery_status_label')).toBe('Pending');
      expect(col(row, 'buyer_name')).toBe('Müller, "Jo"');
      expect(col(row, 'remark')).toBe('ring twice\nthen wait');
      expect(col(row, 'created_at')).toBe('2026-03-01T12:30:00.000Z');
      expect(col(row, 'paid_at')).toBe('2026-03-01T12:30:00.000Z');
      expect(col(row, 'item_index')).toBe(String(i + 1));
    }
    expect(col(rows[1]!, 'product_spu_id')).toBe('="9007199254740993"');
    expect(col(rows[1]!, 'product_title')).toBe('Steam, 50 €');
    expect(col(rows[1]!, 'quantity')).toBe('2');
    expect(col(rows[2]!, 'product_title')).toBe("'=cmd|calc");
    expect(col(rows[2]!, 'sku_attributes')).toBe('Region: EU; Value: 10');
  });

  it('an order without items is one row with the item columns empty', () => {
    const rows = parseCsv(orderCsvLines(fakeOrder(1, T0, { orderItems: [] })));
    expect(rows).toHaveLength(1);
    expect(rows[0]![CSV_HEADER.indexOf('item_index')]).toBe('');
    expect(rows[0]![CSV_HEADER.indexOf('order_id')]).toBe('="1500000000000000001"');
  });
});
