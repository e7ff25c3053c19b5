import { useEffect, useMemo } from 'react';
import { PackageSearch, RefreshCw, X } from 'lucide-react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { formatRoute, navigate, type Route } from '../../router';
import { useChangesStore } from '../../stores/changesStore';
import {
  filtersFromParams,
  filtersToParams,
  emptyFilters,
  hasNoFilter,
  issuesByField,
  type OrderFilters,
} from '../../stores/orderFilters';
import { useOrdersStore } from '../../stores/ordersStore';
import { useSyncStore } from '../../stores/syncStore';
import { useLiveViewCounts } from '../../stores/viewsStore';
import { ExportView } from './ExportView';
import { OrdersFilterBar } from './OrdersFilterBar';
import type { FilterState } from './filterState';
import { DensityToggle } from './DensityToggle';
import { OrdersTable } from './OrdersTable';
import { SavedViews } from './SavedViews';
import { SelectionBar } from './SelectionBar';
import './Orders.css';
import { useServedLabels } from '../../stores/servedLabels';
import { useT } from '../../i18n/t';
import { afterPaint } from '../../afterPaint';

/**
 * Puts filters in the URL: the list follows the URL (so back/forward and reloads show the same list). The store is
 * told first, so the read is on its way before the URL's change renders the app; the route's effect then finds the
 * same filters shown and asks nothing more.
 */
function commitFilters(next: OrderFilters, { replace }: { replace: boolean }): void {
  try {
    performance.mark('md:orders:commit');
  } catch {
    // No User Timing: nothing to measure.
  }
  const params = filtersToParams(next);
  useOrdersStore.getState().setFilters(filtersFromParams(params), useChangesStore.getState().revision);
  navigate(formatRoute('orders', [], params), { replace });
}

/** A discrete change (a view, a sort): a new history entry. */
const pushFilters = (next: OrderFilters) => commitFilters(next, { replace: false });

const labelKeys = (labels: Record<string, string> | undefined) =>
  Object.keys(labels ?? {})
    .filter((k) => /^-?\d+$/.test(k))
    .map(Number);

/** The number of matches (its own subscriber: a count arriving re-renders this line only). */
function OrdersCount() {
  const count = useOrdersStore((s) => s.count);
  const atLeast = useOrdersStore((s) => s.countAtLeast);
  const listLoading = useOrdersStore((s) => s.list.status === 'loading');
  const t = useT();
  // A large cache: "10,000+ orders" from the quick count while the exact number is counted.
  if (count.status !== 'ready' && atLeast !== null)
    return (
      <p
        className="orders-count"
        role="status"
        aria-live="polite"
        aria-busy="true"
        title={t('ordersCount.exactFollows', { count: atLeast })}
      >
        {t('ordersCount.atLeast', { count: atLeast })}
      </p>
    );
  return (
    <p className="orders-count" role="status" aria-live="polite">
      {count.status === 'ready' && count.data !== null
        ? t('common.orderCount', { count: count.data })
        : listLoading || count.status === 'loading'
          ? t('orders.counting')
          : null}
    </p>
  );
}

/**
 * Keeps the saved views' counts (the tabs) live once the list's first page is answered. A component of its own: the
 * list's status changing renders this, not the screen.
 */
function LiveViewCounts() {
  useLiveViewCounts(useOrdersStore((s) => s.list.status === 'ready' || s.list.status === 'failed'));
  return null;
}

