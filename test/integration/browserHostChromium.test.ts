import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { noProfileImplementations } from '../helpers/composedApp';
import { describeWith } from '../helpers/requires';
import { writeRedirectFile } from '../../src/browserHost/openBrowser';
import { startBrowserHost } from '../../src/browserHost/server';
import { createIpcGate } from '../../src/shared/ipc/gate';
import { unknownChannelMessage, unknownEventMessage } from '../../src/shared/ipc/channels';
import type { IpcBridge } from '../../src/shared/ipc/contract';
import { chromiumAvailable, launchChromium } from '../helpers/chromium';
import { repoRoot } from '../helpers/bundleChild';
import { localManagementPorts } from '../helpers/appPorts';

// The built `merchant-desk ui` in a child process, opened by Debian's Chromium at the address it prints: the page
// gets window.merchantDesk from the bridge script and cannot tell it from the Electron preload.

/** What page.evaluate callbacks see (this project's Node-side code has no DOM types). */
type PageGlobals = {
  merchantDesk: IpcBridge;
  stopped?: Promise<unknown>;
  progress?: unknown[];
  settled?: Promise<unknown>;
};

const built =
  existsSync(path.join(repoRoot, 'out/cli/main.js')) && existsSync(path.join(repoRoot, 'out/renderer/index.html'));

/** Collects a stream's lines; `next(pattern)` resolves with the first line (seen or coming) that matches. */
function lines(stream: NodeJS.ReadableStream) {
  const seen: string[] = [];
  const waiting: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) {
      seen.push(line);
      for (const w of waiting.filter((w) => w.pattern.test(line))) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(line);
      }
    }
  });
  return {
    seen,
    next: (pattern: RegExp) =>
      new Promise<string>((resolve) => {
        const found = seen.find((l) => pattern.test(l));
        if (found !== undefined) resolve(found);
        else waiting.push({ pattern, resolve });
      }),
  };
}

