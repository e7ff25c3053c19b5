/**
 * The Insights screen in Chromium over the browser host (`merchant-desk ui --sandbox`, the built CLI in its own
 * process) with the sandbox's data set of the big size (two years): first paint after navigation, per range.
 *
 * Method: the page is loaded on Home (the zone's day columns are moved there once by Home's own requests), then
 * each trial reloads it (the Insights store starts empty: no earlier answer is shown) and sets the address to the
 * Insights range. In the page, from just before the address changes: "first chart" = the first chart drawn (uPlot
 * sets `data-render-ms`), "first viewport" = every chart mounted with the first paint drawn (the charts below the
 * first viewport are drawn in the frames after it: SeriesChart's `later`) and the section no longer busy, "every
 * chart" = all of them drawn, each to the frame after it (a task queued from the next animation frame: that frame
 * is painted); the round trip = the longest
 * fetch the page started meanwhile (the `insights:get` POST). Headless Chromium, 1280×800, zone Europe/Berlin.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../test/helpers/chromium';
import { percentile } from './stats';
import { startSandboxUi, type startUi } from './uiOrders';

export interface PaintTrial {
  firstChartMs: number;
  /** The first viewport: the tiles, lists and the charts drawn with the first paint. */
  wholeScreenMs: number;
  /** Every chart drawn, those below the first viewport too (drawn in the frames after it). */
  everyChartMs: number;
  roundTripMs: number;
  charts: number;
}

export interface PaintRow {
  name: string;
  trials: PaintTrial[];
}

/** Runs in the page: sets the address, resolves with the trial's times (ms from just before the change). */
const PAINT_TRIAL = String.raw`(hash) => new Promise((resolve, reject) => {
  const t0 = performance.now();
  let firstChart;
  let screen;
  const painted = () => new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now() - t0), 0)));
  const check = () => {
    const section = document.querySelector('section.insights');
    const figures = section ? [...section.querySelectorAll('figure[data-chart]')] : [];
    const canvases = section ? [...section.querySelectorAll('figure[data-chart] .chart-canvas')] : [];
    const drawn = canvases.filter((c) => c.hasAttribute('data-render-ms'));
    if (firstChart === undefined && drawn.length > 0) firstChart = painted();
    const ready = section && section.getAttribute('aria-busy') !== 'true';
    // The first viewport: every chart mounted so far drawn (those below it wait for the frame after: 'later').
    if (screen === undefined && ready && canvases.length >= 4 && drawn.length === canvases.length) screen = painted();
    if (screen !== undefined && figures.length > 0 && drawn.length === figures.length) {
      observer.disconnect();
      clearTimeout(timer);
      Promise.all([firstChart, screen, painted()]).then(([first, whole, every]) => {
        const fetches = performance.getEntriesByType('resource').filter((e) => e.initiatorType === 'fetch' && e.startTime >= t0);
        resolve({ firstChartMs: first, wholeScreenMs: whole, everyChartMs: every, roundTripMs: Math.max(0, ...fetches.map((e) => e.responseEnd - e.startTime)), charts: figures.length });
      });
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-render-ms', 'aria-busy'] });
  const timer = setTimeout(() => { observer.disconnect(); reject(new Error('no paint in 30 s')); }, 30000);
  window.location.hash = hash;
  check();
})`;

async function trial(page: Page, hash: string): Promise<PaintTrial> {
  // Reloaded on Home: the Insights store starts empty, Home's figures are up before the navigation.
  await page.evaluate("window.location.hash = '#/home'");
  await page.reload();
  await page.locator('.app-frame[data-profiles-loaded]').waitFor({ timeout: 60_000 });
  await page.getByTestId('home-today-orders').waitFor({ timeout: 60_000 });
  await page.locator('figure.chart-compact canvas').first().waitFor({ timeout: 60_000 });
  return (await page.evaluate(`(${PAINT_TRIAL})(${JSON.stringify(hash)})`)) as PaintTrial;
}

function daysBack(days: number): string {
  // The page's zone (Europe/Berlin) decides "today"; a day either side changes nothing that is timed.
  const d = new Date(Date.now() - days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(d);
}

export async function insightsUiBench(
  root: string,
  orders: number,
  trials: number,
): Promise<{ firstSyncMs: number; rows: PaintRow[] }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'md-bench-insights-ui-'));
  let ui: Awaited<ReturnType<typeof startUi>> | undefined;
  const browser = await launchChromium();
  try {
    ui = await startSandboxUi(root, dataDir, orders);
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en-GB',
      timezoneId: 'Europe/Berlin',
    });
    const page = await context.newPage();
    await page.goto(ui.url);
    await page.locator('.app-frame[data-profiles-loaded]').waitFor({ timeout: 120_000 });
    // Home's requests move the day columns to the page's zone (once); wait for them before timing.
    await page.locator('figure.chart-compact canvas').first().waitFor({ timeout: 120_000 });
    const to = daysBack(0);
    const shapes: Array<[string, string]> = [
      ['30 days by day (the default)', '#/insights'],
      ['90 days by day', '#/insights?range=90'],
      ['12 months by month', '#/insights?range=365'],
      ['2 years by week', `#/insights?range=custom&from=${daysBack(729)}&to=${to}&by=week`],
      ['2 years by day (730 points)', `#/insights?range=custom&from=${daysBack(729)}&to=${to}`],
    ];
    const rows: PaintRow[] = shapes.map(([name]) => ({ name, trials: [] }));
    await trial(page, shapes[0]![1]); // warm-up (the renderer's chart code, the host's statements)
    // Interleaved: a change of load on the machine falls on every shape alike.
    for (let i = 0; i < trials; i++)
      for (const [j, [, hash]] of shapes.entries()) rows[j]!.trials.push(await trial(page, hash));
    await context.close();
    return { firstSyncMs: ui.firstSyncMs, rows };
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

export function insightsUiTable(rows: readonly PaintRow[]): string {
  const pair = (values: number[]) => {
    const s = [...values].sort((a, b) => a - b);
    return `${percentile(s, 50).toFixed(0)} / ${percentile(s, 95).toFixed(0)}`;
  };
  return [
    '| Range | Trials | Charts | Round trip p50 / p95 ms | First chart p50 / p95 ms | **First viewport p50 / p95 ms** | max ms | Every chart p50 / p95 ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.trials.length} | ${r.trials[0]?.charts ?? 0} | ${pair(r.trials.map((t) => t.roundTripMs))} | ${pair(r.trials.map((t) => t.firstChartMs))} | **${pair(r.trials.map((t) => t.wholeScreenMs))}** | ${Math.max(...r.trials.map((t) => t.wholeScreenMs)).toFixed(0)} | ${pair(r.trials.map((t) => t.everyChartMs ?? t.wholeScreenMs))} |`,
    ),
  ].join('\n');
}
