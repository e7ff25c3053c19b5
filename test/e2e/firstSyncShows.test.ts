/**
 * Issue 21 §1 in Chromium over `merchant-desk ui --sandbox`: a profile whose cache does not exist yet. The Orders
 * screen says so in the app's own words (Sync now, never a CLI command); the first sync fills the open list and the
 * counts without leaving the screen or reloading the page — it sends no change per order, only `orders:reloaded`.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { IpcBridge } from '../../src/shared/ipc/contract';
import { launchChromium } from '../helpers/chromium';
import { describeWorkspace, openApp, startWorkspace, type Workspace } from '../helpers/workspace';

type PageGlobals = { merchantDesk: IpcBridge; reloads?: string[]; notReloaded?: boolean };

describeWorkspace('the first sync of a profile shows in the open list', () => {
  let workspace: Workspace;
  let browser: Browser;

  beforeAll(async () => {
    [workspace, browser] = await Promise.all([startWorkspace(), launchChromium()]);
    // A second profile on the same sandbox, with the same token: its own cache file, not created yet.
    const shown = await workspace.cli(['--json', 'profiles', 'show']);
    expect(shown.code, shown.err).toBe(0);
    const sandboxProfile = JSON.parse(shown.out) as {
      id: string;
      baseUrl: string;
      platformUrl: string;
      merchantId: string;
    };
    const added = await workspace.cli([
      '--base-url',
      sandboxProfile.baseUrl,
      '--platform-url',
      sandboxProfile.platformUrl,
      '--merchant',
      sandboxProfile.merchantId,
      'profiles',
      'add',
      'second',
      '--kind',
      'sandbox',
    ]);
    expect(added.code, added.err).toBe(0);
    const token = await workspace.secrets.get(sandboxProfile.id, 'token');
    if (!token.ok || token.value === null) throw new Error('the sandbox profile has no token');
    expect((await workspace.secrets.set('second', 'token', token.value)).ok).toBe(true);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await workspace?.stop();
  });

  it("a profile with no cache lists none of another's rows and says Sync now; the first sync fills the list in place", async () => {
    const { page, context } = await openApp(browser, workspace);
    await page.goto(`${workspace.url.split('#')[0]}#/orders`);
    await page.getByRole('grid', { name: 'Orders' }).locator('tbody tr').first().waitFor();
    await page.evaluate(() => {
      const g = globalThis as unknown as PageGlobals;
      g.notReloaded = true;
      g.reloads = [];
      g.merchantDesk.on('orders:reloaded', (e) => g.reloads!.push(e.reason));
    });

    // Switch to the profile with no cache: the other profile's rows go, and the screen says what to do in the app's
    // own words (Sync now and its progress), not a CLI command.
    await page.getByLabel('Profile').selectOption('second');
    const rows = page.getByRole('grid', { name: 'Orders' }).locator('tbody tr');
    const notice = page.getByText(/No orders are cached yet for profile "second"/);
    await notice.waitFor({ timeout: 15_000 });
    expect(await rows.count()).toBe(0);
    const said = await notice.innerText();
    expect(said).toContain('Choose "Sync now" to fetch them');
    expect(said).not.toMatch(/merchant-desk|`/);
    await page.getByRole('button', { name: 'Sync now' }).click();
    // The list fills from the first sync: still on the Orders screen, the page never reloaded.
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(10);
    await expect.poll(() => notice.count()).toBe(0);
    expect(page.url()).toMatch(/#\/orders/);
    const g = await page.evaluate(() => {
      const x = globalThis as unknown as PageGlobals;
      return { notReloaded: x.notReloaded, reloads: x.reloads };
    });
    expect(g.notReloaded).toBe(true);
    expect(g.reloads).toContain('first-sync');
    // The counts follow too: the navigation's After-sales badge shows the new cache's awaiting requests.
    const badge = page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: /After-sales/ })
      .locator('.nav-count');
    const awaiting = workspace.sandbox.store.query({
      pageIndex: 1,
      pageSize: 1,
      orderAfterSalesStatus: [1],
    }).totalCount;
    await expect
      .poll(async () => Number(((await badge.first().textContent()) ?? '0').replace(/[^\d]/g, '')), {
        timeout: 15_000,
      })
      .toBe(awaiting);
    await context.close();
  }, 90_000);
});
