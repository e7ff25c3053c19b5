/**
 * `npm start` (scripts/start.mjs) as a new user meets it: without a runnable Electron it says why and serves the
 * same app in the browser on the sandbox, with the orders synced; with an Electron binary it launches that instead.
 * The script runs with --skip-build: `npm test` has built out/ already, and a rebuild would empty it under the
 * other tests' feet.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/bundleChild';
import { cleanEnv } from '../helpers/builtCli';

const START = path.join(repoRoot, 'scripts/start.mjs');
const built =
  existsSync(path.join(repoRoot, 'out/renderer/index.html')) && existsSync(path.join(repoRoot, 'out/cli/main.js'));

interface Started {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | string>;
}

function startScript(args: string[], env: NodeJS.ProcessEnv): Started {
  const child = spawn(process.execPath, [START, '--skip-build', ...args], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let errOut = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (errOut += c.toString('utf8')));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { child, stdout: () => out, stderr: () => errOut, exited };
}

/** Resolves once `pattern` is in stdout; rejects when the script ends first (vitest's time limit bounds the wait). */
function waitFor(s: Started, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const m = s.stdout().match(pattern);
      if (m) return resolve(m);
      if (s.child.exitCode !== null || s.child.signalCode !== null)
        return reject(new Error(`start.mjs ended (${s.child.exitCode ?? s.child.signalCode}):\n${s.stderr()}`));
      setTimeout(check, 50);
    };
    check();
  });
}

interface Reply {
  status: number;
  cookie: string;
  body: string;
}

function http(port: number, method: 'GET' | 'POST', urlPath: string, headers: Record<string, string>, body?: string) {
  return new Promise<Reply>((resolve, reject) => {
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

const running: Started[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) {
    if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGTERM');
    await s.exited;
  }
});

describe.runIf(built && process.platform !== 'win32')('npm start (scripts/start.mjs)', () => {
  it('without a runnable Electron: says why, then serves the app on loopback with the sandbox orders synced', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'md-start-'));
    const env = cleanEnv({
      HOME: dataDir,
      MERCHANT_DESK_DATA_DIR: dataDir,
      // Electron's binary missing, as on a machine where its first-launch download could not happen.
      ELECTRON_OVERRIDE_DIST_PATH: mkdtempSync(path.join(tmpdir(), 'md-no-electron-')),
      // No Secret Service: the keychain-less path, deterministic on every machine (and no shared keychain entries).
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/merchant-desk-test-bus',
    });
    delete env.DISPLAY;
    delete env.ELECTRON_EXEC_PATH;
    const s = startScript(['--no-open', '--sandbox-port', '0'], env);
    running.push(s);
    const [, port, token] = await waitFor(s, /Merchant Desk UI: http:\/\/127\.0\.0\.1:(\d+)\/#token=([A-Za-z0-9_-]+)/);

    expect(s.stderr()).toMatch(
      /\[start\] Electron cannot run on this machine: Electron's binary \S+ \(named by ELECTRON_OVERRIDE_DIST_PATH\) is missing — Electron fetches its binary on its first launch/,
    );
    expect(s.stderr()).toContain('run `npx electron --version` to retry the download, or install a release package');
    expect(s.stderr()).toMatch(/No OS keychain is available .* The sandbox runs without a profile/);
    expect(s.stderr()).not.toContain('Error: Electron uninstall');

    // A real browser's first two requests: the token for the session cookie, then the page with it.
    const origin = `http://127.0.0.1:${port}`;
    const host = `127.0.0.1:${port}`;
    const session = await http(
      Number(port),
      'POST',
      '/_md/session',
      { host, origin, 'content-type': 'application/json' },
      JSON.stringify({ token }),
    );
    expect(session.status).toBe(204);
    const page = await http(Number(port), 'GET', '/', { host, cookie: session.cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain('id="root"');

    // The first sync stored the sandbox's demo orders: the page's own orders channel counts them from the cache.
    expect(s.stderr()).toMatch(/First sync done: 300 orders cached\./);
    const counted = await http(
      Number(port),
      'POST',
      '/_md/invoke',
      { host, origin, cookie: session.cookie, 'content-type': 'application/json' },
      JSON.stringify({ channel: 'orders:count', args: [{}] }),
    );
    expect(counted.status).toBe(200);
    expect(JSON.parse(counted.body)).toEqual({ ok: true, data: { count: 300 } });

    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  }, 60_000);

  it('npm run dev without a runnable Electron: serves the renderer from source through Vite, with hot reload', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'md-start-dev-'));
    const env = cleanEnv({
      HOME: dataDir,
      MERCHANT_DESK_DATA_DIR: dataDir,
      ELECTRON_OVERRIDE_DIST_PATH: mkdtempSync(path.join(tmpdir(), 'md-no-electron-')),
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/merchant-desk-test-bus',
    });
    delete env.DISPLAY;
    delete env.ELECTRON_EXEC_PATH;
    const s = startScript(['--dev', '--no-open', '--sandbox-port', '0'], env);
    running.push(s);
    const [, port, token] = await waitFor(s, /Merchant Desk UI: http:\/\/127\.0\.0\.1:(\d+)\/#token=([A-Za-z0-9_-]+)/);
    expect(s.stderr()).toMatch(
      /\[start\] Electron cannot run on this machine: .* Electron fetches its binary on its first launch/,
    );
    expect(s.stderr()).toContain('[start] Hot reload: the page is served from src/renderer by Vite');

    const origin = `http://127.0.0.1:${port}`;
    const host = `127.0.0.1:${port}`;
    // Vite's modules are behind the session like everything else.
    expect((await http(Number(port), 'GET', '/App.tsx', { host })).status).toBe(401);
    const session = await http(
      Number(port),
      'POST',
      '/_md/session',
      { host, origin, 'content-type': 'application/json' },
      JSON.stringify({ token }),
    );
    expect(session.status).toBe(204);
    const page = await http(Number(port), 'GET', '/', { host, cookie: session.cookie });
    expect(page.body).toContain('/@vite/client');
    expect(page.body).toContain('<script src="/_md/bridge.js"></script>');
    const app = await http(Number(port), 'GET', '/App.tsx', { host, cookie: session.cookie });
    expect(app.status).toBe(200);
    expect(app.body).toContain('$RefreshReg$');

    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  }, 60_000);

  it('with an Electron binary: launches it (the desktop app) instead of the browser host', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'md-standin-electron-'));
    const launched = path.join(dist, 'launched.txt');
    // The stand-in answers --version as Electron does and records how the app was launched.
    writeFileSync(
      path.join(dist, 'electron'),
      `#!/bin/sh\nif [ "$1" = "--version" ]; then echo v45.4.1-standin; exit 0; fi\necho "$@" > '${launched}'\n`,
    );
    chmodSync(path.join(dist, 'electron'), 0o755);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'md-start-e-'));
    const env = cleanEnv({ HOME: dataDir, MERCHANT_DESK_DATA_DIR: dataDir, ELECTRON_OVERRIDE_DIST_PATH: dist });
    delete env.ELECTRON_EXEC_PATH;
    const s = startScript(['--no-open'], env);
    running.push(s);

    expect(await s.exited).toBe(0);
    expect(s.stderr()).toContain(`[start] Electron v45.4.1-standin (${path.join(dist, 'electron')})`);
    expect(readFileSync(launched, 'utf8').trim()).not.toBe('');
    expect(s.stdout()).not.toContain('Merchant Desk UI:');
    expect(s.stderr()).not.toContain('Electron cannot run');
  }, 60_000);
});
