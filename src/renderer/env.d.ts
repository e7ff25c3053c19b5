/// <reference types="vite/client" />
import type { IpcBridge } from '../shared/ipc/contract';

declare global {
  interface Window {
    /**
     * `invoke` and `on`, nothing else: from src/preload/index.ts (contextBridge) in the desktop app, or from the
     * browser host's bridge script under `merchant-desk ui`. The page cannot tell the two apart.
     */
    readonly merchantDesk: IpcBridge;
  }
}
