/**
 * `--only=syncend --syncend-file=FILE` (issue 26): the end of a first full sync at scale, step by step, on a copy of
 * a synced cache (FILE: e.g. the million-order file `--only=scale` keeps; the copy goes to --scale-dir). The copy is
 * put back into the state a first sync's last page leaves — the secondary indexes deferred (deferIndexes), the last
 * SEARCH_INDEX_BATCH_ROWS rows waiting for the full-text index, every buyer marked for the repeat-buyer rows — and
 * the writer's end-of-load work runs (PageWriter.finish, as the sync's writer thread runs it).
 *
 * Meanwhile two other threads with their own connections, as the core host's reads and the upkeep thread are:
 * - the watcher reads `PRAGMA data_version` every 2 ms (no lock): each commit of the end, the time since the one
 *   before (the transaction plus the work between two, the auto-checkpoint included) and where the end stands;
 *   between two polls it reads an order by ID (an index never deferred) and times it: do reads wait?
 * - the writer probe writes one `meta` row every 100 ms (busy timeout 5 s, as every connection of the app): how
 *   long another writer waits for the write lock.
 * --syncend-upkeep=thread|host measures instead what the core host's reads wait while its upkeep finishes what a kill
 * left of that end, on the end-of-sync thread or on the host's own thread (upkeepBench below).
 * --syncend-checkpoint=off measures the same with the stepping connection's auto-checkpoint off (the transactions
 * alone; the WAL is checkpointed once at the end).
 */
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { openOrderCache } from '../src/core/cache/openCache';
import { deferIndexes, endOfSyncStep } from '../src/core/cache/deferredIndexes';
import { finishEndOfSyncOnThread, findEndOfSyncThreadEntry } from '../src/core/cache/endOfSyncOnThread';
import { LockTurns, sleepSync } from '../src/core/cache/lockTurns';
import { OwnTextIndex } from '../src/core/cache/ownTextIndex';
import { PageWriter, SEARCH_INDEX_BATCH_ROWS } from '../src/core/sync/pageStore';
import { option, type BenchRun } from './benchRun';
import { ms } from './stats';

interface Seen {
  atMs: number;
  gapMs: number;
  indexesLeft: number;
  walk: string;
  walkAt: string;
  indexedRid: number;
  pending: string;
  probe: string;
}

