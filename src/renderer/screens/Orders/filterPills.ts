import { statusLabel } from '../../components/StatusChip';
import type { MessageId } from '../../i18n/catalogs';
import { translate } from '../../i18n/t';
import { emptyFilters, type OrderFilters } from '../../stores/orderFilters';
import { deliveryStatusNames } from './orderRow';

/** One filter in force, as the bar shows it ("Order status: Completed, Cancelled") and what removing it leaves. */
export interface FilterPill {
  key: string;
  label: string;
  /** The filters without this one (sort and the rest kept). */
  without: OrderFilters;
}

const TRISTATE: Record<'afterSales' | 'dispute' | 'exception', { yes: MessageId; no: MessageId }> = {
  afterSales: { yes: 'filters.withAfterSales', no: 'filters.withoutAfterSales' },
  dispute: { yes: 'filters.withDispute', no: 'filters.withoutDispute' },
  exception: { yes: 'filters.withException', no: 'filters.withoutException' },
};

/** "Created 2026-11-01 – 2026-11-05", "Created from …", "Created to …" (and the same for updated). */
function range(which: 'created' | 'updated', from: string, to: string): string {
  const ids = {
    created: ['design.pill.createdRange', 'design.pill.createdFrom', 'design.pill.createdTo'],
    updated: ['design.pill.updatedRange', 'design.pill.updatedFrom', 'design.pill.updatedTo'],
  } as const;
  const [both, onlyFrom, onlyTo] = ids[which];
  return translate(from && to ? both : from ? onlyFrom : onlyTo, { from, to });
}

/**
 * The filters set beyond the search (the search has its own field in the bar), in the panel's order, in the app's
 * language. Pure but for the language: the screen renders them as removable pills, so a filter in force is visible
 * even with the panel closed.
 */
export function filterPills(
  f: OrderFilters,
  labels: { order: Record<string, string> | undefined; afterSales: Record<string, string> | undefined },
): FilterPill[] {
  const pills: FilterPill[] = [];
  const add = (key: string, text: string, reset: Partial<OrderFilters>) =>
    pills.push({ key, label: text, without: { ...f, ...reset } });
  const values = (codes: number[], names: Record<string, string> | undefined) =>
    codes.map((v) => statusLabel(v, names)).join(translate('design.pill.separator'));
  const text = (id: MessageId, value: string) => translate(id, { value });

  if (f.statuses.length > 0)
    add('statuses', translate('design.pill.orderStatus', { values: values(f.statuses, labels.order) }), {
      statuses: [],
    });
  if (f.afterSalesStatuses.length > 0)
    add(
      'afterSalesStatuses',
      translate('design.pill.afterSalesStatus', { values: values(f.afterSalesStatuses, labels.afterSales) }),
      { afterSalesStatuses: [] },
    );
  if (f.deliveryStatuses.length > 0)
    add(
      'deliveryStatuses',
      translate('design.pill.delivery', { values: values(f.deliveryStatuses, deliveryStatusNames()) }),
      { deliveryStatuses: [] },
    );
  if (f.orderNum.trim()) add('orderNum', text('design.pill.orderNum', f.orderNum), { orderNum: '' });
  if (f.id.trim()) add('id', text('design.pill.orderId', f.id), { id: '' });
  if (f.buyerId.trim()) add('buyerId', text('design.pill.buyerId', f.buyerId), { buyerId: '' });
  if (f.productTitle.trim())
    add('productTitle', text('design.pill.productTitle', f.productTitle), { productTitle: '' });
  if (f.createdFrom || f.createdTo)
    add('created', range('created', f.createdFrom, f.createdTo), {
      createdFrom: emptyFilters.createdFrom,
      createdTo: emptyFilters.createdTo,
    });
  if (f.updatedFrom || f.updatedTo)
    add('updated', range('updated', f.updatedFrom, f.updatedTo), {
      updatedFrom: emptyFilters.updatedFrom,
      updatedTo: emptyFilters.updatedTo,
    });
  for (const key of ['afterSales', 'dispute', 'exception'] as const)
    if (f[key] !== 'any') add(key, translate(TRISTATE[key][f[key]]), { [key]: 'any' });
  return pills;
}
