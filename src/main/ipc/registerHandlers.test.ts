import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcImplementations } from '../../shared/ipc/contract';
import type { RendererLocation } from '../trustedSender';

type Handler = (event: unknown, ...args: unknown[]) => unknown;

// A fake electron: only what registerHandlers touches. The real package cannot load outside Electron.
const handlers = vi.hoisted(() => new Map<string, Handler>());
vi.mock('electron', () => ({
  ipcMain: {
    handle: vi.fn((channel: string, handler: Handler) => {
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      handlers.set(channel, handler);
    }),
    removeHandler: vi.fn((channel: string) => handlers.delete(channel)),
  },
}));

const { registerHandlers } = await import('./registerHandlers');

const renderer: RendererLocation = {
  fileUrl: 'file:///opt/Merchant%20Desk/resources/app.asar/out/renderer/index.html',
};
const appPage = `${renderer.fileUrl}#/orders`;

function eventFrom(url: string | null, parent: unknown = null) {
  return { senderFrame: url === null ? null : { url, parent } };
}

function invoke(channel: string, event: unknown, ...args: unknown[]) {
  const handler = handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return Promise.resolve(handler(event, ...args));
}

describe('registerHandlers', () => {
  const getInfo = vi.fn(() => ({ version: '1.2.3', platform: 'linux' }));
  const warn = vi.fn();
  let unregister: () => void;

  beforeEach(() => {
    handlers.clear();
    getInfo.mockClear();
    warn.mockClear();
    unregister = registerHandlers({ implementations: { 'app:getInfo': getInfo }, renderer, warn });
  });

  it('registers one handler per contract channel and can remove them', () => {
    expect([...handlers.keys()]).toEqual(['app:getInfo']);
    unregister();
    expect(handlers.size).toBe(0);
  });

  it('answers a valid request from the app renderer', async () => {
    await expect(invoke('app:getInfo', eventFrom(appPage))).resolves.toEqual({ version: '1.2.3', platform: 'linux' });
    await expect(invoke('app:getInfo', eventFrom(renderer.fileUrl), undefined)).resolves.toEqual({
      version: '1.2.3',
      platform: 'linux',
    });
    expect(getInfo).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['a remote page', 'https://evil.example/index.html'],
    ['another local file', 'file:///tmp/evil/index.html'],
    ['a dev server URL when none is configured', 'http://localhost:5173/'],
    ['a data: URL', 'data:text/html,<script>1</script>'],
    ['an unparsable URL', 'not a url'],
  ])('rejects an untrusted sender: %s', async (_what, url) => {
    await expect(invoke('app:getInfo', eventFrom(url))).rejects.toThrow(
      /refused: the sender is not the Merchant Desk window/,
    );
    expect(getInfo).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('rejects a message from an iframe of the app page or from a destroyed frame', async () => {
    await expect(invoke('app:getInfo', eventFrom(appPage, { url: appPage }))).rejects.toThrow(/refused/);
    await expect(invoke('app:getInfo', eventFrom(null))).rejects.toThrow(/refused/);
    await expect(invoke('app:getInfo', {})).rejects.toThrow(/refused/);
    expect(getInfo).not.toHaveBeenCalled();
  });

  it('rejects an invalid request before the implementation runs', async () => {
    await expect(invoke('app:getInfo', eventFrom(appPage), { unexpected: true })).rejects.toThrow(
      /Invalid request for IPC "app:getInfo"/,
    );
    await expect(invoke('app:getInfo', eventFrom(appPage), undefined, 'extra')).rejects.toThrow(/at most one argument/);
    expect(getInfo).not.toHaveBeenCalled();
  });

  it('refuses to send an answer that breaks the response schema', async () => {
    unregister();
    const broken = { 'app:getInfo': () => ({ version: 42 }) } as unknown as IpcImplementations;
    registerHandlers({ implementations: broken, renderer, warn });
    await expect(invoke('app:getInfo', eventFrom(appPage))).rejects.toThrow(/invalid answer/);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('trusts the dev server origin only when one is configured', async () => {
    unregister();
    registerHandlers({
      implementations: { 'app:getInfo': getInfo },
      renderer: { ...renderer, devServerUrl: 'http://localhost:5173' },
      warn,
    });
    await expect(invoke('app:getInfo', eventFrom('http://localhost:5173/'))).resolves.toMatchObject({
      version: '1.2.3',
    });
    await expect(invoke('app:getInfo', eventFrom('http://localhost:5174/'))).rejects.toThrow(/refused/);
    await expect(invoke('app:getInfo', eventFrom(appPage))).resolves.toMatchObject({ version: '1.2.3' });
  });
});
