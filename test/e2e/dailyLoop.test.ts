/**
 * The merchant's daily loop in Chromium over `merchant-desk ui --sandbox` (issue 21's renderer items): keys that
 * work right after navigating, `/` and the skip link, the palette finding orders by ID or buyer, a filter that cannot
 * be applied listing nothing, a date typed digit by digit, and login links that say what happened.
 */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from '../helpers/chromium';
import { describeWorkspace, openApp, screenshot, startWorkspace, type Workspace } from '../helpers/workspace';

const grid = (page: Page) => page.getByRole('grid', { name: 'Orders' });
const orderRows = (page: Page) => grid(page).locator('tbody').getByRole('row');
const nav = (page: Page, name: RegExp) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name }).click();
const isFocused = (locator: Locator) => locator.evaluate((el) => el === el.ownerDocument.activeElement);
const selectedOption = (list: Locator) => list.getAttribute('aria-activedescendant');

/**
 * Stand-ins for the desktop's tools on PATH: an `xclip` and an `xdg-open` that fail as they do without a display
 * (exit status and stderr of the real ones) while `works` is false, and an `xclip` that keeps the clipboard in a
 * file once it is true.
 */
function desktopTools(): { dir: string; works(on: boolean): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'md-tools-'));
  const mode = path.join(dir, 'works');
  const clip = path.join(dir, 'clipboard.txt');
  const noDisplay = `[ -f "${mode}" ] || { echo "Error: Can't open display: (null)" >&2; exit 1; }`;
  writeFileSync(
    path.join(dir, 'xclip'),
    `#!/bin/sh\n${noDisplay}\ncase "$*" in *-o*) cat "${clip}" 2>/dev/null ;; *) cat > "${clip}" ;; esac\n`,
  );
  writeFileSync(path.join(dir, 'xdg-open'), `#!/bin/sh\necho "xdg-open: no method available" >&2\nexit 3\n`);
  chmodSync(path.join(dir, 'xclip'), 0o755);
  chmodSync(path.join(dir, 'xdg-open'), 0o755);
  return { dir, works: (on) => (on ? writeFileSync(mode, '') : undefined) };
}

