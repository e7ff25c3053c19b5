/**
 * Merchant Desk benchmarks (`npm run bench`), against the sandbox on loopback (in its own process); one file each:
 * 1. queryBench.ts — cache queries (page, count, both) for typical filters and text search at 10,000 and 100,000
 *    orders, the ratio to the same filter answered by the sandbox over HTTP, the attention queue and status counts,
 *    and the text search's two plans side by side;
 * 2. syncBench.ts — full sync of 25,000 orders at 50 ms injected latency: requests ÷ ceil(N/100), wall time ÷ the
 *    latency-bound minimum and ÷ the fetch-only floor for each parallelism; then polls with nothing changed;
 * 3. churnBench.ts — full sync of 25,000 orders while the shop changes on every request: requests ÷ minimum, the
 *    outcome, and whether the cache equals the platform as of the catch-up;
 * 4. memoryBench.ts — peak memory of the syncing process (a fresh one) at 25,000 vs 100,000 orders;
 * 5. exportBench.ts — export of every cached order (CSV, JSON Lines): time and peak memory at 10,000 vs 100,000;
 * 6. hostBench.ts — this process's event-loop delay (it plays Electron's main) during a 100,000-order full sync
 *    with queries every 50 ms, the core host in this process vs in a child process;
 * 7. uiOrders.ts — the orders list in Chromium over the browser host with 100,000 cached orders (needs
 *    `npm run build`);
 * 8. insightsBench.ts — Insights at 100,000 orders over two years: every request shape's p50/p95, the parts of a
 *    two-year request beside the old per-order reads and their query plans (insightsParts.ts), a sync page's cost
 *    and the rows it writes, and the screen's first paint in Chromium over the browser host (insightsUi.ts, needs
 *    `npm run build`; --insights-ui=no leaves it out; --insights-file=FILE keeps the filled cache there for the
 *    next run; --insights-runs=N);
 * 9. scaleBench.ts — `--only=scale`: the cache at 100,000 (--quick) or 1,000,000 orders: bytes per order, the
 *    sync's requests, wall and RssAnon, open and integrity-check time, first pages and counts. --scale-reuse measures
 *    the file a previous run kept (no sync), --scale-sync-only stops after the sync (the fetch-only floor at
 *    parallelism 4 is measured after a sync unless --scale-no-floor); `bench.mjs scaleseed FILE N`
 *    (scaleSeed.ts) fills a cache file to N orders without the platform; --scale-queries adds every read of section
 *    1 as the Orders screen asks it (scaleQueries.ts), --scale-no-upkeep leaves the integrity check and upkeep out,
 *    --scale-walk builds the repeat-buyer rows in one transaction and by the walk in steps (buyerWalkBench.ts).
 * 10. scaleKill.ts — `--only=scalekill`: a full sync of 1,000,000 orders (100,000 with --quick) SIGKILLed at
 *    --scale-kill-at points and resumed: orders re-read after each resume, the final cache against the sandbox.
 * 11. syncEndBench.ts — `--only=syncend --syncend-file=FILE`: the end of a first full sync on a copy of a synced
 *    cache (FILE), step by step, with a reader and a writer on other connections (--syncend-steps: each step timed).
 * Shared: syncRuns.ts (client, cache file, measured full sync), stats.ts, sandboxProcess.ts.
 * Options: --quick (smaller sizes, for a smoke run), --only=query|sync|churn|memory|export|host|ui|insights|network|scale|scalekill|syncend (export alone syncs its own cache; query also runs memory:
 * the 100,000-order cache it reads is the memory run's; query and memory also run export), --ui-trace=DIR (the ui
 * part's trials again under a Chrome trace, kept in DIR, with main-thread busy time), --keep=DIR (keep the cache
 * files), --parallelism=N (the sync rows at this parallelism only; no results file is written),
 * --writer=worker|thread|both (sync rows: pages stored by the writer thread, the default; on the fetching thread;
 * or both, the fetching thread's run first), --shortcuts=V,V,… (sync rows: one per page-writer variant, see
 * writerVariants.ts), --no-churn (--only=sync without the churn section it otherwise runs), --sync-size=N (the sync
 * section's orders, 25,000 by default).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { format } from 'prettier';
import { openOrderCache } from '../src/core/cache/openCache';
import { insightsSection } from './insightsBench';
import { networkBench, networkTable, serveOfficeNetwork } from './networkBench';
import type { OrderCache } from '../src/core/cache/orderCache';
import { runNodeCoreHost } from '../src/core/host/nodeHostMain';
import { appOperations } from '../src/core/host/operations/appOperations';
import { option, type BenchRun } from './benchRun';
import { churnBench } from './churnBench';
import { EXPORT_RUN, exportBench, exportRun } from './exportBench';
import { hostSection } from './hostBench';
import { memoryBench } from './memoryBench';
import {
  queryRows,
  queryTable,
  summaryReadRows,
  summaryReadTable,
  textPlanSideBySide,
  textPlanTable,
} from './queryBench';
import { startRemoteSandbox, serveSandbox, type RemoteSandbox } from './sandboxProcess';
import { mib, ms, time } from './stats';
import { scaleBench } from './scaleBench';
import { SCALE_SEED, scaleSeed } from './scaleSeed';
import { scaleMigrate, SCALE_MIGRATE } from './scaleMigrate';
import { syncEndBench } from './syncEndBench';
import { scaleKill, scaleKillRun, SCALE_KILL_RUN } from './scaleKill';
import { syncBench } from './syncBench';
import { freshCache, fullSync } from './syncRuns';
import { uiOrdersSection } from './uiOrders';
import { WRITER_BENCH, writerBench } from './writerBench';

const argv = process.argv.slice(2);
if (argv[0] === 'serve') {
  await serveSandbox(JSON.parse(argv[1] ?? '{}'));
} else if (argv[0] === SCALE_MIGRATE) {
  await scaleMigrate(argv[1]!, argv.includes('--no-vacuum'));
} else if (argv[0] === SCALE_KILL_RUN) {
  await scaleKillRun(JSON.parse(argv[1] ?? '{}'));
} else if (argv[0] === WRITER_BENCH) {
  await writerBench(Number(argv[1] ?? 25_000), argv.slice(2));
} else if (argv[0] === SCALE_SEED) {
  scaleSeed(argv[1]!, Number(argv[2]));
} else if (argv[0] === 'corehost') {
  // The out-of-process core host of the host bench: this same bundle, started by nodeHostLauncher.
  runNodeCoreHost(appOperations);
} else if (argv[0] === 'office') {
  await serveOfficeNetwork(JSON.parse(argv[1] ?? '{}'));
} else if (argv[0] === EXPORT_RUN) {
  await exportRun(JSON.parse(argv[1] ?? '{}'));
} else {
  await main();
}

/** The query tables of one cache: pages and counts, then the attention queue and the status counts. */
async function querySection(run: BenchRun, cache: OrderCache, sb: RemoteSandbox, size: number): Promise<void> {
  run.say(
    `## Cache queries at ${size.toLocaleString('en')} orders (${run.iterations} runs each; sandbox HTTP: pageSize 50, latency 0)\n`,
  );
  const rows = await queryRows(cache, sb, size, run.iterations);
  run.say(queryTable(rows));
  run.say('');
  const reads = await summaryReadRows(cache, size, run.iterations);
  run.say(summaryReadTable(reads));
  run.say('');
  run.results[size === run.sizes.big ? 'queryBig' : 'querySmall'] = { rows, reads };
}

