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
    t = performance.now();
    let batches = 0;
    let longest = 0;
    let longestAt = 0;
    for (let done = left.value === 0; !done; batches++) {
      const b = performance.now();
      const step = cache.convertTextGroups();
      if (!step.ok) throw new Error(JSON.stringify(step.error));
      done = step.value.done;
      if (performance.now() - b > longest) [longest, longestAt] = [performance.now() - b, batches + 1];
    }
    say(
      `| convert ${left.value.toLocaleString('en')} orders, ${batches} batches (longest ${longest.toFixed(0)} ms: batch ${longestAt}) | ${(performance.now() - t).toFixed(0)} |`,
    );
    t = performance.now();
    const dropped = cache.dropOlderTextDocuments();
    if (!dropped.ok) throw new Error(JSON.stringify(dropped.error));
    say(`| drop the older documents (delete-all) | ${(performance.now() - t).toFixed(0)} |`);
    t = performance.now();
    const merged = cache.optimizeTextIndexes();
    if (!merged.ok) throw new Error(JSON.stringify(merged.error));
    say(`| merge the full-text indexes (optimize) | ${(performance.now() - t).toFixed(0)} |`);
    t = performance.now();
    cache.db.exec('VACUUM');
    cache.db.pragma('wal_checkpoint(TRUNCATE)');
    say(`| VACUUM | ${(performance.now() - t).toFixed(0)} |`);
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
