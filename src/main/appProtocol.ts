import { knownContentType } from '../core/http/contentTypes';
import { realpath, readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { CustomScheme, Protocol } from 'electron';

/**
 * The `app://` scheme that serves the built renderer. A standard, secure scheme gives the page a real origin
 * (`app://merchant-desk`) that `'self'` in the CSP and the IPC sender check can name, unlike file:// where every
 * local file shares one opaque origin. No runtime import of electron: the Electron APIs enter as ports.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'merchant-desk';
export const APP_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** Sent on every response, errors included: the page may only load its own files; every HTTP call is in the host. */
export const APP_CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; connect-src 'self'; " +
  "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const appSchemePrivileges: CustomScheme[] = [
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
];

/** Must run before the app is ready (Electron accepts privileges only then). */
export function registerAppSchemePrivileges(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged(appSchemePrivileges);
}

/** Serves `rootDir` (the built renderer folder) on app://merchant-desk/. Call once the app is ready. */
export function handleAppScheme(protocol: Pick<Protocol, 'handle'>, rootDir: string): void {
  protocol.handle(APP_SCHEME, createAppRequestHandler(rootDir));
}

export function contentTypeFor(file: string): string {
  return knownContentType(file) ?? 'application/octet-stream';
}

function respond(
  status: number,
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
): Response {
  return new Response(body, {
    status,
    headers: {
      'Content-Security-Policy': APP_CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      ...(typeof body === 'string' ? { 'Content-Type': 'text/plain; charset=utf-8' } : {}),
      ...headers,
    },
  });
}

const notFound = (): Response => respond(404, 'Not found');

/**
 * The path segments of a request path, or undefined when any segment could step out of the folder or name a
 * file some other way: `.`/`..` (also percent-encoded), empty segments (`//etc/passwd`), encoded or literal
 * separators, drive letters, NUL. The URL parser already folds plain dot segments; this refuses whatever is left.
 */
export function requestPathSegments(pathname: string): string[] | undefined {
  const raw = pathname.slice(1).split('/');
  const segments: string[] = [];
  for (const encoded of raw) {
    let segment: string;
    try {
      segment = decodeURIComponent(encoded);
    } catch {
      return undefined;
    }
    if (segment === '' || segment === '.' || segment === '..') return undefined;
    if (/[/\\:\0]/.test(segment)) return undefined;
    segments.push(segment);
  }
  return segments;
}

function isInside(root: string, file: string): boolean {
  return file.startsWith(root.endsWith(sep) ? root : root + sep);
}

/** The request handler behind `protocol.handle('app', …)`, as WHATWG Request → Response. */
export function createAppRequestHandler(rootDir: string): (request: Request) => Promise<Response> {
  const root = resolve(rootDir);
  // Resolved lazily: the folder's real path (asar or symlinked checkout) is what files are compared against.
  let realRoot: Promise<string> | undefined;

  return async (request) => {
    if (request.method !== 'GET') return respond(405, 'Method not allowed', { Allow: 'GET' });
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return notFound();
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || url.username !== '' || url.password !== '') {
      return notFound();
    }
    // Only the root maps to a directory: app://merchant-desk/ is the page itself.
    const segments = url.pathname === '/' || url.pathname === '' ? ['index.html'] : requestPathSegments(url.pathname);
    if (segments === undefined) return notFound();

    const candidate = resolve(join(root, ...segments));
    if (!isInside(root, candidate)) return notFound();
    try {
      realRoot ??= realpath(root);
      const real = await realpath(candidate);
      // A symlink inside the folder must not lead out of it.
      if (!isInside(await realRoot, real)) return notFound();
      if (!(await stat(real)).isFile()) return notFound();
      const body = await readFile(real);
      return respond(200, body, { 'Content-Type': contentTypeFor(real) });
    } catch {
      return notFound();
    }
  };
}
