import { useT } from '../../i18n/t';
import type { OrderFilters } from '../../stores/orderFilters';
import { useOrdersStore } from '../../stores/ordersStore';
import { SortButton } from './SortButton';

/** The times column: created (paid below it), sortable by either. */
export function TimesHeader({ onSort }: { onSort: (f: OrderFilters) => void }) {
  const direction = useOrdersStore((s) => s.filters.direction);
  const t = useT();
  return (
    <th scope="col" aria-sort={direction === 'desc' ? 'descending' : 'ascending'}>
      <SortButton label={t('table.created')} sortKey="created" onSort={onSort} />
      {t('table.timesSeparator')}
      <SortButton label={t('table.paid')} sortKey="paid" onSort={onSort} />
    </th>
  );
}
