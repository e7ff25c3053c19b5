/**
 * `bench.mjs scalemigrate FILE` (issue 26; the title-set index came with cache schema 9): converts FILE — a copy of
 * an older cache, changed in place — to the title-set index the way the core host's upkeep does (opening migrates,
 * then batches, then the finish in bounded steps: textConversionFinish.ts), timing every step by stage (what a
 * reader or the sync's writer waits at most) with a search answered between two steps; then the file's size and
 * free pages, and the two ways to give them back, timed for comparison: VACUUM INTO a new file on a thread of its
 * own (the copy deleted after) and VACUUM in place (skipped with `--no-vacuum`); and the file's bytes per order and
 * where they go (dbstat).
 */
import { existsSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { LATEST_SCHEMA_VERSION } from '../src/core/cache/migrations';
import { openOrderCache } from '../src/core/cache/openCache';
import type { OrderCache } from '../src/core/cache/orderCache';
import { breakdown } from './scaleParts';

export const SCALE_MIGRATE = 'scalemigrate';

const fileBytes = (f: string) => (existsSync(f) ? statSync(f).size : 0);
const mib = (b: number) => (b / 1024 / 1024).toFixed(1);

function parts(cache: OrderCache, n: number): string {
  return breakdown(cache)
    .map(([name, b]) => `| ${name} | ${mib(b)} | ${(b / n).toFixed(0)} |`)
    .join('\n');
}

const must = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
};

/** A read the host answers between two steps: a text search's first page and its count. */
function readBetween(cache: OrderCache): number {
  const t = performance.now();
  must(cache.query({ search: 'steam', limit: 50 }));
  must(cache.countMatches({ search: 'gift card' }));
  return performance.now() - t;
}

/**
 * VACUUM INTO a new file on a thread of its own (its own read-only connection: a WAL reader, no write lock), while
 * this thread goes on reading; resolves with its time, the copy's size and this thread's reads meanwhile.
 */
