import type Database from 'better-sqlite3';

/**
 * The query planner's statistics (sqlite_stat1), kept current with `PRAGMA optimize`: it analyses only the tables
 * never analysed or whose size changed a lot since (0x10000: every table, not only those this connection read),
 * each index sampled on at most ANALYSIS_LIMIT rows — a few ms whatever the size of the file. Run after a full sync
 * and by the upkeep after opening. The reads do not depend on it: each shape the planner could get wrong names its
 * index (indexChoice.ts), and `indexUse.test.ts` holds the plans with the statistics present to the plans without.
 */
export const ANALYSIS_LIMIT = 400;

export function optimizeStats(db: Database.Database): void {
  db.pragma(`analysis_limit = ${ANALYSIS_LIMIT}`);
  db.pragma('optimize = 0x10002');
}
