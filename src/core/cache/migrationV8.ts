import type Database from 'better-sqlite3';
import { INSIGHT_AGGREGATES_SQL, rebuildInsightAggregates } from './insightAggregates';

/**
 * Schema version 8: the Insights aggregates (insightAggregates.ts) — delivery times per day, SKU sums per day and
 * the repeat-buyer rows — filled from the facts and orders already stored. Version 7 is the compressed order JSON
 * (issue 26); this one does not depend on it. migrations.ts lists it (this file imports nothing from there).
 */
export const V8_DESCRIPTION = 'Insights aggregates: delivery times and SKU sums per day, repeat-buyer rows';
export const V8_SQL = INSIGHT_AGGREGATES_SQL;
export const backfillV8 = (db: Database.Database): void => rebuildInsightAggregates(db);
