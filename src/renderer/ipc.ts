import type { IpcEventName } from '../shared/ipc/channels';
import type { IpcBridge } from '../shared/ipc/contract';
import type { IpcEventPayload } from '../shared/ipc/events';

/**
 * The renderer's one door to its host: `window.merchantDesk` (the Electron preload, or the browser host's bridge
 * script) is read here and nowhere else (lint enforces it), so stores and screens depend on these two functions
 * and their tests can put a fake bridge on `window` before calling them.
 */

function bridge(): IpcBridge {
  return window.merchantDesk;
}

/** Calls a contract channel; never rejects: every failure is an error Result. */
export const invoke: IpcBridge['invoke'] = (channel, ...args) => bridge().invoke(channel, ...args);

/** Subscribes to a push event; returns the unsubscribe function. */
export function on<E extends IpcEventName>(event: E, handler: (payload: IpcEventPayload<E>) => void): () => void {
  return bridge().on(event, handler);
}
