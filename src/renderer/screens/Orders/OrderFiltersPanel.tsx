import { memo } from 'react';
import type { FieldIssues, OrderFilters } from '../../stores/orderFilters';
import { DateFilter } from './DateFilter';
import { DATE_PRESETS, presetRange } from './datePresets';
import { StatusChips } from './StatusChips';
import { TextFilter } from './TextFilter';
import { TristateFilter } from './TristateFilter';
import { deliveryStatusNames } from './orderRow';

export type CommitFilters = (next: OrderFilters, options: { replace: boolean }) => void;

const DELIVERY_VALUES = [0, 1, 2, 3];

/**
 * Every filter the platform's order list has plus the cache's own (the search aside: it stays in the bar), shown
 * only when the merchant asks ("Add filter"). Typing replaces the URL (debounced); a chip, a choice or a date pushes
 * a new entry, so back/forward step through the merchant's changes.
 */
export const OrderFiltersPanel = memo(function OrderFiltersPanel({
  id,
  filters,
  issues,
  orderValues,
  afterSalesValues,
  orderLabels,
  afterSalesLabels,
  onCommit,
}: {
  id: string;
  filters: OrderFilters;
  issues: FieldIssues;
  orderValues: number[];
  afterSalesValues: number[];
  orderLabels: Record<string, string> | undefined;
  afterSalesLabels: Record<string, string> | undefined;
  onCommit: CommitFilters;
}) {
  const type = (field: 'orderNum' | 'id' | 'buyerId' | 'productTitle') => (value: string) =>
    onCommit({ ...filters, [field]: value }, { replace: true });
  const pick =
    <K extends keyof OrderFilters>(field: K) =>
    (value: OrderFilters[K]) =>
      onCommit({ ...filters, [field]: value }, { replace: false });
  return (
    <section id={id} className="orders-filters" aria-label="Filters">
      <StatusChips
        legend="Order status"
        values={orderValues}
        labels={orderLabels}
        selected={filters.statuses}
        onCommit={pick('statuses')}
        error={issues.statuses}
      />
      <StatusChips
        legend="After-sales status"
        values={afterSalesValues}
        labels={afterSalesLabels}
        selected={filters.afterSalesStatuses}
        onCommit={pick('afterSalesStatuses')}
        error={issues.afterSalesStatuses}
      />
      <div className="filter-grid">
        <TextFilter label="Order number" value={filters.orderNum} onCommit={type('orderNum')} error={issues.orderNum} />
        <TextFilter label="Order ID" inputMode="numeric" value={filters.id} onCommit={type('id')} error={issues.id} />
        <TextFilter
          label="Buyer ID"
          inputMode="numeric"
          value={filters.buyerId}
          onCommit={type('buyerId')}
          error={issues.buyerId}
        />
        <TextFilter
          label="Product title"
          value={filters.productTitle}
          onCommit={type('productTitle')}
          error={issues.productTitle}
        />
        <div className="filter-field date-presets" role="group" aria-labelledby="created-presets">
          <span id="created-presets" className="filter-label">
            Created
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
                {preset}
              </button>
            ))}
          </span>
        </div>
        <DateFilter
          label="Created from"
          value={filters.createdFrom}
          onCommit={pick('createdFrom')}
          error={issues.createdFrom}
        />
        <DateFilter
          label="Created to"
          value={filters.createdTo}
          onCommit={pick('createdTo')}
          error={issues.createdTo}
        />
        <DateFilter
          label="Updated from"
          value={filters.updatedFrom}
          onCommit={pick('updatedFrom')}
          error={issues.updatedFrom}
        />
        <DateFilter
          label="Updated to"
          value={filters.updatedTo}
          onCommit={pick('updatedTo')}
          error={issues.updatedTo}
        />
        <TristateFilter
          label="After-sales"
          value={filters.afterSales}
          onCommit={pick('afterSales')}
          yes="With after-sales"
          no="Without after-sales"
        />
        <TristateFilter
          label="Dispute"
          value={filters.dispute}
          onCommit={pick('dispute')}
          yes="With a dispute"
          no="Without a dispute"
        />
        <TristateFilter
          label="Delivery exception"
          value={filters.exception}
          onCommit={pick('exception')}
          yes="With a delivery exception"
          no="Without a delivery exception"
        />
      </div>
      <StatusChips
        legend="Delivery status"
        values={DELIVERY_VALUES}
        names={deliveryStatusNames}
        selected={filters.deliveryStatuses}
        onCommit={pick('deliveryStatuses')}
        error={issues.deliveryStatuses}
      />
      <p className="filter-hint">
        Days are in your time zone. “Updated” is when this computer’s cache saw the order change: the platform sends no
        update time.
      </p>
    </section>
  );
});
