/**
 * `--only=scale` (issue 26): the cache at scale. A full sync of N sandbox orders (100,000 with --quick, else
 * 1,000,000; --scale-size=N) in a fresh process at parallelism 4, latency 0: requests ÷ minimum, wall, peak
 * RssAnon (resident memory that is not a mapped file). Then, the WAL checkpointed: cache bytes per order
 * (everything included) and where they go, open time, the integrity check, first-page and count p95 of typical
 * reads. --scale-v6=FILE also measures converting a schema-6 cache in place (a copy of FILE): open, batches,
 * VACUUM, bytes after. The cache file is kept in --scale-dir (default: the system temp folder), outside the repo.
 */
import { copyFileSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { findUpkeepThreadEntry, runCacheUpkeep } from '../src/core/cache/cacheUpkeep';
import { optimizeStats } from '../src/core/cache/optimizeStats';
import { BUYER_WALK_STEP_ROWS } from '../src/core/cache/insightBuyerWalk';
import { openOrderCache } from '../src/core/cache/openCache';
import { PAGE_SIZE_MAX } from '../src/shared/domain/requests';
import { option, type BenchRun } from './benchRun';
import { measureInFreshProcess } from './memoryBench';
import type { AfterSalesLearnRun } from './syncChild';
import { startRemoteSandbox } from './sandboxProcess';
import { fetchOnlyFloor, type SyncRun } from './syncRuns';
import { commitLabel, watchCommits, type CommitReport } from './commitGaps';
import { buyerWalkFigures, walkTable } from './buyerWalkBench';
import { mib, ms, time } from './stats';
import { breakdown } from './scaleParts';
import { scaleQueryRows, scaleQueryTable } from './scaleQueries';
import { summaryReadTable } from './queryBench';
import type { OrderCache } from '../src/core/cache/orderCache';
import { partsTable } from './memoryParts';

const fileBytes = (f: string) => (existsSync(f) ? statSync(f).size : 0);

/** Orders in a kept cache file, or 0 when there is none (or it cannot be read). */
function storedOrders(file: string): number {
  if (!existsSync(file)) return 0;
  const opened = openOrderCache({ file });
  if (!opened.ok) return 0;
  try {
    return opened.value.db.prepare('SELECT count(*) FROM orders').pluck().get() as number;
  } finally {
    opened.value.close();
  }
}

export async function scaleBench(run: BenchRun): Promise<void> {
  const { say, argv, quick, results } = run;
  const n = Number(option(argv, 'scale-size') ?? (quick ? 100_000 : 1_000_000));
  const dir = option(argv, 'scale-dir') ?? path.join(tmpdir(), 'merchant-desk-scale');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `scale-${n}.sqlite`);
  const load0 = loadavg()[0]!;
  // --scale-reuse: measure the file a previous run synced (kept in --scale-dir) without syncing again.
  const reuse = argv.includes('--scale-reuse') && storedOrders(file) === n;
  let sync: (SyncRun & { afterSales?: AfterSalesLearnRun }) | undefined;
  /** The sync's commits as another connection saw them (commitGaps.ts). */
  let lock: CommitReport | undefined;
  /** The fetch-only floor at parallelism 4 (every page of the list, stored nowhere), measured after the sync. */
  let floor: { wallMs: number; cpuMs: number } | undefined;
  if (reuse) {
    say(`## Scale: ${n.toLocaleString('en')} orders (the cache a previous run synced, kept: no sync this run)\n`);
  } else {
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
    say(`## Scale: ${n.toLocaleString('en')} orders (full sync in a fresh process, parallelism 4, latency 0)\n`);
    const generated = performance.now();
    const sb = await startRemoteSandbox({ orders: n, seed: 3 });
    say(
      `Sandbox generated ${n.toLocaleString('en')} orders in ${((performance.now() - generated) / 1000).toFixed(0)} s.\n`,
    );
    try {
      const probe = watchCommits(file);
      try {
        sync = await measureInFreshProcess(sb, file, false, true);
      } finally {
        lock = await probe.stop();
      }
      if (!argv.includes('--scale-no-floor')) floor = await fetchOnlyFloor(sb, 4, n);
    } finally {
      await sb.stop();
    }
  }
  const minimum = Math.ceil(n / PAGE_SIZE_MAX);
  if (lock) say(lockTable(lock));
  if (sync?.afterSales) {
    const { requests, wallMs, awaiting, complete } = sync.afterSales;
    say(
      `After the sync, the app's after-sales learning pass (statuses through the list's filter, as every app sync ends; not in the sync's figures): ${requests} requests, ${(wallMs / 1000).toFixed(1)} s; ${awaiting.toLocaleString('en')} listed as awaiting a decision${complete ? '' : ' (the set is larger: the pass reads its first pages)'}.\n`,
    );
  }
  if (sync && !argv.includes('--scale-sync-only')) say(memoryPartsText(sync));
  if (sync && argv.includes('--scale-sync-only')) {
    say(
      `${memoryPartsText(sync)}| sync only | requests ${sync.httpRequests} (÷ minimum ${(sync.httpRequests / minimum).toFixed(3)}) | wall ${(sync.wallMs / 1000).toFixed(1)} s${floorText(sync, floor)} | CPU ${(sync.cpuMs / 1000).toFixed(1)} s | of which the fetching thread ${(sync.mainThreadCpuMs / 1000).toFixed(1)} s | peak RssAnon ${mib(sync.peak.rssAnon)} MiB |\n\nRssAnon MiB every 5 s: ${(sync.peak.anonTimeline ?? []).map(([t, m]) => `${t}s ${m}`).join(', ')}\n`,
    );
    return;
  }
  const openTime = await time(
    () => {
      const r = openOrderCache({ file });
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      r.value.close();
    },
    5,
    1,
  );
  const opened = openOrderCache({ file });
  if (!opened.ok) throw new Error(JSON.stringify(opened.error));
  const cache = opened.value;
  try {
    cache.db.pragma('wal_checkpoint(TRUNCATE)');
    const bytes = fileBytes(file) + fileBytes(`${file}-wal`);
    const parts = breakdown(cache);
    const tables = byTable(cache);
    // --scale-no-upkeep: the reads only (the integrity check, PRAGMA optimize and the upkeep measured by earlier
    // passes are left out: minutes at a million orders).
    const upkeepToo = !argv.includes('--scale-no-upkeep');
    // quick_check reads the whole file: ~17 s at a million orders, so measured once there.
    const integrity = !upkeepToo
      ? undefined
      : n > 300_000
        ? await time(() => cache.checkIntegrity(), 1, 0)
        : await time(() => cache.checkIntegrity(), 3, 1);
    const iterations = quick ? 50 : 100;
    const firstPages: Array<[string, () => unknown]> = [
      ['first page: newest 50, no filter', () => cache.queryPage({ limit: 50 })],
      ['first page: status in (2,3)', () => cache.queryPage({ limit: 50, sellerOrderStatus: [2, 3] })],
      ['first page: 🔎 "steam"', () => cache.queryPage({ limit: 50, search: 'steam' })],
      [
        'first page: 🔎 "steam" + status 4',
        () => cache.queryPage({ limit: 50, search: 'steam', sellerOrderStatus: [4] }),
      ],
    ];
    const reads: Array<[string, () => unknown]> = [
      // Cold: every order inflated (the decoded JSON the connection keeps dropped first); warm: the page read again.
      ...firstPages.map(([label, fn]): [string, () => unknown] => [
        `${label} (cold: inflate all 50)`,
        () => {
          cache.forgetDecodedJson();
          return fn();
        },
      ]),
      ...firstPages.map(([label, fn]): [string, () => unknown] => [`${label} (warm: read again)`, fn]),
      ['count: status 4', () => cache.countMatches({ sellerOrderStatus: [4] })],
      ['count: 🔎 "steam"', () => cache.countMatches({ search: 'steam' })],
      ['count: 🔎 "netflix jp"', () => cache.countMatches({ search: 'netflix jp' })],
      ['count: 🔎 "steam" + status 4', () => cache.countMatches({ search: 'steam', sellerOrderStatus: [4] })],
      // The Orders screen's first count (orders:countQuick): exact up to 10,000, else "10,000+".
      ['quick count: status 4', () => cache.countUpTo({ sellerOrderStatus: [4] })],
      ['quick count: status in (2,3)', () => cache.countUpTo({ sellerOrderStatus: [2, 3] })],
      ['quick count: 🔎 "steam"', () => cache.countUpTo({ search: 'steam' })],
      ['quick count: 🔎 "netflix jp"', () => cache.countUpTo({ search: 'netflix jp' })],
      ['quick count: 🔎 "steam" + status 4', () => cache.countUpTo({ search: 'steam', sellerOrderStatus: [4] })],
      ['quick count: 🔎 "müller"', () => cache.countUpTo({ search: 'müller' })],
      [
        'one order by ID (decompressed)',
        () => cache.getOrder(cache.db.prepare('SELECT id FROM orders WHERE rid = 777').pluck().get() as string),
      ],
    ];
    const timings: Record<string, unknown> = {};
    const readRows = ['| Read | p50 / p95 ms | CPU p50 / p95 ms |', '|---|---:|---:|'];
    for (const [label, fn] of reads) {
      const t = await time(fn, iterations);
      timings[label] = t;
      readRows.push(`| ${label} | ${ms(t.p50)} / ${ms(t.p95)} | ${ms(t.cpuP50)} / ${ms(t.cpuP95)} |`);
    }
    // Every read of section 1 as the Orders screen asks it, the Chromium bench's words, the attention queue.
    const all = argv.includes('--scale-queries') ? await scaleQueryRows(cache, n, iterations, 20) : undefined;
    const upkept = upkeepToo ? await upkeepFigures(cache) : undefined;
    // --scale-walk: the repeat-buyer rows built in one transaction and by the walk (buyerWalkBench.ts).
    const walk = argv.includes('--scale-walk')
      ? buyerWalkFigures(cache, Number(option(argv, 'scale-walk-rows') ?? BUYER_WALK_STEP_ROWS))
      : undefined;
    say('| Figure | Value |');
    say('|---|---:|');
    if (sync) {
      say(
        `| requests (÷ minimum ${minimum.toLocaleString('en')}) | ${sync.httpRequests} (${(sync.httpRequests / minimum).toFixed(3)}) |`,
      );
      say(`| wall s | ${(sync.wallMs / 1000).toFixed(1)}${floorText(sync, floor)} |`);
      say(
        `| CPU s of the syncing process (of which the fetching thread) | ${(sync.cpuMs / 1000).toFixed(1)} (${(sync.mainThreadCpuMs / 1000).toFixed(1)}) |`,
      );
      say(`| peak RssAnon MiB (peak RSS incl. mapped file) | ${mib(sync.peak.rssAnon)} (${mib(sync.peak.rss)}) |`);
      const timeline = (sync.peak.anonTimeline ?? []).map(([s, m]) => `${s}s ${m}`).join(', ');
      say(`| RssAnon MiB every 5 s of the sync | ${timeline} |`);
    }
    say(`| cache bytes (WAL checkpointed) | ${mib(bytes)} MiB = **${(bytes / n / 1000).toFixed(2)} KB per order** |`);
    say(`| open (migrations, identity) p50 ms | ${ms(openTime.p50)} |`);
    if (integrity && upkept) {
      const u = upkept;
      say(`| integrity check (quick_check) p50 ms | ${ms(integrity.p50)} |`);
      say(
        `| upkeep after opening (decode every order, quick_check table by table${u.onThread ? ', on its thread' : ''}): total / longest event-loop gap ms | ${ms(u.totalMs)} / ${ms(u.longestStepMs)} |`,
      );
      say(`| — quick counts answered meanwhile / their p95 ms | ${u.answered} / ${ms(u.answerP95Ms)} |`);
      say(
        `| PRAGMA optimize (analysis_limit 400): first / again ms | ${ms(u.optimizeMs.first)} / ${ms(u.optimizeMs.again)} |`,
      );
    }
    say('');
    say('| Part of the file | MiB | bytes per order |');
    say('|---|---:|---:|');
    for (const [name, b] of parts) say(`| ${name} | ${mib(b)} | ${(b / n).toFixed(0)} |`);
    say('');
    say(
      `By table and index (bytes an order, share of their pages' bytes in use): ${tables.rows
        .filter((r) => r.bytes / n >= 0.5)
        .map((r) => `${r.name} ${(r.bytes / n).toFixed(0)} (${((100 * r.used) / Math.max(1, r.bytes)).toFixed(0)} %)`)
        .join(', ')}; free pages ${mib(tables.freeBytes)} MiB (${(tables.freeBytes / n).toFixed(0)} B an order).\n`,
    );
    say(readRows.join('\n'));
    say('');
    if (walk) say(walkTable(walk));
    if (all) {
      say(
        `### Every read of section 1 at ${n.toLocaleString('en')} orders (first page cold and quick count ${iterations} runs each, exact count 20)\n`,
      );
      say(scaleQueryTable(all.rows));
      say('');
      say(summaryReadTable(all.summary));
      say('');
    }
    results.scale = {
      orders: n,
      sync,
      floor,
      lock,
      walk,
      bytes,
      bytesPerOrder: bytes / n,
      parts,
      tables,
      openMs: openTime,
      integrity,
      upkeep: upkept,
      timings,
      ...(all ? { reads: all } : {}),
    };
  } finally {
    cache.close();
  }
  const v6 = option(argv, 'scale-v6');
  if (v6) await migrationRun(run, v6, dir);
  say(
    `Machine load average: ${load0.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end, on ${availableParallelism()} cores.\n`,
  );
}

