// Runs sandboxed, so it is bundled to CommonJS (out/preload/index.cjs) and may only require('electron').
// The page never sees ipcRenderer: it gets `invoke` and `on`, which accept only contract names (channels.ts has
// them without zod, so the preload stays small). The browser host's bridge script offers the same two functions.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { isIpcChannel, isIpcEventName, unknownChannelMessage, unknownEventMessage } from '../shared/ipc/channels';
import type { IpcBridge } from '../shared/ipc/contract';

const failure = (kind: 'invalid-request' | 'unavailable', message: string) => ({
  ok: false as const,
  error: { kind, message },
});

const bridge: IpcBridge = {
  invoke(channel, ...args) {
    if (!isIpcChannel(channel)) return Promise.resolve(failure('invalid-request', unknownChannelMessage(channel)));
    // Forward at most the one request argument; main's gate validates it against the contract.
    const sent = args.length === 0 ? ipcRenderer.invoke(channel) : ipcRenderer.invoke(channel, args[0]);
    // Main answers every call with a Result; a rejection means no handler is there to answer (yet).
    return sent.catch(() =>
      failure('unavailable', `Merchant Desk's main process did not answer "${channel}". Restart the app.`),
    );
  },
  on(event, handler) {
    if (!isIpcEventName(event)) throw new TypeError(unknownEventMessage(event));
    // The page gets the payload only, never Electron's event object (it reaches ipcRenderer through `sender`).
    const listener = (_event: IpcRendererEvent, payload: unknown) => handler(payload as Parameters<typeof handler>[0]);
    ipcRenderer.on(event, listener);
    return () => {
      ipcRenderer.removeListener(event, listener);
    };
  },
};

contextBridge.exposeInMainWorld('merchantDesk', Object.freeze(bridge));
