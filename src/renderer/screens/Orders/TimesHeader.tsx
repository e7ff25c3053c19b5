import type { OrderFilters } from '../../stores/orderFilters';
import { useOrdersStore } from '../../stores/ordersStore';
import { SortButton } from './SortButton';

/** The times column: the time the list is sorted by (created, or paid), sortable by either. */
export function TimesHeader({ onSort, className }: { onSort: (f: OrderFilters) => void; className?: string }) {
  const direction = useOrdersStore((s) => s.filters.direction);
  return (
    <th scope="col" className={className} aria-sort={direction === 'desc' ? 'descending' : 'ascending'}>
      <span className="times-header">
        <SortButton label="Created" sortKey="created" onSort={onSort} />
        <span aria-hidden="true">·</span>
        <SortButton label="Paid" sortKey="paid" onSort={onSort} />
      </span>
    </th>
  );
}