/** The watcher and the read/write probes (plain JS: the bench is one bundle, a worker evaluates this). */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const db = new Database(workerData.file, { timeout: 5000 });
const sleepBuf = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms) => Atomics.wait(sleepBuf, 0, 0, ms);
const stop = new Int32Array(workerData.stop);
const out = { commits: [], reads: [], writes: [] };
const t0 = workerData.t0;
const now = () => performance.timeOrigin + performance.now() - t0;
if (workerData.role === 'watch') {
  const ids = db.prepare('SELECT id FROM orders WHERE rid % 997 = 0').pluck().all();
  const byId = db.prepare('SELECT rid, create_ms FROM orders WHERE id = ?');
  const meta = db.prepare('SELECT value FROM meta WHERE key = ?').pluck();
  const indexed = db.prepare('SELECT indexed_rid FROM fts_state WHERE id = 1').pluck();
  let version = db.pragma('data_version', { simple: true });
  let last = now();
  let lastRead = 0;
  let i = 0;
  parentPort.postMessage('ready');
  while (Atomics.load(stop, 0) === 0) {
    sleep(2);
    const v = db.pragma('data_version', { simple: true });
    const t = now();
    if (v !== version) {
      version = v;
      const state = db.transaction(() => ({
        d: meta.get('deferred_indexes'),
        w: meta.get('insight_buyer_walk'),
        p: meta.get('end_of_sync') ?? '',
        b: meta.get('bench.probe') ?? '',
        r: indexed.get(),
      })).deferred();
      out.commits.push({ atMs: t, gapMs: t - last, indexesLeft: state.d === undefined ? 0 : JSON.parse(state.d).length,
        walk: state.w === undefined ? '' : JSON.parse(state.w).phase, walkAt: state.w ?? '', indexedRid: state.r, pending: state.p, probe: state.b });
      last = t;
    }
    if (t - lastRead >= 10) {
      const s = now();
      byId.get(ids[i++ % ids.length]);
      out.reads.push([s, now() - s]);
      lastRead = now();
    }
  }
} else {
  const put = db.prepare("INSERT INTO meta (key, value) VALUES ('bench.probe', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
  parentPort.postMessage('ready');
  while (Atomics.load(stop, 0) === 0) {
    sleep(100);
    const s = now();
    try { db.transaction(() => put.run(String(s))).immediate(); out.writes.push([s, now() - s]); }
    catch (e) { out.writes.push([s, -1]); }
  }
  db.prepare("DELETE FROM meta WHERE key = 'bench.probe'").run();
}
db.close();
parentPort.postMessage(out);
`;

interface ProbeOut {
  commits: Seen[];
  reads: Array<[number, number]>;
  writes: Array<[number, number]>;
}

function startProbe(role: 'watch' | 'write', file: string, stop: SharedArrayBuffer, t0: number) {
  const require = createRequire(import.meta.url);
  const worker = new Worker(PROBE, {
    eval: true,
    workerData: { role, file, stop, t0, sqlite: require.resolve('better-sqlite3') },
  });
  let resolveReady: () => void;
  const ready = new Promise<void>((r) => (resolveReady = r));
  const done = new Promise<ProbeOut>((resolve, reject) => {
    worker.on('message', (m: unknown) => (m === 'ready' ? resolveReady() : resolve(m as ProbeOut)));
    worker.on('error', reject);
  });
  return { ready, done };
}

/** The copy put back into the state the last page of a first full sync leaves (see the file's comment). */
function asAtTheLastPage(file: string): void {
  const opened = openOrderCache({ file });
  if (!opened.ok) throw new Error(JSON.stringify(opened.error));
  const cache = opened.value;
  const db = cache.db;
  try {
    db.transaction(() => {
      const maxRid = db.prepare('SELECT max(rid) FROM orders').pluck().get() as number;
      const from = maxRid - SEARCH_INDEX_BATCH_ROWS + 1;
      const own = new OwnTextIndex(db);
      for (const rid of db.prepare('SELECT rid FROM orders WHERE rid >= ?').pluck().all(from) as number[])
        own.delete(rid);
      db.prepare('DELETE FROM order_search WHERE rid >= ?').run(from);
      db.prepare('UPDATE fts_state SET indexed_rid = ? WHERE id = 1').run(from - 1);
      // The first sync's run, still running (opening the file leaves the deferred indexes to it).
      db.prepare(
        "INSERT INTO sync_run (mode, status, base_filter, local_started) VALUES ('full', 'running', '{}', 0)",
      ).run();
      // Every buyer marked, no repeat-buyer rows: what a first sync's load leaves.
      db.exec(`DELETE FROM insight_buyer_seq; DELETE FROM insight_buyer_total;
        INSERT OR IGNORE INTO insight_buyer_dirty SELECT DISTINCT buyer_id FROM orders WHERE buyer_id IS NOT NULL;`);
    }).immediate();
    deferIndexes(db);
    // The sync is over: as a first sync whose windows are all stored.
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    cache.close();
  }
}

function label(c: Seen, before: Seen | undefined): string {
  if (!before) return 'first commit seen';
  if (c.indexedRid !== before.indexedRid) return 'full-text batch';
  if (c.indexesLeft < before.indexesLeft) return c.indexesLeft === 0 ? 'last deferred index' : 'a deferred index';
  if (c.walkAt !== before.walkAt) return c.walk === '' ? 'walk finished' : `walk: ${c.walk}`;
  if (c.pending !== before.pending) return `end step: ${c.pending || 'done'}`;
  // The end's own first steps, or a checkpoint's reset of the WAL (seen as a change by other connections).
  return 'other (flag, REINDEX, repack, checkpoint)';
}

export async function syncEndBench(run: BenchRun): Promise<void> {
  const { say, argv, results } = run;
  const source = option(argv, 'syncend-file');
  if (!source) throw new Error('--only=syncend needs --syncend-file=FILE (a synced cache, copied first)');
  const dir = option(argv, 'scale-dir') ?? path.join(tmpdir(), 'merchant-desk-scale');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, 'syncend.sqlite');
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  copyFileSync(source, file);
  const upkeep = option(argv, 'syncend-upkeep');
  if (upkeep !== undefined) return upkeepBench(run, file, upkeep === 'host' ? 'host' : 'thread');
  const checkpointOff = option(argv, 'syncend-checkpoint') === 'off';
  const prepared = performance.now();
  asAtTheLastPage(file);
  say(`## The end of a first full sync, step by step (a copy of a synced cache)\n`);
  say(
    `Prepared in ${((performance.now() - prepared) / 1000).toFixed(1)} s: indexes deferred, ${SEARCH_INDEX_BATCH_ROWS.toLocaleString('en')} rows waiting for full text, every buyer marked.${checkpointOff ? ' Auto-checkpoint off on the stepping connection.' : ''}\n`,
  );
  const load0 = loadavg()[0]!;
  const stop = new SharedArrayBuffer(4);
  const t0 = performance.timeOrigin + performance.now();
  const watch = startProbe('watch', file, stop, t0);
  const write = startProbe('write', file, stop, t0);
  await Promise.all([watch.ready, write.ready]);
  const opened = openOrderCache({ file });
  if (!opened.ok) throw new Error(JSON.stringify(opened.error));
  const cache = opened.value;
  if (checkpointOff) cache.db.pragma('wal_autocheckpoint = 0');
  const started = performance.timeOrigin + performance.now() - t0;
  // --syncend-steps: the steps one by one (endOfSyncStep), each timed, and the checkpoint after each apart.
  const stepsMode = argv.includes('--syncend-steps');
  const timed: Array<{ kind: string; ms: number; checkpointMs: number }> = [];
  if (stepsMode) {
    cache.db.pragma('wal_autocheckpoint = 0');
    const turns = new LockTurns();
    let t = performance.now();
    cache.indexPendingSearchRows(SEARCH_INDEX_BATCH_ROWS);
    timed.push({ kind: 'full-text batch', ms: performance.now() - t, checkpointMs: 0 });
    for (;;) {
      t = performance.now();
      const step = endOfSyncStep(cache.db);
      if (!step) break;
      const ms = performance.now() - t;
      t = performance.now();
      cache.db.pragma('wal_checkpoint(PASSIVE)');
      timed.push({ kind: `${step.kind}${step.what ? ` ${step.what}` : ''}`, ms, checkpointMs: performance.now() - t });
      if (step.done) break;
      sleepSync(turns.after(ms));
    }
  }
  const finished = stepsMode ? { ok: true as const, value: 0 } : new PageWriter(cache, false, false).finish();
  const endedAt = performance.timeOrigin + performance.now() - t0;
  if (checkpointOff) cache.db.pragma('wal_checkpoint(PASSIVE)');
  await new Promise((r) => setTimeout(r, 300));
  Atomics.store(new Int32Array(stop), 0, 1);
  const [watched, wrote] = await Promise.all([watch.done, write.done]);
  cache.db.prepare("DELETE FROM sync_run WHERE status = 'running'").run();
  const left = cache.db.prepare("SELECT count(*) FROM meta WHERE key IN ('deferred_indexes', 'insight_buyer_walk')");
  const leftover = left.pluck().get() as number;
  cache.close();
  const load1 = loadavg()[0]!;
  if (!finished.ok) throw new Error(JSON.stringify(finished.error));

  // The write probe's own commits are seen too: left out, the gaps taken between the end's commits only.
  const ends = watched.commits.filter((c, i) => {
    const before = watched.commits[i - 1];
    return !before || c.probe === before.probe || !label(c, before).startsWith('other');
  });
  const commits = ends
    .map((c, i) => ({ ...c, gapMs: i === 0 ? c.gapMs : c.atMs - ends[i - 1]!.atMs }))
    .filter((c) => c.atMs >= started);
  const rows: string[] = ['| # | at (ms) | since the commit before (ms) | what it committed |', '|---:|---:|---:|---|'];
  const groups = new Map<string, { n: number; longest: number; total: number }>();
  commits.forEach((c, i) => {
    const what = label(c, commits[i - 1] ?? watched.commits.filter((w) => w.atMs < started).at(-1));
    const g = groups.get(what) ?? { n: 0, longest: 0, total: 0 };
    groups.set(what, { n: g.n + 1, longest: Math.max(g.longest, c.gapMs), total: g.total + c.gapMs });
    if (!what.startsWith('walk:') || c.gapMs > 150)
      rows.push(`| ${i + 1} | ${ms(c.atMs - started)} | ${ms(c.gapMs)} | ${what} |`);
  });
  say(rows.join('\n'));
  if (stepsMode) {
    const byKind = new Map<string, number[]>();
    for (const x of timed) {
      const key = x.kind.startsWith('walk') ? x.kind : x.kind === 'index' ? 'index build' : x.kind;
      byKind.set(key, [...(byKind.get(key) ?? []), x.ms]);
    }
    say('\n| step (its own transaction, timed in process) | steps | longest (ms) | total (ms) |\n|---|---:|---:|---:|');
    for (const [kind, list] of byKind)
      say(`| ${kind} | ${list.length} | ${ms(Math.max(...list))} | ${ms(list.reduce((a, b) => a + b, 0))} |`);
    const builds = timed.filter((x) => x.kind === 'index').map((x) => ms(x.ms));
    say(
      `\nEach index build (ms, in order): ${builds.join(', ')}. Longest checkpoint after a step: ${ms(Math.max(...timed.map((x) => x.checkpointMs)))} ms (no write lock held).\n`,
    );
  }
  say("\n(the walk's steps under 150 ms are left out of the list above; all are in the summary below)\n");
  say('| step kind | commits | longest gap (ms) | total (ms) |\n|---|---:|---:|---:|');
  for (const [what, g] of groups) say(`| ${what} | ${g.n} | ${ms(g.longest)} | ${ms(g.total)} |`);
  const during = (list: Array<[number, number]>) => list.filter(([at]) => at >= started && at <= endedAt);
  const reads = during(watched.reads).map(([, d]) => d);
  const writes = during(wrote.writes).map(([, d]) => d);
  const stat = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return `${s.length} · p50 ${ms(s[Math.floor(s.length / 2)] ?? 0)} · p99 ${ms(s[Math.floor(s.length * 0.99)] ?? 0)} · max ${ms(s.at(-1) ?? 0)} ms`;
  };
  say('');
  say(
    `The end of the sync took ${ms(endedAt - started)} ms in ${commits.length} commits; work left recorded after it: ${leftover}.\n`,
  );
  say(`| probe on its own connection, during the end | count · p50 · p99 · max |\n|---|---|`);
  say(`| an order read by ID (every 10 ms) | ${stat(reads)} |`);
  say(
    `| a one-row write, waiting for the lock (every 100 ms; failures: ${writes.filter((w) => w < 0).length}) | ${stat(writes.filter((w) => w >= 0))} |`,
  );
  say(`\nLoad average ${load0.toFixed(1)} → ${load1.toFixed(1)} on ${availableParallelism()} cores.\n`);
  results.syncEnd = { commits, groups: Object.fromEntries(groups), reads: stat(reads), writes: stat(writes) };
  if (!argv.includes('--syncend-keep'))
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
}

