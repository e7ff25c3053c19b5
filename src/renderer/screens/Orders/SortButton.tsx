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
  return (
    <button
      type="button"
      className="sort-button"
      onClick={() => onSort({ ...filters, sort: sortKey, direction: next })}
      aria-label={`Sort by ${label.toLowerCase()} time, ${next === 'desc' ? 'newest' : 'oldest'} first`}
    >
      {label}
      <span aria-hidden="true">{active ? (filters.direction === 'desc' ? ' ↓' : ' ↑') : ' ↕'}</span>
    </button>
  );
}