/**
 * PRAGMA optimize (analysis_limit 400), as the upkeep runs it at its end (on a file never analysed, then again); then
 * the upkeep after opening (decode every order, check table by table) on its checking thread, as the core host runs
 * it: its total, and the longest this thread's event loop went without a turn meanwhile (a 1 ms timer that also
 * answers a quick count each turn, as the host answers calls).
 */
async function upkeepFigures(cache: OrderCache) {
  const optimizeFirst = await time(() => optimizeStats(cache.db), 1, 0);
  const optimizeAgain = await time(() => optimizeStats(cache.db), 3, 0);
  const thread = findUpkeepThreadEntry();
  const upkeepStart = performance.now();
  let upkeepDone = false;
  const running = runCacheUpkeep(cache, thread ? { thread } : {}).finally(() => (upkeepDone = true));
  let longestStep = 0;
  let answered = 0;
  const answers: number[] = [];
  for (let last = performance.now(); !upkeepDone;) {
    await new Promise<void>((resolve) => setTimeout(resolve, 1));
    longestStep = Math.max(longestStep, performance.now() - last);
    const t = performance.now();
    cache.countUpTo({ sellerOrderStatus: [4] });
    answers.push(performance.now() - t);
    answered++;
    last = performance.now();
  }
  answers.sort((a, b) => a - b);
  const upkeep = await running;
  const totalMs = performance.now() - upkeepStart;
  if (!upkeep.ok) throw new Error(JSON.stringify(upkeep.error));
  return {
    totalMs,
    longestStepMs: longestStep,
    onThread: thread !== undefined,
    answered,
    answerP95Ms: answers[Math.floor(answers.length * 0.95)] ?? 0,
    optimizeMs: { first: optimizeFirst.p50, again: optimizeAgain.p50 },
  };
}

