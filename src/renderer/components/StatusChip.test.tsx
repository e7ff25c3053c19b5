// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_STATUS_LABELS } from '../../shared/domain/defaultStatusLabels';
import { displayLabels } from '../i18n/statusLabels';
import { StatusBadge, statusTone } from './StatusChip';

afterEach(cleanup);

describe("status tones follow the merchant's labels, not the sandbox's numbering", () => {
  it('the default labels: Completed is success, Paid – awaiting delivery attention, Awaiting seller review attention', () => {
    expect(statusTone('order', 4, DEFAULT_STATUS_LABELS.order).tone).toBe('success');
    expect(statusTone('order', 2, DEFAULT_STATUS_LABELS.order).tone).toBe('attention');
    expect(statusTone('afterSales', 1, DEFAULT_STATUS_LABELS.afterSales).tone).toBe('attention');
    expect(statusTone('afterSales', 3, DEFAULT_STATUS_LABELS.afterSales).tone).toBe('critical');
  });

  it('a platform numbering its statuses otherwise: the tone goes with the label', () => {
    const labels = { '7': 'Completed', '4': 'Cancelled', '2': 'Refund rejected' };
    expect(statusTone('order', 7, labels).tone).toBe('success');
    expect(statusTone('order', 4, labels).tone).toBe('neutral');
    expect(statusTone('order', 2, labels).tone).toBe('neutral'); // an after-sales name means nothing for an order
    expect(statusTone('afterSales', 2, labels).tone).toBe('critical');
  });

  it("unknown codes and names of the merchant's own are neutral", () => {
    expect(statusTone('order', 99, DEFAULT_STATUS_LABELS.order)).toMatchObject({ tone: 'neutral' });
    expect(statusTone('order', 4, { '4': 'Shipped to our warehouse' }).tone).toBe('neutral');
    expect(statusTone('order', 4, undefined).tone).toBe('neutral');
    expect(statusTone('afterSales', 1, {}).tone).toBe('neutral');
  });

  it('labels shown in Chinese keep their tone', () => {
    const zh = displayLabels(DEFAULT_STATUS_LABELS, 'zh-CN');
    expect(zh.order['4']).toBe('已完成');
    expect(statusTone('order', 4, zh.order).tone).toBe('success');
    expect(statusTone('afterSales', 1, zh.afterSales).tone).toBe('attention');
  });

  it("delivery statuses are the spec's own values: by number", () => {
    expect(statusTone('delivery', 2).tone).toBe('success');
    expect(statusTone('deliveryType', 2).tone).toBe('critical');
    expect(statusTone('delivery', 9).tone).toBe('neutral');
  });

  it('the badge draws the tone of its label', () => {
    const { container } = render(<StatusBadge kind="order" value={7} labels={{ '7': 'Completed' }} />);
    expect(container.querySelector('.badge')!.className).toContain('badge-success');
    cleanup();
    const other = render(<StatusBadge kind="order" value={4} labels={{ '4': 'Cancelled' }} />);
    expect(other.container.querySelector('.badge')!.className).toContain('badge-neutral');
  });
});
