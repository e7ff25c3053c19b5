import type { ContextBridge, IpcRenderer, IpcRendererEvent } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { unknownChannelMessage, unknownEventMessage } from '../shared/ipc/channels';
import type { IpcBridge } from '../shared/ipc/contract';

type Listener = (event: IpcRendererEvent, ...args: unknown[]) => void;

// A fake electron with what the preload touches, typed as the real one: the bridge it exposes, and an ipcRenderer
// that records invocations and listeners.
const fake = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  listeners: new Map<string, Set<Listener>>(),
  calls: [] as unknown[][],
  // A plain function, not a vi.fn: a spy's bookkeeping of a rejected promise would count as unhandled.
  answer: (): Promise<unknown> => Promise.resolve(undefined),
}));
vi.mock('electron', () => {
  const contextBridge: Pick<ContextBridge, 'exposeInMainWorld'> = {
    exposeInMainWorld: (key, api) => void fake.exposed.set(key, api),
  };
  const ipcRenderer: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'> = {
    invoke: (channel, ...args) => {
      fake.calls.push([channel, ...args]);
      return fake.answer();
    },
    on(channel, listener) {
      if (!fake.listeners.has(channel)) fake.listeners.set(channel, new Set());
      fake.listeners.get(channel)!.add(listener);
      return ipcRenderer as IpcRenderer;
    },
    removeListener(channel, listener) {
      fake.listeners.get(channel)?.delete(listener);
      return ipcRenderer as IpcRenderer;
    },
  };
  return { contextBridge, ipcRenderer };
});

await import('./index');
const bridge = fake.exposed.get('merchantDesk') as IpcBridge;

function emit(channel: string, payload: unknown) {
  const sender = { secret: 'the IpcRenderer' };
  for (const listener of fake.listeners.get(channel) ?? [])
    listener({ sender } as unknown as IpcRendererEvent, payload);
}

describe('the preload bridge', () => {
  beforeEach(() => {
    fake.calls.length = 0;
  });

  it('exposes exactly invoke and on, frozen', () => {
    expect([...fake.exposed.keys()]).toEqual(['merchantDesk']);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on']);
    expect(Object.isFrozen(bridge)).toBe(true);
  });

  it('forwards a contract channel with at most its one request argument', async () => {
    fake.answer = () => Promise.resolve({ ok: true, data: { version: '1', platform: 'linux' } });
    await expect(bridge.invoke('app:getInfo')).resolves.toEqual({
      ok: true,
      data: { version: '1', platform: 'linux' },
    });
    const extra = bridge.invoke as (channel: string, ...args: unknown[]) => Promise<unknown>;
    await extra('app:getInfo', { a: 1 }, 'more');
    expect(fake.calls).toEqual([['app:getInfo'], ['app:getInfo', { a: 1 }]]);
  });

  it("answers a name outside the contract with the gate's error, without sending it", async () => {
    const invoke = bridge.invoke as (channel: string) => Promise<unknown>;
    await expect(invoke('app:quit')).resolves.toEqual({
      ok: false,
      error: { kind: 'invalid-request', message: unknownChannelMessage('app:quit') },
    });
    expect(fake.calls).toEqual([]);
  });

  it('never rejects: no handler in main becomes an unavailable error', async () => {
    fake.answer = () => Promise.reject(new Error("No handler registered for 'app:getInfo'"));
    await expect(bridge.invoke('app:getInfo')).resolves.toMatchObject({ ok: false, error: { kind: 'unavailable' } });
  });

  it('on: gives handlers the payload only, and the returned function unsubscribes', () => {
    const seen: unknown[] = [];
    const off = bridge.on('host:state', (payload) => seen.push(payload));
    emit('host:state', { state: 'running', message: null, logFile: null });
    off();
    emit('host:state', { state: 'stopped', message: 'x', logFile: null });
    expect(seen).toEqual([{ state: 'running', message: null, logFile: null }]);
    expect(fake.listeners.get('host:state')?.size).toBe(0);
  });

  it('on: refuses an event outside the contract', () => {
    const on = bridge.on as (event: string, handler: () => void) => () => void;
    expect(() => on('app:getInfo', () => {})).toThrow(unknownEventMessage('app:getInfo'));
    expect(fake.listeners.has('app:getInfo')).toBe(false);
  });
});
