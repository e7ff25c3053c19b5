import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';

/**
 * A sortable column heading (Polaris IndexTable's sortable headings): the column's name and an arrow — the current
 * direction when the list is sorted by it, both ways when not. `actionLabel` says what a click does.
 */
export function SortHeading({
  label,
  sorted,
  actionLabel,
  onSort,
}: {
  label: string;
  /** The list's direction when it is sorted by this column. */
  sorted: 'asc' | 'desc' | undefined;
  actionLabel: string;
  onSort: () => void;
}) {
  const Icon = sorted === 'desc' ? ArrowDown : sorted === 'asc' ? ArrowUp : ArrowUpDown;
  return (
    <button
      type="button"
      className={`sort-heading${sorted ? ' sort-heading-active' : ''}`}
      onClick={onSort}
      aria-label={actionLabel}
    >
      {label}
      <Icon size={14} aria-hidden="true" />
    </button>
  );
}
