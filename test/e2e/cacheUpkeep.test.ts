/**
 * Issue 26 in Chromium over `merchant-desk ui --sandbox`: the cache's background upkeep (every order read back, the
 * file checked table by table, on a thread of the core host) shows in the frame while it runs — its progress and a
 * Cancel — and browsing goes on meanwhile; Cancel (`orders:cancelUpkeep`) stops it, and the frame says so.
 *
 * A cache large enough for the upkeep to be still running when the page looks: the sandbox's data set is generated
 * first with more orders (its saved state in the data directory, as the UI benches do), so `ui --sandbox` syncs all
 * of them before it serves; the core host then opens the cache and starts the upkeep.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cacheFilePath } from '../../src/core/cache/openCache';
import { startSandbox } from '../../src/sandbox';
import type { IpcBridge } from '../../src/shared/ipc/contract';
import { launchChromium } from '../helpers/chromium';
import {
  describeWorkspace,
  openApp,
  screenshot,
  seriousA11yViolations,
  startWorkspace,
  type Workspace,
} from '../helpers/workspace';
import { addFreePages } from '../../src/core/cache/testing/freePages';

/** Enough orders that reading them back takes seconds on a loaded machine (about 0.1 ms an order). */
const ORDERS = 60_000;

type PageGlobals = { merchantDesk: IpcBridge; upkeepStates?: string[] };

/** Records the page's `cache:upkeep` events from now on (what the host said, beside what the frame shows). */
async function recordUpkeep(page: Page): Promise<void> {
  await page.evaluate(() => {
    const g = globalThis as unknown as PageGlobals;
    g.upkeepStates = [];
    g.merchantDesk.on('cache:upkeep', (e) => g.upkeepStates!.push(e.state));
  });
}

