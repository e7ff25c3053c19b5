/**
 * Insights in Chromium over `merchant-desk ui --sandbox`: the app opens on Home (today, the attention counts, the
 * 30-day sparkline) with Insights one click away; a range preset changes the figures and the address; a bar opened
 * from the keyboard and a count opened from the data table land on the Orders list with the bucket's filter and
 * exactly the bucket's count; the CLI's figures equal the screen's; light and dark without a serious a11y problem.
 * Also records what drawing two years by day costs (docs/PERFORMANCE.md).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { InsightsData } from '../../src/shared/ipc/insights';
import { launchChromium } from '../helpers/chromium';
import {
  openApp,
  screenshot,
  seriousA11yViolations,
  startWorkspace,
  describeWorkspace,
  type Workspace,
} from '../helpers/workspace';

/** The "N orders" the Orders list says (null while counting). */
async function shownCount(page: Page): Promise<number | null> {
  const status = page.getByRole('status').filter({ hasText: /^[\d,.\s]+ orders?$/ });
  if ((await status.count()) === 0) return null;
  return Number((await status.first().innerText()).replace(/\D/g, ''));
}

/** The Orders chart's data table: [period, orders] per row. */
async function ordersTable(page: Page): Promise<Array<[string, number]>> {
  const chart = page.locator('figure[data-chart="Orders"]');
  if ((await chart.getByRole('button', { name: 'Show table' }).count()) > 0)
    await chart.getByRole('button', { name: 'Show table' }).click();
  const rows = chart.locator('tbody tr');
  await rows.first().waitFor();
  return (await rows.evaluateAll((trs) =>
    trs.map((tr) => [
      tr.querySelector('th')!.textContent!,
      Number(tr.querySelector('td')!.textContent!.replace(/\D/g, '')),
    ]),
  )) as Array<[string, number]>;
}

describeWorkspace('insights', () => {
  let workspace: Workspace;
  let browser: Browser;

  beforeAll(async () => {
    [workspace, browser] = await Promise.all([startWorkspace(), launchChromium()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await workspace?.stop();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`Home → Insights → range → a bar → the Orders list with its filter and count (${colorScheme})`, async () => {
      const { page, context, problems } = await openApp(browser, workspace, { colorScheme });
      // Home: today's figures, what needs attention, the sparkline.
      await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
      await page.getByTestId('home-today-orders').waitFor();
      await page.locator('figure.chart-compact canvas').first().waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `home-${colorScheme}`);

      await page.getByRole('link', { name: 'Open Insights →' }).click();
      await page.getByRole('heading', { level: 1, name: 'Insights' }).waitFor();
      await page.getByRole('button', { name: '90 days' }).click();
      await expect.poll(() => new URL(page.url()).hash).toBe('#/insights?range=90');
      await expect.poll(async () => (await ordersTable(page)).length).toBe(90);
      const table = await ordersTable(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `insights-90-days-table-${colorScheme}`);

      // The CLI's figures for the same days and zone equal the screen's.
      const cli = await workspace.cli([
        '--json',
        'insights',
        '--from',
        table[0]![0],
        '--to',
        table[89]![0],
        '--time-zone',
        'Europe/Berlin',
      ]);
      expect(cli.code, cli.err).toBe(0);
      const figures = JSON.parse(cli.out) as InsightsData;
      expect(figures.buckets.map((b) => [b.firstDay, b.orders])).toEqual(table);

      // A count in the data table opens its orders: the filter in the address, the same count in the list.
      const [day, n] = table.filter(([, c]) => c > 0).at(-1)!;
      await page.locator('figure[data-chart="Orders"] tbody tr').filter({ hasText: day }).getByRole('link').click();
      await expect.poll(() => new URL(page.url()).hash).toBe(`#/orders?createdFrom=${day}&createdTo=${day}`);
      await expect.poll(() => shownCount(page), { timeout: 10_000 }).toBe(n);

      // Back to the chart: the keyboard reaches the last bar, Enter opens its orders.
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Insights' }).waitFor();
      const chart = page.locator('figure[data-chart="Orders"]');
      if ((await chart.getByRole('button', { name: 'Show chart' }).count()) > 0)
        await chart.getByRole('button', { name: 'Show chart' }).click();
      await chart.locator('.chart-canvas canvas').waitFor();
      await screenshot(page, `insights-90-days-${colorScheme}`);
      const canvas = chart.locator('.chart-canvas');
      await canvas.focus();
      await page.keyboard.press('End');
      const [lastDay, lastCount] = table[89]!;
      await expect
        .poll(() => chart.locator('.chart-point').innerText())
        .toBe(`${lastDay}: Orders ${lastCount.toLocaleString('en')}`);
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).hash).toBe(`#/orders?createdFrom=${lastDay}&createdTo=${lastDay}`);
      await expect.poll(() => shownCount(page), { timeout: 10_000 }).toBe(lastCount);
      expect(problems).toEqual([]);
      await context.close();
    }, 90_000);
  }

  it('two years by day in every currency: drawing time of each chart (uPlot), first paint after navigation', async () => {
    const { page, context } = await openApp(browser, workspace);
    const days = await page.evaluate(() => {
      const pad = (n: number) => String(n).padStart(2, '0');
      const d = new Date();
      const from = new Date(d.getFullYear(), d.getMonth(), d.getDate() - 729);
      const text = (x: Date) => `${x.getFullYear()}-${pad(x.getMonth() + 1)}-${pad(x.getDate())}`;
      return { from: text(from), to: text(d) };
    });
    const started = Date.now();
    await page.evaluate(`window.location.hash = '#/insights?range=custom&from=${days.from}&to=${days.to}'`);
    await page.locator('figure[data-chart="Orders"] .chart-canvas[data-render-ms]').waitFor();
    const firstPaintMs = Date.now() - started;
    const renders = await page
      .locator('.chart-canvas[data-render-ms]')
      .evaluateAll((els) =>
        els.map((e) => [e.closest('figure')!.dataset.chart, Number(e.getAttribute('data-render-ms'))]),
      );
    const series = await page.locator('figure[data-chart^="Revenue"]').count();
    console.log(
      `insights 730 days: first chart ${firstPaintMs} ms after navigation; ${series} revenue charts; uPlot draws (ms): ${JSON.stringify(renders)}`,
    );
    expect(renders.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...renders.map(([, ms]) => ms as number))).toBeLessThan(300);
    // The charts below the first viewport are drawn in the frames after the first paint (SeriesChart's `later`):
    // every chart ends up drawn, focusable as the others.
    const figures = await page.locator('section.insights figure[data-chart]').count();
    expect(figures).toBeGreaterThan(4);
    await expect
      .poll(() => page.locator('section.insights figure[data-chart] .chart-canvas[data-render-ms]').count())
      .toBe(figures);
    expect(await page.locator('section.insights .chart-pending').count()).toBe(0);
    const last = page.locator('section.insights figure[data-chart="Problems"] .chart-canvas');
    await last.focus();
    expect(await last.evaluate((e) => e === e.ownerDocument.activeElement)).toBe(true);
    await context.close();
  }, 60_000);
});
