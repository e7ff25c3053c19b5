import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeOrder } from '../sync/testing/fakeOrders';
import { runCacheUpkeep, type UpkeepProgress } from './cacheUpkeep';
import { openOrderCache } from './openCache';
import type { OrderCache } from './orderCache';
import { fillConvertibleOrders } from './testing/convertibleOrders';
import { rewindToV8 } from './testing/rewindV9';
import {
  finishStage,
  finishTextConversionStep,
  freePagesLeftByTextConversion,
  MERGE_KEY,
  type FinishStage,
} from './textConversionFinish';

/**
 * The end of the schema-9 conversion in bounded steps (textConversionFinish.ts), on real files: a schema-8 file
 * written by this code and rewound, its orders converted in small batches (so the new indexes have many segments to
 * merge). After every step the file is sound — PRAGMA quick_check and FTS5's own integrity-check of every
 * full-text table — and every search answers as before the conversion; the steps end (the merge included, which a
 * repeated negative `merge` never did); a copy of the file taken after any step (what a kill leaves) opens, answers
 * alike and finishes; a step killed inside its transaction leaves the file as before it; and the host's reads are
 * answered between the upkeep's steps; another connection that had the older tables open goes on after the retire.
 */

const NOW = Date.UTC(2026, 5, 1);
const dirs: string[] = [];
const caches: OrderCache[] = [];
afterEach(() => {
  for (const c of caches.splice(0)) c.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function newDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'md-finish-'));
  dirs.push(dir);
  return dir;
}

function open(file: string): OrderCache {
  const r = openOrderCache({ file });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  caches.push(r.value);
  return r.value;
}

const SEARCHES = ['steam', 'netflix eu', 'ギフト', 'eu', 'buyer 5', 'so0000012', 'card 10', 'fast'];

function answers(cache: OrderCache): unknown[] {
  return SEARCHES.flatMap((search) => [
    cache.query({ search, limit: 1000 }),
    cache.query({ search, sellerOrderStatus: [2], limit: 7 }),
    cache.countMatches({ search }),
  ]).map((r) => (r.ok ? r.value : r.error));
}

const FTS_TABLES = [
  'orders_fts',
  'orders_grams',
  'order_own_fts',
  'order_own_grams',
  'text_group_fts',
  'text_group_grams',
];

/** quick_check of the whole file and FTS5's integrity-check of each full-text table: [] when sound. */
function problems(db: Database.Database): string[] {
  const found = (db.pragma('quick_check') as Array<{ quick_check: string }>)
    .map((r) => r.quick_check)
    .filter((l) => l !== 'ok');
  for (const t of FTS_TABLES) {
    try {
      db.exec(`INSERT INTO ${t} (${t}) VALUES ('integrity-check')`);
    } catch (e) {
      found.push(`${t}: ${String(e)}`);
    }
  }
  return found;
}

/** A schema-8 file of `orders` orders, opened (migration 9) and converted in batches of 100; what it answered. */
function convertedFile(orders: number): { file: string; expected: unknown[]; cache: OrderCache } {
  const file = path.join(newDir(), 'c.sqlite');
  const c = open(file);
  fillConvertibleOrders(c, orders, NOW);
  const expected = answers(c);
  caches.pop()!.close();
  const db = new Database(file);
  rewindToV8(db);
  db.close();
  const cache = open(file);
  for (let done = false; !done;) {
    const step = cache.convertTextGroups(100);
    if (!step.ok) throw new Error(step.error.kind);
    done = step.value.done;
  }
  expect(answers(cache)).toEqual(expected);
  return { file, expected, cache };
}

