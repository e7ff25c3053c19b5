/**
 * The orders list in Chromium over the browser host (`merchant-desk ui --sandbox`, the built CLI in its own
 * process) with a large cache: page load to first rows, filter-to-paint beyond the IPC round trip (typing in the
 * search, toggling a status chip), scrolling through 10,000 rows watched for long tasks, and the DOM's row count.
 *
 * Method: the sandbox's data set is generated first (its saved state in the data directory), so `ui --sandbox` syncs
 * all of it before it serves. In the page, the orders store and table leave User Timing marks: `md:orders:commit`
 * (a filter reaches the URL, after the typing debounce), `request`/`answer` (the first-page call sent / answered,
 * with its generation) and `paint` (a task queued from the animation frame after the rows' commit: the frame is
 * painted). Filter-to-paint = paint − the state change (the click, or the commit after typing); the IPC round
 * trip = answer − request of the same generation; "beyond the round trip" is their difference. The round trip is
 * also timed alone (invoke from the page, nothing rendered).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startSandbox } from '../src/sandbox';
import { launchChromium } from '../test/helpers/chromium';
import { PAGE_PROBES } from './uiOrdersProbes';
import { longTasksOf, longTasksText, type LongTask } from './uiOrdersLongTasks';
import { option, type BenchRun } from './benchRun';
import { percentile } from './stats';
import { uiLoadsBench, uiLoadsTable } from './uiOrdersLoads';
import { startChromeTrace } from './chromeTrace';

export interface Distribution {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

export interface UiOrdersRun {
  orders: number;
  /** A kept cache file served (--ui-cache): firstSyncMs is then the start to serving, no sync in it. */
  fromCacheFile?: boolean;
  firstSyncMs: number;
  loadToFirstRowsMs: number;
  /** The first page's round trip during the load. */
  loadRoundTripMs: number;
  /** The time between animation frames (the page's vsync). */
  framePeriodMs: number;
  search: FilterFigures;
  chip: FilterFigures;
  /** queryPage round trips timed alone from the page (limit 100, unfiltered / status / search). */
  roundTripAlone: Distribution;
  scroll: ScrollFigures;
  /** The window's size in CSS px. */
  viewport: { width: number; height: number };
  /** With --ui-trace: a further 10,000 rows scrolled under a trace, and what its long tasks were made of. */
  tracedScroll?: ScrollFigures & { tasks: LongTask[] };
}

export interface ScrollFigures {
  rows: number;
  wallMs: number;
  longTasks: number;
  longestTaskMs: number;
  maxDomRows: number;
  /** Frames of the scroll, the longest gap between two, and the gaps over two vsyncs (a frame skipped). */
  frames?: number;
  longestFrameMs?: number;
  framesOver33?: number;
  /** Main-thread tasks over 30 ms (the margin under the 50 ms goal): from the trace, when traced. */
  over30?: number;
}

/** One kind of filter change, over its trials. */
export interface FilterFigures {
  /** Wall time, change → the rows' frame painted. */
  total: Distribution;
  roundTrip: Distribution;
  /** total − roundTrip: includes the wait for the next frame. */
  beyond: Distribution;
  /** The page's own work beyond the round trip: (change → request sent) + (answer → rows committed and laid out). */
  own: Distribution;
  toRequest: Distribution;
  toRendered: Distribution;
  /** Vsync ticks from the answer to the frame that shows the rows (1: the first frame after the answer). */
  frames: Distribution;
  /** Share of changes whose rows are painted in the first frame after the answer. */
  firstFrameShare: number;
  /** Main-thread busy time (Chrome trace, RunTask) in the page's own spans, when traced. */
  mainThread?: Distribution;
}

/** The words the search trials type, in turn (the scale bench times their first pages in the cache alone). */
export const SEARCH_WORDS = [
  'steam',
  'muller',
  'netflix',
  'xbox',
  'gift card',
  'playstation',
  'spotify',
  'windows',
  'riot',
] as const;

function distribution(samples: number[]): Distribution {
  if (samples.length === 0) return { n: 0, p50: NaN, p95: NaN, max: NaN };
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? NaN };
}

