/**
 * After-sales decisions in Chromium over `merchant-desk ui --sandbox`: the inbox, a rejection from a saved reason
 * with two evidence images, an approval through its confirmation (double Enter sends once), a decision another
 * client made meanwhile (nothing sent), and an unknown outcome (the sandbox answers after the time limit) resolved
 * by "Check again" without a second request. The sandbox's own records are the proof.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StoredOrder } from '../../src/sandbox/orderTypes';
import { launchChromium } from '../helpers/chromium';
import {
  openApp,
  screenshot,
  seriousA11yViolations,
  startWorkspace,
  describeWorkspace,
  type Workspace,
} from '../helpers/workspace';

/** A small PNG the journeys' evidence addresses answer with (no request leaves the machine). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** Short enough that the unknown-outcome journey does not wait long; far above a loopback answer. */
const TIMEOUT_MS = 3000;
/** A journey's own limit: a few seconds idle, several times that on a busy machine. */
const JOURNEY_MS = 90_000;

describeWorkspace('after-sales decisions', () => {
  let workspace: Workspace;
  let browser: Browser;
  /** Orders awaiting review, oldest first (the inbox's order); each journey takes its own. */
  let awaiting: StoredOrder[];
  let next = 0;
  const take = () => awaiting[next++]!;

  beforeAll(async () => {
    [workspace, browser] = await Promise.all([startWorkspace(), launchChromium()]);
    // Before any page opens the profile's session, so the decisions below run with this time limit.
    const edited = await workspace.cli(['profiles', 'edit', 'sandbox', '--timeout-ms', String(TIMEOUT_MS)]);
    expect(edited.code, edited.err).toBe(0);
    awaiting = workspace.sandbox.store
      .filter((s) => s.order.orderAfterSalesStatus === 1)
      .sort((a, b) => a.createTimeMs - b.createTimeMs);
    expect(awaiting.length).toBeGreaterThan(9);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await workspace?.stop();
  });

  async function openInbox(
    colorScheme: 'light' | 'dark',
  ): Promise<{ page: Page; context: BrowserContext; problems: string[] }> {
    const opened = await openApp(browser, workspace, { colorScheme });
    await opened.context.route('https://evidence.example/**', (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: PNG }),
    );
    await opened.page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: /After-sales/ })
      .click();
    await opened.page.getByRole('heading', { level: 1, name: 'After-sales' }).waitFor();
    await opened.page.getByRole('listbox', { name: 'After-sales requests' }).waitFor();
    return opened;
  }

  /** Selects the order's row (the list takes the focus, as a click does). */
  async function selectRow(page: Page, stored: StoredOrder): Promise<void> {
    await page.getByRole('option', { name: new RegExp(stored.order.orderNum) }).click();
    await page.getByRole('heading', { level: 2, name: `Order ${stored.order.orderNum}` }).waitFor();
  }

  const audits = () => workspace.sandbox.requestCount('audit');

  /** The decided order is no longer among the requests awaiting a decision (so not offered for a decision again). */
  async function leftAwaiting(page: Page, stored: StoredOrder): Promise<void> {
    const awaitingGroup = page.getByRole('group', { name: /Awaiting a decision/ });
    await expect
      .poll(
        async () =>
          (await awaitingGroup.count()) === 0 ||
          (await awaitingGroup.getByRole('option', { name: new RegExp(stored.order.orderNum) }).count()) === 0,
      )
      .toBe(true);
  }
  const isFocused = (locator: Locator) =>
    locator.evaluate((el) => (el as unknown as { matches(selector: string): boolean }).matches(':focus'));

  for (const colorScheme of ['light', 'dark'] as const) {
    it(
      `shows requests awaiting a decision oldest first, and their count in the navigation (${colorScheme})`,
      async () => {
        const { page, context, problems } = await openInbox(colorScheme);
        const open = workspace.sandbox.store
          .filter((s) => s.order.orderAfterSalesStatus === 1)
          .sort((a, b) => a.createTimeMs - b.createTimeMs);
        const count = open.length;
        const nav = page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: /After-sales/ });
        await nav.getByText(String(count), { exact: true }).waitFor();
        const group = page.getByRole('group', { name: /Awaiting a decision/ });
        const firstRow = group.getByRole('option').first();
        expect(await firstRow.textContent()).toContain(open[0]!.order.orderNum);
        await page.getByRole('group', { name: 'Recent decisions' }).waitFor();
        // Keyboard: j moves down, k back up.
        await firstRow.click();
        await page.keyboard.press('j');
        expect(await group.getByRole('option').nth(1).getAttribute('aria-selected')).toBe('true');
        await page.keyboard.press('k');
        expect(await firstRow.getAttribute('aria-selected')).toBe('true');
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, `after-sales-inbox-${colorScheme}`);
        expect(problems).toEqual([]);
        await context.close();
      },
      JOURNEY_MS,
    );

    it(
      `rejects with a reason from a saved template and two evidence images (${colorScheme})`,
      async () => {
        const stored = take();
        const { page, context, problems } = await openInbox(colorScheme);
        await selectRow(page, stored);
        await page.keyboard.press('r');
        const reason = page.getByLabel('Reason (required)');
        await reason.waitFor();
        expect(await isFocused(reason)).toBe(true);

        // A reason saved as a template, the field emptied, then the template picked with the keyboard.
        const text = 'The item was used and damaged after delivery; see the photos.';
        await reason.fill(text);
        await page.getByLabel('Template name').fill('Used and damaged');
        await page.getByRole('button', { name: 'Save reason as template' }).click();
        await reason.fill('   ');
        const auditsBeforeBlankReason = audits();
        await page.getByRole('button', { name: 'Reject refund', exact: true }).click();
        await page.getByText('Give a reason: the platform needs one to reject a refund request.').waitFor();
        // A blank reason is refused in the form: nothing reached the platform, the request still awaits review.
        expect(audits()).toBe(auditsBeforeBlankReason);
        expect(workspace.sandbox.store.get(stored.order.id)!.order.orderAfterSalesStatus).toBe(1);
        await page.getByLabel('Reason template').selectOption({ index: 0 });
        await page.getByLabel('Reason template').focus();
        await page.keyboard.press('ArrowDown');
        expect(await reason.inputValue()).toBe(text);

        // Evidence: checked as typed, added with Enter and with the button, reordered, shown as thumbnails.
        const url = page.getByLabel('Evidence image URL');
        await url.fill('http://evidence.example/first.png');
        await page.getByText(/Only https:\/\/ addresses are accepted/).waitFor();
        const first = 'https://evidence.example/first.png';
        const second = 'https://evidence.example/second.png';
        await url.fill(first);
        await url.press('Enter');
        await url.fill(second);
        await page.getByRole('button', { name: 'Add image' }).click();
        await page.getByRole('button', { name: 'Move image 2 up' }).click();
        const images = page.getByRole('list', { name: 'Evidence images' }).getByRole('listitem');
        expect(await images.allTextContents()).toEqual([
          expect.stringContaining(second),
          expect.stringContaining(first),
        ]);
        await page.getByRole('img', { name: 'Evidence image 2' }).waitFor();
        await page.waitForFunction(
          '[...document.querySelectorAll("img.evidence-thumb")].every((i) => i.complete && i.naturalWidth > 0)',
        );
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, `after-sales-reject-form-${colorScheme}`);

        const before = audits();
        await page.getByRole('button', { name: 'Reject refund', exact: true }).click();
        await page.getByText('No longer awaiting review — as the platform’s after-sales filter reports').waitFor();
        expect(audits()).toBe(before + 1);
        const after = workspace.sandbox.store.get(stored.order.id)!;
        expect(after.order.orderAfterSalesStatus).toBe(3);
        expect(after.rejectDescription).toBe(text);
        // Exactly one decision reached the platform; the order left the awaiting list and is not offered again.
        expect(after.decisions.map((d) => d.isApproved)).toEqual([false]);
        await leftAwaiting(page, stored);
        expect(after.rejectImageUrls).toEqual([second, first]);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, `after-sales-decided-${colorScheme}`);
        expect(problems).toEqual([]);
        await context.close();
      },
      JOURNEY_MS,
    );

    it(
      `approves through one confirmation naming order, buyer and amount; double Enter sends once (${colorScheme})`,
      async () => {
        const stored = take();
        const { order } = stored;
        const { page, context, problems } = await openInbox(colorScheme);
        await selectRow(page, stored);
        await page.keyboard.press('a');
        const question = `Refund ${order.originalCurrencyProductPrice} ${order.originalCurrencyCode} to ${order.buyerName}?`;
        const dialog = page.getByRole('dialog', { name: question });
        await dialog.waitFor();
        expect(await dialog.textContent()).toContain(order.orderNum);
        // Esc cancels (nothing sent) and focus returns to the list.
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        expect(await isFocused(page.getByRole('listbox'))).toBe(true);
        await page.keyboard.press('a');
        await dialog.waitFor();
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, `after-sales-approve-confirmation-${colorScheme}`);

        const before = audits();
        await page.keyboard.press('Enter');
        await page.keyboard.press('Enter');
        await page.getByText('No longer awaiting review — as the platform’s after-sales filter reports').waitFor();
        expect(audits()).toBe(before + 1);
        expect(workspace.sandbox.store.get(order.id)!.order.orderAfterSalesStatus).toBe(2);
        expect(workspace.sandbox.store.get(order.id)!.decisions.map((d) => d.isApproved)).toEqual([true]);
        await leftAwaiting(page, workspace.sandbox.store.get(order.id)!);
        expect(await page.getByRole('dialog').count()).toBe(0);
        expect(problems).toEqual([]);
        await context.close();
      },
      JOURNEY_MS,
    );

    it(
      `shows an unknown outcome with "Check again", which resolves it by re-fetching only (${colorScheme})`,
      async () => {
        const stored = take();
        const { page, context, problems } = await openInbox(colorScheme);
        await selectRow(page, stored);
        await page.keyboard.press('r');
        await page.getByLabel('Reason (required)').fill('Not as described by the buyer.');
        // The sandbox applies the decision, then never answers: the call ends at the profile's time limit.
        workspace.sandbox.failNext('audit', 'hang-after-processing');
        const before = audits();
        await page.getByRole('button', { name: 'Reject refund', exact: true }).click();
        await page
          .getByText('Outcome unknown: the rejection may or may not have been applied.')
          .waitFor({ timeout: TIMEOUT_MS * 5 });
        const checkAgain = page.getByRole('button', { name: 'Check again', exact: true });
        await checkAgain.waitFor();
        expect(await page.getByText(/after-sales filter reports/).count()).toBe(0);
        expect(audits()).toBe(before + 1);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, `after-sales-unknown-outcome-${colorScheme}`);

        await checkAgain.click();
        await page.getByText('No longer awaiting review — as the platform’s after-sales filter reports').waitFor();
        await page.getByText('Found on checking again; nothing was sent again.').waitFor();
        expect(audits()).toBe(before + 1);
        expect(workspace.sandbox.store.get(stored.order.id)!.rejectDescription).toBe('Not as described by the buyer.');
        expect(problems).toEqual([]);
        await context.close();
      },
      JOURNEY_MS,
    );
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    it(
      `does not send a decision on an order another client decided meanwhile, and says what changed (${colorScheme})`,
      async () => {
        const stored = take();
        const { page, context, problems } = await openInbox(colorScheme);
        await selectRow(page, stored);
        // Another client decides it after the screen was read.
        expect(
          workspace.sandbox.store.audit(stored.order.id, { isApproved: false, rejectDescription: 'Elsewhere' }),
        ).toBe('ok');
        await page.keyboard.press('a');
        await page.getByRole('dialog').waitFor();
        const before = audits();
        await page.keyboard.press('Enter');
        await page.getByText('Not sent: this order no longer awaits a decision.').waitFor();
        // The spec's Order has no status field: the after-sales filter says it no longer awaits one.
        await page.getByText('After-sales request: awaiting a decision → no longer awaiting one').waitFor();
        expect(audits()).toBe(before);
        expect(workspace.sandbox.store.get(stored.order.id)!.rejectDescription).toBe('Elsewhere');
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, `after-sales-not-sent-${colorScheme}`);
        expect(problems).toEqual([]);
        await context.close();
      },
      JOURNEY_MS,
    );
  }

  it(
    'shows a decision whose window was reloaded mid-call as an unknown outcome, resolved by Check again',
    async () => {
      const stored = take();
      const { page, context, problems } = await openInbox('light');
      await selectRow(page, stored);
      await page.keyboard.press('a');
      await page.getByRole('dialog').waitFor();
      workspace.sandbox.failNext('audit', 'hang-after-processing');
      const before = audits();
      await page.keyboard.press('Enter');
      await page.getByText('Sending the approval…').waitFor();
      // The approval has reached the platform (applied, never answered). Before that the host is still checking the
      // filter; a Check again then answers "still on its way" (afterSales.test.ts), not this journey's outcome.
      await expect.poll(audits, { timeout: 15_000 }).toBe(before + 1);
      // The merchant reloads (or closes and reopens) the window while the call is in flight.
      await page.reload();
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: /After-sales/ })
        .click();
      await page.getByRole('heading', { level: 1, name: 'After-sales' }).waitFor();
      await page.getByRole('option', { name: new RegExp(stored.order.orderNum) }).click();
      await page.getByText(/The window was closed or reloaded before the outcome of this decision was known/).waitFor();
      await page.getByRole('button', { name: 'Check again', exact: true }).click();
      await page.getByText('No longer awaiting review — as the platform’s after-sales filter reports').waitFor();
      expect(audits()).toBe(before + 1);
      expect(workspace.sandbox.store.get(stored.order.id)!.order.orderAfterSalesStatus).toBe(2);
      expect(problems).toEqual([]);
      await context.close();
    },
    JOURNEY_MS,
  );
});
