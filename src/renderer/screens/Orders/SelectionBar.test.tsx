// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcRequest } from '../../../shared/ipc/contract';
import { Toaster } from '../../components/ui/Toast';
import { useOrderSelection } from '../../stores/orderSelection';
import { emptyFilters } from '../../stores/orderFilters';
import { useOrdersStore } from '../../stores/ordersStore';
import { useToastStore } from '../../stores/toastStore';
import { installFakeBridge } from '../../testing/fakeBridge';
import { OrderTableRow } from './OrderTableRow';
import { deliveryStatusNames, orderRow } from './orderRow';
import { SelectAllCheckbox } from './SelectAllCheckbox';
import { SelectionBar } from './SelectionBar';

const settle = () => act(() => new Promise((r) => setTimeout(r, 80)));
const loaded = ['101', '102', '103', '104'];

describe('selection and "Export selected"', () => {
  let exports: Array<IpcRequest<'orders:export'>>;

  beforeEach(async () => {
    exports = [];
    installFakeBridge({
      'orders:queryPage': () => ({
        ok: true,
        data: {
          list: loaded.map((id) => ({ id, orderNum: `SO${id}` })),
          nextCursor: null,
          afterSalesStatusUnknown: false,
        },
      }),
      'orders:count': () => ({ ok: true, data: { count: 250 } }),
      'orders:countQuick': () => ({ ok: true, data: { count: 250, atLeast: false } }),
      'orders:export': (request) => {
        exports.push(request);
        return { ok: true, data: { orders: 2, rows: 3, file: '/home/me/orders.xlsx' } };
      },
    });
    useOrdersStore.getState().reset();
    useOrdersStore.getState().setFilters({ ...emptyFilters });
    await settle();
  });
  afterEach(() => {
    cleanup();
    useOrderSelection.getState().clear();
    useToastStore.setState({ toasts: [] });
  });

  it('nothing ticked: no bar; ticked: the count, Export selected sends exactly those IDs, the result is a toast', async () => {
    render(
      <>
        <SelectionBar />
        <Toaster />
      </>,
    );
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    act(() => {
      useOrderSelection.getState().toggle('102', false);
      useOrderSelection.getState().toggle('104', false);
    });
    expect(screen.getByRole('region', { name: 'Bulk actions' })).toBeTruthy();
    expect(screen.getByText('2 selected')).toBeTruthy();
    // Radix's menu opens on a pointer press (a keyboard's Enter too).
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Export selected' }), { button: 0, ctrlKey: false });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Export selected (Excel)' }));
    await settle();
    expect(exports).toEqual([{ ids: ['102', '104'], sort: 'created', direction: 'desc', format: 'xlsx' }]);
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual([
      'Exported 2 orders (3 rows) to /home/me/orders.xlsx.',
    ]);
    expect(screen.getAllByText('Exported 2 orders (3 rows) to /home/me/orders.xlsx.').length).toBeGreaterThan(0);
  });

  it('"Select all 250 orders" selects every match: the export follows the filters, not IDs', async () => {
    render(<SelectionBar />);
    act(() => useOrderSelection.getState().toggle('101', false));
    fireEvent.click(screen.getByRole('button', { name: 'Select all 250 orders' }));
    expect(screen.getByText('All 250 orders selected')).toBeTruthy();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Export selected' }), { button: 0, ctrlKey: false });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Export selected (CSV)' }));
    await settle();
    expect(exports).toEqual([{ sort: 'created', direction: 'desc', format: 'csv' }]);
  });

  it('the header checkbox ticks every loaded order, shows "mixed" for some, and clears', () => {
    render(<SelectAllCheckbox />);
    const box = screen.getByRole('checkbox', { name: 'Select all loaded orders' }) as HTMLInputElement;
    fireEvent.click(box);
    expect([...useOrderSelection.getState().ids]).toEqual(loaded);
    expect(box.checked).toBe(true);
    act(() => useOrderSelection.getState().toggle('103', false));
    expect(box.indeterminate).toBe(true);
    fireEvent.click(box);
    expect(useOrderSelection.getState().ids.size).toBe(0);
  });

  it("a row's checkbox ticks (Shift: a range) without opening the order", () => {
    const onOpen = vi.fn();
    const onCheck = vi.fn();
    render(
      <table>
        <tbody>
          <OrderTableRow
            ref={null}
            index={0}
            row={orderRow({ id: '101', orderNum: 'SO101' })}
            selected={false}
            checked
            onCheck={onCheck}
            tabbable
            sortKey="created"
            priority={4}
            orderLabels={{}}
            afterSalesLabels={{}}
            deliveryLabels={deliveryStatusNames()}
            onOpen={onOpen}
            onSelect={() => {}}
          />
        </tbody>
      </table>,
    );
    const box = screen.getByRole('checkbox', { name: 'Select order SO101' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box, { shiftKey: true });
    expect(onCheck).toHaveBeenCalledWith('101', true);
    expect(onOpen).not.toHaveBeenCalled();
  });
});
