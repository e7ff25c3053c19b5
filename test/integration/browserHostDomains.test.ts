import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWith } from '../helpers/requires';
import type { IpcBridge } from '../../src/shared/ipc/contract';
import { repoRoot } from '../helpers/bundleChild';
import { chromiumAvailable, launchChromium } from '../helpers/chromium';
import { spawnBuiltUi } from '../helpers/builtUi';
import { startTestPlatform, type TestPlatform } from '../helpers/sandboxFixture';

// The built `merchant-desk ui` in the environment mode against a sandbox on loopback, driven from Debian's Chromium
// through window.merchantDesk: one call per domain of the contract, and a sync whose progress arrives as events.
// Real handlers, use-case layer, SQLite and HTTP behind the page; nothing mocked.

type PageGlobals = { merchantDesk: IpcBridge };

const built =
  existsSync(path.join(repoRoot, 'out/cli/main.js')) && existsSync(path.join(repoRoot, 'out/renderer/index.html'));

describeWith(built && chromiumAvailable, 'needs `npm run build` and Chromium (CHROMIUM_PATH or /usr/bin/chromium)')(
  'merchant-desk ui: one call per domain',
  () => {
    let p: TestPlatform;
    let ui: ChildProcessWithoutNullStreams;
    let browser: Browser;
    let address: string;

    beforeAll(async () => {
      p = await startTestPlatform({ orders: 300, seed: 5 });
      ({ ui, address } = await spawnBuiltUi(p, {
        timeoutMs: 10_000,
        prefix: 'md-ui-domains-',
        // The keychain of this test run (npm test's private Secret Service), never the developer's real one by HOME.
        ...(process.env.DBUS_SESSION_BUS_ADDRESS
          ? { env: { DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS } }
          : {}),
      }));
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
      if (ui && ui.exitCode === null) ui.kill('SIGTERM');
      await p?.stop();
    });

    it('answers every domain with typed Results, and pushes sync progress to a subscription', async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(address);
      await page.waitForFunction(() => (globalThis as unknown as PageGlobals).merchantDesk !== undefined);

      const answers = await page.evaluate(async () => {
        const md = (globalThis as unknown as PageGlobals).merchantDesk;
        const progress: string[] = [];
        const off = md.on('sync:progress', (e) => progress.push(`${e.phase}:${e.finished}`));
        const sync = await md.invoke('sync:now', { full: true });
        off();
        const page1 = await md.invoke('orders:queryPage', { orderAfterSalesStatus: [1], limit: 1 });
        const orderId = page1.ok ? page1.data.list[0]?.id : undefined;
        return {
          orderId,
          app: await md.invoke('app:getInfo'),
          profiles: await md.invoke('profiles:list'),
          credentials: await md.invoke('credentials:tokenStatus', { profileId: 'default' }),
          settings: await md.invoke('settings:get', { profileId: null }),
          sync,
          progress,
          syncStatus: await md.invoke('sync:status'),
          page1,
          count: await md.invoke('orders:count', {}),
          decide:
            orderId === undefined
              ? null
              : await md.invoke('afterSales:decide', {
                  orderId,
                  isApproved: false,
                  rejectDescription: 'Code already redeemed',
                  rejectImageUrls: ['https://example.com/proof.png'],
                }),
          decideAgain:
            orderId === undefined ? null : await md.invoke('afterSales:decide', { orderId, isApproved: true }),
          buyers: await md.invoke('buyers:sync', { merchantUserNo: 'u-ui-1', email: 'u-ui-1@example.com' }),
          invalid: await md.invoke('orders:count', { search: 'x'.repeat(3) + ' y'.repeat(40) }),
        };
      });

      expect(answers.app).toMatchObject({ ok: true, data: { version: '0.1.0' } });
      expect(answers.profiles.ok).toBe(true);
      // The environment mode has no stored profile: its keychain holds no token for one (the variable is not read here).
      expect(answers.credentials).toEqual({ ok: true, data: { profileId: 'default', tokenState: 'not set' } });
      expect(answers.settings.ok, JSON.stringify(answers.settings)).toBe(true);
      expect(answers.sync).toMatchObject({ ok: true, data: { mode: 'full', cached: 300 } });
      expect(answers.progress.length).toBeGreaterThan(0);
      expect(answers.progress).toContain('windows:true');
      expect(answers.syncStatus).toMatchObject({ ok: true, data: { complete: true } });
      expect(answers.page1).toMatchObject({ ok: true });
      expect(answers.count).toMatchObject({ ok: true, data: { count: 300 } });
      // The decision went out once and the platform's new state came back; a second one is refused locally.
      expect(answers.decide).toMatchObject({ ok: true });
      expect(answers.decideAgain).toMatchObject({
        ok: false,
        error: { kind: 'platform', code: 'not-awaiting-review' },
      });
      const decided = p.sandbox.store.get(answers.orderId!)?.order as { orderAfterSalesStatus?: number } | undefined;
      expect(decided?.orderAfterSalesStatus).toBe(3);
      // Buyer sync answers the platform's user ID, never the authorization code.
      expect(answers.buyers).toMatchObject({ ok: true, data: { userId: expect.any(String) } });
      expect(JSON.stringify(answers.buyers)).not.toMatch(/authorizationCode/);
      // Bad input is a typed error value, not a thrown string.
      expect(answers.invalid).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    });
  },
);
