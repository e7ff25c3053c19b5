/**
 * `--only=scalekill` (issue 26): a kill -9 during a full sync at scale, and the resume. A sandbox of N orders (seed
 * 3; 1,000,000 unless --scale-size=N, 100,000 with --quick) in its own process; a full sync into a fresh cache file
 * in a child process (this bundle's `scalekillrun`, with the core host's heap flags, parallelism 4, latency 0) that
 * is SIGKILLed at each point of --scale-kill-at (default `0.2,0.6,index`: a fraction of the orders answered, or
 * `index` = a few seconds after the windows' last answer, while the writer stores its last pages and builds the
 * secondary indexes the first sync deferred), then started again on the same file until a run completes.
 *
 * The child prints the IDs of every answer it receives (synchronously, so a kill loses none), so the parent knows
 * each order answered in an earlier run: **re-read after a resume** = orders of the windows' pages answered again
 * that an earlier run had received, against one window (10,000 orders, 100 pages); the catch-up's (every order
 * updated since the run began, asked again by each process) is counted apart. After each kill the file is inspected
 * as the next run finds it (orders stored, finished windows and their orders, pages recorded inside unfinished
 * windows, whether the deferred indexes are still to be built and whether the load was still going on).
 * At the end the cache is compared with the sandbox: the count, and a checksum over every order's ID and content
 * hash (scaleDigest.ts). --scale-dir keeps the file (outside the repo); --scale-kill-delay=MS (default 6000) places
 * the `index` kill. A point `open` kills the run --scale-kill-open-delay=MS (default 3000) after it starts opening
 * the file: after a kill during the end-of-load work, opening builds the rest of the deferred secondary indexes
 * (after a kill while loading it leaves them: the resume keeps loading without them).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openOrderCache } from '../src/core/cache/openCache';
import { DEFERRED_INDEXES_KEY, DEFERRED_LOADING_KEY } from '../src/core/cache/deferredIndexes';
import { CORE_HOST_EXEC_ARGV } from '../src/core/host/hostHeapFlags';
import { SyncEngine } from '../src/core/sync/syncEngine';
import type { OrderSource } from '../src/core/sync/windowSync';
import { PAGE_SIZE_MAX } from '../src/shared/domain/requests';
import { option, type BenchRun } from './benchRun';
import { cacheOrdersDigest } from './scaleDigest';
import { startRemoteSandbox, type RemoteSandbox } from './sandboxProcess';
import { client } from './syncRuns';

/** The bench bundle's sub-command of the child side. */
export const SCALE_KILL_RUN = 'scalekillrun';

/** Orders in one window: 100 pages of 100 (the platform pages no deeper). */
const WINDOW_ORDERS = 100 * PAGE_SIZE_MAX;

interface KillRunInput {
  sandbox: Pick<RemoteSandbox, 'baseUrl' | 'platformUrl' | 'merchantId' | 'token' | 'orders'>;
  file: string;
  parallelism: number;
}

/** stdout, written synchronously: a line printed before a SIGKILL reaches the parent. */
const line = (text: string) => writeSync(1, `${text}\n`);

/** Child side: opens the cache (as the core host would) and syncs; prints each answer's IDs and the phases. */
export async function scaleKillRun(input: KillRunInput): Promise<void> {
  const t = performance.now();
  line(JSON.stringify({ opening: true }));
  const opened = openOrderCache({
    file: input.file,
    identity: { baseUrl: input.sandbox.baseUrl, merchantId: input.sandbox.merchantId },
  });
  if (!opened.ok) throw new Error(JSON.stringify(opened.error));
  const cache = opened.value;
  line(JSON.stringify({ openedMs: performance.now() - t }));
  const c = client(input.sandbox, input.parallelism);
  const source: OrderSource = {
    listOrders: async (q) => {
      const r = await c.seller.listOrders(q);
      // `a`: a window's page; `c`: the catch-up's (orders updated since the run began: not a resume's re-read).
      if (r.ok) line(`${q.updateBeginDate === undefined ? 'a' : 'c'} ${r.value.data.list.map((o) => o.id).join(',')}`);
      return r;
    },
  };
  const engine = new SyncEngine({
    cache,
    source,
    settings: { parallelism: input.parallelism },
    requestCount: () => c.transport.count,
  });
  let phase = '';
  const result = await engine.sync({
    onProgress: (p) => {
      if (p.phase !== phase || p.finished) line(JSON.stringify({ phase: p.phase, finished: p.finished }));
      phase = p.phase;
    },
  });
  line(JSON.stringify({ done: result, wallMs: performance.now() - t }));
  cache.close();
}

