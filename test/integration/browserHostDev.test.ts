/**
 * `merchant-desk ui --dev` (`npm run dev` without Electron): the browser host serves the renderer from source
 * through Vite's dev server, with hot reload, behind the same checks as the built pages. The renderer is a temp
 * copy of src/renderer (so the edit below touches no checked-in file), served with electron.vite.config.ts's
 * renderer config (React plugin, dev CSP) and opened in Chromium with the real bridge and gate.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startDevRenderer } from '../../src/browserHost/devRenderer';
import { noProfileImplementations } from '../helpers/composedApp';
import { startBrowserHost, type BrowserHost } from '../../src/browserHost/server';
import { createIpcGate } from '../../src/shared/ipc/gate';
import type { IpcBridge } from '../../src/shared/ipc/contract';
import { localManagementPorts } from '../helpers/appPorts';
import { repoRoot } from '../helpers/bundleChild';
import { chromiumAvailable, launchChromium } from '../helpers/chromium';
import { describeWith } from '../helpers/requires';

type PageGlobals = { merchantDesk?: IpcBridge; hmrMarker?: string };

interface Reply {
  status: number;
  cookie: string;
  body: string;
}

function http(port: number, urlPath: string, headers: Record<string, string>, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const method = body === undefined ? 'GET' : 'POST';
    const req = request({ host: '127.0.0.1', port, method, path: urlPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          cookie: (res.headers['set-cookie']?.[0] ?? '').split(';')[0]!,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Opens Vite's HMR socket as its client does; resolves with the open socket or the refusal's HTTP status. */
function connectHmr(
  port: number,
  query: string,
  headers: Record<string, string>,
  protocol = 'vite-hmr',
): Promise<WebSocket | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/_md/hmr${query}`, protocol, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

describe('merchant-desk ui --dev: the renderer from source through Vite', () => {
  let work: string;
  let rendererRoot: string;
  let host: BrowserHost;
  let origin: string;
  let cookie: string;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'md-dev-host-'));
    rendererRoot = path.join(work, 'renderer');
    cpSync(path.join(repoRoot, 'src/renderer'), rendererRoot, { recursive: true });
    // The copy's imports (react, the shared IPC types) resolve as from src/renderer.
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(work, 'node_modules'), 'dir');
    cpSync(path.join(repoRoot, 'src/shared'), path.join(work, 'shared'), { recursive: true });
    const dev = await startDevRenderer({ projectRoot: repoRoot, rendererRoot, cacheDir: path.join(work, 'vite') });
    if (!dev.ok) throw new Error(dev.error);
    const started = await startBrowserHost({
      dev: dev.value,
      gate: createIpcGate({
        implementations: noProfileImplementations(localManagementPorts()),
        report: () => {},
      }),
    });
    if (!started.ok) throw new Error(JSON.stringify(started.error));
    host = started.value;
    origin = `http://127.0.0.1:${host.port}`;
    const token = new URL(host.url).hash.replace('#token=', '');
    const session = await http(
      host.port,
      '/_md/session',
      { origin, 'content-type': 'application/json' },
      JSON.stringify({ token }),
    );
    expect(session.status).toBe(204);
    cookie = session.cookie;
  }, 60_000);

  afterAll(async () => {
    await host?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("refuses Vite's paths without the session cookie or from another Host, and serves them with it", async () => {
    for (const urlPath of ['/main.tsx', '/App.tsx', '/@vite/client', '/@react-refresh', '/@fs/etc/passwd']) {
      expect((await http(host.port, urlPath, {})).status, urlPath).toBe(401);
      const rebound = await http(host.port, urlPath, { cookie, host: `attacker.example:${host.port}` });
      expect(rebound.status, urlPath).toBe(403);
    }
    const app = await http(host.port, '/App.tsx', { cookie });
    expect(app.status).toBe(200);
    expect(app.body).toContain('$RefreshReg$');
    // Outside the renderer's allowed folders, Vite refuses even with the cookie.
    expect((await http(host.port, '/@fs/etc/passwd', { cookie })).status).not.toBe(200);
  });

  it('serves the dev page with the bridge and a CSP that allows inline scripts and only its own HMR socket', async () => {
    const page = await http(host.port, '/', { cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<script src="/_md/bridge.js"></script>');
    expect(page.body).toContain('/@vite/client');
    expect(page.body).toContain(`connect-src 'self' ws://127.0.0.1:${host.port}"`);
    expect(page.body).not.toMatch(/ws:\/\/localhost:\*|ws:\/\/127\.0\.0\.1:\*/);
    // Without the session, the exchange page only (no Vite client, no app).
    const login = await http(host.port, '/', {});
    expect(login.body).not.toContain('/@vite/client');
  });

  it("checks the HMR WebSocket like the host's own: session cookie, Origin and Host", async () => {
    const client = await http(host.port, '/@vite/client', { cookie });
    const wsToken = /const wsToken = "([^"]+)"/.exec(client.body)?.[1];
    expect(wsToken).toBeDefined();
    const query = `?token=${wsToken}`;
    expect(await connectHmr(host.port, query, { origin })).toBe(401);
    expect(await connectHmr(host.port, query, { origin: 'http://attacker.example', cookie })).toBe(403);
    expect(await connectHmr(host.port, query, { origin, cookie, host: `attacker.example:${host.port}` })).toBe(403);
    // Not Vite's client (which Vite would leave hanging): refused.
    expect(await connectHmr(host.port, query, { origin, cookie }, 'other')).toBe(400);
    const open = await connectHmr(host.port, query, { origin, cookie });
    expect(open).toBeInstanceOf(WebSocket);
    (open as WebSocket).close();
  });

  describeWith(chromiumAvailable, 'needs Chromium (CHROMIUM_PATH or /usr/bin/chromium)')('in Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('an edit to a component shows in the open page without a reload (hot module replacement)', async () => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const consoleErrors: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error') consoleErrors.push(m.text());
        });
        await page.goto(host.freshUrl()); // the start-up token is single-use: an earlier test exchanged it
        // The real app, its calls answered through the bridge: window.merchantDesk as with the preload.
        await page.getByTestId('app-info').getByText('Version 0.1.0').waitFor();
        await page.locator('.app-brand').getByText('Merchant Desk', { exact: true }).waitFor();
        // A full reload would lose this.
        await page.evaluate(() => ((globalThis as unknown as PageGlobals).hmrMarker = 'same page'));

        // The brand's words live in the English catalog (react-intl): an edit there is an edit the page must show.
        const appFile = path.join(rendererRoot, 'i18n', 'messages', 'en', 'frame.ts');
        const source = readFileSync(appFile, 'utf8');
        const brand = "'frame.brand': 'Merchant Desk',";
        expect(source).toContain(brand);
        writeFileSync(appFile, source.replace(brand, "'frame.brand': 'Merchant Desk (edited)',"));

        await page.locator('.app-brand').getByText('Merchant Desk (edited)', { exact: true }).waitFor();
        expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).hmrMarker)).toBe('same page');
        expect(await page.evaluate(() => typeof (globalThis as unknown as PageGlobals).merchantDesk)).toBe('object');
        // Nothing was blocked by the CSP (Vite's inline preamble, its HMR socket) or failed.
        expect(consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 60_000);
  });
});
