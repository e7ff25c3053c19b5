import { useT } from '../../i18n/t';
import type { OrderFilters } from '../../stores/orderFilters';
import { useOrdersStore } from '../../stores/ordersStore';
import { SortButton } from './SortButton';

/** The times column: the time the list is sorted by (created, or paid), sortable by either. */
export function TimesHeader({ onSort, className }: { onSort: (f: OrderFilters) => void; className?: string }) {
  const direction = useOrdersStore((s) => s.filters.direction);
  const t = useT();
  return (
    <th scope="col" className={className} aria-sort={direction === 'desc' ? 'descending' : 'ascending'}>
      <span className="times-header">
        <SortButton label={t('table.created')} sortKey="created" onSort={onSort} />
        <span aria-hidden="true">{t('table.timesSeparator')}</span>
        <SortButton label={t('table.paid')} sortKey="paid" onSort={onSort} />
      </span>
    </th>
  );
}
