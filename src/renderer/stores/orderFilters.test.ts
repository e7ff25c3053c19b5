import { describe, expect, it } from 'vitest';
import {
  dayInstant,
  emptyFilters,
  filtersFromParams,
  filtersKey,
  filtersToParams,
  hasNoFilter,
  issuesByField,
  localDay,
  localIssues,
  toCacheFilter,
  type OrderFilters,
} from './orderFilters';

const full: OrderFilters = {
  search: 'müller steam',
  orderNum: 'SO20261120000042',
  id: '7260000000000000042',
  buyerId: '42',
  productTitle: 'Steam Gift',
  statuses: [2, 3],
  afterSalesStatuses: [1],
  deliveryStatuses: [0, 1],
  createdFrom: '2026-11-01',
  createdTo: '2026-11-20',
  updatedFrom: '2026-11-19',
  updatedTo: '2026-11-21',
  afterSales: 'yes',
  dispute: 'no',
  exception: 'yes',
  sort: 'paid',
  direction: 'asc',
};

describe('filters ⇄ URL parameters', () => {
  it('round-trips every field', () => {
    const params = filtersToParams(full);
    expect(filtersFromParams(new URLSearchParams(params.toString()))).toEqual(full);
    expect(params.get('q')).toBe('müller steam');
    expect(params.get('status')).toBe('2,3');
    expect(params.get('afterSales')).toBe('1');
    expect(params.get('dispute')).toBe('0');
  });

  it('writes nothing for the defaults, and the same text for the same filters in any order', () => {
    expect(filtersToParams(emptyFilters).toString()).toBe('');
    expect(hasNoFilter(emptyFilters)).toBe(true);
    expect(hasNoFilter({ ...emptyFilters, sort: 'paid' })).toBe(true);
    expect(hasNoFilter({ ...emptyFilters, search: 'x' })).toBe(false);
    expect(filtersKey({ ...full, statuses: [3, 2] })).toBe(filtersKey(full));
    expect(filtersKey({ ...emptyFilters, search: '   ' })).toBe('');
  });

  it('drops malformed lists and flags from a hand-edited address, but keeps text and dates as written', () => {
    const f = filtersFromParams(
      new URLSearchParams('status=2,x,2,,3&afterSales=maybe&sort=price&dir=up&createdFrom=yesterday&id=abc&zzz=1'),
    );
    expect(f.statuses).toEqual([2, 3]);
    expect(f.afterSales).toBe('any');
    expect(f.sort).toBe('created');
    expect(f.direction).toBe('desc');
    expect(f.createdFrom).toBe('yesterday');
    expect(f.id).toBe('abc');
  });
});

describe('the cache query of the filters', () => {
  it('maps every field to the request field of the cache', () => {
    const q = toCacheFilter(full);
    expect(q).toMatchObject({
      search: 'müller steam',
      orderNum: 'SO20261120000042',
      id: '7260000000000000042',
      buyerId: '42',
      productTitle: 'Steam Gift',
      sellerOrderStatus: [2, 3],
      orderAfterSalesStatus: [1],
      deliveryStatus: [0, 1],
      hasAfterSales: true,
      hasDispute: false,
      deliveryException: true,
    });
    expect(q.createBeginDate).toBe(dayInstant('2026-11-01', false));
    expect(q.createEndDate).toBe(dayInstant('2026-11-20', true));
    expect(toCacheFilter(emptyFilters)).toEqual({});
  });

  it('reads a day in the merchant’s zone: from its first to its last millisecond', () => {
    const from = dayInstant('2026-03-29', false)!;
    const to = dayInstant('2026-03-29', true)!;
    expect(new Date(from).getDate()).toBe(29);
    expect(new Date(from).getHours()).toBe(0);
    expect(new Date(to).getHours()).toBe(23);
    expect(Date.parse(to) - Date.parse(dayInstant('2026-03-30', false)!)).toBe(-1);
    expect(localDay(Date.parse(from))).toBe('2026-03-29');
    expect(dayInstant('2026-02-30', false)).toBeUndefined();
    expect(dayInstant('0050-01-01', false)).toMatch(/^0050-01-0/);
  });

  it('passes a date that is not a day on as written, for the host to name the problem', () => {
    expect(toCacheFilter({ ...emptyFilters, createdFrom: ' soon ' }).createBeginDate).toBe('soon');
  });

  it('finds a reversed range before asking', () => {
    expect(localIssues({ ...emptyFilters, createdFrom: '2026-11-20', createdTo: '2026-11-01' })).toEqual({
      createdTo: 'Created to must not be before created from.',
    });
    expect(localIssues({ ...emptyFilters, updatedFrom: '2026-11-20', updatedTo: '2026-11-20' })).toEqual({});
  });

  it("places the host's issues at the fields they concern", () => {
    const placed = issuesByField({
      kind: 'invalid-request',
      message: 'Invalid request',
      issues: [
        { path: 'id', message: 'order id must be a positive whole number' },
        { path: 'createBeginDate', message: 'created-from must be a real ISO 8601 date' },
      ],
    });
    expect(placed).toEqual({
      fields: {
        id: 'order id must be a positive whole number',
        createdFrom: 'created-from must be a real ISO 8601 date',
      },
      general: false,
    });
    expect(issuesByField({ kind: 'invalid-input', message: 'search text has 40 words' }).general).toBe(true);
    expect(issuesByField(null)).toEqual({ fields: {}, general: false });
  });
});