/** The orders in the cache: saved views, filters, the count of matches, export, and the list. */
export function OrdersScreen({ route }: { route: Route }) {
  const filters = useMemo(() => filtersFromParams(route.params), [route.params]);
  const revision = useChangesStore((s) => s.revision);
  // Only what the screen itself shows of the list: a page of rows arriving re-renders the table, not the screen.
  const listError = useOrdersStore((s) => s.list.error);
  const moreError = useOrdersStore((s) => s.list.moreError);
  const hasRows = useOrdersStore((s) => s.list.rows.length > 0);
  const empty = useOrdersStore((s) => s.list.status === 'ready' && s.list.rows.length === 0);
  const nothingToShow = useOrdersStore((s) => s.list.status === 'failed' && s.list.rows.length === 0);
  const afterSalesStatusUnknown = useOrdersStore((s) => s.list.afterSalesStatusUnknown);
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
    // The status filter's values (a count by status over the whole cache) once the rows' frame is painted.
    let live = true;
    void afterPaint().then(() => (live ? store.loadStatusValues() : undefined));
    return () => {
      live = false;
    };
  }, [revision]);

  // A Sync now that stored changes with no change event (a new buyer name, a remark): re-read too.
  const lastSync = useSyncStore((s) => s.lastResult);
  useEffect(() => {
    if (lastSync && lastSync.inserted + lastSync.updated > 0) void useOrdersStore.getState().refresh();
  }, [lastSync]);

  const commit = commitFilters;
  const servedLabels = useServedLabels();
  const orderLabels = servedLabels.order;
  const afterSalesLabels = servedLabels.afterSales;
  // Stable props: when the screen renders (new filters), the filters and views render only if theirs changed.
  const placed = useMemo(() => issuesByField(listError), [listError]);
  const issues = useMemo(() => ({ ...placed.fields, ...localIssues }), [placed, localIssues]);
  const orderValues = useMemo(
    () => [...new Set([...labelKeys(orderLabels), ...statusValues.order])],
    [orderLabels, statusValues.order],
  );
  const afterSalesValues = useMemo(
    () => [...new Set([...labelKeys(afterSalesLabels), ...statusValues.afterSales])],
    [afterSalesLabels, statusValues.afterSales],
  );
  const filterState = useMemo<FilterState>(
    () => ({
      filters,
      issues,
      values: { order: orderValues, afterSales: afterSalesValues },
      labels: { order: orderLabels, afterSales: afterSalesLabels },
      commit,
    }),
    [filters, issues, orderValues, afterSalesValues, orderLabels, afterSalesLabels, commit],
  );
  const hasIssues = Object.keys(issues).length > 0;
  const t = useT();

  return (
    <section className="screen orders-screen" aria-labelledby="screen-title">
      <div className="orders-heading">
        <h1 id="screen-title">{t('screen.orders')}</h1>
        <OrdersCount />
        <div className="orders-actions">
          <DensityToggle />
          <ExportView blocked={hasIssues} />
        </div>
      </div>
      <div className="index-card">
        <div className="index-toolbar">
          <LiveViewCounts />
          <SavedViews filters={shownFilters} onApply={pushFilters} />
          <OrdersFilterBar state={filterState} />
        </div>
        {hasIssues && !placed.general && (
          <p className="filter-error" role="alert">
            {t('orders.fixFilter')}
          </p>
        )}
        {listError && (placed.general || !hasIssues) && (
          <ErrorNotice error={listError} title={hasRows ? t('orders.listNotUpdated') : t('orders.nothingToShow')} />
        )}
        {afterSalesStatusUnknown && (
          <p className="filter-hint" role="note">
            {t('orders.afterSalesUnknown')}
          </p>
        )}
        <SelectionBar />
        {empty ? (
          <div className="orders-empty">
            {hasNoFilter(filters) ? (
              <EmptyState
                icon={PackageSearch}
                message={t('design.orders.emptyCache')}
                action={
                  <Button variant="primary" icon={RefreshCw} onClick={() => void useSyncStore.getState().syncNow()}>
                    {t('design.orders.fetch')}
                  </Button>
                }
              />
            ) : (
              <EmptyState
                icon={PackageSearch}
                message={t('orders.noMatch')}
                action={
                  <Button
                    variant="primary"
                    icon={X}
                    onClick={() =>
                      commit({ ...emptyFilters, sort: filters.sort, direction: filters.direction }, { replace: false })
                    }
                  >
                    {t('orders.clearFilters')}
                  </Button>
                }
              />
            )}
          </div>
        ) : nothingToShow ? null : (
          <OrdersTable orderLabels={orderLabels} afterSalesLabels={afterSalesLabels} onSort={pushFilters} />
        )}
      </div>
      {moreError && <ErrorNotice error={moreError} title={t('orders.moreFailed')} />}
    </section>
  );
}
