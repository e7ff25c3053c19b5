import { EventEmitter } from 'node:events';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import type { UserConfig, ViteDevServer } from 'vite';
import type { Result } from '../core/result';

/**
 * The renderer served from source by Vite's dev server, for `merchant-desk ui --dev` (`npm run dev` without
 * Electron): modules transformed on request, and hot module replacement over a WebSocket.
 *
 * Vite runs in middleware mode inside the browser host's own HTTP server, so every request reaches it only after
 * the host's checks (Host, Origin, session cookie). Its HMR WebSocket is attached to a private event emitter
 * instead of an HTTP server: the host emits an upgrade there only once the same checks have passed, so Vite never
 * sees an unchecked connection.
 */
export interface DevPages {
  /** The URL path of the HMR WebSocket (the host checks it like its own event socket). */
  readonly hmrPath: string;
  /** index.html as Vite serves it in dev: its HMR client, React Refresh's inline preamble, the dev CSP. */
  html(url: string): Promise<string>;
  /**
   * Hands a checked GET to Vite (modules, CSS, the HMR client); `next` when Vite has nothing for it, with the
   * error when it failed (Vite has logged it).
   */
  handle(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void;
  /** Hands a checked WebSocket upgrade on hmrPath to Vite's HMR. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

export interface DevRendererOptions {
  /** The checkout: electron.vite.config.ts there gives the renderer's Vite config (plugins, dev CSP). */
  projectRoot: string;
  /** The renderer's source folder; default: the config's renderer root (src/renderer). */
  rendererRoot?: string;
  /** Where Vite keeps pre-bundled dependencies; default: Vite's (node_modules/.vite). */
  cacheDir?: string;
}

const HMR_PATH = '/_md/hmr';
/** The WebSocket subprotocols of Vite's HMR client: the connection and its reconnect probe. */
const HMR_PROTOCOLS = new Set(['vite-hmr', 'vite-ping']);

/** The `renderer` part of electron.vite.config.ts, loaded as electron-vite loads it (bundled by Vite). */
async function rendererConfig(vite: typeof import('vite'), projectRoot: string): Promise<UserConfig> {
  const file = path.join(projectRoot, 'electron.vite.config.ts');
  const env = { command: 'serve' as const, mode: 'development' };
  const loaded = await vite.loadConfigFromFile(env, file, projectRoot, 'silent');
  if (loaded === null) throw new Error(`${file} could not be loaded`);
  const config = loaded.config as unknown;
  const resolved = (typeof config === 'function' ? await (config as (e: typeof env) => unknown)(env) : config) as {
    renderer?: UserConfig;
  };
  if (resolved.renderer === undefined) throw new Error(`${file} has no renderer config`);
  return resolved.renderer;
}

export async function startDevRenderer(options: DevRendererOptions): Promise<Result<DevPages, string>> {
  let vite: typeof import('vite');
  try {
    vite = await import('vite');
  } catch {
    return { ok: false, error: 'Vite is not installed (it is a development dependency): run `npm install`.' };
  }
  // Vite attaches its HMR listener here; only the host emits on it, after its checks.
  const checkedUpgrades = new EventEmitter();
  let server: ViteDevServer;
  let root: string;
  try {
    const renderer = await rendererConfig(vite, options.projectRoot);
    root = options.rendererRoot ?? renderer.root ?? path.join(options.projectRoot, 'src/renderer');
    server = await vite.createServer({
      ...renderer,
      configFile: false,
      root,
      ...(options.cacheDir !== undefined ? { cacheDir: options.cacheDir } : {}),
      appType: 'custom',
      clearScreen: false,
      server: {
        middlewareMode: true,
        // The host answers who may ask; Vite adds no CORS headers of its own.
        cors: false,
        ws: { server: checkedUpgrades as unknown as Server, path: HMR_PATH },
      },
    });
  } catch (e) {
    return { ok: false, error: `Vite's dev server could not start: ${e instanceof Error ? e.message : String(e)}` };
  }
  const indexFile = path.join(root, 'index.html');
  return {
    ok: true,
    value: {
      hmrPath: HMR_PATH,
      async html(url) {
        return server.transformIndexHtml(url, await readFile(indexFile, 'utf8'));
      },
      handle(req, res, next) {
        server.middlewares(req, res, next);
      },
      upgrade(req, socket, head) {
        // Vite leaves any other upgrade hanging; refuse it here.
        if (!HMR_PROTOCOLS.has(req.headers['sec-websocket-protocol'] ?? '')) {
          socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
          return;
        }
        checkedUpgrades.emit('upgrade', req, socket, head);
      },
      close: () => server.close(),
    },
  };
}
