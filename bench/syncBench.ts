/**
 * Full sync of the sync size at 50 ms injected latency: requests ÷ ceil(N/100), wall time ÷ the latency-bound
 * minimum and ÷ the fetch-only floor, per parallelism (and page writer); then polls with nothing changed.
 */
import { loadavg } from 'node:os';
import { PAGE_SIZE_MAX } from '../src/shared/domain/requests';
import { learnAfterSalesStatuses } from '../src/core/afterSales/learnStatuses';
import { DEFAULT_AFTER_SALES_STATUS_SETTINGS } from '../src/shared/domain/afterSalesReview';
import { SyncEngine } from '../src/core/sync/syncEngine';
import { option, type BenchRun } from './benchRun';
import { startRemoteSandbox } from './sandboxProcess';
import { client, fetchOnlyFloor, freshCache, fullSync, type PageWriterChoice, type SyncRun } from './syncRuns';
import { syncCpuFigures } from './syncCpu';
import { shortcutsOf } from './writerVariants';

/** The latency the sandbox injects into every answer (ms). */
const LATENCY_MS = 50;

/**
 * Options: --parallelism=N (only that parallelism), --writer=worker|thread|both (which page writer; both: the
 * fallback too), --shortcuts=V,V,… (one sync per page-writer variant, each with its floor: bench/writerVariants.ts).
 */
