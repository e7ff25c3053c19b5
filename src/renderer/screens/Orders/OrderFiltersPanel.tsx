import { memo, useMemo } from 'react';
import type { OrderFilters } from '../../stores/orderFilters';
import type { FilterState } from './filterState';
import { DateFilter } from './DateFilter';
import { DatePicker } from '../../components/ui/DatePicker';
import { datePickerPresets } from './datePresets';
import { StatusChips } from './StatusChips';
import { TextFilter } from './TextFilter';
import { TristateFilter } from './TristateFilter';
import { DELIVERY_STATUSES, deliveryStatusNames } from './orderRow';
import { useT } from '../../i18n/t';

const DELIVERY_VALUES = [...DELIVERY_STATUSES];

/**
 * Every filter the platform's order list has plus the cache's own (the search aside: it stays in the bar), shown
 * only when the merchant asks ("Add filter"). Typing replaces the URL (debounced); a chip, a choice or a date pushes
 * a new entry, so back/forward step through the merchant's changes.
 */
export const OrderFiltersPanel = memo(function OrderFiltersPanel({ id, state }: { id: string; state: FilterState }) {
  const { filters, issues, values, labels, commit: onCommit } = state;
  const type = (field: 'orderNum' | 'id' | 'buyerId' | 'productTitle') => (value: string) =>
    onCommit({ ...filters, [field]: value }, { replace: true });
  const pick =
    <K extends keyof OrderFilters>(field: K) =>
    (value: OrderFilters[K]) =>
      onCommit({ ...filters, [field]: value }, { replace: false });
  const t = useT();
  const presets = useMemo(() => datePickerPresets(t), [t]);
  return (
    <section id={id} className="orders-filters" aria-label={t('filters.label')}>
      <StatusChips
        legend={t('filters.orderStatus')}
        values={values.order}
        labels={labels.order}
        selected={filters.statuses}
        onCommit={pick('statuses')}
        error={issues.statuses}
      />
      <StatusChips
        legend={t('filters.afterSalesStatus')}
        values={values.afterSales}
        labels={labels.afterSales}
        selected={filters.afterSalesStatuses}
        onCommit={pick('afterSalesStatuses')}
        error={issues.afterSalesStatuses}
      />
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
        <div className="date-presets">
          <DatePicker
            label={t('filters.created')}
            value={{ from: filters.createdFrom, to: filters.createdTo }}
            presets={presets}
            onChange={(r) => onCommit({ ...filters, createdFrom: r.from, createdTo: r.to }, { replace: false })}
          />
          <DatePicker
            label={t('datePicker.updated')}
            value={{ from: filters.updatedFrom, to: filters.updatedTo }}
            presets={presets}
            onChange={(r) => onCommit({ ...filters, updatedFrom: r.from, updatedTo: r.to }, { replace: false })}
          />
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
    </section>
  );
});
