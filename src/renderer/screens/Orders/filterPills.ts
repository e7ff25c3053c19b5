import { statusLabel } from '../../components/StatusChip';
import { emptyFilters, type OrderFilters } from '../../stores/orderFilters';
import { deliveryStatusNames } from './orderRow';

/** One filter in force, as the bar shows it ("Order status: Completed, Cancelled") and what removing it leaves. */
export interface FilterPill {
  key: string;
  label: string;
  /** The filters without this one (sort and the rest kept). */
  without: OrderFilters;
}

const TRISTATE: Record<'afterSales' | 'dispute' | 'exception', { yes: string; no: string }> = {
  afterSales: { yes: 'With after-sales', no: 'Without after-sales' },
  dispute: { yes: 'With a dispute', no: 'Without a dispute' },
  exception: { yes: 'With a delivery exception', no: 'Without a delivery exception' },
};

const range = (from: string, to: string) => (from && to ? `${from} – ${to}` : from ? `from ${from}` : `to ${to}`);

/**
 * The filters set beyond the search (the search has its own field in the bar), in the panel's order. Pure: the
 * screen renders them as removable pills, so a filter in force is visible even with the panel closed.
 */
export function filterPills(
  f: OrderFilters,
  labels: { order: Record<string, string> | undefined; afterSales: Record<string, string> | undefined },
): FilterPill[] {
  const pills: FilterPill[] = [];
  const add = (key: string, label: string, reset: Partial<OrderFilters>) =>
    pills.push({ key, label, without: { ...f, ...reset } });
  const statuses = (values: number[], names: Record<string, string> | undefined) =>
    values.map((v) => statusLabel(v, names)).join(', ');

  if (f.statuses.length > 0) add('statuses', `Order status: ${statuses(f.statuses, labels.order)}`, { statuses: [] });
  if (f.afterSalesStatuses.length > 0)
    add('afterSalesStatuses', `After-sales status: ${statuses(f.afterSalesStatuses, labels.afterSales)}`, {
      afterSalesStatuses: [],
    });
  if (f.deliveryStatuses.length > 0)
    add('deliveryStatuses', `Delivery: ${statuses(f.deliveryStatuses, deliveryStatusNames)}`, {
      deliveryStatuses: [],
    });
  if (f.orderNum.trim()) add('orderNum', `Order number: ${f.orderNum}`, { orderNum: '' });
  if (f.id.trim()) add('id', `Order ID: ${f.id}`, { id: '' });
  if (f.buyerId.trim()) add('buyerId', `Buyer ID: ${f.buyerId}`, { buyerId: '' });
  if (f.productTitle.trim()) add('productTitle', `Product title: ${f.productTitle}`, { productTitle: '' });
  if (f.createdFrom || f.createdTo)
    add('created', `Created ${range(f.createdFrom, f.createdTo)}`, {
      createdFrom: emptyFilters.createdFrom,
      createdTo: emptyFilters.createdTo,
    });
  if (f.updatedFrom || f.updatedTo)
    add('updated', `Updated ${range(f.updatedFrom, f.updatedTo)}`, {
      updatedFrom: emptyFilters.updatedFrom,
      updatedTo: emptyFilters.updatedTo,
    });
  for (const key of ['afterSales', 'dispute', 'exception'] as const)
    if (f[key] !== 'any') add(key, TRISTATE[key][f[key]], { [key]: 'any' });
  return pills;
}
