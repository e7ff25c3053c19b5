import { describe, expect, it } from 'vitest';
import { emptyFilters, hasNoFilter, type OrderFilters } from '../../stores/orderFilters';
import { filterPills } from './filterPills';

const labels = { order: { 4: 'Completed', 5: 'Cancelled' }, afterSales: { 1: 'Awaiting seller review' } };

describe('filterPills', () => {
  it('shows no pill for no filter, nor for the search (it has its own field)', () => {
    expect(filterPills({ ...emptyFilters, search: 'muller' }, labels)).toEqual([]);
  });

  it('names each filter in force with labels, not codes, and removing one keeps the others and the sort', () => {
    const f: OrderFilters = {
      ...emptyFilters,
      search: 'steam',
      statuses: [4, 5, 9],
      afterSalesStatuses: [1],
      createdFrom: '2026-11-01',
      dispute: 'no',
      direction: 'asc',
    };
    const pills = filterPills(f, labels);
    expect(pills.map((p) => p.label)).toEqual([
      'Order status: Completed, Cancelled, 9',
      'After-sales status: Awaiting seller review',
      'Created from 2026-11-01',
      'Without a dispute',
    ]);
    const withoutStatus = pills[0]!.without;
    expect(withoutStatus.statuses).toEqual([]);
    expect(withoutStatus.afterSalesStatuses).toEqual([1]);
    expect(withoutStatus.search).toBe('steam');
    expect(withoutStatus.direction).toBe('asc');
    // Removing every pill and the search leaves no filter at all.
    const cleared = pills.reduce<OrderFilters>((acc, p) => ({ ...acc, ...diff(p.without, f) }), { ...f, search: '' });
    expect(hasNoFilter(cleared)).toBe(true);
  });

  it('shows a date range as one pill', () => {
    const pills = filterPills({ ...emptyFilters, updatedFrom: '2026-11-01', updatedTo: '2026-11-05' }, labels);
    expect(pills.map((p) => p.label)).toEqual(['Updated 2026-11-01 – 2026-11-05']);
    expect(pills[0]!.without.updatedFrom).toBe('');
    expect(pills[0]!.without.updatedTo).toBe('');
  });
});

/** What a pill's removal changed. */
function diff<T extends object>(after: T, before: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(after).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(before[k as keyof T])),
  ) as Partial<T>;
}
