/**
 * The orders list in Chromium over `merchant-desk ui --sandbox`: rows and the count, filters (and their place in
 * the URL), search with accents, saved views, a sandbox change arriving without a reload, export compared with
 * `cache export`, the keyboard, a bounded DOM, and the cache still browsable with the sandbox stopped.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as exceljsModule from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from '../helpers/chromium';
import {
  openApp,
  screenshot,
  seriousA11yViolations,
  startWorkspace,
  describeWorkspace,
  type Workspace,
} from '../helpers/workspace';

const ExcelJS = (exceljsModule as unknown as { default?: typeof exceljsModule }).default ?? exceljsModule;

/** The "N orders" the list says (null while counting). */
async function shownCount(page: Page): Promise<number | null> {
  const status = page.getByRole('status').filter({ hasText: /^[\d,.\s]+ orders?$/ });
  if ((await status.count()) === 0) return null;
  return Number((await status.first().innerText()).replace(/\D/g, ''));
}

async function waitForCount(page: Page, expected: number): Promise<void> {
  await expect.poll(() => shownCount(page), { timeout: 10_000 }).toBe(expected);
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Orders' });

/** Opens the full set of filters ("Add filter"): the list shows only the search and the pills until asked. */
async function openFilters(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('region', { name: 'Filters' }).waitFor();
}
/** The order rows in the DOM (the header row aside). */
const orderRows = (page: Page) => grid(page).locator('tbody').getByRole('row');

/** `cache query --json`'s exact total for the same filters as CLI flags. */
async function cliTotal(workspace: Workspace, flags: string[]): Promise<number> {
  const r = await workspace.cli(['--json', 'cache', 'query', ...flags, '--limit', '1']);
  expect(r.code, r.err).toBe(0);
  return (JSON.parse(r.out) as { total: number }).total;
}

/** Days (in the page's zone) and the instants the list sends for them: from 20 days ago to 2 days ago. */
async function recentRange(page: Page) {
  return page.evaluate(() => {
    const pad = (n: number) => String(n).padStart(2, '0');
    const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    const ago = (n: number) => {
      const d = new Date();
      return new Date(d.getFullYear(), d.getMonth(), d.getDate() - n);
    };
    const from = ago(20);
    const to = ago(2);
    const end = new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1).getTime() - 1;
    return { fromDay: dayOf(from), toDay: dayOf(to), fromIso: from.toISOString(), toIso: new Date(end).toISOString() };
  });
}

async function openOrders(browser: Browser, workspace: Workspace, colorScheme: 'light' | 'dark' = 'light') {
  // The app opens on Home: the list is one section away.
  const opened = await openApp(browser, workspace, { colorScheme, screen: 'orders' });
  await orderRows(opened.page).first().waitFor();
  return opened;
}

async function checkA11y(page: Page, name: string): Promise<void> {
  expect(await seriousA11yViolations(page), name).toEqual([]);
  await screenshot(page, name);
}

