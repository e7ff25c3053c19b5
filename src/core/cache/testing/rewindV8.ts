import type Database from 'better-sqlite3';
import { DROP_INSIGHT_AGGREGATES_SQL } from '../insightAggregates';
import { rewindToV8 } from './rewindV9';

/**
 * Tests only: turns a schema-8 file back into what schema 7 held (no Insights aggregates), so a test can open a
 * file the current code wrote as version 7 and watch migration 8 run on it.
 */
export function rewindToV7(db: Database.Database): void {
  rewindToV8(db);
  if ((db.pragma('user_version', { simple: true }) as number) < 8) return;
  db.transaction(() => {
    db.exec(DROP_INSIGHT_AGGREGATES_SQL);
    db.pragma('user_version = 7');
  })();
}
