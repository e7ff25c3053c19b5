import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { startBrowserHost, type BrowserHost, type InvokeTraceRecord } from '../../src/browserHost/server';
import type { IpcImplementations } from '../../src/shared/ipc/contract';
import { createIpcGate } from '../../src/shared/ipc/gate';
import { okResult } from '../../src/shared/ipc/result';
import { withUnavailable } from '../helpers/stubImplementations';

// The browser host holds the same secrets as Electron main on a port every local process and web page can reach.
// Each refusal below is paired with the same request made acceptable in exactly the one respect the check reads,
// so a check that is removed makes its test fail.

const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'none'; object-src 'none'; base-uri 'none'";

function rendererDir(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'md-browser-host-'));
  const dir = path.join(root, 'renderer');
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${CSP}" /><script type="module" src="./assets/app.js"></script></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("app");');
  writeFileSync(path.join(root, 'secret.txt'), 'not for the page');
  return dir;
}

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP client that sends exactly these headers (Host included), as any local process could. */
function http(
  port: number,
  method: 'GET' | 'POST' | 'PUT',
  urlPath: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path: urlPath, headers: { host: `127.0.0.1:${port}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Opens the events WebSocket with these headers; resolves with the open socket or the refusal's HTTP status. */
function connect(port: number, headers: Record<string, string>): Promise<WebSocket | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/_md/events`, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

const getInfo = vi.fn<IpcImplementations['app:getInfo']>(() =>
  okResult({ version: '9.9.9', platform: 'test', dataDir: '/d', logFile: '/d/log' }),
);
let host: BrowserHost;
let port: number;
let token: string;
let cookie: string;
let origin: string;
let dir: string;

const json = { 'content-type': 'application/json' };
const invokeBody = JSON.stringify({ channel: 'app:getInfo', args: [] });

beforeAll(async () => {
  dir = rendererDir();
  const started = await startBrowserHost({
    rendererDir: dir,
    gate: createIpcGate({ implementations: withUnavailable({ 'app:getInfo': getInfo }), report: () => {} }),
  });
  if (!started.ok) throw new Error(JSON.stringify(started.error));
  host = started.value;
  port = host.port;
  token = new URL(host.url).hash.replace('#token=', '');
  origin = `http://127.0.0.1:${port}`;
  const exchanged = await http(port, 'POST', '/_md/session', { ...json, origin }, JSON.stringify({ token }));
  expect(exchanged.status).toBe(204);
  const setCookie = exchanged.headers['set-cookie']?.[0] ?? '';
  expect(setCookie).toMatch(/; HttpOnly; SameSite=Strict; Path=\//);
  cookie = setCookie.split(';')[0]!;
});
afterAll(() => host.close());
beforeEach(() => getInfo.mockClear());

describe('merchant-desk ui: the browser host', () => {
  it('prints an address with a fresh 256-bit token and serves on loopback only', async () => {
    expect(host.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/#token=[A-Za-z0-9_-]{43}$`));
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const other = await startBrowserHost({
      rendererDir: dir,
      gate: createIpcGate({ implementations: withUnavailable({ 'app:getInfo': getInfo }), report: () => {} }),
    });
    if (!other.ok) throw new Error('second host did not start');
    expect(new URL(other.value.url).hash).not.toBe(new URL(host.url).hash);
    await other.value.close();

    const external = Object.values(networkInterfaces())
      .flat()
      .find((a) => a !== undefined && !a.internal && a.family === 'IPv4');
    if (external) {
      const reached = await new Promise<boolean>((resolve) => {
        const req = request({ host: external.address, port, path: '/' }, () => resolve(true));
        req.on('error', () => resolve(false));
        req.end();
      });
      expect(reached, `reachable on ${external.address}`).toBe(false);
    }
  });

  it('answers a call that passes every check through the shared gate', async () => {
    const answer = await http(port, 'POST', '/_md/invoke', { ...json, origin, cookie }, invokeBody);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({
      ok: true,
      data: { version: '9.9.9', platform: 'test', dataDir: '/d', logFile: '/d/log' },
    });
    const invalid = await http(
      port,
      'POST',
      '/_md/invoke',
      { ...json, origin, cookie },
      JSON.stringify({ channel: 'app:getInfo', args: [{ a: 1 }] }),
    );
    expect(JSON.parse(invalid.body)).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    expect(getInfo).toHaveBeenCalledOnce();
  });

  it("with a trace, each invoke's record holds its channel, times and length — never its request or answer", async () => {
    const records: InvokeTraceRecord[] = [];
    const traced = await startBrowserHost({
      rendererDir: dir,
      gate: createIpcGate({ implementations: withUnavailable({ 'app:getInfo': getInfo }), report: () => {} }),
      trace: (r) => records.push(r),
    });
    if (!traced.ok) throw new Error('the traced host did not start');
    const p = traced.value.port;
    const o = `http://127.0.0.1:${p}`;
    const t = new URL(traced.value.url).hash.replace('#token=', '');
    const exchanged = await http(p, 'POST', '/_md/session', { ...json, origin: o }, JSON.stringify({ token: t }));
    const c = (exchanged.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
    const answer = await http(p, 'POST', '/_md/invoke', { ...json, origin: o, cookie: c }, invokeBody);
    await traced.value.close();
    expect(answer.status).toBe(200);
    expect(records).toHaveLength(1);
    const [r] = records;
    expect(Object.keys(r!).sort()).toEqual(
      ['answered', 'bodyRead', 'bytes', 'channel', 'received', 'serialized', 'side', 'validated', 'written'].sort(),
    );
    expect(r).toMatchObject({ side: 'ui', channel: 'app:getInfo', bytes: Buffer.byteLength(answer.body) });
    // In the order the parts happen, on the epoch clock.
    const times = [r!.received, r!.bodyRead, r!.answered, r!.validated, r!.serialized, r!.written];
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Math.abs(r!.written - Date.now())).toBeLessThan(5_000);
    expect(JSON.stringify(records)).not.toMatch(/9\.9\.9|\/d\/log/);
  });

  describe('no token', () => {
    it('a call without the session cookie is refused and runs nothing', async () => {
      const answer = await http(port, 'POST', '/_md/invoke', { ...json, origin }, invokeBody);
      expect(answer.status).toBe(401);
      expect(getInfo).not.toHaveBeenCalled();
    });

    it.each(['/assets/app.js', '/_md/bridge.js'])('GET %s needs the session cookie', async (file) => {
      expect((await http(port, 'GET', file, {})).status).toBe(401);
      expect((await http(port, 'GET', file, { cookie })).status).toBe(200);
    });

    it('/ without the cookie is only the token exchange page, never the app', async () => {
      const login = await http(port, 'GET', '/', {});
      expect(login.body).toContain('/_md/login.js');
      expect(login.body).not.toContain('id="root"');
      expect((await http(port, 'GET', '/', { cookie })).body).toContain('id="root"');
    });
  });

  describe('wrong token', () => {
    it('exchanging a wrong token gives no cookie', async () => {
      const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      const answer = await http(port, 'POST', '/_md/session', { ...json, origin }, JSON.stringify({ token: wrong }));
      expect(answer.status).toBe(403);
      expect(answer.headers['set-cookie']).toBeUndefined();
      const empty = await http(port, 'POST', '/_md/session', { ...json, origin }, JSON.stringify({ token: '' }));
      expect(empty.status).toBe(403);
    });

    it('a wrong session cookie (or the token itself as the cookie) is refused', async () => {
      const name = cookie.split('=')[0]!;
      for (const value of ['forged', token]) {
        const answer = await http(
          port,
          'POST',
          '/_md/invoke',
          { ...json, origin, cookie: `${name}=${value}` },
          invokeBody,
        );
        expect(answer.status).toBe(401);
      }
      expect(getInfo).not.toHaveBeenCalled();
    });
  });

  describe('wrong Host (DNS rebinding)', () => {
    it.each(['evil.example:PORT', 'evil.example', '127.0.0.1:1', '127.0.0.1', 'localhost'])(
      'Host "%s" is refused',
      async (name) => {
        const badHost = name.replace('PORT', String(port));
        const viaHost = { ...json, host: badHost, origin: `http://${badHost}`, cookie };
        expect((await http(port, 'POST', '/_md/invoke', viaHost, invokeBody)).status).toBe(403);
        expect((await http(port, 'GET', '/', { host: badHost, cookie })).status).toBe(403);
        expect(getInfo).not.toHaveBeenCalled();
      },
    );

    it('localhost:<port> is this host too', async () => {
      const local = { ...json, host: `localhost:${port}`, origin: `http://localhost:${port}`, cookie };
      expect((await http(port, 'POST', '/_md/invoke', local, invokeBody)).status).toBe(200);
    });
  });

  describe('cross-origin request', () => {
    it.each([
      ['another site', { origin: 'http://evil.example' }],
      ['this host under its other name', { origin: `http://localhost:${port}` }],
      ['no Origin at all', {}],
      ['the opaque origin of a sandboxed frame or file', { origin: 'null' }],
    ])('a POST from %s is refused and runs nothing', async (_what, originHeader: Record<string, string>) => {
      const answer = await http(port, 'POST', '/_md/invoke', { ...json, cookie, ...originHeader }, invokeBody);
      expect(answer.status).toBe(403);
      const exchange = await http(
        port,
        'POST',
        '/_md/session',
        { ...json, ...originHeader },
        JSON.stringify({ token }),
      );
      expect(exchange.status).toBe(403);
      expect(exchange.headers['set-cookie']).toBeUndefined();
      expect(getInfo).not.toHaveBeenCalled();
    });

    it('a POST that is not JSON (what a cross-site form can send) is refused', async () => {
      const form = { 'content-type': 'text/plain', origin, cookie };
      expect((await http(port, 'POST', '/_md/invoke', form, invokeBody)).status).toBe(415);
      expect(getInfo).not.toHaveBeenCalled();
    });

    it('other methods are refused', async () => {
      expect((await http(port, 'PUT', '/_md/invoke', { ...json, origin, cookie }, invokeBody)).status).toBe(405);
    });
  });

  describe('cross-site WebSocket', () => {
    it.each([
      ['another site', { origin: 'http://evil.example' }, 403],
      ['no Origin', {}, 403],
      [
        'a rebinding Host (evil.example resolving to 127.0.0.1)',
        { host: 'evil.example:PORT', origin: 'http://evil.example:PORT' },
        403,
      ],
    ])('an upgrade from %s is refused', async (_what, headers: Record<string, string>, status) => {
      const withPort = Object.fromEntries(
        Object.entries(headers).map(([k, v]) => [k, v.replace('PORT', String(port))]),
      );
      expect(await connect(port, { cookie, ...withPort })).toBe(status);
    });

    it('an upgrade without the session cookie is refused', async () => {
      expect(await connect(port, { origin })).toBe(401);
    });

    it('the app page connects and receives pushed events; payloads outside the contract are not sent', async () => {
      const ws = await connect(port, { origin, cookie });
      if (typeof ws === 'number') throw new Error(`refused with ${ws}`);
      const received = new Promise<unknown>((resolve) => ws.once('message', (m) => resolve(JSON.parse(String(m)))));
      await vi.waitFor(() => expect(host.openPages()).toBe(1));
      const bad = { state: 'exploded' } as never;
      expect(host.publish('host:state', bad)).toBe(false);
      const good = { state: 'running', message: null, logFile: null } as const;
      expect(host.publish('host:state', good)).toBe(true);
      await expect(received).resolves.toEqual({ event: 'host:state', payload: good });
      ws.close();
    });
  });

  it('HTML carries the app CSP as a header, adapted only to let the page reach this host', async () => {
    const page = await http(port, 'GET', '/', { cookie });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toBe(
      `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; connect-src 'self' ws://127.0.0.1:${port}; frame-ancestors 'none'`,
    );
    expect(page.body).toContain(`content="${policy.replace("; frame-ancestors 'none'", '')}"`);
    expect(page.body).toContain('<script src="/_md/bridge.js"></script>');
    expect((await http(port, 'GET', '/', {})).headers['content-security-policy']).toMatch(/^default-src 'none'/);
  });

  it('serves only the built renderer folder', async () => {
    for (const escape of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/%2e%2e/%2e%2e/secret.txt']) {
      const answer = await http(port, 'GET', escape, { cookie });
      expect(answer.status).toBe(404);
      expect(answer.body).not.toContain('not for the page');
    }
  });
});
