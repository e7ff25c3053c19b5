/**
 * `--scale-walk` (with --only=scale): the repeat-buyer rows of the scale file built both ways — every buyer in one
 * transaction (what the end of a first sync did before issue 26's walk) and the walk in bounded steps
 * (insightBuyerWalk.ts) from empty tables, as the end of a first sync runs it — each step timed from commit to
 * commit, and the two results compared row for row (a checksum of each table).
 */
import type Database from 'better-sqlite3';
import { finishBuyerWalk, rebuildBuyerAggregates } from '../src/core/cache/insightAggregates';
import { BUYER_WALK_STEP_ROWS, startBuyerWalk } from '../src/core/cache/insightBuyerWalk';
import type { OrderCache } from '../src/core/cache/orderCache';
import { ms } from './stats';

export interface WalkFigures {
  oneTransactionMs: number;
  walkMs: number;
  steps: number;
  stepRows: number;
  longestStepMs: number;
  stepP50Ms: number;
  seqRows: number;
  same: boolean;
}

function checksum(db: Database.Database): string {
  return JSON.stringify([
    db
      .prepare(
        'SELECT count(*), total(rid * 7 + prev_ms % 1000003 + coalesce(prev2_ms, 0) % 999983) FROM insight_buyer_seq',
      )
      .raw()
      .get(),
    db.prepare('SELECT count(*), total(orders * length(buyer_id)) FROM insight_buyer_total').raw().get(),
  ]);
}

export function buyerWalkFigures(cache: OrderCache, stepRows = BUYER_WALK_STEP_ROWS): WalkFigures {
  const db = cache.db;
  let t = performance.now();
  db.transaction(() => rebuildBuyerAggregates(db)).immediate();
  const oneTransactionMs = performance.now() - t;
  const reference = checksum(db);
  const seqRows = db.prepare('SELECT count(*) FROM insight_buyer_seq').pluck().get() as number;
  // As after a first sync's last index: no rows yet, every buyer marked, the walk recorded.
  db.transaction(() => {
    db.exec(`DELETE FROM insight_buyer_seq; DELETE FROM insight_buyer_total;
      INSERT OR IGNORE INTO insight_buyer_dirty SELECT DISTINCT buyer_id FROM orders WHERE buyer_id IS NOT NULL;`);
    startBuyerWalk(db);
  }).immediate();
  db.pragma('wal_checkpoint(TRUNCATE)');
  const steps: number[] = [];
  t = performance.now();
  let last = t;
  finishBuyerWalk(db, {
    walkRows: stepRows,
    onWalkStep: () => {
      const now = performance.now();
      steps.push(now - last);
      last = now;
    },
  });
  const walkMs = performance.now() - t;
  const sorted = [...steps].sort((a, b) => a - b);
  return {
    oneTransactionMs,
    walkMs,
    steps: steps.length,
    stepRows,
    longestStepMs: sorted.at(-1) ?? 0,
    stepP50Ms: sorted[Math.floor(sorted.length / 2)] ?? 0,
    seqRows,
    same: checksum(db) === reference,
  };
}

export function walkTable(w: WalkFigures): string {
  return [
    '| Repeat-buyer rows of every buyer | ms |',
    '|---|---:|',
    `| in one transaction (before) | ${ms(w.oneTransactionMs)} |`,
    `| the walk, ${w.steps} steps of ≤ ${w.stepRows.toLocaleString('en')} index entries: total | ${ms(w.walkMs)} |`,
    `| — longest step / median step (commit to commit) | ${ms(w.longestStepMs)} / ${ms(w.stepP50Ms)} |`,
    `| rows of insight_buyer_seq; the walk's rows equal one transaction's | ${w.seqRows.toLocaleString('en')}; ${w.same ? 'yes' : '**NO**'} |`,
    '',
  ].join('\n');
}
