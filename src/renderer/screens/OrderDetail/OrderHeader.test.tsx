// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../shared/domain/order';
import { OrderHeader } from './OrderHeader';

afterEach(cleanup);

/** An order as the spec sends it: a request flagged, no after-sales status (the filter teaches one later). */
const order: Order = {
  id: '7',
  orderNum: 'ON-7',
  orderStatus: 4,
  createTime: '2026-11-20T10:00:00.000Z',
  originalCurrencyCode: 'USD',
  originalCurrencyProductPrice: '51.49',
  isExistAfterSales: true,
};

const afterSalesBadge = (container: HTMLElement) =>
  [...container.querySelectorAll('.badge')].find((b) => b.textContent?.startsWith('After-sales'));

describe('the order header’s after-sales badge', () => {
  it('says the status is not known yet when the filter has taught none (it read "After-sales: —")', () => {
    const { container } = render(<OrderHeader order={order} labels={undefined} />);
    const badge = afterSalesBadge(container)!;
    expect(badge.textContent).toBe('After-sales: Status unknown');
    expect(badge.getAttribute('title')).toBe('After-sales: Status unknown');
  });

  it('names the learned status, its code on hover', () => {
    const learned = { ...order, afterSalesLearned: { status: 1, learnedAtMs: 1 } } as Order;
    const { container } = render(<OrderHeader order={learned} labels={undefined} />);
    const badge = afterSalesBadge(container)!;
    expect(badge.textContent).not.toContain('Status unknown');
    expect(badge.getAttribute('title')).toContain('1');
  });
});
