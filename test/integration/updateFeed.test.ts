/**
 * Auto-update through electron-updater's own code (issue 23), without Electron: its NsisUpdater with an AppAdapter
 * for a packaged 0.1.0 and Node's HTTP executor (what electron-updater's Electron executor stands in for), reading
 * a loopback feed laid out as a GitHub release — latest.yml, the installer and its blockmap — through the app's
 * UpdaterPort (electronUpdater.ts) and update controller: the check finds 0.2.0, downloads it in the background,
 * verifies its sha512, and the controller offers "Restart to update"; a decision in flight defers the install.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NsisUpdater, type AppUpdater } from 'electron-updater';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUpdateController } from '../../src/appHost/updates/updateController';
import { electronUpdaterPort } from '../../src/main/updates/electronUpdater';
import type { UpdateState } from '../../src/appHost/updates/updatePolicy';

vi.mock('electron', () => ({})); // never loaded on this path; a stray require must not try to download Electron

const fromBuilder = createRequire(createRequire(import.meta.url).resolve('electron-builder'));
const { NodeHttpExecutor } = fromBuilder('builder-util/out/nodeHttpExecutor') as {
  NodeHttpExecutor: new () => { doDownload(options: object, task: object, redirects: number): void };
};
const runtime = fromBuilder('builder-util-runtime') as {
  configureRequestUrl(url: URL, options: object): void;
  configureRequestOptions(options: object): void;
};

/**
 * Node's HTTP in place of Electron's net (the one part of electron-updater that needs Electron): `download` as
 * electron-updater's ElectronHttpExecutor implements it, over builder-util-runtime's own doDownload.
 */
class LoopbackHttpExecutor extends NodeHttpExecutor {
  download(
    url: URL,
    destination: string,
    options: {
      headers?: object;
      cancellationToken: {
        createPromise<T>(
          fn: (resolve: (v: T) => void, reject: (e: Error) => void, onCancel: (c: () => void) => void) => void,
        ): Promise<T>;
      };
    },
  ): Promise<string> {
    return options.cancellationToken.createPromise<string>((resolve, reject, onCancel) => {
      const requestOptions = { headers: options.headers ?? undefined, redirect: 'manual' };
      runtime.configureRequestUrl(url, requestOptions);
      runtime.configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error: Error | null) => (error == null ? resolve(destination) : reject(error)),
          responseHandler: null,
        },
        0,
      );
    });
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'md-update-feed-'));
const installer = Buffer.alloc(256 * 1024, 7); // stands in for Merchant-Desk-Setup-0.2.0.exe
const sha512 = createHash('sha512').update(installer).digest('base64');
const requested: string[] = [];
let server: Server;
let feed: string;
/** Serve the installer with one byte changed (a corrupted download or a tampered mirror). */
let corrupt = false;