/**
 * A saved sandbox data set of `orders` orders in `dataDir`, then `ui --sandbox` on it: it syncs all of them before
 * serving (the Orders and Insights UI benches share it).
 */
export async function startSandboxUi(root: string, dataDir: string, orders: number) {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const generated = await startSandbox({
    orders,
    seed: 1,
    port: 0,
    stateDir: path.join(dataDir, 'sandbox'),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  });
  await generated.stop();
  return startUi(root, dataDir);
}

/**
 * `ui` in the environment mode on a copy of a kept cache file (`--ui-cache=FILE`, e.g. the scale bench's 1,000,000
 * orders): no sandbox and no sync before serving. Its platform address is the one recorded in the file, long closed,
 * so the background poll (after 60 s) fails and writes nothing. The core host's upkeep after opening runs as it
 * would after any start (on its thread). Resolves with the orders in the file.
 */
export async function startUiOnCache(
  root: string,
  dataDir: string,
  file: string,
  extraEnv: Record<string, string> = {},
): Promise<{ ui: Awaited<ReturnType<typeof startUi>>; orders: number }> {
  const target = path.join(dataDir, 'cache', 'default.sqlite');
  mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  copyFileSync(file, target);
  chmodSync(target, 0o600);
  const db = new Database(target, { readonly: true });
  let identity: { baseUrl: string; merchantId: string };
  let orders: number;
  try {
    identity = JSON.parse(db.prepare("SELECT value FROM meta WHERE key = 'identity'").pluck().get() as string) as {
      baseUrl: string;
      merchantId: string;
    };
    orders = db.prepare('SELECT count(*) FROM orders').pluck().get() as number;
  } finally {
    db.close();
  }
  const ui = await startUi(root, dataDir, {
    args: [],
    env: {
      MERCHANT_DESK_BASE_URL: identity.baseUrl,
      MERCHANT_DESK_PLATFORM_URL: `${identity.baseUrl}/platform`,
      MERCHANT_DESK_MERCHANT_ID: identity.merchantId,
      MERCHANT_DESK_TOKEN: 'bench-token-unused',
      ...extraEnv,
    },
  });
  return { ui, orders };
}

/**
 * `ui --sandbox` from the built CLI on `dataDir` (or `ui` with `options.args` and `options.env`); resolves with its
 * address once it serves (after the first sync with --sandbox).
 */
export function startUi(
  root: string,
  dataDir: string,
  options: { args: string[]; env: Record<string, string> } = { args: ['--sandbox'], env: {} },
): Promise<{ url: string; child: ChildProcess; firstSyncMs: number }> {
  const bin = path.join(root, 'bin', 'merchant-desk.js');
  if (!existsSync(path.join(root, 'out', 'cli', 'main.js')) || !existsSync(path.join(root, 'out', 'renderer')))
    throw new Error('The ui bench needs the built app: run `npm run build` first.');
  const started = performance.now();
  const child = spawn(process.execPath, [bin, 'ui', ...options.args, '--no-open'], {
    cwd: root,
    env: { ...process.env, ...options.env, MERCHANT_DESK_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`ui exited (${code}): ${err}`)));
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      const line = out.split('\n').find((l) => l.startsWith('Merchant Desk UI: '));
      if (!line) return;
      child.removeAllListeners('exit');
      resolve({ url: line.slice('Merchant Desk UI: '.length).trim(), child, firstSyncMs: performance.now() - started });
    });
  });
}

interface Trial {
  total: number;
  roundTrip: number;
  own: number;
  toRequest: number;
  toRendered: number;
  frames: number;
  /** The trial's User Timing marks (performance.now() ms). */
  marks: {
    start: number;
    request: number;
    answer: number;
    rendered: number;
    frame: number;
    vsync: number;
    paint: number;
  };
}

/** Calls a probe of bench/uiOrdersProbes.ts in the page. */
function probe<T>(page: Page, name: string, arg?: unknown): Promise<T> {
  return page.evaluate(`window.__mdBench.${name}(${arg === undefined ? '' : JSON.stringify(arg)})`) as Promise<T>;
}

