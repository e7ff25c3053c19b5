// Runs sandboxed, so it is bundled to CommonJS (out/preload/index.cjs) and may only require('electron').
// The page never sees ipcRenderer: it gets one typed function that accepts only contract channels.
import { contextBridge, ipcRenderer } from 'electron';
import { isIpcChannel } from '../shared/ipc/channels';
import type { IpcBridge } from '../shared/ipc/contract';

const bridge: IpcBridge = {
  invoke(channel, ...args) {
    if (!isIpcChannel(channel)) {
      return Promise.reject(new Error(`Unknown IPC channel: ${String(channel)}`));
    }
    // Forward at most the one request argument; the main process validates it against the contract.
    return args.length === 0 ? ipcRenderer.invoke(channel) : ipcRenderer.invoke(channel, args[0]);
  },
};

contextBridge.exposeInMainWorld('merchantDesk', Object.freeze(bridge));
