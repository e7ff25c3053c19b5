import type { Migration } from './migrations';
import { INSIGHT_AGGREGATES_SQL, rebuildInsightAggregates } from './insightAggregates';

/**
 * Schema version 8: the Insights aggregates (insightAggregates.ts) — delivery times per day, SKU sums per day and
 * the repeat-buyer rows — filled from the facts and orders already stored. Version 7 is the compressed order JSON
 * (issue 26); this one does not depend on it.
 */
export const MIGRATION_V8: Migration = {
  version: 8,
  description: 'Insights aggregates: delivery times and SKU sums per day, repeat-buyer rows',
  sql: INSIGHT_AGGREGATES_SQL,
  backfill: (db) => rebuildInsightAggregates(db),
};
