import { WebSocket } from 'ws';
import type { IpcEventName } from '../shared/ipc/channels';
import { checkEvent, type IpcEventPublisher } from '../shared/ipc/events';

/** The pages connected for push events: the browser host's side of `window.merchantDesk.on`. */
export interface EventPages extends IpcEventPublisher {
  /** Takes a page's accepted WebSocket; pages only listen, anything they send is ignored. */
  add(page: WebSocket): void;
  count(): number;
  /** Closes every page's connection (1001: going away), waiting for each close handshake. */
  closeAll(): Promise<void>;
}

export function createEventPages(log: (line: string) => void): EventPages {
  const pages = new Set<WebSocket>();
  return {
    add(page) {
      pages.add(page);
      log(`Merchant Desk UI: a page connected (${pages.size} open).`);
      // A frame over maxPayload, a malformed frame or a reset makes ws emit 'error' on this page's socket (and close
      // it); with no listener that error would end the whole process. It costs the sender its connection only.
      page.on('error', (e) => log(`Merchant Desk UI: a page's event connection failed (${e.message}); it is closed.`));
      page.on('close', () => {
        pages.delete(page);
        log(`Merchant Desk UI: a page left (${pages.size} open).`);
      });
    },
    count: () => pages.size,
    publish<E extends IpcEventName>(event: E, payload: unknown): boolean {
      const checked = checkEvent(event, payload);
      if (!checked.ok) {
        log(`[ipc] not sent: ${checked.problem}`);
        return false;
      }
      // One socket per page delivers in order: a page sees events as they were published.
      const message = JSON.stringify({ event, payload: checked.payload });
      for (const page of pages) if (page.readyState === WebSocket.OPEN) page.send(message);
      return true;
    },
    async closeAll() {
      await Promise.all(
        [...pages].map(
          (page) =>
            new Promise<void>((resolve) => {
              page.once('close', () => resolve());
              // A page that does not answer the close handshake is cut off.
              setTimeout(() => page.terminate(), 2_000).unref();
              page.close(1001, 'Merchant Desk UI stopped');
            }),
        ),
      );
    },
  };
}
