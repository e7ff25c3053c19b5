// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../shared/domain/order';
import { parseHash } from '../../router';
import { resetOrderSequenceForTests, useOrderDetailStore } from '../../stores/orderDetailStore';
import { installFakeBridge, type FakeBridge } from '../../testing/fakeBridge';
import { OrderDetailScreen } from './OrderDetailScreen';

const order: Order = {
  id: '2',
  orderNum: 'ON-2',
  buyerId: '900',
  buyerName: 'Anna Müller',
  orderStatus: 3,
  orderDeliveryStatus: 1,
  deliveryType: 2,
  createTime: '2026-11-20T10:00:00.000Z',
  payTime: '2026-11-20T10:05:00.000Z',
  originalCurrencyCode: 'EUR',
  originalCurrencyProductPrice: '25.98',
  isExistAfterSales: true,
  orderAfterSalesStatus: 1,
  isExistDispute: true,
  orderItems: [
    {
      productSpuId: '501',
      productSpuTitle: 'Gems pack',
      quantity: 2,
      originalCurrencyProductUnitPrice: '12.99',
      originalCurrencyProductTotalPrice: '25.98',
      productSkuAttr: { Region: 'EU' },
      // The platform's own product image: its host is on the order's image allow-list.
      productSkuImagesUrl: ['https://img.example/p.png'],
    },
  ],
  deliveryInfo: [
    { key: 'UID', type: 1, value: ['12345678'] },
    { key: 'Notes', type: 2, value: ['line one\nline two'] },
    { key: 'Server', type: 3, value: ['Europe'] },
    { key: 'Languages', type: 4, value: ['Deutsch', 'English'] },
    {
      key: 'Screenshot',
      type: 5,
      value: ['https://img.example/a.png', 'http://img.example/b.png', 'https://tracker.buyer.example/c.png'],
    },
  ],
  orderDeliveryList: [{ description: 'Code sent', imageUrls: ['https://img.example/d.png'], createTime: null }],
  deliveryErrorInfo: { errorCode: 'STOCK_OUT', errorMessage: 'out of stock' },
};

describe('order detail screen', () => {
  let bridge: FakeBridge;

  beforeEach(() => {
    resetOrderSequenceForTests();
    useOrderDetailStore.getState().close();
    window.location.hash = '#/order/2';
    bridge = installFakeBridge({
      'orders:get': ({ id }) => ({ ok: true, data: { order: id === '2' ? order : { id } } }),
      'orders:queryPage': () => ({
        ok: true,
        data: { list: [{ id: '1' }, order, { id: '3' }], nextCursor: null, afterSalesStatusUnknown: false },
      }),
      'buyers:listSaved': () => ({ ok: true, data: { buyers: [{ merchantUserNo: '900', email: 'a@x.example' }] } }),
      'buyers:copyLoginLink': () => ({
        ok: true,
        data: { copied: true, clearsAt: new Date(Date.now() + 120_000).toISOString() },
      }),
    });
  });
  afterEach(cleanup);

  const renderAt = async (hash: string) => {
    render(<OrderDetailScreen route={parseHash(hash)} />);
    await screen.findByRole('heading', { level: 1, name: 'Order ON-2' });
  };

  it('shows every delivery field type, and loads only https images', async () => {
    await renderAt('#/order/2');
    const info = screen.getByRole('region', { name: 'Delivery info' });
    expect(within(info).getByText('12345678')).toBeTruthy();
    expect(within(info).getByText('line one\nline two', { normalizer: (s) => s })).toBeTruthy();
    expect(within(info).getByText('Europe')).toBeTruthy();
    expect(
      within(within(info).getByRole('list', { name: 'Languages' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Deutsch', 'English']);
    const images = [...document.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(images).toEqual(['https://img.example/a.png', 'https://img.example/d.png']);
    expect(document.querySelector('img')!.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(within(info).getByText('http://img.example/b.png').closest('code')).not.toBeNull();
    // A buyer's own host: nothing is fetched until the merchant asks.
    expect(within(info).getByRole('button', { name: 'Load image from tracker.buyer.example' })).toBeTruthy();
    const error = screen.getByRole('region', { name: 'Delivery error' });
    expect(within(error).getByText('STOCK_OUT')).toBeTruthy();
    expect(within(error).getByText('out of stock')).toBeTruthy();
  });

  it('j and k move to the next and previous order of the list', async () => {
    await renderAt('#/order/2');
    await screen.findByRole('button', { name: 'Next order (j)' });
    await act(async () => {
      await Promise.resolve();
    });
    const user = userEvent.setup();
    await user.keyboard('j');
    expect(window.location.hash).toBe('#/order/3');
    window.location.hash = '#/order/2';
    await user.keyboard('k');
    expect(window.location.hash).toBe('#/order/1');
  });

  it('copies a login link for the matching saved buyer to the first item, after checking the item ID', async () => {
    await renderAt('#/order/2');
    const user = userEvent.setup();
    const itemId = await screen.findByRole('combobox', { name: 'Item ID' });
    expect((itemId as HTMLInputElement).value).toBe('501');
    await user.clear(itemId);
    await user.type(itemId, '42?x=1');
    await user.click(screen.getByRole('button', { name: 'Copy login link for this buyer' }));
    expect(screen.getByText(/item ID must be a positive whole number/)).toBeTruthy();
    expect(bridge.calls.some(([c]) => c === 'buyers:copyLoginLink')).toBe(false);
    await user.clear(itemId);
    await user.type(itemId, '501');
    await user.click(screen.getByRole('button', { name: 'Copy login link for this buyer' }));
    expect(await screen.findByText('Link copied — clears in 2 min')).toBeTruthy();
    expect(bridge.calls.filter(([c]) => c === 'buyers:copyLoginLink')).toEqual([
      ['buyers:copyLoginLink', { merchantUserNo: '900', itemId: '501' }],
    ]);
  });

  it('starts the next order with its own item ID, not the one typed on the last', async () => {
    const third: Order = { ...order, id: '3', orderNum: 'ON-3', orderItems: [{ productSpuId: '888' }] };
    bridge.answer('orders:get', ({ id }) => ({ ok: true, data: { order: id === '3' ? third : order } }));
    const { rerender } = render(<OrderDetailScreen route={parseHash('#/order/2')} />);
    const user = userEvent.setup();
    const itemId = await screen.findByRole('combobox', { name: 'Item ID' });
    await user.clear(itemId);
    await user.type(itemId, '777');
    rerender(<OrderDetailScreen route={parseHash('#/order/3')} />);
    await screen.findByRole('heading', { level: 1, name: 'Order ON-3' });
    expect(((await screen.findByRole('combobox', { name: 'Item ID' })) as HTMLInputElement).value).toBe('888');
  });

  it('offers no login link when no saved buyer matches', async () => {
    bridge.answer('buyers:listSaved', () => ({
      ok: true,
      data: { buyers: [{ merchantUserNo: 'other', email: 'b@x.example' }] },
    }));
    await renderAt('#/order/2');
    expect(await screen.findByText(/No saved buyer matches this order/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy login link for this buyer' })).toBeNull();
  });
});
