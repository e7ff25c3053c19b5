import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { WebSocketServer } from 'ws';
import { ipcEventNames } from '../shared/ipc/channels';
import type { IpcEventPublisher } from '../shared/ipc/events';
import type { GateMarks, IpcGate } from '../shared/ipc/gate';
import { errorResult } from '../shared/ipc/result';
import type { Result } from '../core/result';
import { appHtml, appPolicyOf, browserHostPolicy, cspHeader, LOGIN_POLICY, loginHtml, ROUTES } from './appPage';
import { createEventPages } from './eventPages';
import type { ExportDownloads } from './exportDownloads';
import { pageBridge, pageLogin, pageScript } from './pageScripts';
import {
  allowedHost,
  newSecret,
  readCookie,
  sameOrigin,
  secretMatches,
  sessionCookie,
  sessionCookieName,
} from './requestChecks';
import { readRendererFile } from './staticFiles';
import type { DevPages } from './devRenderer';

interface BrowserHostCommonOptions {
  /** The same gate Electron main uses, over this host's implementations. */
  gate: IpcGate;
  /** Port on 127.0.0.1; 0 or absent: a free one. */
  port?: number;
  /** Exports `orders:export` offered, served once each at their address. */
  downloads?: ExportDownloads;
  /** Told when a page connects or leaves (for the terminal). */
  log?: (line: string) => void;
  /** How long a start-up token may be exchanged; default 60 s (tests shorten it). */
  tokenLifetimeMs?: number;
  /** Told every invoke's times (diagnostics: `MERCHANT_DESK_UI_TRACE`, commands/ui.ts); never its data. */
  trace?: (record: InvokeTraceRecord) => void;
}

/**
 * One invoke as the browser host served it (epoch ms, the page's `performance.timeOrigin + now()` scale): the
 * request taken, its body read, the implementation's answer (for a platform channel: the core host's, relayed),
 * the answer validated, serialised, and handed to the socket; `bytes` is the response body's length.
 */
export interface InvokeTraceRecord {
  side: 'ui';
  channel: string;
  received: number;
  bodyRead: number;
  answered: number;
  validated: number;
  serialized: number;
  written: number;
  bytes: number;
}

const epochNow = () => performance.timeOrigin + performance.now();

export type BrowserHostOptions = BrowserHostCommonOptions &
  (
    | {
        /** The built renderer (out/renderer of `npm run build`). */
        rendererDir: string;
      }
    | {
        /** The renderer from source through Vite's dev server, with hot reload (`merchant-desk ui --dev`); closed with the host. */
        dev: DevPages;
      }
  );

export interface BrowserHost extends IpcEventPublisher {
  readonly port: number;
  /**
   * The address to open: carries this start's token in the fragment (never sent to the server by a browser). The
   * token works once, within `tokenLifetimeMs`: a copy left in the browser's history or session files is spent.
   */
  readonly url: string;
  readonly tokenLifetimeMs: number;
  /** A new address with a new token (`ui`'s "press Enter"): the token of any earlier address stops working. */
  freshUrl(): string;
  /** Pages connected for push events. */
  openPages(): number;
  /** Closes every page's event connection (code 1001) and stops serving. */
  close(): Promise<void>;
}

export type BrowserHostStartError =
  | { kind: 'renderer-missing'; file: string }
  | { kind: 'port-in-use'; port: number }
  | { kind: 'listen-failed'; message: string };

const MAX_SESSION_BODY = 1024;
const MAX_INVOKE_BODY = 1024 * 1024;
/**
 * A body over its limit is read on (and dropped) up to this much, so the client gets the "too large" answer rather
 * than a reset while it is still sending; a client that sends even more has its connection cut.
 */
const MAX_DRAINED_BODY = 32 * 1024 * 1024;
export const DEFAULT_TOKEN_LIFETIME_MS = 60_000;

const COMMON_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
} as const;

class BodyTooLarge extends Error {}

/**
 * The request body as text, at most `limit` bytes. A longer body is read to its end without being kept (up to
 * MAX_DRAINED_BODY) and then rejected with BodyTooLarge, so the caller can still answer: destroying the request at
 * once would reset the connection under a client that is still sending, which then sees no answer at all.
 */
function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > MAX_DRAINED_BODY) req.destroy();
      else chunks.length = 0;
    });
    req.once('end', () =>
      size > limit ? reject(new BodyTooLarge()) : resolve(Buffer.concat(chunks).toString('utf8')),
    );
    req.once('error', reject);
  });
}

const TOO_LARGE = 'The request is too large.';

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers = {}): void {
  res.writeHead(status, { ...COMMON_HEADERS, 'content-type': type, ...headers });
  res.end(body);
}

function refuse(res: ServerResponse, status: number, why: string): void {
  send(res, status, 'text/plain; charset=utf-8', `${why}\n`);
}