/**
 * `--syncend-upkeep=thread|host`: what a kill during the end of a first sync leaves (every secondary index deferred,
 * the repacks, the walk), finished as the core host's upkeep does after opening — on the end-of-sync thread
 * (`thread`, endOfSyncOnThread.ts) or, as before, on the host's thread (`host`) — while this thread reads as the
 * window asks: a first page (50 orders, newest first) and a quick count every 10 ms. Each read's wait for this
 * thread (from the moment it was due) and its own time are timed apart: a step on this thread delays the first, a
 * missing index slows the second.
 */
async function upkeepBench(run: BenchRun, file: string, where: 'thread' | 'host'): Promise<void> {
  const { say, results } = run;
  asAtTheLastPage(file);
  const opened = openOrderCache({ file });
  if (!opened.ok) throw new Error(JSON.stringify(opened.error));
  const cache = opened.value;
  // Killed after its load: the run is over, the rows all indexed for search, the rest of the end left.
  cache.db.prepare("DELETE FROM sync_run WHERE status = 'running'").run();
  cache.indexPendingSearchRows(SEARCH_INDEX_BATCH_ROWS);
  cache.db.pragma('wal_checkpoint(TRUNCATE)');
  const entry = where === 'thread' ? findEndOfSyncThreadEntry() : undefined;
  if (where === 'thread' && !entry) throw new Error('the end-of-sync thread is not built beside the bench');
  say(
    `## The end of a first sync left by a kill, finished by the upkeep on ${where === 'thread' ? 'its own thread' : "the host's thread"}\n`,
  );
  const load0 = loadavg()[0]!;
  const steps: number[] = [];
  let done = false;
  const started = performance.now();
  const finishing = finishEndOfSyncOnThread(cache, entry, { onStep: (_s, _n, ms) => steps.push(ms) }).finally(
    () => (done = true),
  );
  const waits: number[] = [];
  const own: number[] = [];
  while (!done) {
    const due = performance.now() + 10;
    await new Promise((resolve) => setTimeout(resolve, 10));
    const from = performance.now();
    const page = cache.queryPage({ limit: 50 });
    const count = cache.countUpTo({}, 10_000);
    if (!page.ok || !count.ok) throw new Error('a read failed');
    const to = performance.now();
    waits.push(Math.max(0, from - due));
    own.push(to - from);
  }
  const finished = await finishing;
  const endedMs = performance.now() - started;
  const load1 = loadavg()[0]!;
  if (!finished.ok) throw new Error(JSON.stringify(finished.error));
  const left = cache.endOfSyncLeft();
  cache.close();
  const stat = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const at = (f: number) => ms(s[Math.min(s.length - 1, Math.floor(s.length * f))] ?? 0);
    return `${at(0.5)} · ${at(0.95)} · ${ms(s.at(-1) ?? 0)}`;
  };
  say(
    `${finished.value} steps in ${ms(endedMs)} ms (the longest ${ms(Math.max(...steps))} ms); left after: ${left.ok && left.value ? 'some' : 'nothing'}.\n`,
  );
  say(
    `| ${waits.length} reads on the host's thread (a first page and a quick count) | p50 · p95 · max (ms) |\n|---|---|`,
  );
  say(`| waited for the thread (due → started) | ${stat(waits)} |`);
  say(`| the read itself | ${stat(own)} |`);
  say(`| both | ${stat(waits.map((w, i) => w + own[i]!))} |`);
  say(`\nLoad average ${load0.toFixed(1)} → ${load1.toFixed(1)} on ${availableParallelism()} cores.\n`);
  results.syncEndUpkeep = { where, steps: finished.value, endedMs, waits: stat(waits), own: stat(own) };
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
}
