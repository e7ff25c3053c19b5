import { MARK } from '../../i18n/marks';
import { useT } from '../../i18n/t';
import type { OrderFilters, SortKey } from '../../stores/orderFilters';
import { useOrdersStore } from '../../stores/ordersStore';

/** Sorts the list by one time (newest first; again: oldest first). */
export function SortButton({
  label,
  sortKey,
  onSort,
}: {
  label: string;
  sortKey: SortKey;
  onSort: (f: OrderFilters) => void;
}) {
  const filters = useOrdersStore((s) => s.filters);
  const active = filters.sort === sortKey;
  const next = active && filters.direction === 'desc' ? 'asc' : 'desc';
  const t = useT();
  return (
    <button
      type="button"
      className="sort-button"
      onClick={() => onSort({ ...filters, sort: sortKey, direction: next })}
      aria-label={t(next === 'desc' ? 'table.sortNewest' : 'table.sortOldest', { key: sortKey })}
    >
      {label}
      <span aria-hidden="true">
        {active ? (filters.direction === 'desc' ? MARK.sortDesc : MARK.sortAsc) : MARK.sortable}
      </span>
    </button>
  );
}