function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * Serves the built renderer and the IPC contract on 127.0.0.1 for `merchant-desk ui`: requests over HTTP POST
 * through the shared gate, push events over a WebSocket. See requestChecks.ts for who may ask.
 */
export async function startBrowserHost(
  options: BrowserHostOptions,
): Promise<Result<BrowserHost, BrowserHostStartError>> {
  const dev = 'dev' in options ? options.dev : undefined;
  const rendererDir = 'rendererDir' in options ? options.rendererDir : undefined;
  let builtHtml = '';
  let builtPolicy = '';
  if (rendererDir !== undefined) {
    const indexFile = path.join(rendererDir, 'index.html');
    try {
      builtHtml = await readFile(indexFile, 'utf8');
      builtPolicy = appPolicyOf(builtHtml);
    } catch {
      return { ok: false, error: { kind: 'renderer-missing', file: indexFile } };
    }
  }
  /** The app page and its own CSP: as built, or as Vite serves it in dev (read per request: it may change). */
  async function appPage(pathname: string): Promise<{ html: string; policy: string }> {
    if (dev === undefined) return { html: builtHtml, policy: builtPolicy };
    const html = await dev.html(pathname);
    return { html, policy: appPolicyOf(html) };
  }
  const log = options.log ?? (() => {});
  const tokenLifetimeMs = options.tokenLifetimeMs ?? DEFAULT_TOKEN_LIFETIME_MS;
  /** The one start-up token that may still be exchanged, until it is used, replaced or expired. */
  let live: { token: string; expiresAt: number } | undefined;
  const mintToken = (): string => {
    live = { token: newSecret(), expiresAt: Date.now() + tokenLifetimeMs };
    return live.token;
  };
  const sessionSecret = newSecret();
  const loginSource = pageScript(pageLogin, ROUTES.session);
  const bridgeSource = pageScript(pageBridge, {
    invokePath: ROUTES.invoke,
    eventsPath: ROUTES.events,
    events: ipcEventNames,
  });
  let port = 0;
  const cookieName = () => sessionCookieName(port);
  const hasSession = (req: IncomingMessage) => secretMatches(readCookie(req, cookieName()), sessionSecret);

  async function exchange(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let presented: unknown;
    try {
      presented = (JSON.parse(await readBody(req, MAX_SESSION_BODY)) as { token?: unknown }).token;
    } catch (e) {
      if (e instanceof BodyTooLarge) return refuse(res, 413, TOO_LARGE);
      return refuse(res, 400, 'Expected {"token": "..."}.');
    }
    const current = live !== undefined && Date.now() <= live.expiresAt ? live.token : undefined;
    if (typeof presented !== 'string' || current === undefined || !secretMatches(presented, current)) {
      return refuse(
        res,
        403,
        'This access token was used already or has expired: press Enter where merchant-desk ui runs for a new address.',
      );
    }
    // Single use: a copy of the address in the browser's history, session or tab files is worth nothing now.
    live = undefined;
    res.writeHead(204, { ...COMMON_HEADERS, 'set-cookie': sessionCookie(cookieName(), sessionSecret) });
    res.end();
  }

  async function invoke(req: IncomingMessage, res: ServerResponse, received: number): Promise<void> {
    let call: { channel?: unknown; args?: unknown };
    let bodyRead = 0;
    try {
      const body = await readBody(req, MAX_INVOKE_BODY);
      if (options.trace) bodyRead = epochNow();
      call = JSON.parse(body) as typeof call;
    } catch (e) {
      if (e instanceof BodyTooLarge) {
        return send(res, 413, 'application/json', JSON.stringify(errorResult('invalid-request', TOO_LARGE)));
      }
      return send(
        res,
        400,
        'application/json',
        JSON.stringify(errorResult('invalid-request', 'The request is not JSON.')),
      );
    }
    if (typeof call !== 'object' || call === null || !Array.isArray(call.args)) {
      const why = 'Expected {"channel": "...", "args": [...]}.';
      return send(res, 400, 'application/json', JSON.stringify(errorResult('invalid-request', why)));
    }
    const marks: GateMarks | undefined = options.trace ? {} : undefined;
    const answer = await options.gate(call.channel, call.args, marks);
    const text = JSON.stringify(answer);
    const serialized = options.trace ? epochNow() : 0;
    send(res, 200, 'application/json', text);
    if (options.trace && marks) {
      options.trace({
        side: 'ui',
        channel: String(call.channel),
        received,
        bodyRead,
        answered: marks.answered ?? NaN,
        validated: marks.validated ?? NaN,
        serialized,
        written: epochNow(),
        bytes: Buffer.byteLength(text),
      });
    }
  }

  /** Streams an offered export as an attachment; an export that fails midway aborts the response (never a short file). */
  async function download(res: ServerResponse, id: string): Promise<void> {
    const offered = /^[A-Za-z0-9_-]+$/.test(id) ? options.downloads?.take(id) : undefined;
    if (!offered) return refuse(res, 410, 'This export was fetched already or has expired: export again.');
    res.writeHead(200, {
      ...COMMON_HEADERS,
      'content-type': offered.contentType,
      'content-disposition': `attachment; filename="${offered.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    });
    const written = await offered.write(res);
    if (!written.ok) {
      log(`An export download failed: ${written.error.message}`);
      res.destroy();
      return;
    }
    res.end();
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const received = options.trace ? epochNow() : 0;
    const host = allowedHost(req, port);
    if (host === undefined) return refuse(res, 403, 'Unknown Host: use the address merchant-desk ui printed.');
    const { pathname } = new URL(req.url ?? '/', `http://${host}`);
    if (req.method === 'POST') {
      if (!sameOrigin(req, host)) return refuse(res, 403, 'Cross-origin request refused.');
      if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
        return refuse(res, 415, 'Expected application/json.');
      }
      if (pathname === ROUTES.session) return exchange(req, res);
    } else if (req.method !== 'GET') {
      return refuse(res, 405, 'Method not allowed.');
    }
    const session = hasSession(req);
    if (req.method === 'GET' && (pathname === '/' || pathname === '/index.html')) {
      if (!session)
        return send(res, 200, 'text/html; charset=utf-8', loginHtml(), {
          'content-security-policy': cspHeader(LOGIN_POLICY),
        });
      const page = await appPage(pathname);
      const policy = browserHostPolicy(page.policy, host);
      return send(res, 200, 'text/html; charset=utf-8', appHtml(page.html, policy), {
        'content-security-policy': cspHeader(policy),
      });
    }
    if (req.method === 'GET' && pathname === ROUTES.login)
      return send(res, 200, 'text/javascript; charset=utf-8', loginSource);
    if (!session) return refuse(res, 401, 'No valid session: open the address merchant-desk ui printed.');
    if (req.method === 'POST') {
      return pathname === ROUTES.invoke ? invoke(req, res, received) : refuse(res, 404, 'Not found.');
    }
    if (pathname.startsWith(ROUTES.exportDownload)) return download(res, pathname.slice(ROUTES.exportDownload.length));
    if (pathname === ROUTES.bridge) return send(res, 200, 'text/javascript; charset=utf-8', bridgeSource);
    const notFound = () =>
      // Browsers ask for a tab icon by themselves; the app has none (a 404 would show as a page error).
      pathname === '/favicon.ico' ? send(res, 204, 'image/x-icon', '') : refuse(res, 404, 'Not found.');
    if (dev !== undefined) {
      for (const [name, value] of Object.entries(COMMON_HEADERS)) res.setHeader(name, value);
      return dev.handle(req, res, (error) =>
        error === undefined || error === null ? notFound() : refuse(res, 500, 'Internal error.'),
      );
    }
    const file = rendererDir !== undefined ? await readRendererFile(rendererDir, pathname) : undefined;
    if (file) return send(res, 200, file.type, file.body);
    return notFound();
  }

  const pages = createEventPages(log);
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) refuse(res, 500, 'Internal error.');
      else res.destroy();
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node hands the socket over without its error listener: a client reset here must not become an uncaught error
    // (which ends `merchant-desk ui`). ws adds its own listeners once it takes the socket.
    socket.on('error', () => socket.destroy());
    const host = allowedHost(req, port);
    if (host === undefined) return refuseUpgrade(socket, 403, 'Forbidden');
    if (!sameOrigin(req, host)) return refuseUpgrade(socket, 403, 'Forbidden');
    const { pathname } = new URL(req.url ?? '/', `http://${host}`);
    const hmr = dev !== undefined && pathname === dev.hmrPath;
    if (pathname !== ROUTES.events && !hmr) return refuseUpgrade(socket, 404, 'Not Found');
    if (!hasSession(req)) return refuseUpgrade(socket, 401, 'Unauthorized');
    if (hmr) return dev.upgrade(req, socket, head);
    sockets.handleUpgrade(req, socket, head, (page) => pages.add(page));
  });

  const listening = await new Promise<Result<number, BrowserHostStartError>>((resolve) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      resolve({
        ok: false,
        error:
          e.code === 'EADDRINUSE'
            ? { kind: 'port-in-use', port: options.port ?? 0 }
            : { kind: 'listen-failed', message: e.message },
      }),
    );
    // Loopback only: nothing off this machine can connect.
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ ok: true, value: typeof address === 'object' && address !== null ? address.port : 0 });
    });
  });
  if (!listening.ok) return listening;
  port = listening.value;
  const addressOf = (token: string) => `http://127.0.0.1:${port}/#token=${token}`;

  return {
    ok: true,
    value: {
      port,
      url: addressOf(mintToken()),
      tokenLifetimeMs,
      freshUrl: () => addressOf(mintToken()),
      openPages: () => pages.count(),
      publish: (event, payload) => pages.publish(event, payload),
      async close() {
        await pages.closeAll();
        sockets.close();
        await dev?.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      },
    },
  };
}
