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
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startSandbox } from '../src/sandbox';
import { launchChromium } from '../test/helpers/chromium';
import { PAGE_PROBES } from './uiOrdersProbes';
import { percentile } from './stats';

export interface Distribution {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

export interface UiOrdersRun {
  orders: number;
  firstSyncMs: number;
  loadToFirstRowsMs: number;
  /** The first page's round trip during the load. */
  loadRoundTripMs: number;
  search: { total: Distribution; roundTrip: Distribution; beyond: Distribution };
  chip: { total: Distribution; roundTrip: Distribution; beyond: Distribution };
  /** queryPage round trips timed alone from the page (limit 100, unfiltered / status / search). */
  roundTripAlone: Distribution;
  scroll: { rows: number; wallMs: number; longTasks: number; longestTaskMs: number; maxDomRows: number };
}

function distribution(samples: number[]): Distribution {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? NaN };
}

/** `ui --sandbox` from the built CLI on `dataDir`; resolves with its address once the first sync is done. */
function startUi(root: string, dataDir: string): Promise<{ url: string; child: ChildProcess; firstSyncMs: number }> {
  const bin = path.join(root, 'bin', 'merchant-desk.js');
  if (!existsSync(path.join(root, 'out', 'cli', 'main.js')) || !existsSync(path.join(root, 'out', 'renderer')))
    throw new Error('The ui bench needs the built app: run `npm run build` first.');
  const started = performance.now();
  const child = spawn(process.execPath, [bin, 'ui', '--sandbox', '--no-open'], {
    cwd: root,
    env: { ...process.env, MERCHANT_DESK_DATA_DIR: dataDir },
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
}

/** Calls a probe of bench/uiOrdersProbes.ts in the page. */
function probe<T>(page: Page, name: string, arg?: unknown): Promise<T> {
  return page.evaluate(`window.__mdBench.${name}(${arg === undefined ? '' : JSON.stringify(arg)})`) as Promise<T>;
}

function summarize(trials: Trial[]) {
  return {
    total: distribution(trials.map((t) => t.total)),
    roundTrip: distribution(trials.map((t) => t.roundTrip)),
    beyond: distribution(trials.map((t) => t.total - t.roundTrip)),
  };
}

export async function uiOrdersBench(root: string, orders: number, trials: number): Promise<UiOrdersRun> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'md-bench-ui-'));
  let ui: Awaited<ReturnType<typeof startUi>> | undefined;
  const browser = await launchChromium();
  try {
    // The data set first: `ui --sandbox` keeps a saved one, so it syncs all of it before serving.
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const generated = await startSandbox({
      orders,
      seed: 1,
      port: 0,
      stateDir: path.join(dataDir, 'sandbox'),
      publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    });
    await generated.stop();
    ui = await startUi(root, dataDir);

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    const page = await context.newPage();
    await page.addInitScript({ content: PAGE_PROBES });
    await page.goto(ui.url);
    await page.locator('tbody tr[data-id]').first().waitFor({ timeout: 120_000 });
    const load = await probe<{ request: number; answer: number; paint: number }>(page, 'awaitPaint');
    // Settle (the count, the views' counts) before timing.
    await page
      .getByRole('status')
      .filter({ hasText: /^[\d,]+ orders$/ })
      .waitFor({ timeout: 120_000 });

    const roundTripAlone: number[] = [];
    for (let i = 0; i < trials; i++) {
      const request = [{}, { sellerOrderStatus: [4] }, { search: 'steam' }][i % 3];
      roundTripAlone.push(await probe<number>(page, 'roundTrip', { ...request, limit: 100 }));
    }

    const chip: Trial[] = [];
    for (let i = 0; i < trials; i++) chip.push(await probe<Trial>(page, 'chipTrial', 4));
    const words = ['steam', 'muller', 'netflix', 'xbox', 'gift card', 'playstation', 'spotify', 'windows', 'riot'];
    const search: Trial[] = [];
    for (let i = 0; search.length < trials; i++) {
      await page.getByLabel('Search orders').fill('');
      search.push(await probe<Trial>(page, 'searchTrial', words[i % words.length]));
    }
    await page.getByLabel('Search orders').fill('');
    // The whole list again (not the last search's count, still shown during the debounce).
    const all = new RegExp(`^${orders.toLocaleString('en')} orders$`);
    await page.getByRole('status').filter({ hasText: all }).waitFor({ timeout: 60_000 });

    // Scroll through 10,000 rows a screenful per frame; long tasks are counted from here.
    const target = Math.min(10_000, orders);
    const scroll = await probe<UiOrdersRun['scroll']>(page, 'scrollTo', target);
    await context.close();
    return {
      orders,
      firstSyncMs: ui.firstSyncMs,
      loadToFirstRowsMs: load.paint,
      loadRoundTripMs: load.answer - load.request,
      search: summarize(search),
      chip: summarize(chip),
      roundTripAlone: distribution(roundTripAlone),
      scroll,
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
  const row = (what: string, d: { total: Distribution; roundTrip: Distribution; beyond: Distribution }) =>
    `| ${what} | ${d.total.n} | ${f(d.total.p50)} / ${f(d.total.p95)} | ${f(d.roundTrip.p50)} / ${f(d.roundTrip.p95)} | **${f(d.beyond.p50)} / ${f(d.beyond.p95)}** | ${f(d.beyond.max)} |`;
  return [
    `Cached orders: ${r.orders.toLocaleString('en')} (first sync by \`ui --sandbox\` before serving: ${(r.firstSyncMs / 1000).toFixed(1)} s).`,
    '',
    `Page load (navigation start) to the first rows painted: **${f(r.loadToFirstRowsMs)} ms** (of which the first page's round trip ${f(r.loadRoundTripMs)} ms).`,
    '',
    '| Filter change | Trials | Change → paint p50 / p95 ms | IPC round trip p50 / p95 ms | **Beyond the round trip p50 / p95 ms** | max ms |',
    '|---|---:|---:|---:|---:|---:|',
    row('Toggle the order-status chip 4 ("Completed" in the sandbox)', r.chip),
    row('Type in the search (from the debounced commit)', r.search),
    '',
    `queryPage round trip timed alone from the page (limit 100; none / status / search, ${r.roundTripAlone.n} calls): p50 ${f(r.roundTripAlone.p50)} ms, p95 ${f(r.roundTripAlone.p95)} ms.`,
    '',
    `Scrolling through ${r.scroll.rows.toLocaleString('en')} rows (a screenful per frame, pages of 200 loaded on the way): ${(r.scroll.wallMs / 1000).toFixed(1)} s, **${r.scroll.longTasks} long tasks over 50 ms** (longest task ${f(r.scroll.longestTaskMs)} ms), at most **${r.scroll.maxDomRows} rows in the DOM**.`,
  ].join('\n');
}