describeWorkspace('the cache upkeep shows in the frame and can be cancelled', () => {
  let workspace: Workspace;
  let browser: Browser;
  let timeoutMs = 15_000;

  /**
   * The cache opened again, as after a settings change: the profile edited outside the page (`profiles edit`), the
   * page's next call re-reads it, the session's host is replaced and the new one opens the cache — its upkeep starts
   * while the pages watch.
   */
  async function reopenCache(page: Page): Promise<void> {
    const edited = await workspace.cli(['profiles', 'edit', 'sandbox', '--timeout-ms', String(++timeoutMs)]);
    expect(edited.code, edited.err).toBe(0);
    const answer = await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).merchantDesk.invoke('orders:countQuick', {}),
    );
    expect(answer.ok).toBe(true);
  }

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'md-ws-upkeep-'));
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const generated = await startSandbox({
      orders: ORDERS,
      seed: 1,
      port: 0,
      stateDir: path.join(dataDir, 'sandbox'),
      publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    });
    await generated.stop();
    [workspace, browser] = await Promise.all([startWorkspace({ dataDir }), launchChromium()]);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await workspace?.stop();
  });

  it('shows "Checking the cache… N%" while browsing goes on, and leaves on a clean finish', async () => {
    const { page, context, problems } = await openApp(browser, workspace, { screen: 'orders' });
    // The upkeep of the cache's first opening (the first page's calls, the poller) has ended.
    await page.locator('.upkeep-status').waitFor({ state: 'detached', timeout: 60_000 });
    await recordUpkeep(page);
    await reopenCache(page);

    // Under way: its step and share in the frame's status area, the orders read back in its hover text.
    const running = page.locator('.upkeep-status[data-state="running"]');
    await running.filter({ hasText: /^Checking the cache… \d+%/ }).waitFor();
    await running.getByRole('progressbar', { name: 'Cache check progress' }).waitFor();
    const [done, max] = (await page.evaluate(
      "(() => { const p = document.querySelector('.upkeep-progress'); return [p.value, p.max]; })()",
    )) as [number, number];
    expect(max).toBe(ORDERS);
    expect(done).toBeLessThan(ORDERS);
    expect(await running.locator('.upkeep-status-text').getAttribute('title')).toMatch(
      /^Checking the cache… [\d,]+ of 60,000 orders read back\. Browsing and syncing go on meanwhile\.$/,
    );
    // At 1,280 px the header keeps room for every part, nothing cut (the step's words are in the hover text).
    const cut = (await page.evaluate(
      `['.upkeep-status-text', '.sync-status-text'].filter((selector) => {
        const e = document.querySelector(selector);
        return e.scrollWidth > e.clientWidth;
      })`,
    )) as string[];
    expect(cut).toEqual([]);
    // Browsing is not blocked: the Orders list answers a search while the upkeep runs.
    await page.getByLabel('Search orders').fill('Minecraft');
    await page.getByRole('grid', { name: 'Orders' }).locator('tbody tr').first().waitFor();
    await page
      .locator('.orders-count')
      .filter({ hasText: /^(?!60,000 )[\d,]+\+? orders?$/ })
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A clean finish leaves nothing behind, and says nothing.
    await page.locator('.upkeep-status').waitFor({ state: 'detached', timeout: 60_000 });
    const states = await page.evaluate(() => (globalThis as unknown as PageGlobals).upkeepStates!);
    expect(states.filter((s) => s !== 'running')).toEqual(['done']);
    expect(await page.locator('.toast').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it('Cancel stops it, the frame says so, and it leaves every page (en light, zh dark)', async () => {
    // Wide enough for the step's words beside its share.
    const viewport = { width: 1440, height: 900 };
    const en = await openApp(browser, workspace, { colorScheme: 'light', screen: 'orders', viewport });
    const zh = await openApp(browser, workspace, { colorScheme: 'dark', locale: 'zh-CN', screen: 'orders', viewport });
    await en.page.locator('.upkeep-status').waitFor({ state: 'detached', timeout: 60_000 });
    await recordUpkeep(en.page);
    await reopenCache(en.page);

    const running = en.page.locator('.upkeep-status[data-state="running"]');
    await running.filter({ hasText: /^Checking the cache… \d+%/ }).waitFor();
    await screenshot(en.page, 'cache-upkeep-running-light');
    await zh.page
      .locator('.upkeep-status[data-state="running"]')
      .filter({ hasText: /^正在检查缓存… \d+%/ })
      .waitFor();
    await screenshot(zh.page, 'cache-upkeep-running-dark-zh');

    await running.getByRole('button', { name: 'Cancel the cache check' }).click();
    // It stops after its current step: the frame says so once, and the indicator leaves both pages.
    await en.page
      .locator('.toast-message')
      .filter({ hasText: /^Cache check stopped\. It runs again the next time the app opens the cache\.$/ })
      .waitFor();
    await en.page.locator('.upkeep-status').waitFor({ state: 'detached' });
    await zh.page.locator('.upkeep-status').waitFor({ state: 'detached' });
    const states = await en.page.evaluate(() => (globalThis as unknown as PageGlobals).upkeepStates!);
    expect(states.filter((s) => s !== 'running')).toEqual(['cancelled']);
    // Nothing runs any more: a second cancel finds none; the list is still there.
    const again = await en.page.evaluate(() =>
      (globalThis as unknown as PageGlobals).merchantDesk.invoke('orders:cancelUpkeep'),
    );
    expect(again).toEqual({ ok: true, data: { cancelled: false } });
    await en.page.getByRole('grid', { name: 'Orders' }).locator('tbody tr').first().waitFor();

    expect(en.problems).toEqual([]);
    expect(zh.problems).toEqual([]);
    await en.context.close();
    await zh.context.close();
  }, 180_000);

  it('damaged orders it found stay in the frame until dismissed, and the next sync fetches them again', async () => {
    const { page, context, problems } = await openApp(browser, workspace, {
      screen: 'orders',
      viewport: { width: 1440, height: 900 },
    });
    await page.locator('.upkeep-status').waitFor({ state: 'detached', timeout: 60_000 });
    // Two orders' stored JSON overwritten (another connection, as a disk fault would): SQLite reads the rows, the
    // orders cannot be decoded.
    const db = new Database(cacheFilePath(workspace.dataDir, 'sandbox'));
    const damaged = db.prepare('SELECT id FROM orders WHERE rid IN (100, 200) ORDER BY rid').pluck().all() as string[];
    db.prepare("UPDATE order_doc SET doc = x'00ff00ff' WHERE rid IN (100, 200)").run();
    db.close();
    expect(damaged).toHaveLength(2);
    await recordUpkeep(page);
    await reopenCache(page);

    const found = page.locator('.upkeep-status[data-state="damaged"]');
    await found.filter({ hasText: /^2 damaged orders/ }).waitFor({ timeout: 60_000 });
    expect(await found.innerText()).toContain('The next sync fetches them again.');
    expect(await found.locator('.upkeep-status-note').getAttribute('title')).toBe(
      'The cache check found 2 orders it could not read back. The next sync fetches them again from the platform.',
    );
    const states = await page.evaluate(() => (globalThis as unknown as PageGlobals).upkeepStates!);
    expect(states.filter((s) => s !== 'running')).toEqual(['done']);
    // Nothing in the header is cut at 1,440 px: the note takes two short lines.
    const cut = (await page.evaluate(
      `['.upkeep-status-note', '.sync-status-text'].filter((selector) => {
        const e = document.querySelector(selector);
        return e.scrollWidth > e.clientWidth || e.scrollHeight > e.clientHeight;
      })`,
    )) as string[];
    expect(cut).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'cache-upkeep-damaged-light');
    // A page opened after the events went by (a reload, another tab) still says it: it asks the host how it stands.
    await page.reload();
    await found.filter({ hasText: /^2 damaged orders/ }).waitFor({ timeout: 30_000 });

    // What it says happens: a sync fetches them again, and they read back whole.
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page
      .locator('.sync-status-text')
      .filter({ hasText: /^Synced / })
      .waitFor({ timeout: 60_000 });
    for (const id of damaged) {
      const answer = await page.evaluate(
        (orderId) => (globalThis as unknown as PageGlobals).merchantDesk.invoke('orders:get', { id: orderId }),
        id,
      );
      expect(answer.ok && answer.data.order.id).toBe(id);
    }
    // Still said until the merchant closes it.
    await found.getByRole('button', { name: 'Dismiss' }).click();
    await page.locator('.upkeep-status').waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
  it('Settings → Cache gives the file’s unused space back while the page goes on reading', async () => {
    const { page, context, problems } = await openApp(browser, workspace, { screen: 'settings' });
    // ~40 MB of free pages inside the file (as a converted file's old text index leaves them), made by another
    // connection the way a conversion's end does.
    const db = new Database(cacheFilePath(workspace.dataDir, 'sandbox'));
    addFreePages(db, 10_000);
    db.close();
    await page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('link', { name: 'Cache', exact: true })
      .click();
    await page.getByRole('heading', { level: 2, name: 'Cache', exact: true }).waitFor();
    const unused = page.getByTestId('cache-free');
    await unused.filter({ hasText: /^[34]\d(\.\d)? MB inside the file/ }).waitFor({ timeout: 30_000 });
    const give = page.getByRole('button', { name: /^Give back [34]\d(\.\d)? MB$/ });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'settings-cache-unused-space-light');
    await give.click();
    await page
      .getByText(/^Done: the cache file went from \d+(\.\d)? MB to \d+(\.\d)? MB\.$/)
      .waitFor({ timeout: 60_000 });
    await unused.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: /^Give back/ }).count()).toBe(0);
    // The orders read the same after: the page's own bridge, as every screen reads them.
    const counted = await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).merchantDesk.invoke('orders:count', {}),
    );
    expect(counted).toMatchObject({ ok: true, data: { count: ORDERS } });
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
