import { SortHeading } from '../../components/ui/SortHeading';
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
    <SortHeading
      label={label}
      sorted={active ? filters.direction : undefined}
      actionLabel={t(next === 'desc' ? 'table.sortNewest' : 'table.sortOldest', { key: sortKey })}
      onSort={() => onSort({ ...filters, sort: sortKey, direction: next })}
    />
  );
}