async function vacuumIntoOnThread(
  cache: OrderCache,
  target: string,
): Promise<{ ms: number; bytes: number; reads: number; longestReadMs: number }> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const Database = require('better-sqlite3');
    const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
    const t = performance.now();
    db.prepare('VACUUM INTO ?').run(workerData.target);
    db.close();
    parentPort.postMessage(performance.now() - t);`;
  const { Worker } = await import('node:worker_threads');
  const worker = new Worker(code, { eval: true, workerData: { file: cache.file, target } });
  let ended = false;
  const ms = new Promise<number>((resolve, reject) => {
    worker.once('message', (v: number) => ((ended = true), resolve(v)));
    worker.once('error', reject);
  });
  let reads = 0;
  let longestReadMs = 0;
  while (!ended) {
    await new Promise((r) => setTimeout(r, 20));
    if (ended) break;
    longestReadMs = Math.max(longestReadMs, readBetween(cache));
    reads++;
  }
  const took = await ms;
  await worker.terminate();
  return { ms: took, bytes: fileBytes(target), reads, longestReadMs };
}

export async function scaleMigrate(file: string, noVacuum = false): Promise<void> {
  const say = (s: string) => console.log(s);
  say(
    `Load average at the start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const before = fileBytes(file) + fileBytes(`${file}-wal`);
  const t = performance.now();
  const opened = openOrderCache({ file });
  if (!opened.ok) throw new Error(JSON.stringify(opened.error));
  const cache = opened.value;
  const openMs = performance.now() - t;
  try {
    const n = cache.db.prepare('SELECT count(*) FROM orders').pluck().get() as number;
    say(
      `\n### Converting ${n.toLocaleString('en')} orders to the title-set index (schema ${LATEST_SCHEMA_VERSION}) in place\n`,
    );
    say(
      `| Step | ms |\n|---|---:|\n| open (migrations up to ${LATEST_SCHEMA_VERSION}: tables only, and earlier backfills) | ${openMs.toFixed(0)} |`,
    );
    const left = cache.textGroupsLeft();
    if (!left.ok) throw new Error(JSON.stringify(left.error));
    // Every step timed (each holds the host's event loop and the write lock while it runs): the batches' longest
    // five and how many passed 200 ms, then each finishing step.
    const longestOf = (ms: number[]) =>
      ms
        .map((v, i) => [v, i + 1] as const)
        .sort((a, b) => b[0] - a[0])
        .slice(0, 5)
        .map(([v, i]) => `${v.toFixed(0)} ms (#${i})`)
        .join(', ');
    const timed = (kind: string, ms: number[]) =>
      say(
        `| ${kind}: ${ms.length} steps, longest ${longestOf(ms)}; over 200 ms: ${ms.filter((v) => v > 200).length} | ${ms
          .reduce((a, b) => a + b, 0)
          .toFixed(0)} |`,
      );
    const batchMs: number[] = [];
    for (let done = left.value === 0; !done;) {
      const b = performance.now();
      const step = cache.convertTextGroups();
      if (!step.ok) throw new Error(JSON.stringify(step.error));
      done = step.value.done;
      batchMs.push(performance.now() - b);
    }
    timed(`convert ${left.value.toLocaleString('en')} orders, batches of 1,000`, batchMs);
    // The conversion's end in bounded steps (textConversionFinish.ts), a read answered between two steps as the
    // host answers them, each step's time by stage.
    const byStage = new Map<string, number[]>();
    let longestRead = 0;
    for (;;) {
      const b = performance.now();
      const step = must(cache.finishTextConversion());
      if (!step) break;
      const stepMs = performance.now() - b;
      byStage.set(step.stage, [...(byStage.get(step.stage) ?? []), stepMs]);
      longestRead = Math.max(longestRead, readBetween(cache));
    }
    for (const [stage, ms] of byStage) timed(`finish, ${stage}`, ms);
    say(`| a read between two steps (text search, first page and count): longest | ${longestRead.toFixed(0)} |`);
    cache.db.pragma('wal_checkpoint(TRUNCATE)');
    const pageSize = cache.db.pragma('page_size', { simple: true }) as number;
    const freeBytes = () => (cache.db.pragma('freelist_count', { simple: true }) as number) * pageSize;
    const finished = fileBytes(file);
    say(
      `\nAfter the steps, not vacuumed: ${mib(finished)} MiB (${(finished / n / 1000).toFixed(2)} KB an order), of which free pages ${mib(freeBytes())} MiB (reused by later writes); in use ${((finished - freeBytes()) / n / 1000).toFixed(2)} KB an order\n`,
    );
    if (!noVacuum) {
      const into = `${file}.vacuum-into`;
      const v = await vacuumIntoOnThread(cache, into);
      rmSync(into, { force: true });
      say(
        `| VACUUM INTO a new file on its own thread (no write lock; ${v.reads} reads meanwhile on this thread, longest ${v.longestReadMs.toFixed(0)} ms): ${mib(v.bytes)} MiB | ${v.ms.toFixed(0)} |`,
      );
      const b = performance.now();
      cache.db.exec('VACUUM');
      cache.db.pragma('wal_checkpoint(TRUNCATE)');
      say(`| VACUUM in place + checkpoint (the write lock held throughout) | ${(performance.now() - b).toFixed(0)} |`);
    }
    const after = fileBytes(file) + fileBytes(`${file}-wal`);
    say(
      `\nFile: ${mib(before)} MiB before (${(before / n / 1000).toFixed(2)} KB an order), ${mib(after)} MiB after = **${(after / n / 1000).toFixed(2)} KB an order**\n`,
    );
    say(`| Part of the file | MiB | bytes per order |\n|---|---:|---:|\n${parts(cache, n)}`);
    const each = cache.db
      .prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC')
      .all() as Array<{ name: string; bytes: number }>;
    say(
      `\nBy table and index (bytes an order): ${each.map((r) => `${r.name} ${(r.bytes / n).toFixed(0)}`).join(', ')}`,
    );
    const sets = cache.db.prepare('SELECT count(*) FROM text_group').pluck().get() as number;
    say(
      `\nTitle sets: ${sets.toLocaleString('en')}. Load average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    cache.close();
  }
}
