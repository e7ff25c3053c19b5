import type { IpcEventName } from '../shared/ipc/channels';
import { checkEvent, type IpcEventPublisher } from '../shared/ipc/events';

/** The part of Electron's WebContents an event is sent through (structural, so this needs no electron import). */
export interface EventTarget {
  send(channel: string, payload: unknown): void;
  isDestroyed(): boolean;
}

/**
 * Sends push events to the app's windows: each payload is checked against the event table first, and a payload
 * that breaks it is reported and not sent (a renderer never receives what the contract does not describe).
 */
export function createEventPublisher(
  targets: () => Iterable<EventTarget>,
  warn: (message: string) => void = console.warn,
): IpcEventPublisher {
  return {
    publish<E extends IpcEventName>(event: E, payload: unknown): boolean {
      const checked = checkEvent(event, payload);
      if (!checked.ok) {
        warn(`[ipc] not sent: ${checked.problem}`);
        return false;
      }
      for (const target of targets()) if (!target.isDestroyed()) target.send(event, checked.payload);
      return true;
    },
  };
}