describeWorkspace('the orders list', () => {
  let workspace: Workspace;
  let browser: Browser;
  let total: number;

  beforeAll(async () => {
    [workspace, browser] = await Promise.all([startWorkspace(), launchChromium()]);
    const stats = await workspace.cli(['--json', 'cache', 'stats']);
    total = (JSON.parse(stats.out) as { orders: number }).orders;
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await workspace?.stop();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`shows every state without a serious accessibility problem (${colorScheme})`, async () => {
      const { page, context, problems } = await openOrders(browser, workspace, colorScheme);
      await waitForCount(page, total);
      await checkA11y(page, `orders-list-${colorScheme}`);

      await openFilters(page);
      await page.getByRole('button', { name: /^Completed/ }).click();
      await page.getByLabel('Delivery exception').selectOption('no');
      // The filters in force stay visible as pills once the set is closed again.
      await page.getByRole('button', { name: 'Hide filters' }).click();
      const pills = page.getByRole('list', { name: 'Filters in force' }).getByRole('listitem');
      await expect
        .poll(() => pills.allInnerTexts())
        .toEqual(['Order status: Completed', 'Without a delivery exception']);
      await expect.poll(() => shownCount(page)).toBeLessThan(total);
      await checkA11y(page, `orders-filtered-${colorScheme}`);

      await page.getByRole('button', { name: /^Awaiting refund decision/ }).click();
      await expect
        .poll(() => page.getByRole('button', { name: /^Awaiting refund decision/ }).getAttribute('aria-pressed'))
        .toBe('true');
      await page.getByRole('button', { name: 'Save view…' }).click();
      await page.getByLabel('Name of the new view').fill('Refunds to decide');
      await checkA11y(page, `orders-views-${colorScheme}`);
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();

      await page.getByLabel('Search orders').fill('zzqx-nothing-like-this');
      await page.getByText('No orders match these filters.').waitFor();
      await checkA11y(page, `orders-empty-${colorScheme}`);

      await openFilters(page);
      await page.getByLabel('Order ID', { exact: true }).fill('not-a-number');
      await page.getByText(/order id must be a positive whole number/).waitFor();
      expect(await page.getByLabel('Order ID', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      await checkA11y(page, `orders-invalid-filter-${colorScheme}`);
      expect(problems).toEqual([]);
      await context.close();
    }, 90_000);
  }

  it('first start: the cached orders, rows first, then the count; the navigation counts what awaits a decision', async () => {
    // The count's answers are held back until the rows are on screen: the rows must not wait for the count.
    let releaseCounts!: () => void;
    const countsReleased = new Promise<void>((resolve) => (releaseCounts = resolve));
    let heldCounts = 0;
    const { page, context } = await openApp(browser, workspace, {
      beforeOpen: async (ctx) => {
        await ctx.route('**/_md/invoke', async (route) => {
          const body = route.request().postDataJSON() as { channel?: string };
          // The quick count ("10,000+" at most) and the exact count that follows it.
          if (body.channel === 'orders:countQuick' || body.channel === 'orders:count') {
            heldCounts++;
            await countsReleased;
          }
          await route.continue();
        });
      },
    });
    // The app opens on Home: the list is one navigation away.
    await page.evaluate(
      () => void ((globalThis as unknown as { location: { hash: string } }).location.hash = '#/orders'),
    );
    await orderRows(page).first().waitFor();
    expect(heldCounts).toBeGreaterThan(0);
    expect(await shownCount(page)).toBeNull();
    expect(await page.locator('.orders-count').innerText()).toBe('Counting…');
    releaseCounts();
    await waitForCount(page, total);
    const awaiting = await cliTotal(workspace, ['--after-sales-status', '1']);
    // The navigation counts what awaits a decision beside After-sales (the Orders item carries no count).
    const nav = page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: /After-sales/ });
    await expect.poll(() => nav.innerText()).toContain(String(awaiting));
    await expect
      .poll(() => page.getByRole('button', { name: /^Awaiting refund decision/ }).innerText())
      .toContain(String(awaiting));
    await context.close();
  });

  it('filters by status and a created range: the count matches `cache query`; back and forward restore the filters', async () => {
    const { page, context } = await openOrders(browser, workspace);
    await waitForCount(page, total);
    const range = await recentRange(page);

    await openFilters(page);
    await page.getByRole('button', { name: /^Completed/ }).click();
    await waitForCount(page, await cliTotal(workspace, ['--status', '4']));
    await page.getByLabel('Created from', { exact: true }).fill(range.fromDay);
    await page.getByLabel('Created to', { exact: true }).fill(range.toDay);
    const expected = await cliTotal(workspace, [
      '--status',
      '4',
      '--created-from',
      range.fromIso,
      '--created-to',
      range.toIso,
    ]);
    expect(expected).toBeGreaterThan(0);
    await waitForCount(page, expected);
    expect(new URL(page.url()).hash).toBe(`#/orders?status=4&createdFrom=${range.fromDay}&createdTo=${range.toDay}`);

    await page.goBack();
    await expect.poll(() => page.getByLabel('Created to', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Created from', { exact: true }).inputValue()).toBe(range.fromDay);
    await page.goBack();
    await page.goBack();
    await waitForCount(page, total);
    expect(await page.getByRole('button', { name: /^Completed/ }).getAttribute('aria-pressed')).toBe('false');
    await page.goForward();
    await page.goForward();
    await page.goForward();
    await waitForCount(page, expected);
    expect(await page.getByLabel('Created to', { exact: true }).inputValue()).toBe(range.toDay);
    await context.close();
  });

  it('search "muller" finds "Müller" (accents and case folded), as `cache query --search` does', async () => {
    const { page, context } = await openOrders(browser, workspace);
    await page.getByLabel('Search orders').fill('muller');
    const expected = await cliTotal(workspace, ['--search', 'muller']);
    expect(expected).toBeGreaterThan(0);
    await waitForCount(page, expected);
    await expect.poll(() => orderRows(page).first().innerText()).toContain('Müller');
    // Typing replaced the entry: back leaves the list.
    expect(new URL(page.url()).hash).toBe('#/orders?q=muller');
    // The spellings merchants type without the letters (issue 21 §5): ß as ss, ø as o, Ł as L, ü as ue.
    for (const [typed, shown] of [
      ['weiss', 'Weiß'],
      ['soren', 'Søren'],
      ['lukasz zolc', 'Łukasz Żółć'],
      ['mueller', 'Müller'],
    ] as const) {
      await page.getByLabel('Search orders').fill(typed);
      const total = await cliTotal(workspace, ['--search', typed]);
      expect(total, typed).toBeGreaterThan(0);
      await waitForCount(page, total);
      await expect.poll(() => orderRows(page).first().innerText()).toContain(shown);
    }
    await context.close();
  });

  it('saves, renames and deletes a view of its own, with its live count', async () => {
    const { page, context } = await openOrders(browser, workspace);
    await page.getByLabel('Search orders').fill('steam');
    const steam = await cliTotal(workspace, ['--search', 'steam']);
    await waitForCount(page, steam);
    await page.getByRole('button', { name: 'Save view…' }).click();
    await page.getByLabel('Name of the new view').fill('Steam orders');
    await page.getByRole('button', { name: 'Save view', exact: true }).click();
    const view = page.getByRole('button', { name: /^Steam orders/ });
    await expect.poll(() => view.innerText()).toContain(String(steam));
    expect(await view.getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'Rename view Steam orders' }).click();
    await page.getByLabel('New name of the view').fill('Steam keys');
    await page.getByRole('button', { name: 'Rename', exact: true }).click();
    await page.getByRole('button', { name: /^Steam keys/ }).waitFor();

    // Kept in the browser: a reload still has it, and applying it shows its filters.
    await page.reload();
    await page.getByRole('button', { name: /^Awaiting refund decision/ }).click();
    await page.getByRole('button', { name: /^Steam keys/ }).click();
    await expect.poll(() => page.getByLabel('Search orders').inputValue()).toBe('steam');
    await waitForCount(page, steam);
    await page.getByRole('button', { name: 'Delete view Steam keys' }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Steam keys/ }).count()).toBe(0);
    await context.close();
  });

  it('keeps the DOM under 100 rows while scrolling through every order; the keyboard moves and opens', async () => {
    const { page, context } = await openOrders(browser, workspace);
    await waitForCount(page, total);
    const scroller = grid(page).locator('xpath=..');
    // Scroll to the end, page by page, until the last order's row is in the DOM.
    let maxRows = 0;
    for (let i = 0; i < 200; i++) {
      maxRows = Math.max(maxRows, await orderRows(page).count());
      const last = await orderRows(page).last().getAttribute('aria-rowindex');
      if (Number(last) === total + 1) break;
      await scroller.evaluate((el) => el.scrollBy(0, el.clientHeight));
      await page.waitForTimeout(20);
    }
    expect(Number(await orderRows(page).last().getAttribute('aria-rowindex'))).toBe(total + 1);
    expect(maxRows).toBeGreaterThan(5);
    expect(maxRows).toBeLessThan(100);

    await scroller.evaluate((el) => el.scrollTo(0, 0));
    const ids = JSON.parse((await workspace.cli(['--json', 'cache', 'query', '--limit', '3'])).out) as {
      list: Array<{ id: string }>;
    };
    await orderRows(page).first().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await orderRows(page).nth(2).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).hash).toBe(`#/order/${ids.list[2]!.id}`);
    await page.goBack();
    await expect
      .poll(() => page.locator('tbody tr[aria-selected="true"]').getAttribute('data-id'))
      .toBe(ids.list[2]!.id);
    await context.close();
  });

  it('a change made in the sandbox arrives after Sync now and updates the open list without a reload', async () => {
    const { page, context } = await openOrders(browser, workspace);
    await page.evaluate(() => ((globalThis as unknown as { notReloaded: boolean }).notReloaded = true));
    const newest = JSON.parse((await workspace.cli(['--json', 'cache', 'query', '--limit', '1'])).out) as {
      list: Array<{ id: string }>;
    };
    const id = newest.list[0]!.id;
    // A status change (it is a change event) and a new buyer name: the row must show both.
    const status = workspace.sandbox.store.get(id)!.order.orderStatus === 5 ? 6 : 5;
    workspace.sandbox.store.update(id, (o) => {
      o.buyerName = 'Zoë Ångström';
      o.orderStatus = status;
    });
    await page.getByRole('button', { name: 'Sync now' }).click();
    const row = grid(page).locator(`tr[data-id="${id}"]`);
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain('Zoë Ångström');
    // The badge shows the status's name; its code is in the hover text.
    const badge = row.locator('.orders-status .badge');
    expect(await badge.innerText()).toBe(status === 5 ? 'Cancelled' : 'Refunded');
    expect(await badge.getAttribute('title')).toBe(
      status === 5 ? 'Order status 5: Cancelled' : 'Order status 6: Refunded',
    );
    expect(await page.evaluate(() => (globalThis as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await context.close();
  });

  it('exports the view as CSV: the download equals `cache export` with the same filters, byte for byte', async () => {
    const { page, context } = await openOrders(browser, workspace);
    await openFilters(page);
    await page.getByRole('button', { name: /^Completed/ }).click();
    await waitForCount(page, await cliTotal(workspace, ['--status', '4']));
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Export view (CSV)' }).click(),
    ]);
    const dir = mkdtempSync(path.join(tmpdir(), 'md-export-'));
    const fromPage = path.join(dir, 'page.csv');
    await download.saveAs(fromPage);
    expect(download.suggestedFilename()).toMatch(/^orders-sandbox-\d{4}-\d{2}-\d{2}\.csv$/);
    // The result is a toast (its text, and its copy in the announcement for screen readers).
    await page.getByText('Export ready: your browser is downloading the CSV file.').first().waitFor();
    const fromCli = path.join(dir, 'cli.csv');
    const r = await workspace.cli(['cache', 'export', '--format', 'csv', '--status', '4', '--output', fromCli]);
    expect(r.code, r.err).toBe(0);
    const a = readFileSync(fromPage);
    expect(a.length).toBeGreaterThan(100);
    expect(a.equals(readFileSync(fromCli))).toBe(true);
    await context.close();
  });

  it('selects 3 rows (a click, Shift+click a range, Space on the focused row) and exports exactly them, CSV and Excel', async () => {
    const { page, context, problems } = await openOrders(browser, workspace);
    await waitForCount(page, total);
    const idOf = async (i: number) => (await orderRows(page).nth(i).getAttribute('data-id'))!;
    const selected = [await idOf(0), await idOf(1), await idOf(3)];
    await orderRows(page).nth(0).getByRole('checkbox').click();
    await orderRows(page)
      .nth(2)
      .getByRole('checkbox')
      .click({ modifiers: ['Shift'] });
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('3 selected').waitFor();
    // The checkbox ticks; it does not open the order.
    expect(await page.evaluate('window.location.hash')).toBe('#/orders');
    // Space toggles the focused row: the third off, the fourth on.
    await orderRows(page).nth(2).focus();
    await page.keyboard.press('Space');
    await bar.getByText('2 selected').waitFor();
    await orderRows(page).nth(3).focus();
    await page.keyboard.press('Space');
    await bar.getByText('3 selected').waitFor();
    const header = page.getByRole('checkbox', { name: 'Select all loaded orders' });
    expect(await header.evaluate((box) => (box as { indeterminate?: boolean }).indeterminate)).toBe(true);
    await checkA11y(page, 'orders-selection-light');

    const dir = mkdtempSync(path.join(tmpdir(), 'md-selected-'));
    const exported = async (item: string, file: string) => {
      await bar.getByRole('button', { name: 'Export selected' }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: item }).click(),
      ]);
      await download.saveAs(path.join(dir, file));
      return path.join(dir, file);
    };
    const csv = readFileSync(await exported('Export selected (CSV)', 'selected.csv'), 'utf8');
    await page.getByText('Export ready: your browser is downloading the CSV file.').first().waitFor();
    const csvIds = new Set(
      csv
        .slice(1)
        .split('\r\n')
        .slice(1)
        .filter(Boolean)
        .map((l) => l.split(',')[0]!.replace(/^"=""(\d+)"""$/, '$1')),
    );
    expect([...csvIds].sort()).toEqual([...selected].sort());

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await exported('Export selected (Excel)', 'selected.xlsx'));
    const sheet = book.getWorksheet('Orders')!;
    const columns = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const idColumn = columns.indexOf('order_id') + 1;
    const xlsxIds: string[] = [];
    for (let r = 2; r <= sheet.rowCount; r++) xlsxIds.push(String(sheet.getRow(r).getCell(idColumn).value));
    expect(xlsxIds.sort()).toEqual([...selected].sort());

    // Clear: the bar goes.
    await bar.getByRole('button', { name: 'Clear selection' }).click();
    await bar.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  // Last: it stops the sandbox.
  it('with the sandbox stopped, browsing and search still work from the cache; Sync now says what failed and what to do', async () => {
    const { page, context } = await openOrders(browser, workspace);
    await workspace.sandbox.stop();
    await page.getByLabel('Search orders').fill('muller');
    await waitForCount(page, await cliTotal(workspace, ['--search', 'muller']));
    await page.getByRole('button', { name: 'Sync now' }).click();
    const failure = page.getByRole('alert').filter({ hasText: /./ }).first();
    await failure.waitFor({ timeout: 20_000 });
    expect((await failure.innerText()).length).toBeGreaterThan(20);
    expect(await orderRows(page).count()).toBeGreaterThan(0);
    await checkA11y(page, 'orders-sync-failed-light');
    await context.close();
  });
});