/** A copy of the file as a killed process leaves it (the connection not closed: the WAL beside it). */
function copyAsKilled(file: string): string {
  const copy = path.join(newDir(), 'killed.sqlite');
  copyFileSync(file, copy);
  if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`);
  return copy;
}

const tiny = { purgeRows: 20, mergePages: 2 };
const count = (db: Database.Database, sql: string) => db.prepare(sql).pluck().get() as number;

describe("the schema-9 conversion's end, in bounded steps", () => {
  it('ends in a bounded number of steps, the file sound and every search the same after each', () => {
    const { expected, cache } = convertedFile(2_000);
    const db = cache.db;
    expect(finishStage(db)).toBe('retire');
    const older =
      count(db, 'SELECT count(*) FROM orders_fts_data') + count(db, 'SELECT count(*) FROM orders_grams_data');
    expect(older).toBeGreaterThan(100);

    const stages: FinishStage[] = [];
    const small = { purgeRows: 200, mergePages: 2 }; // no time budget: one statement or merge call a step
    for (let step = finishTextConversionStep(db, 0, small); step; step = finishTextConversionStep(db, 0, small)) {
      stages.push(step.stage);
      expect(problems(db)).toEqual([]);
      expect(answers(cache)).toEqual(expected);
      expect(stages.length).toBeLessThan(2_000); // bounded: a merge that never ends fails here
    }
    const runs = stages.filter((s, i) => s !== stages[i - 1]);
    expect(runs).toEqual(['retire', 'purge', 'merge']);
    expect(stages.filter((s) => s === 'purge').length).toBeGreaterThan(10); // the older pages deleted in pieces
    expect(stages.filter((s) => s === 'merge').length).toBeGreaterThan(2);
    expect(finishStage(db)).toBe('done');
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE name LIKE 'retired%'").pluck().all()).toEqual([]);
    expect(db.prepare('SELECT count(*) FROM meta WHERE key = ?').pluck().get(MERGE_KEY)).toBe(0);
    // Merged to the end: a further merge of every segment finds nothing to do (FTS5's test: fewer than 2 changes).
    for (const t of ['order_own_fts', 'order_own_grams', 'text_group_fts', 'text_group_grams']) {
      const before = count(db, 'SELECT total_changes()');
      db.exec(`INSERT INTO ${t} (${t}, rank) VALUES ('merge', -1000)`);
      expect(count(db, 'SELECT total_changes()') - before, t).toBeLessThan(2);
    }
    // The tables under the older names are the empty ones, still written and read as before.
    expect(count(db, 'SELECT count(*) FROM orders_fts_docsize')).toBe(0);
    cache.applyPage([fakeOrder(9_000, NOW, { remark: 'steam, later' })], { seenAtMs: NOW + 1, baseline: false });
    cache.indexPendingSearchRows();
    const found = cache.query({ search: 'later', limit: 10 });
    expect(found.ok && found.value.list.length).toBe(1);
    expect(problems(db)).toEqual([]);
  }, 90_000);

  it('a kill between any two steps: the copy opens sound, answers alike and finishes', async () => {
    const { file, expected, cache } = convertedFile(2_000);
    const copies: Array<{ stage: FinishStage; copy: string }> = [];
    let steps = 0;
    for (
      let step = finishTextConversionStep(cache.db, 0, tiny);
      step;
      step = finishTextConversionStep(cache.db, 0, tiny)
    ) {
      // After the retire, twice in the purge, twice in the merge.
      const stage = finishStage(cache.db);
      const taken = copies.filter((c) => c.stage === stage).length;
      if (stage !== 'done' && taken < 2 && steps++ % 3 === 0) copies.push({ stage, copy: copyAsKilled(file) });
    }
    expect(new Set(copies.map((c) => c.stage))).toEqual(new Set(['purge', 'merge']));
    for (const { stage, copy } of copies) {
      const b = open(copy);
      expect(finishStage(b.db)).toBe(stage);
      expect(problems(b.db)).toEqual([]);
      expect(answers(b)).toEqual(expected);
      const r = await runCacheUpkeep(b);
      expect(r.ok, JSON.stringify(r)).toBe(true);
      expect(finishStage(b.db)).toBe('done');
      expect(problems(b.db)).toEqual([]);
      expect(answers(b)).toEqual(expected);
    }
  }, 60_000);

  it('a step killed inside its transaction leaves the file as before it; the next opening goes on', async () => {
    for (const at of ['purge', 'merge'] as const) {
      const { file, expected, cache } = convertedFile(1_500);
      while (finishStage(cache.db) !== at) finishTextConversionStep(cache.db, 0, tiny);
      finishTextConversionStep(cache.db, 0, tiny); // one step into the stage
      const state = () =>
        cache.db
          .prepare(
            `SELECT (SELECT group_concat(name) FROM sqlite_schema) || '|' ||
               coalesce((SELECT value FROM meta WHERE key = ?), '') || '|' ||
               (SELECT coalesce(sum(length(block)), 0) FROM text_group_fts_data)`,
          )
          .pluck()
          .get(MERGE_KEY) as string;
      const before = state();
      // The process dies inside the next step: its transaction rolls back, the connection is left unclosed.
      cache.db.pragma('query_only = ON');
      expect(() => finishTextConversionStep(cache.db, 0, tiny)).toThrow();
      cache.db.pragma('query_only = OFF');
      expect(state()).toBe(before);
      caches.splice(caches.indexOf(cache), 1); // abandoned, as a killed process leaves it

      const b = open(file);
      expect(finishStage(b.db)).toBe(at);
      expect(answers(b)).toEqual(expected);
      expect((await runCacheUpkeep(b)).ok).toBe(true);
      expect(finishStage(b.db)).toBe('done');
      expect(problems(b.db)).toEqual([]);
      expect(answers(b)).toEqual(expected);
    }
  }, 60_000);

  it("the host's reads are answered between the upkeep's steps, each exact", async () => {
    const { expected, cache } = convertedFile(2_000);
    const events: string[] = [];
    const r = await runCacheUpkeep(cache, {
      // Between two steps the host answers what the UI asks (here: every search of the list).
      pause: async () => {
        events.push(JSON.stringify(answers(cache)) === JSON.stringify(expected) ? 'read' : 'wrong read');
        await new Promise<void>((resolve) => setImmediate(resolve));
      },
      onProgress: (p: UpkeepProgress) => {
        if (p.phase === 'index') events.push(`step ${finishStage(cache.db)}`);
      },
    });
    expect(r.ok).toBe(true);
    expect(events).not.toContain('wrong read');
    const steps = events.filter((e) => e.startsWith('step'));
    expect(steps.length).toBeGreaterThanOrEqual(3); // retire, purge, merge at the least
    // Every finishing step comes right after a read.
    events.forEach((e, i) => {
      if (e.startsWith('step')) expect(events[i - 1]).toBe('read');
    });
  }, 60_000);

  it('leaves the freed pages to later writes: no VACUUM, and new orders fill them before the file grows', async () => {
    const { cache } = convertedFile(2_000);
    const progress: UpkeepProgress[] = [];
    expect((await runCacheUpkeep(cache, { onProgress: (p) => progress.push(p) })).ok).toBe(true);
    expect(progress.some((p) => p.phase === 'vacuum')).toBe(false);
    const pragma = (name: string) => cache.db.pragma(name, { simple: true }) as number;
    const free = pragma('freelist_count');
    const pages = pragma('page_count');
    expect(free * 5).toBeGreaterThan(pages); // the older documents' pages: a fifth of the file and more
    expect(freePagesLeftByTextConversion(cache.db)).toBe(true);
    const more = Array.from({ length: 500 }, (_, i) => fakeOrder(10_000 + i, NOW + i * 1_000, { remark: 'later' }));
    cache.applyPage(more, { seenAtMs: NOW + 1, baseline: false });
    cache.indexPendingSearchRows();
    cache.db.pragma('wal_checkpoint(TRUNCATE)');
    expect(pragma('freelist_count')).toBeLessThan(free);
    expect(pragma('page_count')).toBe(pages);
    // The next opening's upkeep does not VACUUM for them either.
    const again: UpkeepProgress[] = [];
    expect((await runCacheUpkeep(cache, { onProgress: (p) => again.push(p) })).ok).toBe(true);
    expect(again.some((p) => p.phase === 'vacuum' || p.phase === 'index')).toBe(false);
  }, 60_000);

  it("another connection (the sync's writer) that had the older tables open goes on reading and writing after", () => {
    const { file, cache } = convertedFile(1_000);
    const other = new Database(file, { timeout: 5_000 });
    try {
      const search = other.prepare("SELECT count(*) FROM orders_fts WHERE orders_fts MATCH 'steam'").pluck();
      expect(search.get()).toBeGreaterThan(0); // the older documents, read (and the FTS5 table connected) before
      while (finishStage(cache.db) !== 'done') finishTextConversionStep(cache.db, 0);
      expect(search.get()).toBe(0); // the empty table under the same name
      // A deleted order's documents are deleted through the trigger on this connection too.
      other.prepare('DELETE FROM orders WHERE rid = 1').run();
      expect(problems(other)).toEqual([]);
      expect(problems(cache.db)).toEqual([]);
    } finally {
      other.close();
    }
  }, 60_000);
});