export async function syncBench({ quick, dir, sizes, argv, say, results }: BenchRun): Promise<void> {
  const onlyParallelism = option(argv, 'parallelism');
  const writerChoice = option(argv, 'writer') ?? 'worker';
  say(`## Full sync of ${sizes.sync.toLocaleString('en')} orders, 50 ms injected latency\n`);
  const sb = await startRemoteSandbox({ orders: sizes.sync, seed: 1, faults: { latencyMs: LATENCY_MS } });
  try {
    const minimum = Math.ceil(sizes.sync / PAGE_SIZE_MAX);
    const rows: string[] = [
      '| Parallelism | Page writer | Requests | Minimum ceil(N/100) | Requests ÷ minimum | Windows | Wall s | Latency-bound minimum s | Wall ÷ minimum | Fetch-only floor s | Wall ÷ floor | Client CPU µs/order: sync (fetching thread) / floor |',
      '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ];
    const cpuRows: string[] = [
      '| Parallelism | Page writer | Load before → after | Budget µs/order: latency / floor | Writer thread CPU µs/order (pages / end of load) | **Writer ÷ floor** | Fetching thread µs/order | Syncing process µs/order | Sandbox µs/order: sync / floor | Floor client µs/order | Cores busy: sync / floor |',
      '|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ];
    // Where the sync's wall time went (syncRuns.ts SyncPhases): the floor is only the fetching part.
    const phaseRows: string[] = [
      '| Parallelism | Page writer | Wall s | Before the first request ms | First request → last answer ms (under the parallelism / none in flight) | After the last answer ms | Fetch-only floor s |',
      '|---:|---|---:|---:|---:|---:|---:|',
    ];
    const ms = (v: number) => v.toFixed(0);
    const syncRuns: Record<string, unknown>[] = [];
    const parallelisms = onlyParallelism ? [Number(onlyParallelism)] : quick ? [4] : [4, 1, 8];
    // --shortcuts=V,V,…: at each parallelism one sync per writer variant, each with its own floor right after it
    // (before and after side by side in one process: bench/writerVariants.ts).
    const variants = option(argv, 'shortcuts')?.split(',');
    const runs = parallelisms.flatMap((p) =>
      (variants ?? ['']).map((v, i, all) => ({ p, v, i, last: i === all.length - 1 })),
    );
    for (const { p: parallelism, v: variant, i: nth, last } of runs) {
      const load0 = loadavg()[0]!;
      const writerLabel = (writer: PageWriterChoice) =>
        `${writer === 'worker' ? 'writer thread' : 'fetching thread'}${variant ? ` (${variant})` : ''}`;
      // --writer=both: the fallback (pages stored on the fetching thread) right after the default, same floor.
      const extra =
        writerChoice === 'both'
          ? [await fullSync(sb, freshCache(sb, dir, `sync-p${parallelism}-thread`), parallelism, false, 'thread')]
          : [];
      const cache = freshCache(sb, dir, `sync-p${parallelism}${variant ? `-${nth}-${variant}` : ''}`);
      const run = await fullSync(
        sb,
        cache,
        parallelism,
        false,
        writerChoice === 'thread' ? 'thread' : 'worker',
        variant ? shortcutsOf(variant) : undefined,
      );
      const latencyBound = Math.ceil(minimum / parallelism) * LATENCY_MS;
      const floorRun = await fetchOnlyFloor(sb, parallelism, sizes.sync);
      const floor = floorRun.wallMs;
      const perOrder = (cpuMs: number) => ((cpuMs * 1000) / sizes.sync).toFixed(0);
      const labelled: Array<[SyncRun, PageWriterChoice]> = [
        [run, writerChoice === 'thread' ? 'thread' : 'worker'],
        ...extra.map((r): [SyncRun, PageWriterChoice] => [r, 'thread']),
      ];
      const load1 = loadavg()[0]!;
      const cpuOf = (r: SyncRun) =>
        syncCpuFigures({
          orders: sizes.sync,
          parallelism,
          latencyMs: LATENCY_MS,
          pageSize: PAGE_SIZE_MAX,
          wallMs: r.wallMs,
          floorWallMs: floor,
          processCpuMs: r.cpuMs,
          fetchingThreadCpuMs: r.mainThreadCpuMs,
          writer: r.writerCpu,
          floorCpuMs: floorRun.cpuMs,
          ...(r.sandboxCpuMs === undefined ? {} : { sandboxCpuMs: r.sandboxCpuMs }),
          ...(floorRun.sandboxCpuMs === undefined ? {} : { floorSandboxCpuMs: floorRun.sandboxCpuMs }),
        });
      for (const [r, writer] of labelled) {
        const f = cpuOf(r);
        const n0 = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(0));
        const n2 = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(2));
        cpuRows.push(
          `| ${parallelism} | ${writerLabel(writer)} | ${load0.toFixed(1)} → ${load1.toFixed(1)} | ${n0(f.latencyBudgetUs)} / ${n0(f.floorBudgetUs)} | ${n0(f.writerUs)} (${n0(f.writerPagesUs)} / ${n0(f.writerEndOfLoadUs)}) | ${n2(f.writerOverFloor)} | ${n0(f.fetchingUs)} | ${n0(f.processUs)} | ${n0(f.sandboxUs)} / ${n0(f.floorSandboxUs)} | ${n0(f.floorClientUs)} | ${n2(f.coresBusy)} / ${n2(f.floorCoresBusy)} |`,
        );
        phaseRows.push(
          `| ${parallelism} | ${writerLabel(writer)} | ${(r.wallMs / 1000).toFixed(2)} | ${ms(r.phases.beforeFirstRequestMs)} | ${ms(r.phases.fetchingMs)} (${ms(r.phases.underParallelMs)} / ${ms(r.phases.idleMs)}) | ${ms(r.phases.afterLastAnswerMs)} | ${(floor / 1000).toFixed(2)} |`,
        );
        rows.push(
          `| ${parallelism}${parallelism === 4 ? ' (default)' : ''} | ${writerLabel(writer)} | ${r.httpRequests} | ${minimum} | ${(r.httpRequests / minimum).toFixed(3)} | ${r.summary.windows} | ${(r.wallMs / 1000).toFixed(2)} | ${(latencyBound / 1000).toFixed(2)} | ${(r.wallMs / latencyBound).toFixed(2)} | ${(floor / 1000).toFixed(2)} | ${(r.wallMs / floor).toFixed(2)} | ${perOrder(r.cpuMs)} (${perOrder(r.mainThreadCpuMs)}) / ${perOrder(floorRun.cpuMs)} |`,
        );
      }
      syncRuns.push({
        parallelism,
        writer: writerChoice === 'thread' ? 'thread' : 'worker',
        ...(variant ? { shortcuts: variant } : {}),
        mainThreadCpuMs: run.mainThreadCpuMs,
        writerCpu: run.writerCpu,
        sandboxCpuMs: run.sandboxCpuMs,
        fetchOnlyFloorSandboxCpuMs: floorRun.sandboxCpuMs,
        cpuPerOrder: cpuOf(run),
        load: [load0, load1],
        ...(extra[0] ? { fallback: { wallMs: extra[0].wallMs, cpuMs: extra[0].cpuMs } } : {}),
        requests: run.httpRequests,
        minimum,
        wallMs: run.wallMs,
        latencyBoundMs: latencyBound,
        fetchOnlyFloorMs: floor,
        cpuMs: run.cpuMs,
        fetchOnlyFloorCpuMs: floorRun.cpuMs,
        summary: run.summary,
      });
      if (parallelism === 4 && last) {
        // 3. Polls a few minutes apart (the sandbox clock is moved on): the first one's overlap margin reaches
        // back to the orders the sandbox stamped when it started; later ones find nothing new.
        const c = client(sb, 4);
        const engine = new SyncEngine({ cache, source: c.seller, requestCount: () => c.transport.count });
        // The full sync's own learning pass, as syncNow runs it: every state paged from the start.
        const fullPassStart = c.transport.count;
        const fullPass = await learnAfterSalesStatuses(c.seller, cache, DEFAULT_AFTER_SALES_STATUS_SETTINGS, Date.now);
        if (!fullPass.ok) throw new Error(JSON.stringify(fullPass.error));
        results.afterSalesFullPass = {
          requests: c.transport.count - fullPassStart,
          awaiting: fullPass.value.awaiting,
          complete: fullPass.value.complete,
        };
        const polls: Array<{
          requests: number;
          afterSalesRequests: number;
          awaiting: number;
          fetched: number;
          inserted: number;
          updated: number;
        }> = [];
        for (let i = 0; i < 3; i++) {
          await sb.advanceClock(5 * 60_000);
          const before = c.transport.count;
          const r = await engine.sync();
          if (!r.ok) throw new Error(JSON.stringify(r.error));
          const afterSync = c.transport.count;
          // What a poll adds (syncNow): the after-sales learning pass (the spec's Order has no status field) —
          // between full passes one probe, whatever the size of the awaiting set.
          const learned = await learnAfterSalesStatuses(c.seller, cache, DEFAULT_AFTER_SALES_STATUS_SETTINGS, Date.now);
          if (!learned.ok) throw new Error(JSON.stringify(learned.error));
          // The goal, asserted: at most one extra request per poll with nothing changed — when the full pass read
          // the whole awaiting set. Past its 10 pages (a shop with more than 1,000 requests awaiting review) every
          // poll pages it again from the start by design (learnStatuses.ts); the table says so instead.
          if (fullPass.value.complete && c.transport.count - afterSync > 1)
            throw new Error(`a quiet poll's after-sales pass made ${c.transport.count - afterSync} requests (goal: 1)`);
          polls.push({
            requests: afterSync - before,
            afterSalesRequests: c.transport.count - afterSync,
            awaiting: learned.value.awaiting,
            fetched: r.value.fetched,
            inserted: r.value.inserted,
            updated: r.value.updated,
          });
        }
        results.polls = polls;
      }
      cache.close();
    }
    if (!quick && !onlyParallelism) {
      // Context: with more latency per request the same client becomes latency-bound.
      const slow = await startRemoteSandbox({ orders: sizes.sync, seed: 1, faults: { latencyMs: 150 } });
      try {
        const cache = freshCache(slow, dir, 'sync-150ms');
        const run = await fullSync(slow, cache, 4);
        const latencyBound = Math.ceil(minimum / 4) * 150;
        rows.push(
          `| 4, at 150 ms latency (context) | writer thread | ${run.httpRequests} | ${minimum} | ${(run.httpRequests / minimum).toFixed(3)} | ${run.summary.windows} | ${(run.wallMs / 1000).toFixed(2)} | ${(latencyBound / 1000).toFixed(2)} | ${(run.wallMs / latencyBound).toFixed(2)} | — | — | — |`,
        );
        syncRuns.push({
          parallelism: 4,
          latencyMs: 150,
          requests: run.httpRequests,
          minimum,
          wallMs: run.wallMs,
          latencyBoundMs: latencyBound,
          summary: run.summary,
        });
        cache.close();
      } finally {
        await slow.stop();
      }
    }
    say(rows.join('\n'));
    say('');
    say(
      '### CPU time an order (the writer thread as it reports itself closing; the sandbox from /proc), against the time an order has\n',
    );
    say(cpuRows.join('\n'));
    say('');
    say('### Where the wall time went: before the first request, fetching, after the last answer\n');
    say(phaseRows.join('\n'));
    say('');
    results.sync = syncRuns;
    const polls = (results.polls ?? []) as Array<{
      requests: number;
      afterSalesRequests: number;
      awaiting: number;
      fetched: number;
      inserted: number;
      updated: number;
    }>;
    say('## Polls with nothing changed (after the full sync above, 5 minutes apart on the platform clock)\n');
    const full = results.afterSalesFullPass as { requests: number; awaiting: number; complete: boolean } | undefined;
    if (full)
      say(
        `The full sync's after-sales pass (every state from the start, again every 30 minutes): ${full.requests} requests, ${full.awaiting} awaiting${full.complete ? '' : ' — **the awaiting set is larger than the pass reads (10 pages), so every poll repeats the full pass**'}.\n`,
      );
    say(
      '| Poll | HTTP requests (sync) | + after-sales filter requests (probe) | Orders fetched (overlap margin) | Inserted | Updated |\n|---:|---:|---:|---:|---:|---:|',
    );
    polls.forEach((p, i) =>
      say(
        `| ${i + 1} | ${p.requests} | ${p.afterSalesRequests} (${p.awaiting} awaiting) | ${p.fetched} | ${p.inserted} | ${p.updated} |`,
      ),
    );
    say('');
  } finally {
    await sb.stop();
  }
}
