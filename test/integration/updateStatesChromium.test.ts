import path from 'node:path';
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppUpdatesPort } from '../../src/appHost/handlers/app';
import { startBrowserHost } from '../../src/browserHost/server';
import type { UpdateState } from '../../src/shared/ipc/app';
import { createIpcGate } from '../../src/shared/ipc/gate';
import { localManagementPorts } from '../helpers/appPorts';
import { repoRoot } from '../helpers/bundleChild';
import { chromiumAvailable, launchChromium } from '../helpers/chromium';
import { noProfileImplementations } from '../helpers/composedApp';
import { describeWith } from '../helpers/requires';

// The update states as the desktop app's About shows them (issue 23), in Chromium: the built renderer over the
// browser host, with the one composition's app handlers answering from an updater a test drives. Electron cannot
// start here; the page cannot tell this host from main.

const built = existsSync(path.join(repoRoot, 'out/renderer/index.html'));

describeWith(built && chromiumAvailable, 'needs `npm run build` and Chromium (CHROMIUM_PATH or /usr/bin/chromium)')(
  'the app update in Settings → About (Chromium)',
  () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('follows the updater from checking to ready; "Restart to update" reaches it once', async () => {
      let state: UpdateState = { kind: 'idle' };
      const asked: string[] = [];
      const updates: AppUpdatesPort = {
        state: () => state,
        check: async () => {
          asked.push('check');
          state = { kind: 'checking' };
          return state;
        },
        restart: async () => {
          asked.push('restart');
          return 'restarting';
        },
      };
      const started = await startBrowserHost({
        rendererDir: path.join(repoRoot, 'out/renderer'),
        gate: createIpcGate({
          implementations: noProfileImplementations(localManagementPorts(), { updates }),
          report: () => {},
        }),
      });
      if (!started.ok) throw new Error(JSON.stringify(started.error));
      const host = started.value;
      const context = await browser.newContext({ locale: 'en-GB' });
      try {
        const page = await context.newPage();
        await page.goto(host.url);
        await page.getByTestId('app-info').getByText('Version 0.1.0').waitFor();
        await page.evaluate(
          () => void ((globalThis as unknown as { location: { hash: string } }).location.hash = '#/settings/about'),
        );
        const status = page.getByTestId('update-status');
        await status.getByText('Merchant Desk looks for a new version a little after it starts, then daily.').waitFor();
        await status.getByRole('button', { name: 'Check for updates' }).click();
        await status.getByText('Checking for a new version…').waitFor();
        // What main's updater pushes as it downloads, then when the download is complete.
        host.publish('app:updates', { kind: 'downloading', version: '1.5.0', percent: 63.4 });
        await status.getByText('Downloading version 1.5.0 in the background (63%).').waitFor();
        expect(await status.getByRole('button', { name: 'Check for updates' }).isDisabled()).toBe(true);
        state = { kind: 'ready', version: '1.5.0' };
        host.publish('app:updates', state);
        await status.getByText(/Version 1\.5\.0 is downloaded/).waitFor();
        await status.getByRole('button', { name: 'Restart to update' }).click();
        await expect.poll(() => asked).toEqual(['check', 'restart']);
      } finally {
        await context.close();
        await host.close();
      }
    });
  },
);
