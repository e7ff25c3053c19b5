import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appHtml, appPolicyOf, browserHostPolicy, cspHeader } from './appPage';
import { browserOpener, writeRedirectFile } from './openBrowser';

const built = `<html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'; connect-src 'none'; base-uri 'none'" /><script type="module" src="./assets/app.js"></script></head><body></body></html>`;

describe('the app page under the browser host', () => {
  it("keeps the app's policy and only lets the page reach this host", () => {
    const policy = browserHostPolicy(appPolicyOf(built), '127.0.0.1:4000');
    expect(policy).toBe(
      "default-src 'none'; script-src 'self'; base-uri 'none'; connect-src 'self' ws://127.0.0.1:4000",
    );
    expect(cspHeader(policy)).toBe(`${policy}; frame-ancestors 'none'`);
  });

  it('loads the bridge before the app and carries the adapted policy in its meta tag', () => {
    const html = appHtml(built, 'POLICY');
    expect(html).toContain('content="POLICY"');
    expect(html).not.toContain("connect-src 'none'");
    expect(html.indexOf('/_md/bridge.js')).toBeLessThan(html.indexOf('</head>'));
  });

  it('refuses a page without its CSP', () => {
    expect(() => appPolicyOf('<html><head></head></html>')).toThrow(/no Content-Security-Policy/);
  });

  it('opens the browser without a shell on each desktop', () => {
    const url = 'http://127.0.0.1:1/#token=abc';
    expect(browserOpener('linux', url)).toEqual({ command: 'xdg-open', args: [url] });
    expect(browserOpener('darwin', url)).toEqual({ command: 'open', args: [url] });
    expect(browserOpener('win32', url)).toEqual({ command: 'rundll32', args: ['url.dll,FileProtocolHandler', url] });
  });
});

describe('the page the browser is opened on', () => {
  it('is owner-only, sends the browser on to the address, and is removed afterwards', async () => {
    const url = 'http://127.0.0.1:4000/#token=abc_-123';
    const redirect = await writeRedirectFile(url);
    const file = fileURLToPath(redirect.fileUrl);
    expect(readFileSync(file, 'utf8')).toContain(`<meta http-equiv="refresh" content="0;url=${url}">`);
    if (process.platform !== 'win32') {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    }
    await redirect.remove();
    expect(existsSync(file)).toBe(false);
  });
});
