import { useEffect, useMemo } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatRoute, navigate, type Route } from '../../router';
import { useChangesStore } from '../../stores/changesStore';
import {
  filtersFromParams,
  filtersToParams,
  hasNoFilter,
  issuesByField,
  type OrderFilters,
} from '../../stores/orderFilters';
import { useOrdersStore } from '../../stores/ordersStore';
import { activeProfile, useProfilesStore } from '../../stores/profilesStore';
import { useSyncStore } from '../../stores/syncStore';
import { ExportView } from './ExportView';
import { OrderFiltersPanel } from './OrderFiltersPanel';
import { OrdersTable } from './OrdersTable';
import { SavedViews } from './SavedViews';
import './Orders.css';

/** Puts filters in the URL: the list follows the URL (so back/forward and reloads show the same list). */
function commitFilters(next: OrderFilters, { replace }: { replace: boolean }): void {
  try {
    performance.mark('md:orders:commit');
  } catch {
    // No User Timing: nothing to measure.
  }
  navigate(formatRoute('orders', [], filtersToParams(next)), { replace });
}

/** A discrete change (a view, a sort): a new history entry. */
const pushFilters = (next: OrderFilters) => commitFilters(next, { replace: false });

const labelKeys = (labels: Record<string, string> | undefined) =>
  Object.keys(labels ?? {})
    .filter((k) => /^-?\d+$/.test(k))
    .map(Number);

/** The orders in the cache: saved views, filters, the count of matches, export, and the list. */
export function OrdersScreen({ route }: { route: Route }) {
  const filters = useMemo(() => filtersFromParams(route.params), [route.params]);
  const revision = useChangesStore((s) => s.revision);
  const profile = useProfilesStore((s) => activeProfile(s.list.data));
  const list = useOrdersStore((s) => s.list);
  const count = useOrdersStore((s) => s.count);
  const localIssues = useOrdersStore((s) => s.localIssues);
  const statusValues = useOrdersStore((s) => s.statusValues);
  const shownFilters = useOrdersStore((s) => s.filters);

  useEffect(() => {
    useOrdersStore.getState().setFilters(filters, useChangesStore.getState().revision);
  }, [filters]);

  // The cache changed (a sync, a refresh, another profile): re-read in place.
  useEffect(() => {
    const store = useOrdersStore.getState();
    if (store.revision !== revision) void store.refresh(revision);
    void store.loadStatusValues();
  }, [revision]);

  // A Sync now that stored changes with no change event (a new buyer name, a remark): re-read too.
  const lastSync = useSyncStore((s) => s.lastResult);
  useEffect(() => {
    if (lastSync && lastSync.inserted + lastSync.updated > 0) void useOrdersStore.getState().refresh();
  }, [lastSync]);

  const commit = commitFilters;
  const orderLabels = profile?.statusLabels.order;
  const afterSalesLabels = profile?.statusLabels.afterSales;
  // Stable props: an answer or a count re-renders the heading and the list, not the filters and views.
  const placed = useMemo(() => issuesByField(list.error), [list.error]);
  const issues = useMemo(() => ({ ...placed.fields, ...localIssues }), [placed, localIssues]);
  const orderValues = useMemo(
    () => [...new Set([...labelKeys(orderLabels), ...statusValues.order])],
    [orderLabels, statusValues.order],
  );
  const afterSalesValues = useMemo(
    () => [...new Set([...labelKeys(afterSalesLabels), ...statusValues.afterSales])],
    [afterSalesLabels, statusValues.afterSales],
  );
  const hasIssues = Object.keys(issues).length > 0;
  const empty = list.status === 'ready' && list.rows.length === 0;

  return (
    <section className="screen orders-screen" aria-labelledby="screen-title">
      <div className="orders-heading">
        <h1 id="screen-title">Orders</h1>
        <p className="orders-count" role="status" aria-live="polite">
          {count.status === 'ready' && count.data !== null
            ? `${count.data.toLocaleString()} ${count.data === 1 ? 'order' : 'orders'}`
            : list.status === 'loading' || count.status === 'loading'
              ? 'Counting…'
              : ''}
        </p>
        <ExportView disabled={hasIssues || list.status !== 'ready' || list.rows.length === 0} />
      </div>
      <SavedViews filters={shownFilters} onApply={pushFilters} />
      <OrderFiltersPanel
        filters={filters}
        issues={issues}
        orderValues={orderValues}
        afterSalesValues={afterSalesValues}
        orderLabels={orderLabels}
        afterSalesLabels={afterSalesLabels}
        onCommit={commit}
      />
      {!hasNoFilter(filters) && (
        <p className="orders-clear">
          <button
            type="button"
            onClick={() =>
              commit(
                { ...filtersFromParams(new URLSearchParams()), sort: filters.sort, direction: filters.direction },
                { replace: false },
              )
            }
          >
            Clear filters
          </button>
        </p>
      )}
      {hasIssues && !placed.general && (
        <p className="filter-error" role="alert">
          Fix the marked filter to see orders.
        </p>
      )}
      {list.error && (placed.general || !hasIssues) && (
        <ErrorNotice
          error={list.error}
          title={list.rows.length > 0 ? 'The list could not be updated' : 'No orders to show'}
        />
      )}
      {list.afterSalesStatusUnknown && (
        <p className="filter-hint" role="note">
          No cached order carries an after-sales status (the platform did not send one): this filter cannot match.
        </p>
      )}
      {empty ? (
        <div className="orders-empty" role="status">
          <p>
            {hasNoFilter(filters)
              ? 'No orders in the cache yet. Sync now to fetch them.'
              : 'No orders match these filters.'}
          </p>
        </div>
      ) : list.rows.length === 0 && list.status === 'failed' ? null : (
        <OrdersTable orderLabels={orderLabels} afterSalesLabels={afterSalesLabels} onSort={pushFilters} />
      )}
      {list.moreError && <ErrorNotice error={list.moreError} title="More orders could not be read" />}
    </section>
  );
}
