import type { OrdersFilter } from '../../../shared/ipc/insights';
import { formatRoute } from '../../router';
import { emptyFilters, filtersToParams, type OrderFilters } from '../../stores/orderFilters';

/** The Orders screen's address for a figure's filter (the same created days, flags, buyer, product title). */
export function ordersHref(filter: OrdersFilter): string {
  const f: OrderFilters = {
    ...emptyFilters,
    statuses: [],
    afterSalesStatuses: [],
    deliveryStatuses: [],
    createdFrom: filter.createdFrom,
    createdTo: filter.createdTo,
    buyerId: filter.buyerId ?? '',
    productTitle: filter.productTitle ?? '',
    afterSales: filter.afterSales === 'yes' ? 'yes' : 'any',
    dispute: filter.dispute === 'yes' ? 'yes' : 'any',
    exception: filter.exception === 'yes' ? 'yes' : 'any',
  };
  return formatRoute('orders', [], filtersToParams(f));
}