function summarize(trials: Trial[]): FilterFigures {
  return {
    total: distribution(trials.map((t) => t.total)),
    roundTrip: distribution(trials.map((t) => t.roundTrip)),
    beyond: distribution(trials.map((t) => t.total - t.roundTrip)),
    own: distribution(trials.map((t) => t.own)),
    toRequest: distribution(trials.map((t) => t.toRequest)),
    toRendered: distribution(trials.map((t) => t.toRendered)),
    frames: distribution(trials.map((t) => t.frames)),
    firstFrameShare: trials.length === 0 ? NaN : trials.filter((t) => t.frames <= 1).length / trials.length,
  };
}

type TraceEvent = import('./uiOrdersLongTasks').TraceEvent;

/** Records a Chrome trace (the timeline's categories) around `run`; its events and the result. */
async function traced<T>(
  page: Page,
  run: () => Promise<T>,
): Promise<{ events: TraceEvent[]; profile: unknown; result: T }> {
  const trace = await startChromeTrace(page);
  const result = await run();
  return { ...(await trace.stop()), result };
}

/**
 * Main-thread busy time of each trial's own spans (change → request, answer → rendered): the renderer main thread's
 * top-level tasks (RunTask) clipped to those spans. The trace's clock is matched to the page's by the marks.
 */
function mainThreadBusy(events: TraceEvent[], trials: Trial[]): number[] {
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return [];
  const tasks = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask')
    .map((e) => ({ from: e.ts / 1000, to: (e.ts + (e.dur ?? 0)) / 1000 }));
  const answers = events.filter((e) => e.name === 'md:orders:answer' && e.pid === main.pid).map((e) => e.ts / 1000);
  // The offset between the trace's clock and performance.now(): the one most answer marks agree on.
  const candidates = answers.flatMap((a) => trials.map((t) => a - t.marks.answer));
  let offset: number | undefined;
  let best = 0;
  for (const c of candidates) {
    const agree = candidates.filter((o) => Math.abs(o - c) < 0.05).length;
    if (agree > best) [best, offset] = [agree, c];
  }
  if (offset === undefined) return [];
  const at = offset;
  const busy = (from: number, to: number) =>
    tasks.reduce((sum, t) => sum + Math.max(0, Math.min(to, t.to) - Math.max(from, t.from)), 0);
  return trials.map(
    (t) => busy(t.marks.start + at, t.marks.request + at) + busy(t.marks.answer + at, t.marks.rendered + at),
  );
}