/** One run of the child: what it answered and how it ended. */
interface RunFigures {
  /** The kill point it was stopped at (undefined: it ran to the end). */
  killedAt?: string;
  wallMs: number;
  /**
   * Opening the file (migrations; after a kill during the end-of-load work, the rest of the deferred indexes built;
   * after a kill while loading, nothing more since the resume keeps loading without them).
   */
  openMs?: number;
  /** Start of the process to its first answer (the checks a resumed full sync runs first included). */
  firstAnswerMs?: number;
  answers: number;
  ordersAnswered: number;
  /** Orders of the windows' pages an earlier run had received already (0 for the first run). */
  reRead: number;
  /** Orders of the catch-up's pages an earlier run had received already (it asks for every update since the start). */
  reReadCatchUp: number;
  /** Orders this run received twice (a split's probe, the catch-up's overlap). */
  twiceInRun: number;
  /** The file as the next run finds it (after a kill). */
  after?: FileState;
  summary?: unknown;
}

interface FileState {
  stored: number;
  finishedWindows: number;
  /** Orders the finished windows were verified to hold (their totals). */
  inFinishedWindows: number;
  /** The first sync's secondary indexes still to be built (the kill came before or during that). */
  indexesDeferred: boolean;
  /** The first sync that deferred them is still loading: the next opening leaves them (deferredIndexes.ts). */
  stillLoading: boolean;
  /** Pages stored inside unfinished windows and recorded (schema 11): a resume takes them instead of asking. */
  pagesRecorded: number | undefined;
  pendingSearchRows: number | undefined;
}

/** The file after a kill, read with a plain connection (openOrderCache would build the deferred indexes). */
function inspect(file: string): FileState {
  const db = new Database(file);
  try {
    const get = <T>(sql: string, ...args: unknown[]) =>
      db
        .prepare(sql)
        .pluck()
        .get(...args) as T;
    const run = get<number | undefined>("SELECT id FROM sync_run WHERE status = 'running' ORDER BY id DESC LIMIT 1");
    const windows =
      run === undefined
        ? { n: 0, total: 0 }
        : (db
            .prepare('SELECT count(*) AS n, coalesce(sum(total), 0) AS total FROM sync_window WHERE run_id = ?')
            .get(run) as {
            n: number;
            total: number;
          });
    let pending: number | undefined;
    try {
      pending = get<number>(
        'SELECT count(*) FROM orders WHERE rid > (SELECT coalesce(max(indexed_rid), 0) FROM fts_state)',
      );
    } catch {
      pending = undefined;
    }
    return {
      stored: get<number>('SELECT count(*) FROM orders'),
      finishedWindows: windows.n,
      inFinishedWindows: windows.total,
      indexesDeferred:
        get<string | undefined>('SELECT value FROM meta WHERE key = ?', DEFERRED_INDEXES_KEY) !== undefined,
      stillLoading: get<string | undefined>('SELECT value FROM meta WHERE key = ?', DEFERRED_LOADING_KEY) !== undefined,
      pagesRecorded: (() => {
        try {
          return get<number>('SELECT count(*) FROM sync_page WHERE run_id = ?', run ?? -1);
        } catch {
          return undefined; // a file before schema 11
        }
      })(),
      pendingSearchRows: pending,
    };
  } finally {
    db.close();
  }
}

