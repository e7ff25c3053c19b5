// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_STATUS_LABELS } from '../../../shared/domain/defaultStatusLabels';
import { displayLabels } from '../../i18n/statusLabels';
import { useLocaleStore } from '../../i18n/localeStore';
import { parseHash } from '../../router';
import { useOrdersStore } from '../../stores/ordersStore';
import { useProfilesStore } from '../../stores/profilesStore';
import { installFakeBridge } from '../../testing/fakeBridge';
import { OrdersScreen } from './OrdersScreen';
import { OrderTableRow } from './OrderTableRow';
import { deliveryStatusNames, orderRow } from './orderRow';

const settle = () => act(() => new Promise((r) => setTimeout(r, 150)));

const order = (id: string, orderNum: string) => ({
  id,
  orderNum,
  createTime: '2026-11-23T12:00:00Z',
  payTime: '2026-11-23T12:05:00Z',
  buyerName: '李雷',
  orderItems: [{ productSpuTitle: '保温杯' }, { productSpuTitle: '杯套' }, { productSpuTitle: '杯盖' }],
  originalCurrencyProductPrice: '1234.5',
  originalCurrencyCode: 'USD',
  orderStatus: 2,
  orderDeliveryStatus: 1,
  isExistAfterSales: true,
  // What the list filter taught (the spec's Order carries no status).
  afterSalesLearned: { status: 1, learnedAtMs: 1 },
});

function renderOrders(count: number, answers: Parameters<typeof installFakeBridge>[0] = {}) {
  const bridge = installFakeBridge({
    'orders:queryPage': () => ({
      ok: true,
      data: {
        list: Array.from({ length: count }, (_, i) => order(String(i + 1), `SO-${i + 1}`)),
        nextCursor: null,
        afterSalesStatusUnknown: false,
      },
    }),
    'orders:count': () => ({ ok: true, data: { count } }),
    'orders:countQuick': () => ({ ok: true, data: { count, atLeast: false } }),
    ...answers,
  });
  useOrdersStore.getState().reset();
  // No profile: the default status names, which the language translates (the merchant renamed none).
  useProfilesStore.setState({
    list: { status: 'ready', data: { profiles: [], activeProfileId: null }, error: null } as never,
  });
  window.history.replaceState(null, '', '#/orders');
  render(<OrdersScreen route={parseHash('#/orders')} />);
  return bridge;
}

describe('the Orders screen in Simplified Chinese', () => {
  beforeEach(() => useLocaleStore.getState().setChoice('zh-CN'));
  afterEach(() => {
    cleanup();
    useLocaleStore.getState().setChoice('en');
  });

  it('names the screen, filters, statuses and counts in Chinese', async () => {
    renderOrders(2);
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('订单');
    expect(document.querySelector('.orders-count')!.textContent).toBe('2 个订单');
    expect(screen.getByLabelText('搜索订单')).toBeTruthy();
    // The full set of filters opens when asked; a status chip names the status, its code is its hover text.
    fireEvent.click(screen.getByRole('button', { name: '添加筛选' }));
    const statuses = screen.getByRole('group', { name: '订单状态' });
    expect(within(statuses).getByRole('button', { name: '已付款 – 待发货' }).getAttribute('title')).toBe('订单状态 2');
    expect(screen.getByRole('group', { name: '售后状态' }).textContent).toContain('待商家审核');
    expect(screen.getByRole('button', { name: /^待审核退款/ })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '买家' })).toBeTruthy();
  });

  it('says "10,000+" in Chinese while the exact count is counted, then the exact number', async () => {
    let release!: () => void;
    const counted = new Promise<void>((r) => (release = r));
    const bridge = renderOrders(1, {
      'orders:countQuick': () => ({ ok: true, data: { count: 10_000, atLeast: true } }),
      'orders:count': async () => {
        await counted;
        return { ok: true, data: { count: 1_000_000 } };
      },
    });
    await settle();
    const line = document.querySelector('.orders-count')!;
    expect(line.textContent).toBe('10,000+ 个订单');
    expect(line.getAttribute('title')).toBe('匹配的订单超过 10,000 个，正在统计精确数量…');
    expect(bridge.calls.map(([c]) => c)).toContain('orders:count');
    release();
    await settle();
    expect(document.querySelector('.orders-count')!.textContent).toBe('1,000,000 个订单');
  });

  it('shows a row’s money with its ISO code and its dates in Chinese', () => {
    // The row as the list draws it (the virtual list draws none in a page without layout).
    const labels = displayLabels(DEFAULT_STATUS_LABELS, 'zh-CN');
    render(
      <table>
        <tbody>
          <OrderTableRow
            ref={null}
            index={0}
            row={orderRow(order('1', 'SO-1'))}
            selected={false}
            checked={false}
            onCheck={() => {}}
            tabbable
            sortKey="created"
            priority={4}
            orderLabels={labels.order}
            afterSalesLabels={labels.afterSales}
            deliveryLabels={deliveryStatusNames()}
            onOpen={() => {}}
            onSelect={() => {}}
          />
        </tbody>
      </table>,
    );
    const text = document.querySelector('tr.orders-row')!.textContent ?? '';
    expect(text).toContain('1,234.50 USD');
    expect(text).toMatch(/2026\/11\/23 \d{2}:\d{2}/);
    expect(text).toContain('另 2 件');
    expect(text).toContain('已发货');
    // Badges: the status's name; the code in the hover text (the detail shows it too).
    expect(text).toContain('已付款 – 待发货');
    expect(text).not.toContain('（2）');
    expect(text).toContain('售后：待商家审核');
    // The Flags column shows the status itself; "after-sales" is its icon to the eye and hidden words to readers.
    const flag = document.querySelector('td.orders-flags .badge-label')!;
    expect(flag.querySelector('.visually-hidden')?.textContent).toBe('售后：');
    expect(flag.lastChild?.textContent).toBe('待商家审核');
    expect(document.querySelector('td.orders-status .badge')!.getAttribute('title')).toBe(
      '订单状态 2：已付款 – 待发货',
    );
  });

  it('says one order and two orders apart in English (the default in tests)', async () => {
    useLocaleStore.getState().setChoice('en');
    renderOrders(1);
    await settle();
    expect(document.querySelector('.orders-count')!.textContent).toBe('1 order');
    cleanup();
    renderOrders(2);
    await settle();
    expect(document.querySelector('.orders-count')!.textContent).toBe('2 orders');
  });
});