export async function uiOrdersBench(
  root: string,
  orders: number,
  trials: number,
  options: {
    traceDir?: string;
    viewport?: { width: number; height: number };
    scrollOnly?: boolean;
    /** A kept cache file to serve (its own number of orders) instead of a sandbox synced first. */
    cacheFile?: string;
    /** Wait this long after the first rows and the count before the trials. */
    settleMs?: number;
  } = {},
): Promise<UiOrdersRun> {
  const viewport = options.viewport ?? { width: 1280, height: 800 };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'md-bench-ui-'));
  let ui: Awaited<ReturnType<typeof startUi>> | undefined;
  const browser = await launchChromium();
  try {
    if (options.cacheFile) {
      const served = await startUiOnCache(root, dataDir, options.cacheFile);
      ui = served.ui;
      orders = served.orders;
    } else ui = await startSandboxUi(root, dataDir, orders);

    const context = await browser.newContext({ viewport, locale: 'en-GB' });
    const page = await context.newPage();
    await page.addInitScript({ content: PAGE_PROBES });
    await page.goto(ui.url);
    // The app opens on Home: the list is one section away (its first page is what `awaitPaint` times). The page
    // first trades its one-time address for its session (a navigation): the frame is up once that is done.
    await page.locator('.app-frame[data-profiles-loaded]').waitFor({ timeout: 120_000 });
    await page.evaluate("window.location.hash = '#/orders'");
    await page.locator('tbody tr[data-id]').first().waitFor({ timeout: 120_000 });
    const load = await probe<{ request: number; answer: number; paint: number }>(page, 'awaitPaint');
    // Settle (the count, the views' counts) before timing.
    await page
      .getByRole('status')
      .filter({ hasText: /^[\d,]+ orders$/ })
      .waitFor({ timeout: 120_000 });

    // --ui-settle=S: wait before the trials (at a million orders the core host's upkeep after opening reads every
    // order on its thread for ~100 s; the trials otherwise share the two cores with it).
    if (options.settleMs) await new Promise((resolve) => setTimeout(resolve, options.settleMs));
    const framePeriodMs = await probe<number>(page, 'measureFramePeriod');
    const roundTripAlone: number[] = [];
    for (let i = 0; i < trials; i++) {
      const request = [{}, { sellerOrderStatus: [4] }, { search: 'steam' }][i % 3];
      roundTripAlone.push(await probe<number>(page, 'roundTrip', { ...request, limit: 100 }));
    }

    const chipTrials = async (n: number) => {
      // The status chips are in the full set of filters, shown when asked.
      const addFilter = page.getByRole('button', { name: 'Add filter' });
      if ((await addFilter.count()) > 0) await addFilter.click();
      const chip: Trial[] = [];
      for (let i = 0; i < n; i++) chip.push(await probe<Trial>(page, 'chipTrial', 4));
      return chip;
    };
    const searchTrials = async (n: number) => {
      const search: Trial[] = [];
      for (let i = 0; search.length < n; i++) {
        await page.getByLabel('Search orders').fill('');
        search.push(await probe<Trial>(page, 'searchTrial', SEARCH_WORDS[i % SEARCH_WORDS.length]));
      }
      await page.getByLabel('Search orders').fill('');
      return search;
    };
    // --ui-parts=scroll: the scroll alone (no filter trials; their figures are empty).
    const filterTrials = options.scrollOnly ? 0 : trials;
    const chip = summarize(filterTrials > 0 ? await chipTrials(filterTrials) : []);
    const search = summarize(filterTrials > 0 ? await searchTrials(filterTrials) : []);
    if (options.traceDir && filterTrials > 0) {
      // The same trials again under a Chrome trace (it slows the page: its wall figures are not the ones above).
      mkdirSync(options.traceDir, { recursive: true });
      for (const [kind, run, figures] of [
        ['chip', chipTrials, chip],
        ['search', searchTrials, search],
      ] as const) {
        const { events, profile, result } = await traced(page, () => run(trials));
        writeFileSync(path.join(options.traceDir, `ui-orders-${kind}.json`), JSON.stringify({ traceEvents: events }));
        writeFileSync(path.join(options.traceDir, `ui-orders-${kind}.cpuprofile`), JSON.stringify(profile));
        writeFileSync(path.join(options.traceDir, `ui-orders-${kind}-trials.json`), JSON.stringify(result));
        figures.mainThread = distribution(mainThreadBusy(events, result));
      }
    }
    // The whole list again (not the last search's count, still shown during the debounce).
    const all = new RegExp(`^${orders.toLocaleString('en')} orders$`);
    await page.getByRole('status').filter({ hasText: all }).waitFor({ timeout: 60_000 });

    // Scroll through 10,000 rows a screenful per frame; long tasks are counted from here.
    const target = Math.min(10_000, orders);
    const scroll = await probe<ScrollFigures>(page, 'scrollTo', target);
    let tracedScroll: UiOrdersRun['tracedScroll'];
    if (options.traceDir && orders > target) {
      // The next 10,000 rows under a trace and a CPU profile (it slows the page: the figures above are the judged
      // ones); each main-thread task over 50 ms is taken apart.
      mkdirSync(options.traceDir, { recursive: true });
      const further = Math.min(orders - 1, target + 10_000);
      const { events, profile, result } = await traced(page, () => probe<ScrollFigures>(page, 'scrollTo', further));
      writeFileSync(path.join(options.traceDir, 'ui-orders-scroll.json'), JSON.stringify({ traceEvents: events }));
      writeFileSync(path.join(options.traceDir, 'ui-orders-scroll.cpuprofile'), JSON.stringify(profile));
      tracedScroll = {
        ...result,
        over30: longTasksOf(events, undefined, 30).length,
        tasks: longTasksOf(events, profile),
      };
      writeFileSync(path.join(options.traceDir, 'ui-orders-scroll-tasks.json'), JSON.stringify(tracedScroll, null, 1));
    }
    await context.close();
    return {
      orders,
      ...(options.cacheFile ? { fromCacheFile: true } : {}),
      firstSyncMs: ui.firstSyncMs,
      loadToFirstRowsMs: load.paint,
      loadRoundTripMs: load.answer - load.request,
      framePeriodMs,
      search,
      chip,
      roundTripAlone: distribution(roundTripAlone),
      scroll,
      viewport,
      ...(tracedScroll ? { tracedScroll } : {}),
    };
  } finally {
    await browser.close();
    if (ui) {
      const child = ui.child;
      await new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const f = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));

