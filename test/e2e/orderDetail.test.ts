/**
 * The order detail in Chromium over `merchant-desk ui --sandbox`: an order given every delivery field type and a
 * delivery error in the sandbox arrives by sync and renders field by field; its images load only over https (the
 * thumbnail opens larger, Esc closes); a sandbox change shows up after "Refresh from platform"; j/k step through
 * the orders; axe finds nothing serious, light and dark.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { savedBuyersFile } from '../../src/core/app/buyers';
import type { SandboxDeliveryErrorInfo, SandboxOrder } from '../../src/sandbox/orderTypes';
import { launchChromium } from '../helpers/chromium';
import {
  openApp,
  screenshot,
  seriousA11yViolations,
  startWorkspace,
  describeWorkspace,
  type Workspace,
} from '../helpers/workspace';

const IMAGES = 'https://img.sandbox.example';
const INSECURE_IMAGE = 'http://img.sandbox.example/insecure/proof.png';
const BUYER_EMAIL = 'max.mustermann@mail.example';

/** The merchant saved this order's buyer earlier (as the Buyers screen does): matched by the e-mail in the order. */
function saveBuyer(workspace: Workspace): void {
  const file = savedBuyersFile(workspace.dataDir, 'sandbox');
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const buyer = { merchantUserNo: 'shop-user-17', email: BUYER_EMAIL, firstName: 'Max', lastName: 'Mustermann' };
  writeFileSync(file, JSON.stringify({ version: 1, buyers: [buyer] }), { mode: 0o600 });
}

/** Every delivery field type the platform names (1 Text … 5 Image), a delivery error and a delivery record. */
function giveEveryFieldType(o: SandboxOrder): void {
  o.deliveryType = 2;
  o.deliveryInfo = [
    { key: 'Player ID', type: 1, value: ['58213377'] },
    { key: 'E-mail for the code', type: 1, value: [BUYER_EMAIL] },
    { key: 'Notes / 备注', type: 2, value: ['First line\nSecond line – Grüße\n第三行'] },
    { key: 'Server / 服务器', type: 3, value: ['Europe'] },
    { key: 'Languages', type: 4, value: ['Deutsch', 'English', '日本語'] },
    { key: 'Account screenshot', type: 5, value: [`${IMAGES}/buyer-upload/all-types-1.png`, INSECURE_IMAGE] },
  ];
  o.orderDeliveryList = [
    {
      imageUrls: [`${IMAGES}/delivery/all-types-1.jpg`],
      description: 'Top-up done.\nCode: ABCDE-12345',
      createTime: o.createTime,
      deliveringNumber: 1,
    },
  ];
  // The spec leaves the inside of deliveryErrorInfo open; a platform may add screenshots beside the sandbox's fields.
  const error: SandboxDeliveryErrorInfo & { screenshotUrls: string[] } = {
    errorCode: 'REGION_MISMATCH',
    errorMessage: 'Account is on another server',
    occurredAt: o.createTime,
    screenshotUrls: [`${IMAGES}/errors/all-types-error.png`],
  };
  o.deliveryErrorInfo = error;
}

/** A picture for every https image the sandbox's orders name (the test has no internet; nothing else is served). */
function svgFor(url: string): string {
  const name = new URL(url).pathname.split('/').pop() ?? '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="320" height="200" fill="#5b7bd5"/><text x="16" y="110" font-family="sans-serif" font-size="20" fill="#fff">${name}</text></svg>`;
}

async function openOrder(page: Page, id: string): Promise<void> {
  // Through the list, as the merchant does: Back then returns to it.
  await page.evaluate("window.location.hash = '#/orders'");
  await page.evaluate(`window.location.hash = '#/order/${id}'`);
}

