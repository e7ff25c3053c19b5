/** The app frame in Chromium over `merchant-desk ui --sandbox`: sections, the profile, sync, light and dark. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/chromium';
import {
  openApp,
  screenshot,
  seriousA11yViolations,
  startWorkspace,
  workspaceAvailable,
  type Workspace,
} from '../helpers/workspace';

describe.runIf(workspaceAvailable)('the app frame', () => {
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
      for (const name of ['Orders', 'Needs attention', 'After-sales', 'Buyers', 'Settings']) {
        await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name }).click();
        await page.getByRole('heading', { level: 1, name }).waitFor();
      }
      await page
        .getByRole('status')
        .filter({ hasText: /Synced|Not synced/ })
        .waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `app-frame-${colorScheme}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
