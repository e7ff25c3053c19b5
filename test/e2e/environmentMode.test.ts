/**
 * `merchant-desk ui --sandbox` without a keychain: the environment mode (no profile, the sandbox's own settings).
 * Statuses still have names, Settings → Status labels renames them, and the sandbox banner says it is demo data.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from '../helpers/chromium';
import { describeWorkspace, openApp, screenshot, startWorkspace, type Workspace } from '../helpers/workspace';

describeWorkspace('the environment mode (no keychain, no profile)', () => {
  let workspace: Workspace;
  let browser: Browser;

  beforeAll(async () => {
    [workspace, browser] = await Promise.all([
      startWorkspace({ noKeychain: true, argv: ['--sandbox-port', '0'] }),
      launchChromium(),
    ]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await workspace?.stop();
  });

  it('shows status names (not bare numbers), the sandbox banner, and renames a status in Settings', async () => {
    expect(workspace.stderr.join('\n')).toMatch(/environment mode/);
    // The app opens on Home: the journey reads the orders list.
    const { page, context, problems } = await openApp(browser, workspace, { screen: 'orders' });
    await page.getByText('Sandbox — demo data.').waitFor();
    const grid = page.getByRole('grid', { name: 'Orders' });
    // Orders' rows, not the loading row: the first page's answer may take seconds on a loaded machine.
    await grid.locator('.orders-status .badge').first().waitFor();
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('button', { name: /^Completed/ }).waitFor();
    // Badges name the status; the code is in their hover text.
    await expect.poll(() => grid.innerText()).toMatch(/Completed|Cancelled|Delivering/);
    expect(await grid.locator('.orders-status .badge').first().getAttribute('title')).toMatch(
      /^Order status \d: (Awaiting payment|Paid – awaiting delivery|Delivering|Completed|Cancelled|Refunded)$/,
    );
    await page.getByRole('button', { name: 'Hide filters' }).click();
    await screenshot(page, 'environment-mode-orders-light');

    await page.goto(`${new URL(page.url()).origin}/#/settings/labels`);
    await page.getByRole('heading', { level: 2, name: 'Status labels' }).waitFor();
    expect(await page.getByText('No profile is active.', { exact: true }).count()).toBe(0);
    const completed = page.locator('input[value="Completed"]').first();
    await completed.fill('Done');
    await page.getByRole('button', { name: 'Save labels' }).click();
    // Saved: the save bar goes away.
    await page.getByRole('group', { name: 'Unsaved changes' }).waitFor({ state: 'detached' });
    let asked = false;
    page.on('dialog', (d) => {
      asked = true;
      void d.dismiss();
    });
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: /Orders/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    expect(asked).toBe(false);
    // The renamed status, in the filters' chips.
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('button', { name: /^Done/ }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
