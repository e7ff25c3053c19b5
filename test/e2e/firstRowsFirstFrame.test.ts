/**
 * The Orders address opened as the app's first document (issue 26: first rows ≤ 1 s after load at a million orders),
 * in Chromium over `merchant-desk ui --sandbox`: the page's start waits, for a while, for the list's first page
 * before its first render (src/renderer/main.tsx), so the first frame painted with the app in it already has the
 * rows — the list's loading state is never drawn, and the frame and the rows cost one render, one style and layout
 * pass and one paint instead of two.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from '../helpers/chromium';
import { describeWorkspace, startWorkspace, type Workspace } from '../helpers/workspace';

/**
 * Runs in the page before the app: in every animation frame (what follows it is painted) until the app's frame is
 * there, what the frame holds; and whether the list's loading state was ever in the document.
 */
const FIRST_FRAME_PROBE = String.raw`
(() => {
  window.__firstFrame = null;
  window.__skeletonSeen = false;
  new MutationObserver(() => {
    if (document.querySelector('.orders-skeleton')) window.__skeletonSeen = true;
  }).observe(document, { childList: true, subtree: true });
  const look = () => {
    if (document.querySelector('.app-frame')) {
      window.__firstFrame = {
        rows: document.querySelectorAll('tbody tr[data-id]').length,
        loading: document.querySelector('.orders-skeleton') !== null,
      };
      return;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();
`;

describeWorkspace('the first rows in the first frame', () => {
  let workspace: Workspace;
  let browser: Browser;

  beforeAll(async () => {
    [workspace, browser] = await Promise.all([startWorkspace(), launchChromium()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await workspace?.stop();
  });

  it("opened on the Orders address, the app's first painted frame has the rows; the loading state never shows", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    await context.addInitScript({ content: FIRST_FRAME_PROBE });
    const problems: string[] = [];
    // The one-time address's token traded for the session cookie as the login page does, then the Orders screen's
    // own address is the first document the app loads.
    const url = new URL(await workspace.freshUrl());
    const token = /^#token=(.+)$/.exec(url.hash)?.[1];
    const exchanged = await context.request.post(`${url.origin}/_md/session`, {
      data: { token },
      headers: { origin: url.origin },
    });
    expect(exchanged.ok()).toBe(true);
    const page = await context.newPage();
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    await page.goto(`${url.origin}/#/orders`);
    await page.locator('tbody tr[data-id]').first().waitFor();
    const first = (await page.evaluate('window.__firstFrame')) as { rows: number; loading: boolean } | null;
    expect(first).not.toBeNull();
    expect(first!.loading, "the list's loading state in the first frame").toBe(false);
    expect(first!.rows, 'rows in the first frame').toBeGreaterThan(0);
    expect(await page.evaluate('window.__skeletonSeen'), "the list's loading state ever drawn").toBe(false);
    // The screen works as before: the list has the focus (the frame's focus on navigation), the count follows.
    await page
      .getByRole('status')
      .filter({ hasText: /^[\d,]+ orders$/ })
      .waitFor();
    expect(await page.evaluate("document.activeElement?.closest('tbody') !== null")).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
