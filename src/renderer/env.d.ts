/// <reference types="vite/client" />
import type { IpcBridge } from '../shared/ipc/contract';

declare global {
  interface Window {
    /** Exposed by src/preload/index.ts through contextBridge. */
    readonly merchantDesk: IpcBridge;
  }
}
