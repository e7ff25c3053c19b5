import { describe, expect, it } from 'vitest';
import type { Order } from '../shared/domain/order';
import { formatOrderDetail, formatOrderTable, plural } from './format';

const order = {
  id: '42',
  orderNum: 'SO-42',
  buyerName: 'Ana\nBell',
  orderStatus: 4,
  afterSalesLearned: { status: 3, learnedAtMs: 1 },
  isExistAfterSales: true,
  remark: 'call first\r\nthen ring twice',
  deliveryInfo: [{ key: 'Address', value: ['Main St 1\nFlat 2\nBerlin'] }],
  orderItems: [{ productSpuTitle: 'Gift card\nEU', quantity: 1 }],
} as unknown as Order;

describe('order output', () => {
  it('a multi-line delivery field (or remark) stays under its label: continuation lines are indented', () => {
    const lines = formatOrderDetail(order).split('\n');
    expect(lines).toContain('Field:     Address = Main St 1');
    expect(lines).toContain('           Flat 2');
    expect(lines).toContain('           Berlin');
    expect(lines).toContain('           then ring twice');
    // Every line after the title starts with a label or the indentation, never with a field's own text.
    for (const line of lines.slice(1)) expect(line).toMatch(/^([A-Z][a-z-]+:( +\S|$)| {11}\S)/);
  });

  it('a line break inside a table cell does not split the row', () => {
    const text = formatOrderTable({ pageIndex: 1, pageSize: 1, totalCount: 1, list: [order], skipped: [] });
    expect(text.split('\n')).toHaveLength(3);
    expect(text).toContain('Ana ↵ Bell');
  });

  it('labels are shown as "label (n)"; unlabelled values stay bare', () => {
    const labels = { order: { '4': 'Completed' }, afterSales: {} };
    const detail = formatOrderDetail(order, { labels });
    expect(detail).toContain('Status:    Completed (4)');
    expect(detail).toContain('After-sales: 3');
  });

  it('one of a thing is singular', () => {
    expect([plural(0, 'order'), plural(1, 'order'), plural(2, 'change event')]).toEqual([
      '0 orders',
      '1 order',
      '2 change events',
    ]);
  });
});
