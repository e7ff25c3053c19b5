/**
 * The Orders address opened as the app's first document (issue 26: first rows ≤ 1 s after load at a million orders),
 * in Chromium over `merchant-desk ui --sandbox`, at several window sizes: before the first frame is painted the rows
 * are rendered and laid out once, and the frame's other reads wait for that frame.
 * - The list's box is estimated before its first layout (src/renderer/screens/Orders/listBox.ts): the first render
 *   has the columns and the rows the measure then finds, so no row is added to the list, nor a cell to a row, before
 *   the first frame (before, the first render had no row and every column: a second render added the rows at the
 *   measured width, and the startup effects ran in between). A row too many may be left out.
 * - The app's version, the profiles, the sync status, the language setting and the list's status values are asked
 *   once the rows' frame is painted (src/renderer/afterPaint.ts), not from effects run before it.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../helpers/bundleChild';
import { launchChromium } from '../helpers/chromium';
import { describeWorkspace, startWorkspace, type Workspace } from '../helpers/workspace';

/**
 * Runs in the page before the app. Until the first animation frame with rows in it: each row added to the list's
 * body and each cell added to or removed from a row once the list is in the document (the first render inserts the
 * table whole: its rows are not recorded one by one), and the rows and columns that frame holds. Every invoke: its
 * channel and when it was sent; the first rows' frame: when it ran (`md:orders:frame`, the app's mark).
 */
const PROBE = String.raw`
(() => {
  window.__probe = { addedRows: 0, rowBatches: 0, skeletonSeen: false, changedCells: 0, frame: null, invokes: [] };
  const count = (records) => {
    if (document.querySelector('.orders-skeleton')) window.__probe.skeletonSeen = true;
    const before = window.__probe.addedRows;
    for (const r of records) {
      const added = [...r.addedNodes].filter((n) => n.nodeType === 1);
      const removed = [...r.removedNodes].filter((n) => n.nodeType === 1);
      if (r.target.nodeName === 'TBODY') window.__probe.addedRows += added.filter((n) => n.matches('tr[data-id]')).length;
      if (r.target.nodeName === 'TR' && r.target.matches('tr[data-id]'))
        window.__probe.changedCells += [...added, ...removed].filter((n) => n.nodeName === 'TD').length;
    }
    if (window.__probe.addedRows > before) window.__probe.rowBatches += 1;
  };
  const observer = new MutationObserver(count);
  observer.observe(document, { childList: true, subtree: true });
  const look = () => {
    const rows = document.querySelectorAll('tbody tr[data-id]').length;
    if (rows > 0) {
      count(observer.takeRecords());
      observer.disconnect();
      const list = document.querySelector('.orders-scroll');
      window.__probe.frame = { rows, columns: document.querySelectorAll('thead th').length, listHeight: list.clientHeight };
      return;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
  const pageFetch = window.fetch.bind(window);
  window.fetch = (url, init) => {
    const body = typeof init?.body === 'string' ? init.body : '';
    if (body.startsWith('{"channel":'))
      window.__probe.invokes.push({ channel: JSON.parse(body).channel, at: performance.now() });
    return pageFetch(url, init);
  };
})();
`;

interface Box {
  width: number;
  height: number;
}

interface Probe {
  addedRows: number;
  /** Observer callbacks (one per task's mutations) that added rows to the list. */
  rowBatches: number;
  /** The list's loading state was in the document: the first page came after the first render's wait. */
  skeletonSeen: boolean;
  changedCells: number;
  frame: { rows: number; columns: number; listHeight: number } | null;
  invokes: Array<{ channel: string; at: number }>;
}

/** What the frame asks for besides the list, once its rows are painted. */
const AFTER_THE_FRAME = ['app:getInfo', 'profiles:list', 'sync:status', 'settings:get', 'orders:cacheStats'];

describeWorkspace('the first rows rendered once before the first frame', () => {
  let workspace: Workspace;
  let browser: Browser;

  beforeAll(async () => {
    [workspace, browser] = await Promise.all([startWorkspace(), launchChromium()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await workspace?.stop();
  });

  for (const [width, height] of [
    [1280, 800],
    [1440, 900],
    [1024, 640],
    [800, 600],
  ] as const)
    it(`at ${width} × ${height}`, async () => {
      const context = await browser.newContext({ viewport: { width, height }, locale: 'en-GB' });
      await context.addInitScript({ content: PROBE });
      const url = new URL(await workspace.freshUrl());
      const token = /^#token=(.+)$/.exec(url.hash)?.[1];
      const exchanged = await context.request.post(`${url.origin}/_md/session`, {
        data: { token },
        headers: { origin: url.origin },
      });
      expect(exchanged.ok()).toBe(true);
      const page = await context.newPage();
      await page.goto(`${url.origin}/#/orders`);
      await page.locator('tbody tr[data-id]').first().waitFor();
      // The reads that wait for the frame, sent.
      await page.waitForFunction(
        `${JSON.stringify(AFTER_THE_FRAME)}.every((c) => window.__probe.invokes.some((i) => i.channel === c))`,
      );
      const probe = (await page.evaluate('window.__probe')) as Probe;
      const laidOut = (await page.evaluate(
        "(() => { const s = document.querySelector('.orders-scroll'); return { width: s.clientWidth, height: s.clientHeight, rem: parseFloat(getComputedStyle(document.documentElement).fontSize), columns: document.querySelectorAll('thead th').length }; })()",
      )) as { width: number; height: number; rem: number; columns: number };
      const frameAt = (await page.evaluate(
        "performance.getEntriesByName('md:orders:frame')[0]?.startTime ?? NaN",
      )) as number;

      // The estimate is the list as the first frame laid it out (the list moves down once the count and the sync
      // status are there): its width exactly, its height at most three rem over. (The renderer's module, imported as
      // languages.test.ts does: this project's type check leaves the renderer out.)
      const { estimatedListBox } = (await import(
        /* @vite-ignore */ pathToFileURL(path.join(repoRoot, 'src/renderer/screens/Orders/listBox.ts')).href
      )) as { estimatedListBox: (view: Box, remPx: number) => Box };
      const estimate = estimatedListBox({ width, height }, laidOut.rem);
      expect(probe.frame).not.toBeNull();
      const firstHeight = probe.frame!.listHeight;
      expect(estimate.width, "the list's estimated width").toBe(laidOut.width);
      expect(estimate.height, "the list's estimated height").toBeGreaterThanOrEqual(firstHeight);
      expect(estimate.height - firstHeight, "the estimated height's excess (px)").toBeLessThanOrEqual(3 * laidOut.rem);

      // One render of the rows before the first frame, at the columns that stay.
      // A first page slower than the first render's wait (main.tsx, 250 ms: a busy machine) leaves the frame drawn
      // with the loading state, and the rows come in a render of their own: then added once, in one batch.
      if (probe.skeletonSeen) expect(probe.rowBatches, 'batches of rows added before the first frame').toBe(1);
      else expect(probe.addedRows, 'rows added to the list before the first frame').toBe(0);
      expect(probe.changedCells, 'cells added to or removed from a row before the first frame').toBe(0);
      expect(probe.frame!.columns, "the first frame's columns").toBe(laidOut.columns);

      // The frame's other reads were sent after the rows' frame.
      expect(Number.isFinite(frameAt)).toBe(true);
      for (const channel of AFTER_THE_FRAME) {
        const first = probe.invokes.find((i) => i.channel === channel)!;
        expect(first.at, `${channel} sent after the first rows' frame`).toBeGreaterThan(frameAt);
      }
      await context.close();
    });
});