/** Where the syncing process's anonymous memory was, every 5 s (memoryParts.ts). */
function memoryPartsText(sync: SyncRun): string {
  const parts = sync.peak.parts ?? [];
  if (parts.length === 0) return '';
  return `Anonymous memory of the syncing process every 5 s, MiB (V8 heaps as V8 reports them; the malloc arenas and other anonymous mappings from /proc/self/smaps):\n\n${partsTable(parts)}\n\n`;
}

/** Bytes of each table and index (dbstat), how much of them is in use, and the free pages of the file. */
function byTable(cache: OrderCache) {
  const rows = cache.db
    .prepare(
      'SELECT name, sum(pgsize) AS bytes, sum(pgsize - unused) AS used FROM dbstat GROUP BY name ORDER BY 2 DESC',
    )
    .all() as Array<{ name: string; bytes: number; used: number }>;
  const pageSize = cache.db.pragma('page_size', { simple: true }) as number;
  const free = cache.db.pragma('freelist_count', { simple: true }) as number;
  return { rows, freeBytes: free * pageSize };
}

/** The sync's longest write transactions (bounded by the gaps between commits) and the commits of its end. */
function lockTable(lock: CommitReport): string {
  const s = (v: number) => (v / 1000).toFixed(2);
  const gap = (c: CommitReport['longestAfter']) => (c ? `**${ms(c.gapMs)} ms** (at ${s(c.atMs)} s)` : '—');
  const rows = [
    `Commits seen by another connection (PRAGMA data_version every 5 ms): ${lock.commits}; loading ended at ${s(lock.loadedAtMs)} s. Longest time between two commits while loading ${gap(lock.longestLoading)}, after loading ${gap(lock.longestAfter)}.\n`,
    '| Commit after loading (what it finished) | at s | ms since the commit before |',
    '|---|---:|---:|',
    ...lock.end.map((c, i) => `| ${commitLabel(c, lock.end[i - 1])} | ${s(c.atMs)} | ${ms(c.gapMs)} |`),
  ];
  return `${rows.join('\n')}\n`;
}