export async function scaleKill(run: BenchRun): Promise<void> {
  const { say, argv, quick, results } = run;
  const n = Number(option(argv, 'scale-size') ?? (quick ? 100_000 : 1_000_000));
  const points = (option(argv, 'scale-kill-at') ?? '0.2,0.6,index').split(',').filter(Boolean);
  const delayMs = Number(option(argv, 'scale-kill-delay') ?? 6000);
  const openDelayMs = Number(option(argv, 'scale-kill-open-delay') ?? 3000);
  const dir = option(argv, 'scale-dir') ?? path.join(tmpdir(), 'merchant-desk-scale');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `kill-${n}.sqlite`);
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  const load0 = loadavg()[0]!;
  say(
    `## A kill -9 during a full sync of ${n.toLocaleString('en')} orders, and the resume (parallelism 4, latency 0; kills at ${points.join(', ')})\n`,
  );
  const sb = await startRemoteSandbox({ orders: n, seed: 3 });
  const started = performance.now();
  const seen = new Set<string>();
  const runs: RunFigures[] = [];
  try {
    for (let i = 0; ; i++) {
      const point = points[i];
      const figures = await oneRun(sb, file, seen, n, point, delayMs, openDelayMs);
      runs.push(figures);
      if (figures.killedAt === undefined) break;
      figures.after = inspect(file);
      if (i > points.length + 2) throw new Error('the sync did not complete');
    }
    const totalMs = performance.now() - started;
    const platform = await sb.digest();
    const opened = openOrderCache({ file });
    if (!opened.ok) throw new Error(JSON.stringify(opened.error));
    const cached = (() => {
      try {
        return cacheOrdersDigest(opened.value.db);
      } finally {
        opened.value.close();
      }
    })();
    const answers = runs.reduce((s, r) => s + r.answers, 0);
    const minimum = Math.ceil(n / PAGE_SIZE_MAX);
    say(
      "| Run | Ended | Open ms | To first answer s | Wall s | Answers | Orders answered | **Re-read** (windows' pages: orders an earlier run had received) | Catch-up re-read | Twice in the run | Orders stored by the run, per s | File after: stored / in finished windows (windows) | Pages recorded | Indexes still deferred | Search rows pending |",
    );
    say('|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---|---:|');
    runs.forEach((r, i) => {
      // What the run added to the file over its wall time (the last run: up to the platform's count).
      const storedBefore = i === 0 ? 0 : (runs[i - 1]!.after?.stored ?? 0);
      const storedAfter = r.after?.stored ?? n;
      const rate = r.wallMs > 0 ? ((storedAfter - storedBefore) / r.wallMs) * 1000 : 0;
      const deferred = r.after
        ? r.after.indexesDeferred
          ? r.after.stillLoading
            ? 'yes (loading)'
            : 'yes (being built)'
          : 'no'
        : '—';
      say(
        `| ${i + 1} | ${r.killedAt ? `SIGKILL at ${r.killedAt}` : 'completed'} | ${r.openMs?.toFixed(0) ?? '—'} | ${r.firstAnswerMs !== undefined ? (r.firstAnswerMs / 1000).toFixed(1) : '—'} | ${(r.wallMs / 1000).toFixed(1)} | ${r.answers.toLocaleString('en')} | ${r.ordersAnswered.toLocaleString('en')} | **${r.reRead.toLocaleString('en')}** (${(r.reRead / WINDOW_ORDERS).toFixed(2)} window) | ${r.reReadCatchUp.toLocaleString('en')} | ${r.twiceInRun.toLocaleString('en')} | ${Math.round(rate).toLocaleString('en')} | ${r.after ? `${r.after.stored.toLocaleString('en')} / ${r.after.inFinishedWindows.toLocaleString('en')} (${r.after.finishedWindows})` : '—'} | ${r.after?.pagesRecorded?.toLocaleString('en') ?? '—'} | ${deferred} | ${r.after?.pendingSearchRows?.toLocaleString('en') ?? '—'} |`,
      );
    });
    say('');
    const same = platform.sha256 === cached.sha256 && platform.count === cached.count;
    say(
      `All runs: ${answers.toLocaleString('en')} answers (÷ minimum ${minimum.toLocaleString('en')}: ${(answers / minimum).toFixed(3)}), ${(totalMs / 1000).toFixed(0)} s from the first start to the end. The most re-read after a resume (the windows' pages): **${Math.max(0, ...runs.map((r) => r.reRead)).toLocaleString('en')} orders** (one window: ${WINDOW_ORDERS.toLocaleString('en')}).\n`,
    );
    say(
      `Final cache against the sandbox: ${cached.count.toLocaleString('en')} orders cached, ${platform.count.toLocaleString('en')} on the platform (${platform.undecodable} undecodable); checksum over IDs and content hashes ${same ? '**equal**' : '**DIFFERENT**'} (${cached.sha256.slice(0, 16)}… / ${platform.sha256.slice(0, 16)}…).\n`,
    );
    say(
      `Machine load average: ${load0.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end, on ${availableParallelism()} cores.\n`,
    );
    results.scaleKill = {
      orders: n,
      points,
      delayMs,
      openDelayMs,
      runs,
      answers,
      minimum,
      totalMs,
      platform,
      cached,
      same,
    };
  } finally {
    await sb.stop();
  }
}

