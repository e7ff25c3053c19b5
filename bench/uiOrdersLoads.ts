/**
 * First rows after load (issue 26: ≤ 1 s at 1,000,000 orders in Chromium), over several loads, each a cold start:
 * a fresh `merchant-desk ui` on a fresh copy of a kept cache file (--ui-cache), so every load starts the core host,
 * opens the cache and begins the upkeep after opening, as the app's start does. The page opens on Home (the app's
 * first screen) and goes to Orders once the frame is up — the orders bench's figure — or, with --ui-open=orders,
 * opens the Orders screen's address directly.
 *
 * What ran before the first orders page, traced from both ends: in the page, every `invoke` (its channel, when the
 * bridge sent it and when its answer came; the POST's resource timing says how long Chromium held it before sending:
 * six connections a host) — in the core host, every call it ran (MERCHANT_DESK_HOST_TRACE: when the call's message
 * was taken from the channel, started and ended). Both on the epoch clock (the page's timeOrigin + now()).
 *
 * The page's own JavaScript is timed from its resource entries: the scripts fetched before the first invoke (the
 * entry chunk and what it imports statically) and every script by the end of the load (screens loaded later too),
 * with their bytes. --ui-base=DIR alternates the loads with another build (a checkout's root with its `bin/` and
 * `out/`, say the main branch built): before and after in one run, under the same load. --ui-trace=DIR: one more load
 * of each build after the timed ones, traced (its main thread by kind and phase, the profile: bench/uiLoadTrace.ts).
 * A build whose core host keeps its compiled code in the data dir (code-cache/core-host) gets it back from its
 * previous load, as a merchant's next start does: its first load starts without.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { InvokeTraceRecord } from '../src/browserHost/server';
import { launchChromium } from '../test/helpers/chromium';
import { startChromeTrace, type ChromeTrace } from './chromeTrace';
import { loadTraceFigures, loadTraceText, type LoadTraceFigures } from './uiLoadTrace';
import { PAGE_PROBES } from './uiOrdersProbes';
import { startUiOnCache, type Distribution } from './uiOrders';
import { uiCoreHostCompileCache } from '../src/cli/ui/coreHostChild';
import { percentile } from './stats';

/** One invoke as the page saw it (page ms since navigation start) and, when hosted, as the core host ran it. */
export interface TracedCall {
  channel: string;
  /** The bridge's fetch called. */
  sent: number;
  /** Chromium sent the request (resource timing's requestStart; later than `sent` when it waited for a connection). */
  onWire?: number;
  /** The answer's first byte reached Chromium (resource timing's responseStart): the server's side done. */
  response?: number;
  /** The answer's body read. */
  answered: number;
  /** In the core host (page ms): the call's message taken, its operation started and ended. */
  host?: { received: number; started: number; ended: number; sent?: number };
  /**
   * In the browser host's `ui` process (page ms, MERCHANT_DESK_UI_TRACE): the request taken, its body read, the
   * implementation's answer there (the core host's, relayed), validated, serialised, handed to the socket.
   */
  ui?: Omit<UiRecord, 'channel' | 'side'>;
}

/** A line of the `ui` process's trace (MERCHANT_DESK_UI_TRACE). */
type UiRecord = InvokeTraceRecord;

export interface LoadRun {
  /** Navigation start → the first rows painted. */
  firstRowsMs: number;
  /** The first orders page: the bridge's send → its answer. */
  firstPageRoundTripMs: number;
  /** Navigation start → the orders screen asked for its first page. */
  firstPageSentMs: number;
  /** Navigation start → the bench went to Orders (opened on Home: once the frame was up). */
  switchedMs?: number;
  /** Navigation start → the exact count shown ("N orders"). */
  countShownMs: number;
  /** Every invoke sent before the first page was answered, in the order sent. */
  before: TracedCall[];
  /** Navigation start → the page's first invoke sent (its JavaScript loaded and run, the frame rendered). */
  firstInvokeMs: number;
  /** The page's scripts: those fetched before its first invoke, and all of them by the end of the load. */
  scripts: { startup: ScriptFigures; all: ScriptFigures };
  /** The core host took its first call of this load (page ms), when traced. */
  hostFirstReceivedMs?: number;
  /**
   * The core host's start (page ms; negative: before the navigation): its process started, serving (its modules
   * loaded), ready (its table built), and the cache opened (`orders:openCache`, asked ahead by the browser host).
   */
  hostStart?: { process: number; serving: number; ready: number; cacheOpened?: number };
  /** With --ui-trace=DIR, the traced load: where the page's main thread spent the span (bench/uiLoadTrace.ts). */
  trace?: LoadTraceFigures;
}