/** ", fetch-only floor X s (wall ÷ floor Y)" when the floor was measured. */
function floorText(sync: SyncRun, floor: { wallMs: number } | undefined): string {
  if (!floor) return '';
  return `; fetch-only floor at parallelism 4 ${(floor.wallMs / 1000).toFixed(1)} s (wall ÷ floor **${(sync.wallMs / floor.wallMs).toFixed(2)}**)`;
}

/** Converts a copy of a schema-6 cache in place: open, every batch, VACUUM; the time and bytes of each step. */
async function migrationRun({ say, results }: BenchRun, v6: string, dir: string): Promise<void> {
  const file = path.join(dir, 'migrate.sqlite');
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  copyFileSync(v6, file);
  const before = fileBytes(file);
  let t = performance.now();
  const opened = openOrderCache({ file });
  if (!opened.ok) throw new Error(JSON.stringify(opened.error));
  const cache = opened.value;
  const openMs = performance.now() - t;
  try {
    const left = cache.legacyDocsLeft();
    const total = left.ok ? left.value : 0;
    t = performance.now();
    let batches = 0;
    let longest = 0;
    for (let done = false; !done; batches++) {
      const b = performance.now();
      const step = cache.convertLegacyDocs();
      if (!step.ok) throw new Error(JSON.stringify(step.error));
      done = step.value.done;
      longest = Math.max(longest, performance.now() - b);
    }
    const convertMs = performance.now() - t;
    cache.db.pragma('wal_checkpoint(TRUNCATE)');
    const converted = fileBytes(file);
    t = performance.now();
    cache.db.exec('VACUUM');
    const vacuumMs = performance.now() - t;
    cache.db.pragma('wal_checkpoint(TRUNCATE)');
    const after = fileBytes(file) + fileBytes(`${file}-wal`);
    say(`### Converting a schema-6 cache in place (${total.toLocaleString('en')} orders)\n`);
    say('| Step | ms | file MiB after |');
    say('|---|---:|---:|');
    say(`| before | | ${mib(before)} |`);
    say(`| open (migration 7: tables only) | ${ms(openMs)} | |`);
    say(
      `| convert, ${batches} batches (longest ${ms(longest)} ms: what a reader waits at most) | ${ms(convertMs)} | ${mib(converted)} |`,
    );
    say(
      `| VACUUM (gives the freed pages back) | ${ms(vacuumMs)} | ${mib(after)} = ${(after / Math.max(1, total) / 1000).toFixed(2)} KB per order |`,
    );
    say('');
    results.scaleMigration = { total, openMs, convertMs, batches, longest, vacuumMs, before, converted, after };
  } finally {
    cache.close();
  }
}
