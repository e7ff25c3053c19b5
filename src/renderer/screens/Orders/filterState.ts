import type { FieldIssues, OrderFilters } from '../../stores/orderFilters';

export type CommitFilters = (next: OrderFilters, options: { replace: boolean }) => void;

/**
 * What the filter bar and the full set of filters work from, built once by the screen (one memoized object, so the
 * bar and the set render only when one of these changed): the filters shown (the URL's), the problems found at
 * their fields, the status values to offer with the merchant's labels, and how a change is committed.
 */
export interface FilterState {
  filters: OrderFilters;
  issues: FieldIssues;
  /** Status values to offer: the labelled ones and those the cache holds. */
  values: { order: number[]; afterSales: number[] };
  labels: { order: Record<string, string> | undefined; afterSales: Record<string, string> | undefined };
  commit: CommitFilters;
}
