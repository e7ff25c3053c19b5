import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
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
  const Icon = active ? (filters.direction === 'desc' ? ArrowDown : ArrowUp) : ArrowUpDown;
  const t = useT();
  return (
    <button
      type="button"
      className={`sort-button${active ? ' sort-button-active' : ''}`}
      onClick={() => onSort({ ...filters, sort: sortKey, direction: next })}
      aria-label={t(next === 'desc' ? 'table.sortNewest' : 'table.sortOldest', { key: sortKey })}
    >
      {label}
      <Icon size={14} aria-hidden="true" />
    </button>
  );
}