export interface ScriptFigures {
  count: number;
  /** Decoded bytes (the JavaScript as parsed). */
  bytes: number;
  /** Navigation start → the last of them fetched (responseEnd). */
  fetchedMs: number;
}

export interface LoadsFigures {
  orders: number;
  open: 'home' | 'orders';
  /** Which build ran the loads: this checkout's, or --ui-base's. */
  build: 'this' | 'base';
  loads: LoadRun[];
  firstRows: Distribution;
  roundTrip: Distribution;
  /** The first page read by the page → the first rows painted: the render, its layout and paint (what waits there). */
  render: Distribution;
  countShown: Distribution;
  firstInvoke: Distribution;
  scriptsFetched: Distribution;
  /** With --ui-trace=DIR: one further load traced (not among `loads`). */
  trace?: LoadTraceFigures;
}

interface PageCall {
  channel: string;
  start: number;
  end: number;
}

interface HostRecord {
  operation: string;
  received: number;
  started: number;
  ended: number;
  /** Its answer out of the core host's process (newer builds). */
  sent?: number;
}

function distribution(samples: number[]): Distribution {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? NaN };
}

/** The page's invokes matched with the host's records: the k-th call of a channel in each (calls answer in order). */
function traceCalls(
  calls: PageCall[],
  wire: Array<{ start: number; requestStart: number; responseStart?: number }>,
  host: HostRecord[],
  ui: UiRecord[],
  timeOrigin: number,
): TracedCall[] {
  const seen = new Map<string, number>();
  const byOperation = new Map<string, HostRecord[]>();
  for (const r of [...host].sort((a, b) => a.received - b.received))
    byOperation.set(r.operation, [...(byOperation.get(r.operation) ?? []), r]);
  const byChannel = new Map<string, UiRecord[]>();
  for (const r of [...ui].sort((a, b) => a.received - b.received))
    byChannel.set(r.channel, [...(byChannel.get(r.channel) ?? []), r]);
  const usedWire = new Set<number>();
  return calls.map((c) => {
    const k = seen.get(c.channel) ?? 0;
    seen.set(c.channel, k + 1);
    const h = byOperation.get(c.channel)?.[k];
    const u = byChannel.get(c.channel)?.[k];
    // The POST whose resource entry began with this fetch (the nearest unused start).
    let best = -1;
    for (let i = 0; i < wire.length; i++) {
      if (usedWire.has(i)) continue;
      if (best < 0 || Math.abs(wire[i]!.start - c.start) < Math.abs(wire[best]!.start - c.start)) best = i;
    }
    if (best >= 0 && Math.abs(wire[best]!.start - c.start) < 5) usedWire.add(best);
    else best = -1;
    return {
      channel: c.channel,
      sent: c.start,
      ...(best >= 0 ? { onWire: wire[best]!.requestStart } : {}),
      ...(best >= 0 && wire[best]!.responseStart ? { response: wire[best]!.responseStart } : {}),
      answered: c.end,
      ...(h
        ? {
            host: {
              received: h.received - timeOrigin,
              started: h.started - timeOrigin,
              ended: h.ended - timeOrigin,
              ...(h.sent === undefined ? {} : { sent: h.sent - timeOrigin }),
            },
          }
        : {}),
      ...(u
        ? {
            ui: {
              received: u.received - timeOrigin,
              bodyRead: u.bodyRead - timeOrigin,
              answered: u.answered - timeOrigin,
              validated: u.validated - timeOrigin,
              serialized: u.serialized - timeOrigin,
              written: u.written - timeOrigin,
              bytes: u.bytes,
            },
          }
        : {}),
    };
  });
}

interface ScriptEntry {
  start: number;
  end: number;
  bytes: number;
}

function scriptFigures(entries: ScriptEntry[]): ScriptFigures {
  return {
    count: entries.length,
    bytes: entries.reduce((sum, e) => sum + e.bytes, 0),
    fetchedMs: entries.length === 0 ? NaN : Math.max(...entries.map((e) => e.end)),
  };
}

/**
 * Starts a Chrome trace (the timeline's categories, V8's compile and run) and a CPU profile of `page`, once it shows
 * `firstUrl`; `stop` ends both.
 */
async function startTrace(page: Page, firstUrl: string): Promise<ChromeTrace> {
  await page.goto(firstUrl);
  return startChromeTrace(page, ['loading']);
}