async function main(): Promise<void> {
  const quick = argv.includes('--quick');
  const only = option(argv, 'only');
  const want = (part: string) => only === undefined || only.split(',').includes(part);
  const keep = option(argv, 'keep');
  const onlyParallelism = option(argv, 'parallelism');
  const dir = keep ?? mkdtempSync(path.join(tmpdir(), 'md-bench-'));
  mkdirSync(dir, { recursive: true });
  const out: string[] = [];
  const results: Record<string, unknown> = { startedAt: new Date().toISOString(), node: process.version, quick };
  const run: BenchRun = {
    quick,
    dir,
    sizes: {
      small: quick ? 2_000 : 10_000,
      // --sync-size=N: the sync section at another size (the 1.3 ratio at a million orders and 50 ms, issue 26).
      sync: Number(option(argv, 'sync-size') ?? (quick ? 5_000 : 25_000)),
      big: quick ? 20_000 : 100_000,
    },
    iterations: quick ? 50 : 300,
    argv,
    say: (s: string) => {
      out.push(s);
      process.stdout.write(`${s}\n`);
    },
    results,
  };
  const { say, sizes } = run;
  say(
    `# Merchant Desk benchmark run — ${results.startedAt as string} (Node ${process.version}${quick ? ', quick' : ''})\n`,
  );

  try {
    if (want('sync')) await syncBench(run);
    if (want('churn') || (want('sync') && !argv.includes('--no-churn'))) await churnBench(run);

    let smallFile: string | undefined;
    if (want('query')) {
      const sb = await startRemoteSandbox({ orders: sizes.small, seed: 2 });
      try {
        const cache = freshCache(sb, dir, 'query-small');
        await fullSync(sb, cache, 4);
        await querySection(run, cache, sb, sizes.small);
        cache.close();
        smallFile = path.join(dir, 'query-small.sqlite');
      } finally {
        await sb.stop();
      }
    }

    if (want('memory') || want('query')) {
      const big = await memoryBench(run);
      try {
        if (want('query')) {
          const opened = openOrderCache({ file: big.file });
          if (!opened.ok) throw new Error(JSON.stringify(opened.error));
          const cache = opened.value;
          try {
            await querySection(run, cache, big.sandbox, sizes.big);
            say(
              `## Text search, first page: the full-text plan vs the chosen plan at ${sizes.big.toLocaleString('en')} orders (interleaved, ${run.iterations} runs each)\n`,
            );
            const sideBySide = textPlanSideBySide(cache, run.iterations);
            say(textPlanTable(sideBySide));
            say(`\nMachine load average at the end: ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores.\n`);
            results.textPlans = sideBySide;
            const stats = cache.stats();
            if (stats.ok)
              say(`Cache file at ${sizes.big.toLocaleString('en')} orders: ${mib(stats.value.bytes)} MiB.\n`);
            const integrity = await time(() => cache.checkIntegrity(), 3, 1);
            say(
              `Integrity check (PRAGMA quick_check, before each full sync) at ${sizes.big.toLocaleString('en')} orders: ${ms(integrity.p50)} ms.\n`,
            );
            results.integrityCheckMs = integrity.p50;
          } finally {
            cache.close();
          }
          await exportBench(run, [
            ...(smallFile ? [{ size: sizes.small, file: smallFile }] : []),
            { size: sizes.big, file: big.file },
          ]);
        }
      } finally {
        await big.sandbox.stop();
      }
    }

    if (want('export') && !want('query')) {
      // The export section alone: a cache of the big size, synced from a sandbox, exported in each format.
      const sb = await startRemoteSandbox({ orders: sizes.big, seed: 3 });
      try {
        const cache = freshCache(sb, dir, 'export-big');
        await fullSync(sb, cache, 4);
        cache.close();
        await exportBench(run, [{ size: sizes.big, file: path.join(dir, 'export-big.sqlite') }]);
      } finally {
        await sb.stop();
      }
    }

    if (want('host')) await hostSection(run, process.argv[1]!);
    if (want('insights')) await insightsSection(run);
    if (only !== undefined && want('network')) {
      // Not part of the default run (issue 23's comparison): `--only=network`.
      const n = quick ? 2_000 : 5_000;
      say(
        `## Today's HTTP client and the office-network one: full sync of ${n.toLocaleString('en')} orders, 20 ms latency\n`,
      );
      const sb = await startRemoteSandbox({ orders: n, seed: 1, faults: { latencyMs: 20 } });
      try {
        const rows = await networkBench(sb, 4, quick ? 1 : 3);
        say(networkTable(rows));
        say('');
        say(
          `Parallelism 4, median of ${quick ? 1 : 3} runs each, interleaved. Machine load average at the end: ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores.\n`,
        );
        results.network = rows;
      } finally {
        await sb.stop();
      }
    }
    if (want('ui')) await uiOrdersSection(run);
    // Not part of the default run (minutes at a million orders): `--only=scale`.
    if (only !== undefined && want('scale')) await scaleBench(run);
    // Not part of the default run either: `--only=scalekill` (kill -9 during a full sync at scale, and the resume).
    if (only !== undefined && want('scalekill')) await scaleKill(run);
    // Not part of the default run: `--only=syncend --syncend-file=FILE` (the end of a first sync, step by step).
    if (only !== undefined && want('syncend')) await syncEndBench(run);
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
  // Full runs are the record docs/PERFORMANCE.md quotes; quick and partial runs are scratch.
  const resultsDir =
    quick || onlyParallelism !== undefined
      ? path.join(process.cwd(), 'node_modules', '.tmp', 'bench-results')
      : path.join(process.cwd(), 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  // A partial run (--only) keeps its own record instead of replacing the full one.
  const name = only === undefined ? 'latest' : `latest-${only.replaceAll(',', '-')}`;
  writeFileSync(path.join(resultsDir, `${name}.json`), await format(JSON.stringify(results), { parser: 'json' }));
  writeFileSync(
    path.join(resultsDir, `${name}.md`),
    await format(out.join('\n'), { parser: 'markdown', printWidth: 120 }),
  );
}
