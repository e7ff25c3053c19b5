/**
 * What a buyer can do to the app's screens through the text the platform passes on (issue 22 items 5 and 6), in
 * Chromium over `merchant-desk ui --sandbox`: a name ending in U+202E must not reverse the app's own text after it,
 * and a 300,000-character name must not widen the list. Judged by layout (where glyphs and columns land), not markup.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from '../helpers/chromium';
import { describeWorkspace, openApp, startWorkspace, type Workspace } from '../helpers/workspace';

const RLO = '\u202E';
const SPOOFED_NAME = `Ann${RLO}`;
const SPOOFED_REMARK = `Leave at door${RLO} thanks`;
const HUGE_NAME = 'W'.repeat(300_000);

/** Runs `body` (JavaScript over the page's DOM; this project's Node-side code has no DOM types) in the page. */
async function inPage<T>(page: Page, body: string, arg: unknown): Promise<T> {
  return (await page.evaluate(`((arg) => { ${body} })(${JSON.stringify(arg)})`)) as T;
}

/** The text node under `selector` that contains `text`, found by a tree walk (page-side helper source). */
const FIND_TEXT = `
  const walker = document.createTreeWalker(document.querySelector(arg.selector), NodeFilter.SHOW_TEXT);
  let node = walker.nextNode();
  while (node && !node.textContent.includes(arg.text)) node = walker.nextNode();
  if (!node) throw new Error('no text node with ' + arg.text);
`;

/** Left edges of the first and last character of `text` as laid out: first < last when it reads left to right. */
function edgesOf(page: Page, selector: string, text: string): Promise<{ first: number; last: number }> {
  return inPage(
    page,
    `${FIND_TEXT}
    const at = node.textContent.indexOf(arg.text);
    const left = (i) => {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      return range.getBoundingClientRect().left;
    };
    return { first: left(at), last: left(at + arg.text.length - 1) };`,
    { selector, text },
  );
}

describeWorkspace('hostile text from the platform', () => {
  let workspace: Workspace;
  let browser: Browser;
  let spoofedId: string;
  let hugeId: string;
  let buyerId: string;

  beforeAll(async () => {
    [workspace, browser] = await Promise.all([startWorkspace(), launchChromium()]);
    const newest = JSON.parse((await workspace.cli(['--json', 'cache', 'query', '--limit', '2'])).out) as {
      list: Array<{ id: string }>;
    };
    [spoofedId, hugeId] = newest.list.map((o) => o.id) as [string, string];
    workspace.sandbox.store.update(spoofedId, (o) => {
      o.buyerName = SPOOFED_NAME;
      o.remark = SPOOFED_REMARK;
    });
    workspace.sandbox.store.update(hugeId, (o) => {
      o.buyerName = HUGE_NAME;
    });
    buyerId = String(workspace.sandbox.store.get(spoofedId)!.order.buyerId);
    expect((await workspace.cli(['sync'])).code).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await workspace?.stop();
  });

  it('a name ending in U+202E reverses nothing after it, and the character is shown', async () => {
    const { page, context } = await openApp(browser, workspace);
    await page.goto(`${new URL(page.url()).origin}/#/order/${spoofedId}`);
    const summary = page.locator('.od-summary');
    await summary.getByText(`buyer ID ${buyerId}`).waitFor();
    // The app's own "(buyer ID …)" after the name still reads left to right.
    const id = await edgesOf(page, '.od-summary', 'buyer ID');
    expect(id.first).toBeLessThan(id.last);
    expect(await summary.innerText()).toContain('U+202E');
    // The remark: isolated too, so its override ends with it.
    const remarkBidi = await inPage<string>(
      page,
      `${FIND_TEXT} return getComputedStyle(node.parentElement).unicodeBidi;`,
      { selector: '.od-summary', text: 'Leave at door' },
    );
    expect(remarkBidi).toBe('isolate');
    await context.close();
  });

  it('a 300,000-character buyer name does not widen the list; the whole name is on hover', async () => {
    const { page, context } = await openApp(browser, workspace, { viewport: { width: 1280, height: 800 } });
    await page.evaluate(
      () => void ((globalThis as unknown as { location: { hash: string } }).location.hash = '#/orders'),
    );
    const grid = page.getByRole('grid', { name: 'Orders' });
    const row = grid.locator(`tr[data-id="${hugeId}"]`);
    await row.waitFor();
    const layout = await inPage<{
      scrollWidth: number;
      clientWidth: number;
      cellWidth: number;
      cellHeight: number;
      title: string;
    }>(
      page,
      `const scroller = document.querySelector('.orders-scroll');
      const cell = document.querySelector('tr[data-id="' + arg + '"] td.orders-buyer');
      return {
        scrollWidth: scroller.scrollWidth,
        clientWidth: scroller.clientWidth,
        cellWidth: cell.getBoundingClientRect().width,
        cellHeight: cell.getBoundingClientRect().height,
        title: cell.querySelector('[title]')?.getAttribute('title') ?? '',
      };`,
      hugeId,
    );
    expect(layout.scrollWidth).toBeLessThanOrEqual(layout.clientWidth + 1);
    expect(layout.cellWidth).toBeLessThan(400);
    expect(layout.cellHeight).toBeLessThan(100);
    expect(layout.title).toBe(HUGE_NAME);
    await context.close();
  });
});