describeWith(built && chromiumAvailable, 'needs `npm run build` and Chromium (CHROMIUM_PATH or /usr/bin/chromium)')(
  'merchant-desk ui in Chromium',
  () => {
    let ui: ChildProcessWithoutNullStreams;
    let stdout: ReturnType<typeof lines>;
    let stderr: ReturnType<typeof lines>;
    let exited: Promise<number | null>;
    let browser: Browser;

    beforeAll(async () => {
      const home = mkdtempSync(path.join(tmpdir(), 'md-ui-'));
      ui = spawn(process.execPath, [path.join(repoRoot, 'bin/merchant-desk.js'), 'ui', '--no-open'], {
        env: { PATH: process.env.PATH, HOME: home, MERCHANT_DESK_DATA_DIR: path.join(home, 'data') },
      });
      stdout = lines(ui.stdout);
      stderr = lines(ui.stderr);
      exited = new Promise((resolve) => ui.once('exit', (code) => resolve(code)));
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
      if (ui.exitCode === null) ui.kill('SIGKILL');
    });

    it('opens the printed address, calls invoke, receives a pushed event, and stops on SIGTERM', async () => {
      const line = await stdout.next(/./);
      const match = /^Merchant Desk UI: (http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{43})$/.exec(line);
      expect(match, line).not.toBeNull();

      const context = await browser.newContext();
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(m.text());
      });
      await page.goto(match![1]!);
      // The app rendered what it asked for through window.merchantDesk.invoke('app:getInfo').
      await page.getByTestId('app-info').getByText(`Version 0.1.0 · ${process.platform}`).waitFor();
      expect(page.url()).not.toContain('token');

      const api = await page.evaluate(() => Object.keys((globalThis as unknown as PageGlobals).merchantDesk).sort());
      expect(api).toEqual(['invoke', 'on']);
      expect(
        await page.evaluate(() => (globalThis as unknown as PageGlobals).merchantDesk.invoke('app:getInfo')),
      ).toMatchObject({
        ok: true,
        data: {
          version: '0.1.0',
          platform: process.platform,
          dataDir: expect.any(String),
          logFile: expect.any(String),
        },
      });
      // The same answers as the preload's for names outside the contract.
      expect(
        await page.evaluate(() =>
          (globalThis as unknown as PageGlobals).merchantDesk.invoke('app:quit' as 'app:getInfo'),
        ),
      ).toEqual({ ok: false, error: { kind: 'invalid-request', message: unknownChannelMessage('app:quit') } });
      expect(
        await page.evaluate(() => {
          try {
            (globalThis as unknown as PageGlobals).merchantDesk.on('nope' as 'host:state', () => {});
            return 'no error';
          } catch (e) {
            return (e as Error).message;
          }
        }),
      ).toBe(unknownEventMessage('nope'));

      // A pushed event: the host tells its open pages that it stops (the real shutdown path, not a test hook).
      await stderr.next(/a page connected \(1 open\)/);
      await page.evaluate(() => {
        const g = globalThis as unknown as PageGlobals;
        g.stopped = new Promise((resolve) => {
          const off = g.merchantDesk.on('host:state', (payload) => {
            off();
            resolve(payload);
          });
        });
      });
      ui.kill('SIGTERM');
      expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).stopped)).toEqual({
        state: 'stopped',
        message: 'merchant-desk ui was stopped.',
        logFile: null,
      });
      expect(await exited).toBe(0);
      // Nothing the page did was blocked by the CSP or failed.
      expect(consoleErrors).toEqual([]);
      expect(stdout.seen).toEqual([line]);
      expect(stderr.seen).toContain('Merchant Desk UI stopped.');
      await context.close();
    });

    it('opened through the redirect page, delivers sync progress to every subscription until it unsubscribes', async () => {
      const started = await startBrowserHost({
        rendererDir: path.join(repoRoot, 'out/renderer'),
        gate: createIpcGate({
          implementations: noProfileImplementations(localManagementPorts()),
          report: () => {},
        }),
      });
      if (!started.ok) throw new Error(JSON.stringify(started.error));
      const host = started.value;
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        // As `ui` opens the browser: on the owner-only redirect page, so the token is in no command line.
        const redirect = await writeRedirectFile(host.url);
        await page.goto(redirect.fileUrl);
        await page.getByTestId('app-info').getByText('Version 0.1.0').waitFor();
        await redirect.remove();
        // An over-limit call gets the host's "too large" Result, not a reset read as "is merchant-desk ui running?".
        expect(
          await page.evaluate(() =>
            (globalThis as unknown as PageGlobals).merchantDesk.invoke('app:getInfo', {
              filler: 'x'.repeat(2 * 1024 * 1024),
            } as never),
          ),
        ).toEqual({ ok: false, error: { kind: 'invalid-request', message: 'The request is too large.' } });
        await page.evaluate(() => {
          const g = globalThis as unknown as PageGlobals;
          g.progress = [];
          const off = g.merchantDesk.on('sync:progress', (p) => {
            g.progress!.push(p);
            if (p.finished) off();
          });
          // Events arrive in order on one socket: the host:state sent last settles this after every progress event.
          g.settled = new Promise((resolve) => g.merchantDesk.on('host:state', resolve));
        });
        await vi.waitFor(() => expect(host.openPages()).toBe(1));
        const progress = {
          profileId: 'default',
          phase: 'windows',
          windowsDone: 1,
          windowsKnown: 2,
          pagesDone: 10,
          pagesPlanned: 20,
          ordersFetched: 1_000,
          ordersExpected: 2_000,
          requests: 11,
          elapsedMs: 500,
          etaMs: 500,
          finished: false,
          clockSkew: null,
        } as const;
        const last = { ...progress, windowsDone: 2, pagesDone: 20, ordersFetched: 2_000, etaMs: 0, finished: true };
        expect(host.publish('sync:progress', progress)).toBe(true);
        expect(host.publish('sync:progress', last)).toBe(true);
        expect(host.publish('sync:progress', { ...last, pagesDone: 21 })).toBe(true);
        expect(host.publish('host:state', { state: 'running', message: null, logFile: null })).toBe(true);
        await page.evaluate(() => (globalThis as unknown as PageGlobals).settled);
        expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).progress)).toEqual([progress, last]);
      } finally {
        await context.close();
        await host.close();
      }
    });
  },
);
