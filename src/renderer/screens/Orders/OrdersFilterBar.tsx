import { ListFilter } from 'lucide-react';
import { Tag } from '../../components/ui/Tag';
import { memo, useId, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { emptyFilters, hasNoFilter } from '../../stores/orderFilters';
import { filterPills } from './filterPills';
import type { FilterState } from './filterState';
import { OrderFiltersPanel } from './OrderFiltersPanel';
import { TextFilter } from './TextFilter';
import { useT } from '../../i18n/t';

/**
 * The index filters (Polaris' pattern): one search, the filters in force as removable pills, and "Add filter"
 * opening the full set only when asked. A problem at a field (the address, the host) opens the set, so the field
 * that names it is in view.
 */
export const OrdersFilterBar = memo(function OrdersFilterBar({ state }: { state: FilterState }) {
  const { filters, issues, labels, commit: onCommit } = state;
  const t = useT();
  const panelId = useId();
  const fieldIssues = Object.keys(issues).filter((k) => k !== 'search').length;
  const [open, setOpen] = useState(fieldIssues > 0);
  // A problem appearing at a field inside opens the set; it is never closed under the merchant's hands.
  const [seenIssues, setSeenIssues] = useState(fieldIssues);
  if (fieldIssues !== seenIssues) {
    setSeenIssues(fieldIssues);
    if (fieldIssues > 0) setOpen(true);
  }
  const pills = filterPills(filters, labels);

  return (
    <div className="index-filters">
      <div className="index-filters-bar">
        <TextFilter
          className="filter-search"
          type="search"
          screenSearch
          compact
          label={t('filters.search')}
          placeholder={t('filters.search')}
          hint={t('filters.searchHint')}
          value={filters.search}
          onCommit={(value) => onCommit({ ...filters, search: value }, { replace: true })}
          error={issues.search}
        />
        <Button
          icon={ListFilter}
          size="sm"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen(!open)}
        >
          {open ? t('design.filters.hide') : t('design.filters.add')}
        </Button>
      </div>
      {(pills.length > 0 || !hasNoFilter(filters)) && (
        <div className="filter-pills-row">
          {pills.length > 0 && (
            <ul className="filter-pills" aria-label={t('design.filters.inForce')}>
              {pills.map((pill) => (
                <Tag
                  key={pill.key}
                  label={pill.label}
                  removeLabel={t('design.filters.remove', { label: pill.label })}
                  onRemove={() => onCommit(pill.without, { replace: false })}
                />
              ))}
            </ul>
          )}
          {!hasNoFilter(filters) && (
            <Button
              variant="plain"
              size="sm"
              onClick={() =>
                onCommit({ ...emptyFilters, sort: filters.sort, direction: filters.direction }, { replace: false })
              }
            >
              {t('design.filters.clearAll')}
            </Button>
          )}
        </div>
      )}
      {open && <OrderFiltersPanel id={panelId} state={state} />}
    </div>
  );
});
