import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Order } from '../../src/shared/domain/order';
import type { IpcBridge } from '../../src/shared/ipc/contract';
import { repoRoot } from '../helpers/bundleChild';
import { spawnBuiltUi } from '../helpers/builtUi';
import { chromiumAvailable, launchChromium } from '../helpers/chromium';
import { describeWith } from '../helpers/requires';
import { startTestPlatform, type TestPlatform } from '../helpers/sandboxFixture';

// Issue 20's crash test for `merchant-desk ui` itself: the platform (the sandbox in its spec-shaped default, in this
// process) applies an approval and never answers; the whole `ui` process is killed with SIGKILL while it waits, and
// started again on the same data directory. The order's page then says "Outcome unknown", a second decision is
// refused without being sent, and "Check again" settles it from the after-sales filter: one decision recorded.

type PageGlobals = { merchantDesk: IpcBridge };

const built =
  existsSync(path.join(repoRoot, 'out/cli/core-host.js')) && existsSync(path.join(repoRoot, 'out/renderer/index.html'));

async function until<T>(probe: () => T | undefined, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function openPage(browser: Browser, address: string): Promise<Page> {
  const page = await (await browser.newContext({ locale: 'en-GB' })).newPage();
  await page.goto(address);
  await page.waitForFunction(() => (globalThis as unknown as PageGlobals).merchantDesk !== undefined);
  return page;
}

const invoke = (page: Page, channel: string, request: unknown) =>
  page.evaluate(
    ([c, r]) => (globalThis as unknown as PageGlobals).merchantDesk.invoke(c as 'sync:now', r as { full: true }),
    [channel, request] as const,
  );

describeWith(built && chromiumAvailable, 'needs `npm run build` and Chromium (CHROMIUM_PATH or /usr/bin/chromium)')(
  'merchant-desk ui killed mid-decision (real processes, spec-shaped sandbox)',
  () => {
    let p: TestPlatform;
    let browser: Browser;
    const running: ChildProcessWithoutNullStreams[] = [];

    beforeAll(async () => {
      [p, browser] = await Promise.all([startTestPlatform({ orders: 120, seed: 23 }), launchChromium()]);
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      for (const ui of running) if (ui.exitCode === null && ui.signalCode === null) ui.kill('SIGTERM');
      await p?.stop();
    });

    it('restart → the order page says "Outcome unknown", a second decision is refused unsent, Check again settles it', async () => {
      const first = await spawnBuiltUi(p, { timeoutMs: 60_000, prefix: 'md-ui-kill-' });
      running.push(first.ui);
      const page = await openPage(browser, first.address);
      expect(await invoke(page, 'sync:now', {})).toMatchObject({ ok: true });
      const list = await p.seller().listOrders({ orderAfterSalesStatus: [1], pageSize: 1 });
      const order = list.ok ? (list.value.data.list[0] as Order | undefined) : undefined;
      if (!order) throw new Error('the sandbox has no order awaiting review');

      // The platform applies the approval and never answers; `ui` dies while it waits.
      p.sandbox.failNext('audit', 'hang-after-processing');
      p.sandbox.resetCounts();
      void invoke(page, 'afterSales:decide', { orderId: order.id, isApproved: true }).catch(() => undefined);
      await until(
        () => (p.sandbox.requestCount('audit') === 1 ? true : undefined),
        'the decision to reach the platform',
      );
      first.ui.kill('SIGKILL');
      await until(() => (first.ui.signalCode === 'SIGKILL' ? true : undefined), 'ui to die');
      await page.context().close();

      // Started again on what the killed one left (its data directory, its decision journal).
      const again = await spawnBuiltUi(p, { timeoutMs: 60_000, prefix: 'md-ui-kill-', home: first.home });
      running.push(again.ui);
      const after = await openPage(browser, again.address);
      await after.evaluate(`window.location.hash = '#/order/${order.id}'`);
      const journal = after.getByTestId('order-journal');
      await expect.poll(() => journal.innerText(), { timeout: 20_000 }).toMatch(/^Outcome unknown — approval sent at/);

      const second = await invoke(after, 'afterSales:decide', {
        orderId: order.id,
        isApproved: false,
        rejectDescription: 'changed my mind',
      });
      expect(second).toMatchObject({ ok: false, error: { kind: 'outcome-unknown', code: 'decision-unsettled' } });
      expect(p.sandbox.requestCount('audit')).toBe(1);

      await journal.getByRole('button', { name: 'Check again' }).click();
      await expect.poll(() => journal.innerText(), { timeout: 20_000 }).toMatch(/^Approved from this app at/);
      // Never resent, never reversed: the platform recorded exactly one decision.
      expect(p.sandbox.store.get(order.id)!.decisions.map((d) => d.isApproved)).toEqual([true]);
    }, 120_000);
  },
);
