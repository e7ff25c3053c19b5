import { memo, useState } from 'react';
import type { FieldIssues, OrderFilters } from '../../stores/orderFilters';
import { DateFilter } from './DateFilter';
import { DATE_PRESETS, presetRange } from './datePresets';
import { StatusChips } from './StatusChips';
import { TextFilter } from './TextFilter';
import { TristateFilter } from './TristateFilter';
import { DELIVERY_STATUSES, deliveryStatusNames } from './orderRow';
import { useT } from '../../i18n/t';

export type CommitFilters = (next: OrderFilters, options: { replace: boolean }) => void;

const DELIVERY_VALUES = [...DELIVERY_STATUSES];

/** Counts the filters set inside "More filters", for its summary. */
function moreCount(f: OrderFilters): number {
  const set = [f.orderNum, f.id, f.buyerId, f.productTitle, f.createdFrom, f.createdTo, f.updatedFrom, f.updatedTo]
    .filter((v) => v.trim() !== '')
    .concat([f.afterSales, f.dispute, f.exception].filter((v) => v !== 'any'));
  return set.length + (f.deliveryStatuses.length > 0 ? 1 : 0);
}

/**
 * Every filter the platform's order list has plus the cache's own. Typing replaces the URL (debounced); a chip,
 * a choice or a date pushes a new entry, so back/forward step through the merchant's changes.
 */
export const OrderFiltersPanel = memo(function OrderFiltersPanel({
  filters,
  issues,
  orderValues,
  afterSalesValues,
  orderLabels,
  afterSalesLabels,
  onCommit,
}: {
  filters: OrderFilters;
  issues: FieldIssues;
  orderValues: number[];
  afterSalesValues: number[];
  orderLabels: Record<string, string> | undefined;
  afterSalesLabels: Record<string, string> | undefined;
  onCommit: CommitFilters;
}) {
  const type = (field: 'search' | 'orderNum' | 'id' | 'buyerId' | 'productTitle') => (value: string) =>
    onCommit({ ...filters, [field]: value }, { replace: true });
  const pick =
    <K extends keyof OrderFilters>(field: K) =>
    (value: OrderFilters[K]) =>
      onCommit({ ...filters, [field]: value }, { replace: false });
  const more = moreCount(filters);
  // Open by the merchant, or by filters set inside it (a view, the address); never closed under their hands.
  const t = useT();
  const [open, setOpen] = useState(more > 0);
  const [seenMore, setSeenMore] = useState(more);
  if (more !== seenMore) {
    setSeenMore(more);
    if (more > 0) setOpen(true);
  }

  return (
    <section className="orders-filters" aria-label={t('filters.label')}>
      <TextFilter
        className="filter-search"
        type="search"
        screenSearch
        label={t('filters.search')}
        hint={t('filters.searchHint')}
        value={filters.search}
        onCommit={type('search')}
        error={issues.search}
      />
      <StatusChips
        legend={t('filters.orderStatus')}
        values={orderValues}
        labels={orderLabels}
        selected={filters.statuses}
        onCommit={pick('statuses')}
        error={issues.statuses}
      />
      <StatusChips
        legend={t('filters.afterSalesStatus')}
        values={afterSalesValues}
        labels={afterSalesLabels}
        selected={filters.afterSalesStatuses}
        onCommit={pick('afterSalesStatuses')}
        error={issues.afterSalesStatuses}
      />
      <details className="orders-more-filters" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>{more > 0 ? t('filters.moreSet', { count: more }) : t('filters.more')}</summary>
        <div className="filter-grid">
          <TextFilter
            label={t('filters.orderNum')}
            value={filters.orderNum}
            onCommit={type('orderNum')}
            error={issues.orderNum}
          />
          <TextFilter
            label={t('filters.orderId')}
            inputMode="numeric"
            value={filters.id}
            onCommit={type('id')}
            error={issues.id}
          />
          <TextFilter
            label={t('filters.buyerId')}
            inputMode="numeric"
            value={filters.buyerId}
            onCommit={type('buyerId')}
            error={issues.buyerId}
          />
          <TextFilter
            label={t('filters.productTitle')}
            value={filters.productTitle}
            onCommit={type('productTitle')}
            error={issues.productTitle}
          />
          <div className="filter-field date-presets" role="group" aria-labelledby="created-presets">
            <span id="created-presets" className="filter-label">
              {t('filters.created')}
            </span>
            <span className="date-preset-buttons">
              {DATE_PRESETS.map((preset) => (
                <button
                  key={preset}
                  type="button"
                  onClick={() => {
                    const { from, to } = presetRange(preset, Date.now());
                    onCommit({ ...filters, createdFrom: from, createdTo: to }, { replace: false });
                  }}
                >
                  {t(`filters.preset.${preset}`)}
                </button>
              ))}
            </span>
          </div>
          <DateFilter
            label={t('filters.createdFrom')}
            value={filters.createdFrom}
            onCommit={pick('createdFrom')}
            error={issues.createdFrom}
          />
          <DateFilter
            label={t('filters.createdTo')}
            value={filters.createdTo}
            onCommit={pick('createdTo')}
            error={issues.createdTo}
          />
          <DateFilter
            label={t('filters.updatedFrom')}
            value={filters.updatedFrom}
            onCommit={pick('updatedFrom')}
            error={issues.updatedFrom}
          />
          <DateFilter
            label={t('filters.updatedTo')}
            value={filters.updatedTo}
            onCommit={pick('updatedTo')}
            error={issues.updatedTo}
          />
          <TristateFilter
            label={t('filters.afterSales')}
            value={filters.afterSales}
            onCommit={pick('afterSales')}
            yes={t('filters.withAfterSales')}
            no={t('filters.withoutAfterSales')}
          />
          <TristateFilter
            label={t('filters.dispute')}
            value={filters.dispute}
            onCommit={pick('dispute')}
            yes={t('filters.withDispute')}
            no={t('filters.withoutDispute')}
          />
          <TristateFilter
            label={t('filters.exception')}
            value={filters.exception}
            onCommit={pick('exception')}
            yes={t('filters.withException')}
            no={t('filters.withoutException')}
          />
        </div>
        <StatusChips
          legend={t('filters.deliveryStatus')}
          values={DELIVERY_VALUES}
          names={deliveryStatusNames()}
          selected={filters.deliveryStatuses}
          onCommit={pick('deliveryStatuses')}
          error={issues.deliveryStatuses}
        />
        <p className="filter-hint">{t('filters.daysHint')}</p>
      </details>
    </section>
  );
});