function probe<T>(page: Page, name: string): Promise<T> {
  return page.evaluate(`window.__mdBench.${name}()`) as Promise<T>;
}

/**
 * One cold load: a fresh `ui` on a fresh copy of `cacheFile`, a fresh page; its first rows and what ran before.
 * `codeCache`: the core host's compiled code kept from this build's previous load (a build that keeps one: the data
 * dir's code-cache/core-host), put into the fresh data dir and taken back after — as a merchant's data dir keeps it
 * from one start to the next; the first load of a build starts without.
 */
async function oneLoad(
  root: string,
  cacheFile: string,
  open: 'home' | 'orders',
  traceDir?: string,
  codeCache?: string,
): Promise<LoadRun & { orders: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'md-bench-load-'));
  const hostCode = uiCoreHostCompileCache(dataDir);
  if (codeCache !== undefined && existsSync(codeCache)) cpSync(codeCache, hostCode, { recursive: true });
  const traceFile = path.join(dataDir, 'host-trace.jsonl');
  const uiTraceFile = path.join(dataDir, 'ui-trace.jsonl');
  const browser = await launchChromium();
  let child: import('node:child_process').ChildProcess | undefined;
  try {
    const served = await startUiOnCache(root, dataDir, cacheFile, {
      MERCHANT_DESK_HOST_TRACE: traceFile,
      MERCHANT_DESK_UI_TRACE: uiTraceFile,
    });
    child = served.ui.child;
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    const page = await context.newPage();
    await page.addInitScript({ content: PAGE_PROBES });
    const origin = new URL(served.ui.url).origin;
    // Traced: the page first shows a document of the app's origin (a 404), so the load below runs in the process
    // the trace and the profiler are already attached to (a navigation from about:blank may change process).
    const tracing = traceDir === undefined ? undefined : await startTrace(page, `${origin}/_md/blank`);
    if (open === 'orders') {
      // The one-time token traded for the session cookie as the login page does (the context's requests share the
      // page's cookies), then the Orders screen's own address is the first document the app loads.
      const url = new URL(served.ui.url);
      const token = /^#token=(.+)$/.exec(url.hash)?.[1];
      const exchanged = await context.request.post(`${url.origin}/_md/session`, {
        data: { token },
        headers: { origin: url.origin },
      });
      if (!exchanged.ok()) throw new Error(`the session exchange answered ${exchanged.status()}`);
      await page.goto(`${url.origin}/#/orders`);
    } else {
      // The one-time address trades its token for the session, then loads '/' (the navigation timed).
      await page.goto(served.ui.url);
      await page.locator('.app-frame[data-profiles-loaded]').waitFor({ timeout: 120_000 });
      await page.evaluate("performance.mark('bench:orders'); window.location.hash = '#/orders'");
    }
    await page.locator('tbody tr[data-id]').first().waitFor({ timeout: 120_000 });
    const load = await probe<{ request: number; answer: number; paint: number }>(page, 'awaitPaint');
    let trace: LoadTraceFigures | undefined;
    if (tracing && traceDir !== undefined) {
      const { events, profile } = await tracing.stop();
      mkdirSync(traceDir, { recursive: true });
      writeFileSync(path.join(traceDir, `ui-load-${open}.json`), JSON.stringify({ traceEvents: events }));
      writeFileSync(path.join(traceDir, `ui-load-${open}.cpuprofile`), JSON.stringify(profile));
      const firstInvoke = (await page.evaluate(
        'Math.min(...window.__mdBench.invokeLog().calls.map((c) => c.start))',
      )) as number;
      const commit = (await page.evaluate(
        "performance.getEntriesByName('md:orders:commit')[0]?.startTime ?? NaN",
      )) as number;
      trace = loadTraceFigures(events, profile, load.paint, [
        ['first invoke sent', firstInvoke],
        ['Orders screen first committed', commit],
        ['first page sent', load.request],
        ['first page answered', load.answer],
      ]);
      if (trace) writeFileSync(path.join(traceDir, `ui-load-${open}-parts.json`), JSON.stringify(trace, null, 1));
    }
    await page
      .getByRole('status')
      .filter({ hasText: /^[\d,]+ orders$/ })
      .waitFor({ timeout: 120_000 });
    const countShownMs = (await page.evaluate('performance.now()')) as number;
    // When the bench went to Orders (Home first): the frame up, noticed by the bench (a round trip of its own).
    const switchedMs = (await page.evaluate(
      "performance.getEntriesByName('bench:orders').at(-1)?.startTime ?? null",
    )) as number | null;
    const { calls, wire, timeOrigin } = await probe<{
      calls: PageCall[];
      wire: Array<{ start: number; requestStart: number; responseStart?: number }>;
      timeOrigin: number;
    }>(page, 'invokeLog');
    const scriptEntries = (await page.evaluate(
      "performance.getEntriesByType('resource').filter((e) => /\\.js$/.test(new URL(e.name).pathname)).map((e) => ({ start: e.startTime, end: e.responseEnd, bytes: e.decodedBodySize }))",
    )) as ScriptEntry[];
    await context.close();
    // The host's records of this load: those after this document's navigation started.
    const records = readFileSync(traceFile, 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as HostRecord);
    const host = records.filter((r) => r.received >= timeOrigin);
    // The `ui` process's records (an older build writes none).
    const uiRecords = existsSync(uiTraceFile)
      ? readFileSync(uiTraceFile, 'utf8')
          .split('\n')
          .filter((l) => l !== '')
          .map((l) => JSON.parse(l) as UiRecord)
          .filter((r) => r.received >= timeOrigin)
      : [];
    const start = records.find((r) => r.operation === 'host:start');
    const opened = records.find((r) => r.operation === 'orders:openCache');
    const traced = traceCalls(calls, wire, host, uiRecords, timeOrigin);
    const firstInvokeMs = calls.length === 0 ? NaN : Math.min(...calls.map((c) => c.start));
    const hostCalls = host.filter((r) => r.operation !== 'host:start' && r.operation !== 'orders:openCache');
    const firstReceived =
      hostCalls.length === 0 ? undefined : Math.min(...hostCalls.map((r) => r.received)) - timeOrigin;
    return {
      orders: served.orders,
      firstRowsMs: load.paint,
      firstPageRoundTripMs: load.answer - load.request,
      firstPageSentMs: load.request,
      ...(switchedMs === null ? {} : { switchedMs }),
      countShownMs,
      before: traced.filter((c) => c.sent <= load.answer),
      firstInvokeMs,
      scripts: {
        startup: scriptFigures(scriptEntries.filter((e) => e.start < firstInvokeMs)),
        all: scriptFigures(scriptEntries),
      },
      ...(firstReceived === undefined ? {} : { hostFirstReceivedMs: firstReceived }),
      ...(trace ? { trace } : {}),
      ...(start
        ? {
            hostStart: {
              process: start.received - timeOrigin,
              serving: start.started - timeOrigin,
              ready: start.ended - timeOrigin,
              ...(opened ? { cacheOpened: opened.ended - timeOrigin } : {}),
            },
          }
        : {}),
    };
  } finally {
    await browser.close();
    if (child) {
      const c = child;
      await new Promise<void>((done) => {
        c.once('exit', () => done());
        c.kill('SIGTERM');
      });
    }
    if (codeCache !== undefined && existsSync(hostCode)) {
      rmSync(codeCache, { recursive: true, force: true });
      cpSync(hostCode, codeCache, { recursive: true });
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function figuresOf(build: 'this' | 'base', open: 'home' | 'orders', orders: number, runs: LoadRun[]): LoadsFigures {
  return {
    orders,
    open,
    build,
    loads: runs,
    firstRows: distribution(runs.map((r) => r.firstRowsMs)),
    roundTrip: distribution(runs.map((r) => r.firstPageRoundTripMs)),
    render: distribution(runs.map((r) => r.firstRowsMs - r.firstPageSentMs - r.firstPageRoundTripMs)),
    countShown: distribution(runs.map((r) => r.countShownMs)),
    firstInvoke: distribution(runs.map((r) => r.firstInvokeMs)),
    scriptsFetched: distribution(runs.map((r) => r.scripts.startup.fetchedMs)),
  };
}

/**
 * `loads` cold loads on copies of `cacheFile` by this checkout's build; with `baseRoot`, as many by that build too,
 * alternating (base first), so both share the machine's load.
 */
export async function uiLoadsBench(
  root: string,
  cacheFile: string,
  loads: number,
  open: 'home' | 'orders',
  say: (text: string) => void,
  baseRoot?: string,
  traceDir?: string,
): Promise<LoadsFigures[]> {
  const builds: Array<{ build: 'this' | 'base'; root: string }> = [
    ...(baseRoot === undefined ? [] : [{ build: 'base' as const, root: baseRoot }]),
    { build: 'this', root },
  ];
  const runs = new Map<'this' | 'base', LoadRun[]>(builds.map((b) => [b.build, []]));
  // Each build's core host code cache, carried from one of its loads to the next (oneLoad).
  const codeCaches = mkdtempSync(path.join(tmpdir(), 'md-bench-code-'));
  const codeCache = (build: 'this' | 'base') => path.join(codeCaches, build);
  let orders = 0;
  for (let i = 0; i < loads; i++) {
    for (const b of builds) {
      const run = await oneLoad(b.root, cacheFile, open, undefined, codeCache(b.build));
      orders = run.orders;
      runs.get(b.build)!.push(run);
      say(
        `Load ${i + 1}${baseRoot === undefined ? '' : ` (${b.build === 'base' ? 'base build' : 'this build'})`}: first rows ${run.firstRowsMs.toFixed(0)} ms (scripts fetched at ${run.scripts.startup.fetchedMs.toFixed(0)}, first invoke ${run.firstInvokeMs.toFixed(0)}, host's first call ${run.hostFirstReceivedMs?.toFixed(0) ?? '—'}${run.hostStart ? ` (its process at ${run.hostStart.process.toFixed(0)}, modules ${run.hostStart.serving.toFixed(0)}, ready ${run.hostStart.ready.toFixed(0)}, cache opened ${run.hostStart.cacheOpened?.toFixed(0) ?? '—'})` : ''}, ${run.switchedMs === undefined ? '' : `went to Orders at ${run.switchedMs.toFixed(0)}, `}first page sent at ${run.firstPageSentMs.toFixed(0)}, ${firstPageText(run)}, round trip ${run.firstPageRoundTripMs.toFixed(0)} ms); count shown at ${run.countShownMs.toFixed(0)} ms.`,
      );
    }
  }
  // With traceDir: one more load of each build after the timed ones, traced (bench/uiLoadTrace.ts), not counted.
  const traces = new Map<'this' | 'base', LoadTraceFigures | undefined>();
  if (traceDir !== undefined)
    for (const b of builds) {
      const run = await oneLoad(b.root, cacheFile, open, path.join(traceDir, b.build), codeCache(b.build));
      traces.set(b.build, run.trace);
      say(
        `Traced load (${b.build === 'base' ? 'base build' : 'this build'}): first rows ${run.firstRowsMs.toFixed(0)} ms (first page sent ${f(run.firstPageSentMs)}, ${firstPageText(run)}).`,
      );
    }
  rmSync(codeCaches, { recursive: true, force: true });
  return builds.map((b) => {
    const figures = figuresOf(b.build, open, orders, runs.get(b.build)!);
    const trace = traces.get(b.build);
    return trace ? { ...figures, trace } : figures;
  });
}

const f = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(0));

/** The first orders page's way back: run by the core host, its response at Chromium, read by the page. */
function firstPageText(run: LoadRun): string {
  const page = run.before.find((c) => c.channel === 'orders:queryPage');
  const ui = page?.ui;
  const inUi = ui
    ? `, in \`ui\`: answered ${f(ui.answered)}, validated ${f(ui.validated)}, serialised ${f(ui.serialized)}, written ${f(ui.written)} (${(ui.bytes / 1024).toFixed(0)} KiB)`
    : '';
  return `run by the host ${f(page?.host?.started)}–${f(page?.host?.ended)}${inUi}, its response at ${f(page?.response)}, read ${f(page?.answered)}`;
}

/**
 * The first page's way back per part across the loads (ms): the core host's end → its answer out of the process →
 * in `ui` → validated → serialised → written → its first byte at Chromium. The parts in `ui` need a build that
 * traces them (MERCHANT_DESK_UI_TRACE); the whole way back is there for any build.
 */
function wayBackRows(r: LoadsFigures): string[] {
  // A load whose POST had no resource timing (no `response`) still has its parts in the two processes.
  const hosted = r.loads
    .map((l) => l.before.find((c) => c.channel === 'orders:queryPage'))
    .filter((c): c is TracedCall => c?.host !== undefined);
  const all = hosted.filter((c) => c.response !== undefined);
  if (hosted.length === 0) return [];
  const row = (name: string, pages: TracedCall[], of: (c: TracedCall) => number) => {
    const d = distribution(pages.map(of).filter((v) => Number.isFinite(v)));
    return d.n === 0 ? [] : [`| ${name} | ${f(d.p50)} / ${f(d.p95)} (max ${f(d.max)}) |`];
  };
  const traced = hosted.filter((c) => c.ui !== undefined);
  return [
    '',
    `The first page's way back, core host → \`ui\` → Chromium (${hosted.length} loads, ${all.length} with the response's timing, ${traced.length} with the \`ui\` process's parts; ms):`,
    '',
    '| Part | p50 / p95 ms |',
    '|---|---:|',
    ...row("**the core host's end → the response's first byte at Chromium**", all, (c) => c.response! - c.host!.ended),
    ...row(
      "— the core host's end → the answer out of its process",
      hosted,
      (c) => (c.host!.sent ?? NaN) - c.host!.ended,
    ),
    ...row(
      "— the core host's end → the answer in `ui` (the port, the relay)",
      traced,
      (c) => c.ui!.answered - c.host!.ended,
    ),
    ...row('— validated (the gate)', traced, (c) => c.ui!.validated - c.ui!.answered),
    ...row('— serialised (JSON)', traced, (c) => c.ui!.serialized - c.ui!.validated),
    ...row('— written (the HTTP response handed to the socket)', traced, (c) => c.ui!.written - c.ui!.serialized),
    ...row('the request: sent → taken by `ui`', traced, (c) => c.ui!.received - c.sent),
    ...row('— its body read in `ui` → taken by the core host', traced, (c) => c.host!.received - c.ui!.bodyRead),
    ...(traced.length === 0
      ? []
      : [`| the answer's size (KiB, p50) | ${(distribution(traced.map((c) => c.ui!.bytes)).p50 / 1024).toFixed(0)} |`]),
  ];
}

/** The report: the distributions, then the calls before the first page of the median load. */
export function uiLoadsTable(r: LoadsFigures): string {
  const pair = (d: Distribution) => `${f(d.p50)} / ${f(d.p95)} (max ${f(d.max)})`;
  const median = [...r.loads].sort((a, b) => a.firstRowsMs - b.firstRowsMs)[Math.floor((r.loads.length - 1) / 2)]!;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  const scripts = median.scripts;
  return [
    `${r.build === 'base' ? 'The base build (--ui-base): ' : ''}${r.loads.length} cold loads (each a fresh \`ui\` on a fresh copy of the file, ${r.orders.toLocaleString('en')} orders), opened on ${r.open === 'home' ? 'Home, then Orders once the frame is up' : "the Orders screen's address"}:`,
    '',
    '| Navigation start → | p50 / p95 ms |',
    '|---|---:|',
    `| the page's start-up scripts fetched | ${pair(r.scriptsFetched)} |`,
    `| the page's first invoke sent | ${pair(r.firstInvoke)} |`,
    `| **first rows painted** | **${pair(r.firstRows)}** |`,
    `| — the first page's round trip (bridge send → answer) | ${pair(r.roundTrip)} |`,
    `| — the first page read → first rows painted (render, layout, paint) | ${pair(r.render)} |`,
    `| the exact count shown | ${pair(r.countShown)} |`,
    '',
    `Scripts in the median load: ${scripts.startup.count} before the first invoke (${kb(scripts.startup.bytes)}), ${scripts.all.count} by the end of the load (${kb(scripts.all.bytes)}); the core host took its first call at ${f(median.hostFirstReceivedMs)} ms.${median.hostStart ? ` The core host's start: process ${f(median.hostStart.process)}, its modules loaded ${f(median.hostStart.serving)}, ready ${f(median.hostStart.ready)}, the cache opened ${f(median.hostStart.cacheOpened)} ms.` : ''}`,
    '',
    `The calls sent before the first orders page was answered, in the median load (${f(median.firstRowsMs)} ms; page ms since navigation start; "wire" = Chromium sent the POST, "host" = the core host took the call's message / started / ended it, "response" = the answer's first byte reached Chromium, "answered" = the page read it):`,
    '',
    '| Channel | sent | wire | host received | host run (ms) | response | answered |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...median.before.map(
      (c) =>
        `| ${c.channel} | ${f(c.sent)} | ${f(c.onWire)} | ${f(c.host?.received)} | ${c.host ? `${f(c.host.started)}–${f(c.host.ended)} (${(c.host.ended - c.host.started).toFixed(1)})` : '— (not hosted)'} | ${f(c.response)} | ${f(c.answered)} |`,
    ),
    ...wayBackRows(r),
    ...(r.trace ? ['', loadTraceText(r.trace)] : []),
  ].join('\n');
}
