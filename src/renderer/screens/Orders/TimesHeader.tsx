import type { OrderFilters } from '../../stores/orderFilters';
import { useOrdersStore } from '../../stores/ordersStore';
import { SortButton } from './SortButton';

/** The times column: created (paid below it), sortable by either. */
export function TimesHeader({ onSort }: { onSort: (f: OrderFilters) => void }) {
  const direction = useOrdersStore((s) => s.filters.direction);
  return (
    <th scope="col" aria-sort={direction === 'desc' ? 'descending' : 'ascending'}>
      <SortButton label="Created" sortKey="created" onSort={onSort} />
      {' · '}
      <SortButton label="Paid" sortKey="paid" onSort={onSort} />
    </th>
  );
}