/** The report's rows (markdown). */
export function uiOrdersTable(r: UiOrdersRun): string {
  const pair = (d: Distribution) => `${f(d.p50)} / ${f(d.p95)}`;
  const row = (what: string, d: FilterFigures) =>
    `| ${what} | ${d.total.n} | ${pair(d.total)} | ${pair(d.roundTrip)} | **${pair(d.beyond)}** | ${f(d.beyond.max)} |`;
  const own = (what: string, d: FilterFigures) =>
    `| ${what} | **${pair(d.own)}** | ${pair(d.toRequest)} | ${pair(d.toRendered)} | ${f(d.own.max)} | **${(d.firstFrameShare * 100).toFixed(0)} %** | ${f(d.frames.p95)} | ${d.frames.max} | ${d.mainThread && d.mainThread.n > 0 ? pair(d.mainThread) : '—'} |`;
  const chip = 'Toggle the order-status chip 4 ("Completed" in the sandbox)';
  const search = 'Type in the search (from the debounced commit)';
  return [
    r.fromCacheFile
      ? `Cached orders: ${r.orders.toLocaleString('en')} (a copy of a kept cache file, \`ui\` in the environment mode, nothing synced; start to serving ${(r.firstSyncMs / 1000).toFixed(1)} s).`
      : `Cached orders: ${r.orders.toLocaleString('en')} (first sync by \`ui --sandbox\` before serving: ${(r.firstSyncMs / 1000).toFixed(1)} s).`,
    '',
    `Page load (navigation start) to the first rows painted: **${f(r.loadToFirstRowsMs)} ms** (of which the first page's round trip ${f(r.loadRoundTripMs)} ms).`,
    '',
    'Wall time (beyond the round trip includes the wait for the next frame):',
    '',
    '| Filter change | Trials | Change → paint p50 / p95 ms | IPC round trip p50 / p95 ms | **Beyond the round trip p50 / p95 ms** | max ms |',
    '|---|---:|---:|---:|---:|---:|',
    row(chip, r.chip),
    row(search, r.search),
    '',
    `The page's own work beyond the round trip (change → request sent, plus answer → rows committed and laid out), and the frames from the answer to the frame that shows the rows (vsyncs of ${f(r.framePeriodMs)} ms; 1 = the first frame after the answer):`,
    '',
    '| Filter change | **Own work p50 / p95 ms** | change → request | answer → rendered | max ms | **Painted in the first frame** | frames p95 | frames max | main-thread busy (traced) p50 / p95 ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    own(chip, r.chip),
    own(search, r.search),
    '',
    `queryPage round trip timed alone from the page (limit 100; none / status / search, ${r.roundTripAlone.n} calls): p50 ${f(r.roundTripAlone.p50)} ms, p95 ${f(r.roundTripAlone.p95)} ms.`,
    '',
    `Scrolling through ${r.scroll.rows.toLocaleString('en')} rows (a screenful per frame, pages of 200 loaded on the way): ${(r.scroll.wallMs / 1000).toFixed(1)} s, **${r.scroll.longTasks} long tasks over 50 ms** (longest task ${f(r.scroll.longestTaskMs)} ms; ${r.scroll.frames ?? '—'} frames, the longest ${r.scroll.longestFrameMs === undefined ? '—' : f(r.scroll.longestFrameMs)} ms, ${r.scroll.framesOver33 ?? '—'} over two vsyncs), at most **${r.scroll.maxDomRows} rows in the DOM**.`,
    ...(r.tracedScroll
      ? [
          '',
          `Under a trace, on to row ${r.tracedScroll.rows.toLocaleString('en')}: ${(r.tracedScroll.wallMs / 1000).toFixed(1)} s, ${r.tracedScroll.longTasks} long tasks over 50 ms (longest ${f(r.tracedScroll.longestTaskMs)} ms; ${r.tracedScroll.over30 ?? '—'} over 30 ms).`,
          '',
          longTasksText(r.tracedScroll.tasks),
        ]
      : []),
  ].join('\n');
}