describeWorkspace('the order detail', () => {
  let workspace: Workspace;
  let browser: Browser;
  let orderId: string;
  let orderNum: string;
  let newestIds: string[];
  let firstItemId: string;

  beforeAll(async () => {
    [workspace, browser] = await Promise.all([startWorkspace(), launchChromium()]);
    // The second-newest order: it has a previous and a next order in the newest-first list.
    const ids = workspace.sandbox.store.ids();
    orderId = ids[1]!;
    const changed = workspace.sandbox.store.update(orderId, giveEveryFieldType);
    orderNum = changed.order.orderNum;
    firstItemId = String(changed.order.orderItems[0]!.productSpuId);
    saveBuyer(workspace);
    const query = await workspace.cli(['--json', 'cache', 'query', '--limit', '3']);
    newestIds = (JSON.parse(query.out) as { list: { id: string }[] }).list.map((o) => o.id);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await workspace?.stop();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`shows every delivery field type, the error and the images; refreshes; j/k (${colorScheme})`, async () => {
      const { page, context, problems } = await openApp(browser, workspace, { colorScheme });
      page.setDefaultTimeout(15_000);
      const requested: string[] = [];
      page.on('request', (r) => requested.push(r.url()));
      await context.route(`${IMAGES}/**`, (route) =>
        route.fulfill({ status: 200, contentType: 'image/svg+xml', body: svgFor(route.request().url()) }),
      );
      // The sandbox changed the order: a sync brings it (the first run's sync took the order before the change).
      await page.getByRole('button', { name: 'Sync now' }).click();
      await openOrder(page, orderId);
      await page.getByRole('heading', { level: 1, name: `Order ${orderNum}` }).waitFor();

      const info = page.getByRole('region', { name: 'Delivery info' });
      await info.getByText('Second line – Grüße', { exact: false }).waitFor();
      await info.getByText('58213377').waitFor();
      await info.getByText('Europe', { exact: true }).waitFor();
      expect(await info.getByRole('list', { name: 'Languages' }).getByRole('listitem').allInnerTexts()).toEqual([
        'Deutsch',
        'English',
        '日本語',
      ]);
      // The textarea keeps its line breaks as the buyer typed them.
      expect(await info.getByText('First line', { exact: false }).innerText()).toBe(
        'First line\nSecond line – Grüße\n第三行',
      );
      // Not https: shown as text, never loaded.
      await info.getByText(INSECURE_IMAGE).waitFor();
      expect(await page.locator(`img[src="${INSECURE_IMAGE}"]`).count()).toBe(0);

      const error = page.getByRole('region', { name: 'Delivery error' });
      await error.getByText('REGION_MISMATCH').waitFor();
      await error.getByText('Account is on another server').waitFor();
      await error.getByRole('button', { name: 'Delivery error screenshot' }).waitFor();
      const deliveries = page.getByRole('region', { name: 'Deliveries' });
      await deliveries.getByText('Code: ABCDE-12345', { exact: false }).waitFor();
      await deliveries.getByRole('button', { name: 'Delivery 1 screenshot' }).waitFor();

      // Wait for every thumbnail to have loaded before axe and the screenshot.
      await page.waitForFunction('[...document.images].every((img) => img.complete && img.naturalWidth > 0)');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `order-detail-error-${colorScheme}`);
      await page.getByRole('heading', { name: 'Delivery info' }).evaluate((h) => h.scrollIntoView());
      await screenshot(page, `order-detail-fields-${colorScheme}`);

      // The saved buyer matches: a login link to the first item is offered; a bad item ID sends nothing.
      const link = page.getByRole('region', { name: 'Login link for this buyer' });
      await link.getByText(`Saved buyer: Max Mustermann, ${BUYER_EMAIL}`).waitFor();
      const itemId = link.getByRole('combobox', { name: 'Item ID' });
      expect(await itemId.inputValue()).toBe(firstItemId);
      await itemId.fill('../../x');
      await link.getByRole('button', { name: 'Copy login link for this buyer' }).click();
      await link.getByText('The item ID must be a positive whole number', { exact: false }).waitFor();
      expect(workspace.sandbox.requestCount('buyer-sync')).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await link.scrollIntoViewIfNeeded();
      await screenshot(page, `order-detail-login-link-${colorScheme}`);
      await itemId.fill(firstItemId);

      // A thumbnail opens larger in a dialog; Esc closes it and stays on the order.
      await info.getByRole('button', { name: 'Account screenshot, image 1 of 2' }).click();
      const dialog = page.getByRole('dialog', { name: 'Account screenshot, image 1 of 2' });
      await dialog.getByRole('img').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `order-detail-image-${colorScheme}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(page.url()).toContain(`#/order/${orderId}`);

      // The platform changed the order; "Refresh from platform" fetches it by ID and says what changed.
      const before = workspace.sandbox.store.get(orderId)!.order;
      const status = (before.orderStatus % 6) + 1;
      const deliveryStatus = (before.orderDeliveryStatus + 1) % 4;
      workspace.sandbox.store.update(orderId, (o) => {
        o.orderStatus = status;
        o.orderDeliveryStatus = deliveryStatus;
      });
      await page.getByRole('button', { name: 'Refresh from platform' }).click();
      const changes = page.getByRole('region', { name: 'Refreshed from the platform — 2 changes' });
      await changes.waitFor();
      const orderStatusRow = changes.getByRole('row', { name: /^Order status/ });
      expect(await orderStatusRow.innerText()).toMatch(new RegExp(`\\(${status}\\)$`));
      expect(await changes.getByRole('row', { name: /^Delivery status/ }).innerText()).toMatch(
        new RegExp(`\\(${deliveryStatus}\\)$`),
      );
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.evaluate("document.getElementById('main').scrollTo(0, 0)");
      await screenshot(page, `order-detail-refreshed-${colorScheme}`);

      // j/k: the next and previous order of the newest-first list; Esc goes back to the list.
      const at = newestIds.indexOf(orderId);
      expect(at).toBe(1);
      await page.keyboard.press('j');
      await page.waitForURL(`**#/order/${newestIds[2]}`);
      await page.keyboard.press('k');
      await page.waitForURL(`**#/order/${orderId}`);
      await page.getByRole('heading', { level: 1, name: `Order ${orderNum}` }).waitFor();
      await page.keyboard.press('k');
      await page.waitForURL(`**#/order/${newestIds[0]}`);
      await page.getByRole('button', { name: 'Next order (j)' }).click();
      await page.waitForURL(`**#/order/${orderId}`);
      await page.keyboard.press('Escape');
      await page.waitForURL('**#/orders');

      expect(requested.filter((u) => u.startsWith('http://img.'))).toEqual([]);
      expect(requested.filter((u) => u.startsWith(IMAGES)).length).toBeGreaterThan(0);
      expect(problems).toEqual([]);
      await context.close();
    }, 120_000);
  }

  it('fits at 200 % zoom: the detail does not scroll sideways (the items table scrolls within itself)', async () => {
    const { page, context, problems } = await openApp(browser, workspace, { viewport: { width: 640, height: 400 } });
    page.setDefaultTimeout(15_000);
    await context.route(`${IMAGES}/**`, (route) =>
      route.fulfill({ status: 200, contentType: 'image/svg+xml', body: svgFor(route.request().url()) }),
    );
    await page.getByRole('button', { name: 'Sync now' }).click();
    await openOrder(page, orderId);
    await page.getByRole('region', { name: 'Delivery info' }).getByText('58213377').waitFor();
    const overflow = await page.evaluate(
      "(() => { const m = document.getElementById('main'); return m.scrollWidth - m.clientWidth; })()",
    );
    expect(overflow).toBeLessThanOrEqual(1);
    await screenshot(page, 'order-detail-zoom-200');
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