/** One child run, killed at `point` (a fraction of the orders answered, or `index`) unless it completes first. */
function oneRun(
  sb: RemoteSandbox,
  file: string,
  seen: Set<string>,
  n: number,
  point: string | undefined,
  delayMs: number,
  openDelayMs: number,
): Promise<RunFigures> {
  const input: KillRunInput = {
    sandbox: {
      baseUrl: sb.baseUrl,
      platformUrl: sb.platformUrl,
      merchantId: sb.merchantId,
      token: sb.token,
      orders: sb.orders,
    },
    file,
    parallelism: 4,
  };
  const t = performance.now();
  const child = spawn(
    process.execPath,
    [...process.execArgv, ...CORE_HOST_EXEC_ARGV, process.argv[1]!, SCALE_KILL_RUN, JSON.stringify(input)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const figures: RunFigures = {
    wallMs: 0,
    answers: 0,
    ordersAnswered: 0,
    reRead: 0,
    reReadCatchUp: 0,
    twiceInRun: 0,
  };
  const inRun = new Set<string>();
  const fraction = point !== undefined && point !== 'index' && point !== 'open' ? Number(point) : undefined;
  let killed = false;
  let indexTimer: ReturnType<typeof setTimeout> | undefined;
  const kill = () => {
    if (killed) return;
    killed = true;
    figures.killedAt =
      point === 'index'
        ? `the end-of-load work (${(delayMs / 1000).toFixed(0)} s after the last window's answer)`
        : point === 'open'
          ? figures.openMs === undefined
            ? `the opening (${(openDelayMs / 1000).toFixed(0)} s in: the deferred indexes being built again)`
            : `${(openDelayMs / 1000).toFixed(0)} s after the start (the opening had ended, in ${(figures.openMs / 1000).toFixed(1)} s)`
          : `${((seen.size / n) * 100).toFixed(1)} % of the orders answered`;
    child.kill('SIGKILL');
  };
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      const text = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (killed) continue;
      if (text.startsWith('a ') || text.startsWith('c ')) {
        figures.firstAnswerMs ??= performance.now() - t;
        figures.answers++;
        const ids = text.length > 2 ? text.slice(2).split(',') : [];
        figures.ordersAnswered += ids.length;
        for (const id of ids) {
          if (inRun.has(id)) figures.twiceInRun++;
          else {
            inRun.add(id);
            if (!seen.has(id)) seen.add(id);
            else if (text.startsWith('a ')) figures.reRead++;
            else figures.reReadCatchUp++;
          }
        }
        if (fraction !== undefined && seen.size >= fraction * n) kill();
        continue;
      }
      const msg = JSON.parse(text) as {
        opening?: boolean;
        openedMs?: number;
        phase?: string;
        finished?: boolean;
        done?: unknown;
      };
      if (msg.openedMs !== undefined) figures.openMs = msg.openedMs;
      if (msg.done !== undefined) figures.summary = msg.done;
      // The windows are done (the writer then stores its last pages and builds the deferred indexes while the
      // catch-up is fetched): the first of its end event or the catch-up's first.
      if (point === 'open' && msg.opening) indexTimer = setTimeout(kill, openDelayMs);
      if (point === 'index' && !indexTimer && ((msg.phase === 'windows' && msg.finished) || msg.phase === 'catch-up'))
        indexTimer = setTimeout(kill, delayMs);
    }
  });
  return new Promise((resolve, reject) =>
    child.on('exit', (code, signal) => {
      figures.wallMs = performance.now() - t;
      clearTimeout(indexTimer);
      if (killed && signal === 'SIGKILL') resolve(figures);
      else if (code === 0 && !killed) {
        const done = figures.summary as { ok?: boolean } | undefined;
        if (done?.ok) resolve(figures);
        else reject(new Error(`the sync failed: ${JSON.stringify(done)}`));
      } else reject(new Error(`${SCALE_KILL_RUN} exited ${code ?? signal}`));
    }),
  );
}
