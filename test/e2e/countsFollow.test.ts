/**
 * Every count follows a decision without a reload: after a decision in `merchant-desk ui` (whose core host is a
 * child process, as the desktop app's is), the navigation's After-sales and Needs attention badges and the
 * "Awaiting refund decision" view count show the cache's new figures within one second — checked against what
 * `merchant-desk cache stats --json` reads from the same cache file.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { IpcBridge } from '../../src/shared/ipc/contract';
import { launchChromium } from '../helpers/chromium';
import { describeWorkspace, openApp, startWorkspace, type Workspace } from '../helpers/workspace';

type PageGlobals = { merchantDesk: IpcBridge };

/** A count the UI shows: the number in the element, 0 when the badge is gone (nothing to count). */
async function shown(page: Page, locator: ReturnType<Page['locator']>): Promise<number> {
  if ((await locator.count()) === 0) return 0;
  const text = (await locator.first().textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

describeWorkspace('counts follow a decision', () => {
  let workspace: Workspace;
  let browser: Browser;

  beforeAll(async () => {
    [workspace, browser] = await Promise.all([startWorkspace(), launchChromium()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await workspace?.stop();
  });

  /** Orders with a request awaiting review, as the CLI reads them from the cache file. */
  async function awaitingInCache(): Promise<number> {
    const stats = await workspace.cli(['cache', 'stats', '--json']);
    expect(stats.code, stats.err).toBe(0);
    const parsed = JSON.parse(stats.out) as { byAfterSalesStatus: Array<{ status: number | null; count: number }> };
    return parsed.byAfterSalesStatus.find((s) => s.status === 1)?.count ?? 0;
  }

  it('navigation badges and the view count match the cache within a second of a decision', async () => {
    const { page } = await openApp(browser, workspace);
    await page.goto(`${workspace.url.split('#')[0]}#/orders`);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    const afterSalesBadge = nav.getByRole('link', { name: /After-sales/ }).locator('.nav-count');
    const attentionBadge = nav.getByRole('link', { name: /Needs attention/ }).locator('.nav-count');
    const viewCount = page.getByRole('button', { name: /Awaiting refund decision/ }).locator('.saved-view-count');

    const before = await awaitingInCache();
    expect(before).toBeGreaterThan(1);
    // The first figures arrive as the screen loads (a cold start reads them once).
    await expect.poll(() => shown(page, afterSalesBadge), { timeout: 15_000 }).toBe(before);
    await expect.poll(() => shown(page, viewCount), { timeout: 15_000 }).toBe(before);

    const order = workspace.sandbox.store
      .filter((s) => s.order.orderAfterSalesStatus === 1)
      .sort((a, b) => a.createTimeMs - b.createTimeMs)[0]!;
    const decided = await page.evaluate(
      (orderId) =>
        (globalThis as unknown as PageGlobals).merchantDesk.invoke('afterSales:decide', { orderId, isApproved: true }),
      order.order.id,
    );
    expect(decided).toMatchObject({ ok: true, data: { cached: true } });
    const decidedAt = Date.now();

    // Within one second of the answer, with no reload: the badge and the view count show one fewer.
    await expect.poll(() => shown(page, afterSalesBadge), { timeout: 1000, interval: 50 }).toBe(before - 1);
    await expect.poll(() => shown(page, viewCount), { timeout: 1000, interval: 50 }).toBe(before - 1);
    expect(Date.now() - decidedAt).toBeLessThan(1_500);
    // Which is what the cache file says, read by the CLI.
    expect(await awaitingInCache()).toBe(before - 1);
    const attention = await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).merchantDesk.invoke('orders:attention', { limitPerKind: 1 }),
    );
    if (!attention.ok) throw new Error(attention.error.message);
    await expect.poll(() => shown(page, attentionBadge), { timeout: 1000 }).toBe(attention.data.counts.total);
  }, 90_000);
});
