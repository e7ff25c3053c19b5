import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Protocol } from 'electron';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_CONTENT_SECURITY_POLICY,
  APP_INDEX_URL,
  handleAppScheme,
  registerAppSchemePrivileges,
  requestPathSegments,
} from './appProtocol';

type Handler = Parameters<Protocol['handle']>[1];

/** A typed fake of Electron's protocol module: records privileges and the handler, as the real one would. */
function fakeProtocol() {
  const handlers = new Map<string, Handler>();
  const privileged: Parameters<Protocol['registerSchemesAsPrivileged']>[0][] = [];
  const protocol: Pick<Protocol, 'handle' | 'registerSchemesAsPrivileged'> = {
    handle: (scheme, handler) => void handlers.set(scheme, handler),
    registerSchemesAsPrivileged: (schemes) => void privileged.push(schemes),
  };
  return { protocol, handlers, privileged };
}

// A real folder: the renderer build, a secret beside it, and a symlink from inside pointing out.
let base: string;
let fetchApp: (url: string, init?: RequestInit) => Promise<Response>;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'md-app-scheme-'));
  const renderer = join(base, 'renderer');
  await mkdir(join(renderer, 'assets'), { recursive: true });
  await writeFile(join(renderer, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(join(renderer, 'assets', 'index-abc.js'), 'console.log(1)');
  await writeFile(join(renderer, 'assets', 'index-abc.css'), 'body{}');
  await writeFile(join(renderer, 'assets', 'logo.svg'), '<svg/>');
  await writeFile(join(renderer, 'assets', 'blob.bin'), 'x');
  await writeFile(join(base, 'secret.txt'), 'SECRET');
  await symlink(join(base, 'secret.txt'), join(renderer, 'assets', 'link.txt'));
  await symlink(base, join(renderer, 'up'));

  const { protocol, handlers } = fakeProtocol();
  handleAppScheme(protocol, renderer);
  const handler = handlers.get('app');
  if (!handler) throw new Error('no app handler registered');
  fetchApp = async (url, init) => handler(new Request(url, init));
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

function expectHardened(response: Response) {
  expect(response.headers.get('Content-Security-Policy')).toBe(APP_CONTENT_SECURITY_POLICY);
  expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
}

describe('app:// privileges', () => {
  it('registers app as a standard, secure scheme with fetch support', () => {
    const { protocol, privileged } = fakeProtocol();
    registerAppSchemePrivileges(protocol);
    expect(privileged).toEqual([
      [{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }],
    ]);
  });

  it('has a CSP with no remote origin except https images', () => {
    expect(APP_CONTENT_SECURITY_POLICY).toContain("default-src 'self'");
    expect(APP_CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(APP_CONTENT_SECURITY_POLICY).not.toMatch(/unsafe|\*|http:/);
  });
});

describe('app:// handler', () => {
  it('serves the page at the index URL and at the root, with the CSP header', async () => {
    for (const url of [APP_INDEX_URL, 'app://merchant-desk/']) {
      const response = await fetchApp(url);
      expect(response.status).toBe(200);
      expectHardened(response);
      expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toContain('<title>app</title>');
    }
  });

  it.each([
    ['assets/index-abc.js', 'text/javascript; charset=utf-8'],
    ['assets/index-abc.css', 'text/css; charset=utf-8'],
    ['assets/logo.svg', 'image/svg+xml'],
    ['assets/blob.bin', 'application/octet-stream'],
  ])('serves %s as %s', async (path, type) => {
    const response = await fetchApp(`app://merchant-desk/${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe(type);
    expectHardened(response);
  });

  it.each([
    ['an unknown file', 'app://merchant-desk/missing.js'],
    ['a directory other than the root', 'app://merchant-desk/assets/'],
    ['a directory without a slash', 'app://merchant-desk/assets'],
    ['another host', 'app://evil/index.html'],
    ['dot-dot', 'app://merchant-desk/../secret.txt'],
    ['dot-dot in a subfolder', 'app://merchant-desk/assets/../../secret.txt'],
    ['encoded dot-dot', 'app://merchant-desk/%2e%2e/secret.txt'],
    ['encoded slash', 'app://merchant-desk/..%2fsecret.txt'],
    ['double-encoded dot-dot', 'app://merchant-desk/%252e%252e/secret.txt'],
    ['encoded backslash', 'app://merchant-desk/..%5csecret.txt'],
    ['an absolute path', 'app://merchant-desk//etc/passwd'],
    ['an encoded absolute path', 'app://merchant-desk/%2fetc%2fpasswd'],
    ['a drive letter', 'app://merchant-desk/C:%5cWindows%5cwin.ini'],
    ['a NUL byte', 'app://merchant-desk/index.html%00.js'],
    ['malformed encoding', 'app://merchant-desk/%E0%A4%A'],
    ['a symlinked file outside the folder', 'app://merchant-desk/assets/link.txt'],
    ['a symlinked folder outside the folder', 'app://merchant-desk/up/secret.txt'],
  ])('answers 404 with the CSP header for %s', async (_what, url) => {
    const response = await fetchApp(url);
    expect(response.status).toBe(404);
    expectHardened(response);
    expect(await response.text()).not.toContain('SECRET');
  });

  it.each(['POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'])('refuses %s with 405 and the CSP header', async (method) => {
    const response = await fetchApp(APP_INDEX_URL, { method, ...(method === 'POST' ? { body: 'x' } : {}) });
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('GET');
    expectHardened(response);
  });
});

// The URL parser and the folder checks already stop these; the segment filter must stop them on its own too.
describe('requestPathSegments', () => {
  it('decodes plain segments', () => {
    expect(requestPathSegments('/assets/index%20a.js')).toEqual(['assets', 'index a.js']);
  });

  it.each([
    '/../x',
    '/a/%2e%2e/x',
    '/.',
    '//etc/passwd',
    '/a/',
    '/..%2fx',
    '/..%5cx',
    '/C:%5cx',
    '/a%00.js',
    '/%E0%A4%A',
  ])('refuses %s', (path) => {
    expect(requestPathSegments(path)).toBeUndefined();
  });
});