/**
 * The section of the record (needs `npm run build`). Options: --ui-trace=DIR, --ui-viewport=WIDTHxHEIGHT (1280x800
 * unless given), --ui-parts=scroll (the scroll alone, no filter trials), --ui-cache=FILE (serve a copy of a kept cache
 * file, e.g. the scale bench's 1,000,000 orders, in the environment mode: no sandbox, no first sync), --ui-settle=S
 * (wait S seconds after the first rows before the trials), --ui-loads=N (first rows over N cold loads;
 * with --ui-open=orders, --ui-base=DIR and --ui-parts=loads: bench/uiOrdersLoads.ts; with --ui-trace=DIR one more load
 * of each build is traced: bench/uiLoadTrace.ts).
 */
export async function uiOrdersSection({ quick, sizes, argv, say, results }: BenchRun): Promise<void> {
  const cacheFile = option(argv, 'ui-cache');
  const loads = Number(option(argv, 'ui-loads') ?? 0);
  if (loads > 0) {
    // --ui-loads=N (with --ui-cache): first rows over N cold loads, and what ran before (bench/uiOrdersLoads.ts);
    // --ui-open=orders opens the Orders screen's address instead of Home.
    if (!cacheFile) throw new Error('--ui-loads needs --ui-cache=FILE');
    // --ui-base=DIR: the same loads by another build (a checkout's root with bin/ and out/), alternating.
    const open = option(argv, 'ui-open') === 'orders' ? 'orders' : 'home';
    say(`## First rows after load, over cold loads (--ui-loads; bench/uiOrdersLoads.ts)\n`);
    // --ui-trace=DIR: one more load of each build, traced (where the page's main thread spent it: uiLoadTrace.ts).
    const figures = await uiLoadsBench(
      process.cwd(),
      cacheFile,
      loads,
      open,
      say,
      option(argv, 'ui-base'),
      option(argv, 'ui-trace'),
    );
    for (const r of figures) {
      say('');
      say(uiLoadsTable(r));
    }
    say('');
    say(`Machine load average at the end: ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores.\n`);
    results.uiLoads = figures;
    if (option(argv, 'ui-parts') === 'loads') return;
  }
  say(
    cacheFile
      ? `## The orders list in Chromium over the browser host, on a copy of a kept cache file (--ui-cache; bench/uiOrders.ts)\n`
      : `## The orders list in Chromium over the browser host, ${sizes.big.toLocaleString('en')} cached orders (bench/uiOrders.ts)\n`,
  );
  const traceDir = option(argv, 'ui-trace');
  const size = /^(\d+)x(\d+)$/.exec(option(argv, 'ui-viewport') ?? '1280x800');
  if (!size) throw new Error('--ui-viewport=WIDTHxHEIGHT, e.g. 1024x640');
  const viewport = { width: Number(size[1]), height: Number(size[2]) };
  const run = await uiOrdersBench(process.cwd(), sizes.big, quick ? 20 : 60, {
    ...(traceDir ? { traceDir } : {}),
    viewport,
    scrollOnly: option(argv, 'ui-parts') === 'scroll',
    ...(cacheFile ? { cacheFile } : {}),
    settleMs: Number(option(argv, 'ui-settle') ?? 0) * 1000,
  });
  say(uiOrdersTable(run));
  say('');
  say(
    `Machine load average at the end: ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores; headless Chromium (${'/usr/bin/chromium'}), ${viewport.width}×${viewport.height}.\n`,
  );
  results.ui = run;
}
