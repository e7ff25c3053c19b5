/**
 * The attention queue in Chromium over `merchant-desk ui --sandbox`: the sandbox's deadline showcase has an order due
 * soon at the start; the clock alone (no sync, no reload) turns it overdue; delivered in the sandbox, it leaves the
 * queue after "Sync now"; Enter opens an order; a refund request is decided from its row. The clock is driven, not waited for: this process's Date (the host,
 * its core and the sandbox run here) and the page's clock (Playwright's) move forward together, so the page's due
 * timer fires and the host answers the queue as it stands two minutes later.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { StoredOrder } from '../../src/sandbox/orderTypes';
import { launchChromium } from '../helpers/chromium';
import {
  openApp,
  screenshot,
  seriousA11yViolations,
  startWorkspace,
  describeWorkspace,
  type OpenedApp,
  type Workspace,
} from '../helpers/workspace';

const MIN = 60_000;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JOURNEY_MS = 90_000;

describeWorkspace('the attention queue', () => {
  let workspace: Workspace;
  let browser: Browser;
  /** The showcase's order created 12 min before the sandbox's start: due soon then, overdue 2 min later. */
  let watched: StoredOrder;

  beforeAll(async () => {
    // Before the host starts, so every clock it and the sandbox read is this one (it keeps running in real time).
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    // The journey moves this process's clock: the core host runs here so that the attention queue sees it.
    [workspace, browser] = await Promise.all([startWorkspace({ coreHostInProcess: true }), launchChromium()]);
    const start = workspace.sandbox.dataSet.generatedAtMs;
    const found = workspace.sandbox.store.filter((s) => s.createTimeMs === start - 12 * MIN);
    expect(found).toHaveLength(1);
    watched = found[0]!;
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await workspace?.stop();
    vi.useRealTimers();
  });

  async function openQueue(colorScheme: 'light' | 'dark'): Promise<OpenedApp> {
    const opened = await openApp(browser, workspace, {
      colorScheme,
      // The page's timers and Date, so the journey can move them with the host's.
      beforeOpen: async (context) => {
        await context.clock.install();
        // The sandbox's product images (a host that does not resolve), for the order detail Enter opens.
        await context.route('https://img.sandbox.example/**', (route) =>
          route.fulfill({ status: 200, contentType: 'image/png', body: PNG }),
        );
      },
    });
    await opened.page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: /Needs attention/ })
      .click();
    await opened.page.getByRole('heading', { level: 1, name: 'Needs attention' }).waitFor();
    await opened.page.getByRole('listbox', { name: 'Orders needing attention' }).waitFor();
    return opened;
  }

  const queueList = (page: Page) => page.getByRole('listbox', { name: 'Orders needing attention' });
  const rowOf = (page: Page, order: StoredOrder) =>
    queueList(page).getByRole('option', { name: new RegExp(order.order.orderNum) });

  /** Moves the selection down with j until it is on the order's row (as a merchant would). */
  async function selectByKeys(page: Page, order: StoredOrder): Promise<void> {
    await queueList(page).focus();
    await page.keyboard.press('Home');
    for (let i = 0; i < 300 && (await rowOf(page, order).getAttribute('aria-selected')) !== 'true'; i++)
      await page.keyboard.press('j');
    expect(await rowOf(page, order).getAttribute('aria-selected')).toBe('true');
  }

  it(
    'shows the order due soon, then overdue by the clock alone, and without it once delivered',
    async () => {
      const { page, context, problems } = await openQueue('light');
      const row = rowOf(page, watched);
      await expect.poll(() => row.textContent()).toMatch(/^Due soon.*Delivery due soon.*due in (1|2) min/);
      const summary = page.getByText(/^Needs attention: \d+ — /);
      await expect.poll(() => summary.textContent()).toMatch(/\d+ due soon/);
      const total = Number(/^Needs attention: (\d+)/.exec((await summary.textContent())!)![1]);
      const nav = page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: /Needs attention/ });
      await expect.poll(() => nav.getByLabel(/need attention/).textContent()).toBe(String(total));
      await selectByKeys(page, watched);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'attention-due-soon-light');

      // Two minutes on, on both sides; the page is the same one (no reload) and nothing was synced.
      await page.evaluate(() => ((globalThis as unknown as { journeyMark: number }).journeyMark = 1));
      const orderRequests = workspace.sandbox.requestCount('orders');
      vi.setSystemTime(Date.now() + 2 * MIN + 5_000);
      await context.clock.fastForward(2 * MIN + 5_000);
      await expect.poll(() => row.textContent()).toMatch(/^Overdue.*Delivery overdue.*overdue by/);
      // The selection follows the order into its new kind.
      expect(await row.getAttribute('aria-selected')).toBe('true');
      expect(await page.evaluate(() => (globalThis as unknown as { journeyMark?: number }).journeyMark)).toBe(1);
      expect(workspace.sandbox.requestCount('orders')).toBe(orderRequests);
      await expect.poll(() => summary.textContent()).toMatch(/[1-9]\d* overdue/);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'attention-overdue-light');

      // Delivered on the platform: still listed until the cache hears of it.
      expect(workspace.sandbox.store.deliver(watched.order.id).outcome).toBe('ok');
      expect(await row.count()).toBe(1);
      await page.getByRole('button', { name: 'Sync now' }).click();
      await row.waitFor({ state: 'detached' });

      // Enter opens the selected order; Back returns to the queue with the selection kept.
      const list = queueList(page);
      await list.focus();
      await page.keyboard.press('Home');
      await page.keyboard.press('j');
      const second = list.getByRole('option').nth(1);
      expect(await second.getAttribute('aria-selected')).toBe('true');
      const secondId = (await second.getAttribute('id'))!.replace(/^attention-option-[a-z-]+?-(?=\d)/, '');
      await page.keyboard.press('Enter');
      await page.waitForURL(new RegExp(`#/order/${secondId}$`));
      await page.goBack();
      await list.waitFor();
      expect(await list.getByRole('option').nth(1).getAttribute('aria-selected')).toBe('true');

      expect(problems).toEqual([]);
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    'decides a refund request from its row with a, as the inbox does: one confirmation, sent once',
    async () => {
      const { page, context, problems } = await openQueue('light');
      const refundRow = queueList(page)
        .getByRole('option', { name: /^Refund/ })
        .first();
      const label = (await refundRow.textContent())!;
      const stored = workspace.sandbox.store.filter((s) => label.includes(s.order.orderNum))[0]!;
      const { order } = stored;
      await selectByKeys(page, stored);
      await page.getByRole('button', { name: 'Approve refund…' }).waitFor();
      await page.keyboard.press('a');
      const question = `Refund ${order.originalCurrencyProductPrice} ${order.originalCurrencyCode} to ${order.buyerName}?`;
      const dialog = page.getByRole('dialog', { name: question });
      await dialog.waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);

      const audits = workspace.sandbox.requestCount('audit');
      await page.keyboard.press('Enter');
      // The spec's Order carries no after-sales status: the outcome says what the platform's answer and filter show.
      const outcome = page.getByText(
        /^(The platform accepted the approval\.|No longer awaiting review — as the platform’s after-sales filter reports)$/,
      );
      await outcome.waitFor();
      expect(workspace.sandbox.requestCount('audit')).toBe(audits + 1);
      expect(workspace.sandbox.store.get(order.id)!.order.orderAfterSalesStatus).toBe(2);
      // The decision takes the row out of the queue; its outcome stays beside the list.
      await rowOf(page, stored).waitFor({ state: 'detached' });
      expect(await outcome.count()).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    'reads well in dark',
    async () => {
      const { page, context, problems } = await openQueue('dark');
      await queueList(page).getByRole('option').first().waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'attention-dark');
      expect(problems).toEqual([]);
      await context.close();
    },
    JOURNEY_MS,
  );
});