beforeAll(async () => {
  const latest = [
    'version: 0.2.0',
    'files:',
    '  - url: Merchant-Desk-Setup-0.2.0.exe',
    `    sha512: ${sha512}`,
    `    size: ${installer.length}`,
    'path: Merchant-Desk-Setup-0.2.0.exe',
    `sha512: ${sha512}`,
    "releaseDate: '2026-11-26T12:00:00.000Z'",
    '',
  ].join('\n');
  server = createServer((req, res) => {
    requested.push(req.url ?? '');
    // latest.yml on Windows; electron-updater names the channel file after the system it runs on (latest-linux.yml here).
    if (/^\/latest(-linux)?\.yml/.test(req.url ?? '')) res.writeHead(200, { 'Content-Type': 'text/yaml' }).end(latest);
    else if (req.url === '/Merchant-Desk-Setup-0.2.0.exe')
      res
        .writeHead(200, { 'Content-Length': installer.length })
        .end(corrupt ? Buffer.concat([installer.subarray(1), Buffer.from([8])]) : installer);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  feed = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  writeFileSync(
    path.join(dir, 'app-update.yml'),
    `provider: generic\nurl: ${feed}\nupdaterCacheDirName: merchant-desk-updater\n`,
  );
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

function packagedApp(version: string, cache: string) {
  return {
    version,
    name: 'Merchant Desk',
    isPackaged: true,
    appUpdateConfigPath: path.join(dir, 'app-update.yml'),
    userDataPath: path.join(dir, 'userData'),
    baseCachePath: path.join(dir, cache),
    whenReady: () => Promise.resolve(),
    relaunch: () => {},
    quit: () => {},
    onQuit: () => {},
  };
}

function updaterFor(version: string, cache = 'cache'): AppUpdater {
  const updater = new NsisUpdater(null, packagedApp(version, cache));
  (updater as unknown as { httpExecutor: unknown }).httpExecutor = new LoopbackHttpExecutor();
  return updater;
}

describe('the update feed through electron-updater', () => {
  it('0.1.0 finds 0.2.0, downloads it in the background, checks its hash and offers Restart to update', async () => {
    const updater = updaterFor('0.1.0');
    const installs: string[] = [];
    updater.quitAndInstall = () => void installs.push('quitAndInstall');
    const states: UpdateState[] = [];
    let inFlight = 1;
    let release: () => void = () => {};
    const controller = createUpdateController({
      updater: electronUpdaterPort(() => {}, updater),
      enabled: () => true,
      unsupported: null,
      decisionsInFlight: () => inFlight,
      whenNoDecisionInFlight: () => new Promise<void>((r) => (release = r)),
      now: Date.now,
      setTimer: () => ({ cancel: () => {} }),
      onState: (s) => void states.push(s),
      log: () => {},
    });
    await controller.checkNow();
    await vi.waitFor(() => expect(controller.state()).toEqual({ kind: 'ready', version: '0.2.0' }), {
      timeout: 15_000,
    });
    expect(states.map((s) => s.kind)).toContain('downloading');
    expect(requested.filter((u) => u.startsWith('/latest'))).toHaveLength(1);
    expect(requested).toContain('/Merchant-Desk-Setup-0.2.0.exe');
    // A decision is being sent: "Restart to update" waits for it, then installs.
    expect(await controller.restart()).toBe('waiting');
    expect(installs).toEqual([]);
    inFlight = 0;
    release();
    await vi.waitFor(() => expect(installs).toEqual(['quitAndInstall']));
  }, 30_000);

  it('the same version is up to date: nothing is downloaded', async () => {
    requested.length = 0;
    const controller = createUpdateController({
      updater: electronUpdaterPort(() => {}, updaterFor('0.2.0')),
      enabled: () => true,
      unsupported: null,
      decisionsInFlight: () => 0,
      whenNoDecisionInFlight: () => Promise.resolve(),
      now: Date.now,
      setTimer: () => ({ cancel: () => {} }),
      onState: () => {},
      log: () => {},
    });
    await controller.checkNow();
    expect(controller.state()).toMatchObject({ kind: 'up-to-date' });
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.every((u) => u.startsWith('/latest'))).toBe(true);
  });

  it('a download whose sha512 does not match is refused: no Restart to update', async () => {
    corrupt = true;
    try {
      const controller = createUpdateController({
        updater: electronUpdaterPort(() => {}, updaterFor('0.1.0', 'cache-corrupt')),
        enabled: () => true,
        unsupported: null,
        decisionsInFlight: () => 0,
        whenNoDecisionInFlight: () => Promise.resolve(),
        now: Date.now,
        setTimer: () => ({ cancel: () => {} }),
        onState: () => {},
        log: () => {},
      });
      await controller.checkNow();
      await vi.waitFor(() => expect(controller.state()).toMatchObject({ kind: 'failed', message: /sha512/i }), {
        timeout: 15_000,
      });
    } finally {
      corrupt = false;
    }
  }, 30_000);
});
