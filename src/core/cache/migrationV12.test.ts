import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { FakePlatform } from '../sync/testing/fakePlatform';
import { SyncEngine } from '../sync/syncEngine';
import { rebuildBuyerAggregates } from './insightAggregates';
import { LATEST_SCHEMA_VERSION } from './migrations';
import { tempCaches } from './testing/tempCaches';

/**
 * Migration 11 → 12 on a real file: the repeat-buyer rows an order's move to no buyer left behind under the old
 * update trigger are deleted, every other row is kept, and the new trigger deletes such a row as the move happens.
 */

const NOW = Date.UTC(2026, 5, 30, 12);
const { newFile, openFile } = tempCaches('md-v12-');

/** Schema 11's update trigger (insightAggregates.ts as version 8 created it). */
const V11_TRIGGER = `DROP TRIGGER insight_buyer_update;
CREATE TRIGGER insight_buyer_update AFTER UPDATE OF buyer_id, create_ms ON orders
  WHEN old.buyer_id IS NOT new.buyer_id OR old.create_ms IS NOT new.create_ms BEGIN
  INSERT OR IGNORE INTO insight_buyer_dirty SELECT old.buyer_id WHERE old.buyer_id IS NOT NULL;
  INSERT OR IGNORE INTO insight_buyer_dirty SELECT new.buyer_id WHERE new.buyer_id IS NOT NULL;
END;`;

const stale = (db: Database.Database) =>
  db
    .prepare(
      `SELECT count(*) FROM insight_buyer_seq s
       WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.rid = s.rid AND o.buyer_id = s.buyer_id)`,
    )
    .pluck()
    .get() as number;

describe('migration 11 → 12 (an order that leaves its buyer leaves its row)', () => {
  it('deletes the rows old moves left, keeps the rest, and the new trigger deletes them as they happen', async () => {
    const file = newFile();
    const platform = new FakePlatform(NOW);
    platform.add(Array.from({ length: 600 }, (_, i) => NOW - 30 * 86_400_000 + i * 3_600_000));
    const cache = openFile(file);
    const engine = new SyncEngine({ cache, source: platform, now: () => platform.clock, writerThread: false });
    expect((await engine.sync()).ok).toBe(true);
    cache.db.transaction(() => rebuildBuyerAggregates(cache.db))();
    const rows = cache.db.prepare('SELECT count(*) FROM insight_buyer_seq').pluck().get() as number;
    expect(rows).toBeGreaterThan(400);
    cache.close();

    // The file as schema 11 left it after three orders with rows moved to no buyer.
    const db = new Database(file);
    db.exec(V11_TRIGGER);
    db.pragma('user_version = 11');
    db.exec(`UPDATE orders SET buyer_id = NULL WHERE rid IN (SELECT rid FROM insight_buyer_seq ORDER BY rid LIMIT 3)`);
    expect(stale(db)).toBe(3);
    db.close();

    const migrated = openFile(file);
    expect(migrated.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    expect(stale(migrated.db)).toBe(0);
    expect(migrated.db.prepare('SELECT count(*) FROM insight_buyer_seq').pluck().get()).toBe(rows - 3);

    // A move now: the order's row goes with it, before any refresh.
    migrated.db.exec(
      `UPDATE orders SET buyer_id = '999000111' WHERE rid = (SELECT rid FROM insight_buyer_seq ORDER BY rid LIMIT 1)`,
    );
    expect(stale(migrated.db)).toBe(0);
  });
});
