/** The app frame in Chromium over `merchant-desk ui --sandbox`: sections, the profile, sync, light and dark. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from '../helpers/chromium';
import {
  openApp,
  openScreen,
  screenshot,
  seriousA11yViolations,
  startWorkspace,
  describeWorkspace,
  type Workspace,
} from '../helpers/workspace';

describeWorkspace('the app frame', () => {
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
    it(`shows the sandbox profile, its banner and every section (${colorScheme})`, async () => {
      const { page, context, problems } = await openApp(browser, workspace, { colorScheme });
      expect(await page.getByLabel('Profile').inputValue()).toBe('sandbox');
      await page.getByText('Sandbox — demo data.').waitFor();
      for (const name of ['Home', 'Insights', 'Orders', 'Needs attention', 'After-sales', 'Buyers', 'Settings']) {
        // A section's link is its title, then its count when it has one ("After-sales 3 awaiting a decision").
        await page
          .getByRole('navigation', { name: 'Sections' })
          .getByRole('link', { name: new RegExp(`^${name}( \\d|$)`) })
          .click();
        await page.getByRole('heading', { level: 1, name }).waitFor();
      }
      // `ui --sandbox` ran a first sync: the frame says when, and the cache agrees (a last success is recorded).
      const synced = page.locator('.sync-status-text').filter({ hasText: /^Synced / });
      await synced.waitFor();
      expect(await synced.textContent()).toMatch(/^Synced (just now|\d+ minutes? ago)$/);
      const stats = await workspace.cli(['--json', 'cache', 'stats']);
      expect(stats.code, stats.err).toBe(0);
      expect((JSON.parse(stats.out) as { sync: { lastSuccess: string | null } }).sync.lastSuccess).not.toBeNull();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `app-frame-${colorScheme}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('a screen whose list takes the focus keeps its heading and the banner in sight (1280×800)', async () => {
    const { page, context } = await openApp(browser, workspace);
    for (const screen of ['after-sales', 'attention'] as const) {
      await openScreen(page, screen);
      // The screen's list has taken the focus (what j/k move through)…
      await page.waitForFunction(
        () =>
          (
            globalThis as unknown as {
              document: { activeElement: { getAttribute(name: string): string | null } | null };
            }
          ).document.activeElement?.getAttribute('role') === 'listbox',
      );
      // …without scrolling the page under the top bar: the sandbox banner is still below it, in full.
      const headerBottom = await page.locator('header.app-header').evaluate((e) => e.getBoundingClientRect().bottom);
      const bannerTop = await page.getByText('Sandbox — demo data.').evaluate((e) => e.getBoundingClientRect().top);
      expect(bannerTop, screen).toBeGreaterThanOrEqual(headerBottom);
    }
    await context.close();
  });

  it('the appearance chosen by the merchant wins over the OS, and is kept across reloads', async () => {
    const { page, context } = await openApp(browser, workspace, { colorScheme: 'light' });
    const background = () =>
      page.locator('body').evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).backgroundColor);
    // The app's background token (--bg-app: cards sit on it), light then dark.
    const light = 'rgb(241, 242, 244)';
    const dark = 'rgb(17, 19, 22)';
    expect(await background()).toBe(light);
    await page.getByLabel('Appearance').selectOption('dark');
    expect(await background()).toBe(dark);
    await page.reload();
    await page.locator('.app-frame[data-profiles-loaded]').waitFor();
    expect(await background()).toBe(dark);
    await page.getByLabel('Appearance').selectOption('system');
    expect(await background()).toBe(light);
    await context.close();
  });

  it('Ctrl+K goes to a screen or an order number; ? lists the shortcuts; Esc closes and returns focus', async () => {
    const { page, context, problems } = await openApp(browser, workspace);
    const query = await workspace.cli(['--json', 'cache', 'query', '--limit', '1']);
    const order = (JSON.parse(query.out) as { list: Array<{ id: string; orderNum: string }> }).list[0]!;

    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('combobox').fill('sett');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await palette.isVisible()).toBe(false);

    await page.keyboard.press('Control+k');
    await palette.getByRole('combobox').fill(order.orderNum);
    await palette.getByRole('option', { name: `Go to order ${order.orderNum}` }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.hash === `#/order/${order.id}`);

    await page.keyboard.press('Control+k');
    await palette.getByRole('combobox').fill('ZZ999999999');
    await page.keyboard.press('Enter');
    await palette.getByRole('alert').getByText('No cached order is numbered ZZ999999999.').waitFor();
    await page.keyboard.press('Escape');
    expect(await palette.isVisible()).toBe(false);

    const button = page.getByRole('button', { name: 'Keyboard shortcuts (?)' });
    await button.focus();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help
      .getByText('Command palette: go to an order (number, ID, buyer), a saved buyer, a screen, an action')
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'help-sheet-light');
    await page.keyboard.press('Escape');
    expect(await help.isVisible()).toBe(false);
    expect(await button.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the platform gone: the offline banner says so, and the cache still answers', async () => {
    const { page, context } = await openApp(browser, workspace);
    await workspace.sandbox.stop();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Offline — showing cached orders from/ })
      .waitFor();
    const count = await page.evaluate(() =>
      (
        globalThis as unknown as { merchantDesk: import('../../src/shared/ipc/contract').IpcBridge }
      ).merchantDesk.invoke('orders:count', {}),
    );
    expect(count).toEqual({ ok: true, data: { count: 300 } });
    await screenshot(page, 'offline-banner-light');
    await context.close();
  });
});
