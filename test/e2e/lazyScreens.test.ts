/**
 * Screens loaded on first use (src/renderer/screens/index.ts), in Chromium over `merchant-desk ui --sandbox`: a
 * screen whose chunk arrives late shows its loading state in the frame — which stays usable — and opens once the
 * chunk is there; nothing fails on the page meanwhile.
 */
import type { Browser, BrowserContext, Route } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from '../helpers/chromium';
import { describeWorkspace, openApp, openScreen, startWorkspace, type Workspace } from '../helpers/workspace';

/** Holds every request for the built chunk named `name` (e.g. SettingsScreen-<hash>.js) until `release()`. */
async function holdChunk(context: BrowserContext, name: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const requested: string[] = [];
  await context.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), async (route: Route) => {
    requested.push(route.request().url());
    await released;
    await route.continue();
  });
  return { release, requested };
}

describeWorkspace('screens loaded on first use', () => {
  let workspace: Workspace;
  let browser: Browser;

  beforeAll(async () => {
    [workspace, browser] = await Promise.all([startWorkspace(), launchChromium()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await workspace?.stop();
  });

  it('a screen whose chunk loads late shows its loading state, then opens; the frame answers meanwhile', async () => {
    let held: Awaited<ReturnType<typeof holdChunk>> | undefined;
    const { page, context, problems } = await openApp(browser, workspace, {
      beforeOpen: async (c) => void (held = await holdChunk(c, 'SettingsScreen')),
    });
    await openScreen(page, 'settings');
    const loading = page.getByRole('status').filter({ hasText: 'Opening Settings…' });
    await loading.waitFor();
    expect(held!.requested.length).toBeGreaterThan(0);
    expect(await page.getByRole('heading', { level: 1, name: 'Settings' }).count()).toBe(0);
    // The frame is the first chunk's: its navigation still works while the screen's code is on its way.
    await openScreen(page, 'orders');
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await openScreen(page, 'settings');
    await loading.waitFor();
    held!.release();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await loading.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
