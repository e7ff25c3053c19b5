import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withUnavailable } from '../../../test/helpers/stubImplementations';
import { ipcChannels, type IpcImplementations } from '../../shared/ipc/contract';
import { okResult } from '../../shared/ipc/result';
import type { RendererLocation } from '../trustedSender';

type Handler = Parameters<IpcMain['handle']>[1];

// A fake electron: only what registerHandlers touches, typed as the real functions are. The real package cannot
// load outside Electron.
const handlers = vi.hoisted(() => new Map<string, Handler>());
vi.mock('electron', () => {
  const ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'> = {
    handle(channel, handler) {
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      handlers.set(channel, handler);
    },
    removeHandler: (channel) => void handlers.delete(channel),
  };
  return { ipcMain };
});

const { registerHandlers } = await import('./registerHandlers');

const renderer: RendererLocation = { appUrl: 'app://merchant-desk/index.html' };
const appPage = `${renderer.appUrl}#/orders`;
const info = { version: '1.2.3', platform: 'linux', dataDir: '/d', logFile: '/d/logs/core-host.log' };

function eventFrom(url: string | null, parent: unknown = null) {
  return { senderFrame: url === null ? null : { url, parent } };
}

/** What ipcRenderer.invoke would resolve with: the handler's answer (a handler that throws would reject). */
function invoke(channel: string, event: unknown, ...args: unknown[]) {
  const handler = handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return Promise.resolve(handler(event as IpcMainInvokeEvent, ...args));
}

describe('registerHandlers', () => {
  const getInfo = vi.fn<IpcImplementations['app:getInfo']>(() => okResult(info));
  const warn = vi.fn<(message: string) => void>();
  let unregister: () => void;

  beforeEach(() => {
    handlers.clear();
    getInfo.mockClear();
    warn.mockClear();
    unregister = registerHandlers({ implementations: withUnavailable({ 'app:getInfo': getInfo }), renderer, warn });
  });

  it('registers one handler per contract channel and can remove them', () => {
    expect([...handlers.keys()]).toEqual([...ipcChannels]);
    unregister();
    expect(handlers.size).toBe(0);
  });

  it('answers a valid request from the app renderer with an ok Result', async () => {
    await expect(invoke('app:getInfo', eventFrom(appPage))).resolves.toEqual({ ok: true, data: info });
    await expect(invoke('app:getInfo', eventFrom(renderer.appUrl), undefined)).resolves.toEqual({
      ok: true,
      data: info,
    });
    expect(getInfo).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['a remote page', 'https://evil.example/index.html'],
    ['a local file (file:// is shared by every local page)', 'file:///tmp/evil/index.html'],
    ['the built page as a file', 'file:///opt/Merchant%20Desk/resources/app.asar/out/renderer/index.html'],
    ['app:// on another host', 'app://evil/index.html'],
    ['app:// with credentials', 'app://user:pw@merchant-desk/index.html'],
    ['app:// with a port', 'app://merchant-desk:8080/index.html'],
    ['a dev server URL when none is configured', 'http://localhost:5173/'],
    ['a data: URL', 'data:text/html,<script>1</script>'],
    ['an unparsable URL', 'not a url'],
  ])('answers an untrusted sender with a refused error and runs nothing: %s', async (_what, url) => {
    await expect(invoke('app:getInfo', eventFrom(url))).resolves.toMatchObject({
      ok: false,
      error: { kind: 'refused', message: expect.stringMatching(/the sender is not the Merchant Desk window/) },
    });
    expect(getInfo).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('refuses a message from an iframe of the app page or from a destroyed frame', async () => {
    const refused = { ok: false, error: { kind: 'refused' } };
    await expect(invoke('app:getInfo', eventFrom(appPage, { url: appPage }))).resolves.toMatchObject(refused);
    await expect(invoke('app:getInfo', eventFrom(null))).resolves.toMatchObject(refused);
    await expect(invoke('app:getInfo', {})).resolves.toMatchObject(refused);
    expect(getInfo).not.toHaveBeenCalled();
  });

  it('answers an invalid request with invalid-request before the implementation runs (the shared gate)', async () => {
    await expect(invoke('app:getInfo', eventFrom(appPage), { unexpected: true })).resolves.toMatchObject({
      ok: false,
      error: { kind: 'invalid-request', message: expect.stringMatching(/Invalid request for "app:getInfo"/) },
    });
    await expect(invoke('app:getInfo', eventFrom(appPage), undefined, 'extra')).resolves.toMatchObject({
      ok: false,
      error: { kind: 'invalid-request', message: expect.stringMatching(/at most one argument/) },
    });
    expect(getInfo).not.toHaveBeenCalled();
  });

  it('turns an answer that breaks the contract, or a throw, into an internal error and logs it redacted', async () => {
    unregister();
    const broken = { 'app:getInfo': () => ({ ok: true, data: { version: 42 } }) } as unknown as IpcImplementations;
    registerHandlers({ implementations: broken, renderer, warn });
    await expect(invoke('app:getInfo', eventFrom(appPage))).resolves.toMatchObject({
      ok: false,
      error: { kind: 'internal', code: 'invalid-response' },
    });
    expect(warn).toHaveBeenCalledOnce();

    unregister();
    const throwing: IpcImplementations = withUnavailable({
      'app:getInfo': () => {
        throw new Error('failed with Bearer abc123');
      },
    });
    registerHandlers({ implementations: throwing, renderer, warn });
    const answer = await invoke('app:getInfo', eventFrom(appPage));
    expect(answer).toMatchObject({ ok: false, error: { kind: 'internal', code: 'threw' } });
    expect(JSON.stringify(answer)).not.toMatch(/abc123/);
    expect(warn).toHaveBeenLastCalledWith(
      expect.stringMatching(/threw: Unexpected error: failed with Bearer \[redacted]/),
    );
  });

  it('trusts the dev server origin only when one is configured', async () => {
    unregister();
    registerHandlers({
      implementations: withUnavailable({ 'app:getInfo': getInfo }),
      renderer: { ...renderer, devServerUrl: 'http://localhost:5173' },
      warn,
    });
    await expect(invoke('app:getInfo', eventFrom('http://localhost:5173/'))).resolves.toMatchObject({ ok: true });
    await expect(invoke('app:getInfo', eventFrom('http://localhost:5174/'))).resolves.toMatchObject({
      error: { kind: 'refused' },
    });
    await expect(invoke('app:getInfo', eventFrom(appPage))).resolves.toMatchObject({ ok: true });
  });
});
