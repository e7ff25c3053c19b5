import { translate } from '../i18n/t';
import { emptyFilters, filtersFromParams, filtersToParams, localDay, type OrderFilters } from './orderFilters';

/**
 * Saved views of the orders list: two built in, and the merchant's own, kept in this browser profile's local
 * storage (versioned; a damaged or foreign record is read as far as it is sound, never trusted blindly).
 */

export const AWAITING_REFUND_VIEW = 'awaiting-refund-decision';
export const DELIVERY_ERRORS_TODAY_VIEW = 'delivery-errors-today';

export interface OrdersView {
  id: string;
  name: string;
  builtin: boolean;
  filters: OrderFilters;
}

/** An own view as stored: its filters as the list's URL parameters (the same codec as the address bar). */
export interface StoredView {
  id: string;
  name: string;
  params: string;
}

export interface StoredViews {
  views: StoredView[];
  /**
   * The after-sales statuses "Awaiting refund decision" shows; null: the profile's own "awaiting review" values
   * (orderFacts.awaitingReviewValues), as the After-sales screen and the tray count them.
   * The spec names the after-sales status but not its values, so which ones await the seller is a setting.
   */
  awaitingStatuses: number[] | null;
}

export const VIEWS_STORAGE_KEY = 'merchant-desk.orders.views';
export const VIEWS_VERSION = 1;
const MAX_NAME = 80;

/** The built-in views as of `nowMs` ("today" is the merchant's day). */
export function builtinViews(options: { awaitingStatuses: number[]; nowMs: number }): OrdersView[] {
  return [
    {
      id: AWAITING_REFUND_VIEW,
      name: translate('views.builtin.awaitingRefund'),
      builtin: true,
      filters: { ...emptyFilters, afterSalesStatuses: [...options.awaitingStatuses] },
    },
    {
      id: DELIVERY_ERRORS_TODAY_VIEW,
      name: translate('views.builtin.deliveryErrorsToday'),
      builtin: true,
      // "Today" by the time the cache saw the order change: the platform sends no update time.
      filters: { ...emptyFilters, exception: 'yes', updatedFrom: localDay(options.nowMs) },
    },
  ];
}

export const ownView = (v: StoredView): OrdersView => ({
  id: v.id,
  name: v.name,
  builtin: false,
  filters: filtersFromParams(new URLSearchParams(v.params)),
});

export function storedView(id: string, name: string, filters: OrderFilters): StoredView {
  return { id, name: cleanName(name), params: filtersToParams(filters).toString() };
}

export function cleanName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').slice(0, MAX_NAME);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The stored record, read as far as it is sound: entries that are not views are skipped (and said), a record of
 * another version or that is not JSON gives no views (and says so) — the list still works.
 */
export function parseStoredViews(text: string | null): { stored: StoredViews; problem: string | null } {
  const empty: StoredViews = { views: [], awaitingStatuses: null };
  if (text === null) return { stored: empty, problem: null };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { stored: empty, problem: translate('views.problem.damaged') };
  }
  if (!isRecord(value) || value.version !== VIEWS_VERSION)
    return { stored: empty, problem: translate('views.problem.otherVersion') };
  const views: StoredView[] = [];
  let skipped = 0;
  const seen = new Set<string>();
  for (const v of Array.isArray(value.views) ? value.views : []) {
    if (
      isRecord(v) &&
      typeof v.id === 'string' &&
      v.id !== '' &&
      !seen.has(v.id) &&
      typeof v.name === 'string' &&
      cleanName(v.name) !== '' &&
      typeof v.params === 'string'
    ) {
      seen.add(v.id);
      views.push({ id: v.id, name: cleanName(v.name), params: v.params });
    } else skipped++;
  }
  const a = value.awaitingStatuses;
  const awaitingStatuses =
    Array.isArray(a) && a.length > 0 && a.every((n) => Number.isInteger(n)) ? (a as number[]) : null;
  return {
    stored: { views, awaitingStatuses },
    problem: skipped > 0 ? translate('views.problem.skipped', { count: skipped }) : null,
  };
}

export function serializeStoredViews(stored: StoredViews): string {
  return JSON.stringify({ version: VIEWS_VERSION, ...stored });
}