describeWorkspace('the daily loop', () => {
  let workspace: Workspace;
  let browser: Browser;
  const tools = desktopTools();

  beforeAll(async () => {
    // The host finds these tools as it would on a Linux desktop (this file runs in its own process).
    process.env.PATH = `${tools.dir}:${process.env.PATH}`;
    process.env.DISPLAY = ':0';
    delete process.env.WAYLAND_DISPLAY;
    [workspace, browser] = await Promise.all([startWorkspace(), launchChromium()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await workspace?.stop();
  });

  it('keys work right after navigating: the list has the focus; / focuses search; the skip link stays on the screen', async () => {
    const { page, context, problems } = await openApp(browser, workspace);
    // The app opens on Home: the journey starts from the orders list.
    await page.evaluate(
      () => void ((globalThis as unknown as { location: { hash: string } }).location.hash = '#/orders'),
    );
    await orderRows(page).first().waitFor();

    await nav(page, /Needs attention/);
    const queue = page.getByRole('listbox', { name: 'Orders needing attention' });
    await expect.poll(() => isFocused(queue)).toBe(true);
    const firstQueued = await selectedOption(queue);
    await page.keyboard.press('j');
    await expect.poll(() => selectedOption(queue)).not.toBe(firstQueued);

    await nav(page, /After-sales/);
    const inbox = page.getByRole('listbox', { name: 'After-sales requests' });
    await expect.poll(() => isFocused(inbox)).toBe(true);
    // `a` asks for the approval of the selected request at once (and Esc cancels it).
    await page.keyboard.press('a');
    const approve = page.getByRole('button', { name: 'Approve refund', exact: true });
    await approve.waitFor();
    await page.keyboard.press('Escape');
    await approve.waitFor({ state: 'detached' });
    const firstRequest = await selectedOption(inbox);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => selectedOption(inbox)).not.toBe(firstRequest);

    await nav(page, /Orders/);
    await orderRows(page).first().waitFor();
    await expect.poll(() => isFocused(orderRows(page).first())).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => orderRows(page).nth(1).getAttribute('aria-selected')).toBe('true');

    await page.keyboard.press('/');
    await expect.poll(() => isFocused(page.getByLabel('Search orders'))).toBe(true);
    // On a screen without a search, `/` goes to the orders search.
    await nav(page, /Settings/);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).click();
    await page.keyboard.press('/');
    await expect.poll(() => isFocused(page.getByLabel('Search orders'))).toBe(true);

    // The skip link moves to the list and leaves the address (the route) as it was.
    await nav(page, /Needs attention/);
    await expect.poll(() => isFocused(queue)).toBe(true);
    await page.reload();
    await page.locator('.app-frame[data-profiles-loaded]').waitFor();
    await queue.waitFor();
    // The skip link comes first: Shift+Tab from the header's first control reaches it.
    await page.getByLabel('Profile').focus();
    await page.keyboard.press('Shift+Tab');
    const skip = page.getByRole('button', { name: 'Skip to content' });
    expect(await isFocused(skip)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(queue)).toBe(true);
    expect(new URL(page.url()).hash).toBe('#/attention');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the palette finds an order by its ID and by its buyer, not only by its exact number', async () => {
    const { page, context } = await openApp(browser, workspace);
    const query = await workspace.cli(['--json', 'cache', 'query', '--limit', '20']);
    const orders = (JSON.parse(query.out) as { list: Array<{ id: string; orderNum: string; buyerName?: string }> })
      .list;
    const withBuyer = orders.find((o) => (o.buyerName ?? '').split(' ').length > 1)!;
    const palette = page.getByRole('dialog', { name: 'Command palette' });

    await page.keyboard.press('Control+k');
    await palette.getByRole('combobox').fill(orders[0]!.id);
    await palette.getByRole('option', { name: new RegExp(`^Open order .*\\(ID ${orders[0]!.id}\\)`) }).click();
    await page.waitForURL((url) => url.hash === `#/order/${orders[0]!.id}`);

    await page.keyboard.press('Control+k');
    const lastName = withBuyer.buyerName!.split(' ').at(-1)!;
    await palette.getByRole('combobox').fill(lastName);
    const found = palette.getByRole('option', { name: new RegExp(`^Open order ${withBuyer.orderNum} · `) });
    await found.waitFor();
    await screenshot(page, 'palette-buyer-light');
    await found.click();
    await page.waitForURL((url) => url.hash === `#/order/${withBuyer.id}`);
    await context.close();
  });

  it('a filter that cannot be applied lists no rows of the previous filters under its error', async () => {
    const { page, context } = await openApp(browser, workspace);
    await page.evaluate(
      () => void ((globalThis as unknown as { location: { hash: string } }).location.hash = '#/orders'),
    );
    await orderRows(page).first().waitFor();
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByLabel('Order ID', { exact: true }).fill('abc');
    await page.getByText(/order id must be a positive whole number/).waitFor();
    await page.getByText('Fix the marked filter to see orders.').waitFor();
    await expect.poll(() => orderRows(page).count()).toBe(0);
    await context.close();
  });

  it('a date typed digit by digit applies once complete, never a year being typed; presets set a range', async () => {
    const { page, context } = await openApp(browser, workspace);
    await page.evaluate(
      () => void ((globalThis as unknown as { location: { hash: string } }).location.hash = '#/orders'),
    );
    await orderRows(page).first().waitFor();
    const hashes: string[] = [];
    page.on('framenavigated', () => hashes.push(new URL(page.url()).hash));
    await page.getByRole('button', { name: 'Add filter' }).click();
    const from = page.getByLabel('Created from', { exact: true });
    await from.focus();
    // This Chromium's date field is month, day, year (its own locale, not the page's); the first year digit makes it
    // report "0002-11-22", which must not be applied.
    let sawPartialYear = false;
    for (const key of '11222025') {
      await page.keyboard.press(key, { delay: 30 });
      if (/^000/.test(await from.inputValue())) sawPartialYear = true;
    }
    expect(sawPartialYear).toBe(true);
    await expect.poll(() => from.inputValue()).toBe('2025-11-22');
    await expect.poll(() => new URL(page.url()).hash).toBe('#/orders?createdFrom=2025-11-22');
    expect(hashes.filter((h) => /createdFrom=0/.test(h))).toEqual([]);

    // The Created date picker: its presets in a popover.
    await page.getByRole('button', { name: /^Created: / }).click();
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await page.getByRole('button', { name: /^Created: Last 7 days/ }).waitFor();
    const today = await page.evaluate(() => {
      const d = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    });
    await expect.poll(() => page.getByLabel('Created to', { exact: true }).inputValue()).toBe(today);
    expect(new URL(page.url()).hash).toMatch(new RegExp(`createdTo=${today}`));
    await context.close();
  });

  it('login links say what happened: not copied (and what to do), then copied with nothing lingering; never "opened" when not', async () => {
    const { page, context } = await openApp(browser, workspace);
    await nav(page, /Buyers/);
    await page.getByRole('button', { name: 'Add a buyer' }).click();
    const form = page.getByRole('form', { name: 'Add a buyer' });
    await form.getByLabel('User number in your system').fill('cust-2001');
    await form.getByLabel('E-mail').fill('soren@example.com');
    await form.getByLabel('First name (optional)').fill('Søren');
    await form.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('listitem', { name: 'Søren' });
    await row.getByRole('button', { name: 'Sync to platform' }).click();
    await row.getByText(/^Platform user ID \d+$/).waitFor();
    await row.getByLabel('Item ID for a login link').fill('1234567890');

    await row.getByRole('button', { name: 'Copy login link' }).click();
    const notice = row.getByRole('alert');
    await notice.getByText('The login link was not copied').waitFor();
    const said = await notice.innerText();
    expect(said).toMatch(/no display/);
    expect(said).toMatch(/Open in browser/);
    expect(said).not.toMatch(/xclip|exited|\(null\)/);
    await screenshot(page, 'buyers-link-not-copied-light');

    await row.getByRole('button', { name: 'Open in browser' }).click();
    await notice.getByText('The login link was not opened').waitFor();
    expect(await row.innerText()).not.toContain('Opened a fresh link');
    expect(await notice.innerText()).not.toMatch(/xdg-open|exited/);

    tools.works(true);
    await row.getByRole('button', { name: 'Copy login link' }).click();
    await row.getByText(/^Link copied/).waitFor();
    expect(await row.getByRole('alert').count()).toBe(0);
    await context.close();
  });

  it('Settings: one save bar, minutes, nothing the browser host cannot honour, and a warning before unsaved changes are lost', async () => {
    const { page, context, problems } = await openApp(browser, workspace);
    await page.goto(`${new URL(page.url()).origin}/#/settings/general`);
    const minutes = page.getByLabel('Check every (minutes)');
    await expect.poll(() => minutes.inputValue()).toBe('1');
    // The save bar shows only with something to save.
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await page.getByText(/tray/i).count()).toBeGreaterThan(0); // the note saying why it is not offered
    expect(await page.getByLabel(/tray/i).count()).toBe(0);
    expect(await page.getByLabel(/log in/i).count()).toBe(0);

    await minutes.fill('2');
    await page.getByRole('group', { name: 'Unsaved changes' }).waitFor();
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(1);
    await screenshot(page, 'settings-general-unsaved-light');
    // Leaving asks; staying keeps the screen and the edit.
    page.once('dialog', (d) => void d.dismiss());
    await nav(page, /Orders/);
    await page.waitForTimeout(200);
    expect(new URL(page.url()).hash).toBe('#/settings/general');
    expect(await minutes.inputValue()).toBe('2');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.').waitFor();
    const shown = await workspace.cli(['--json', 'profiles', 'show', 'sandbox']);
    expect(JSON.parse(shown.out)).toMatchObject({ pollIntervalSeconds: 120 });

    // Saved: leaving asks nothing.
    let asked = false;
    page.once('dialog', (d) => {
      asked = true;
      void d.accept();
    });
    await nav(page, /Orders/);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    expect(asked).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the inbox row shows what a decision needs; j stays among awaiting requests; a decision moves on to the next', async () => {
    const { page, context, problems } = await openApp(browser, workspace);
    await nav(page, /After-sales/);
    const inbox = page.getByRole('listbox', { name: 'After-sales requests' });
    await expect.poll(() => isFocused(inbox)).toBe(true);
    const awaiting = page.getByRole('group', { name: /Awaiting a decision/ }).getByRole('option');
    const first = awaiting.first();
    const row = await first.innerText();
    expect(row).toMatch(/order created .+ ago/);
    expect(row).toMatch(/×\d+/);
    expect(row).toMatch(/delivered \d+ of \d+/);
    expect(row).not.toMatch(/\bordered\b/);

    // j walks the awaiting requests only, however often it is pressed.
    const count = await awaiting.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 0; i < count + 3; i++) await page.keyboard.press('j');
    expect(await awaiting.last().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Home');
    expect(await first.getAttribute('aria-selected')).toBe('true');
    const decidedId = await first.getAttribute('id');

    await page.keyboard.press('a');
    await page.getByRole('button', { name: 'Approve refund', exact: true }).click();
    const note = page.getByRole('status').filter({ hasText: /^Decided — Order / });
    await note.waitFor();
    await expect.poll(() => inbox.getAttribute('aria-activedescendant')).not.toBe(decidedId);
    const selectedNow = inbox.locator('[aria-selected="true"]');
    expect(await selectedNow.count()).toBe(1);
    expect(await selectedNow.evaluate((el) => el.closest('[role="group"]')?.getAttribute('aria-labelledby'))).toBe(
      'inbox-awaiting',
    );
    await screenshot(page, 'after-sales-moved-on-light');

    // The decided one's result box says each status once.
    await note.getByRole('button', { name: 'Show it' }).click();
    const outcome = page.locator('.after-sales-pane .outcome-ok');
    await outcome.waitFor();
    const lines = (await outcome.innerText())
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    expect(lines.filter((l) => /after-sales status/i.test(l))).toHaveLength(0);
    expect(new Set(lines).size).toBe(lines.length);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the order page shows the deadline with its rule, copies delivery values, and shows field types only when asked', async () => {
    const { page, context, problems } = await openApp(browser, workspace);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await nav(page, /Needs attention/);
    const queue = page.getByRole('listbox', { name: 'Orders needing attention' });
    const overdue = queue
      .getByRole('option')
      .filter({ hasText: /^Overdue/ })
      .first();
    await overdue.click();
    await page.waitForURL(/#\/order\//);
    const deadline = page.getByRole('region', { name: 'Delivery deadline' });
    await deadline.getByText(/^Overdue by /).waitFor();
    expect(await deadline.innerText()).toMatch(/due .*\d/);
    expect(await deadline.innerText()).toMatch(/Rule: From payment \+ /);

    await screenshot(page, 'order-detail-deadline-light');

    // Field types are the platform's form details: hidden until asked for. Text values have a Copy button.
    const withText = workspace.sandbox.store.filter((s) =>
      s.order.deliveryInfo.some((e) => e.type === 1 && e.value.length > 0),
    )[0]!;
    const field = withText.order.deliveryInfo.find((e) => e.type === 1 && e.value.length > 0)!;
    await page.goto(`${new URL(page.url()).origin}/#/order/${withText.order.id}`);
    const info = page.getByRole('region', { name: 'Delivery info' });
    await info.locator('.od-field').first().waitFor();
    expect(await info.locator('.od-field-type').count()).toBe(0);
    await info.getByLabel('Show field types').check();
    expect(await info.locator('.od-field-type').count()).toBe(await info.locator('.od-field').count());
    await info.getByRole('button', { name: `Copy ${field.key}` }).click();
    await info.getByText('Copied.').waitFor();
    const pasted = await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );
    expect(pasted).toBe(field.value.join(', '));
    expect(problems).toEqual([]);
    await context.close();
  });
});
