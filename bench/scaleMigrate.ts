/**
 * `bench.mjs scalemigrate FILE` (issue 26, cache schema 9): converts FILE — a copy of an older cache, changed in
 * place — to the title-set index the way the core host's upkeep does (opening migrates, then batches, then the
 * full-text indexes merged and one VACUUM), timing each step and the longest batch (what a reader or the sync's
 * writer waits at most), and prints the file's bytes per order and where they go (dbstat) before and after.
 */
import { existsSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
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

/** The steps after the last batch, each run until it says nothing is left (as the upkeep runs them). */
function finishingSteps(cache: OrderCache): Array<[string, () => boolean]> {
  return [
    [
      'retire the older documents, merge the new indexes, delete the older rows (bounded steps)',
      () => must(cache.finishTextConversion()),
    ],
    ['VACUUM (and checkpoint)', () => (cache.db.exec('VACUUM'), cache.db.pragma('wal_checkpoint(TRUNCATE)'), false)],
  ];
}

export function scaleMigrate(file: string): void {
  const say = (s: string) => console.log(s);
  say(
    `Load average at the start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const before = fileBytes(file) + fileBytes(`${file}-wal`);
  let t = performance.now();
  const opened = openOrderCache({ file });
  if (!opened.ok) throw new Error(JSON.stringify(opened.error));
  const cache = opened.value;
  const openMs = performance.now() - t;
  try {
    const n = cache.db.prepare('SELECT count(*) FROM orders').pluck().get() as number;
    say(`\n### Converting ${n.toLocaleString('en')} orders to the title-set index (schema 9) in place\n`);
    say(
      `| Step | ms |\n|---|---:|\n| open (migrations up to 9: tables only, and earlier backfills) | ${openMs.toFixed(0)} |`,
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
    for (const [kind, run] of finishingSteps(cache)) {
      const ms: number[] = [];
      for (let more = true; more;) {
        const b = performance.now();
        more = run();
        ms.push(performance.now() - b);
      }
      timed(kind, ms);
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
