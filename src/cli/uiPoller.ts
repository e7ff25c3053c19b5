import { createPoller, type Poller, type PollerClock } from '../appHost/shell/poller';
import type { SyncApp } from '../appHost/handlers/sync';
import type { IpcEventPublisher } from '../shared/ipc/events';

/**
 * `merchant-desk ui` polls like the desktop app: the same chained, jittered poller with backoff and a stop on a
 * refused token, over the same sync controller as the page's "Sync now" (so they never overlap). The browser host
 * has no online/offline or power signal of its own: a network failure shows as the poller's error state.
 */
export function startUiPoller(options: {
  app: SyncApp;
  profileId: string;
  intervalMs: () => number;
  publisher: IpcEventPublisher;
  clock?: PollerClock;
}): Poller {
  const { app } = options;
  const poller = createPoller({
    profileId: options.profileId,
    intervalMs: options.intervalMs,
    syncNow: async () => {
      const controller = app.sync();
      if (!controller.ok) return controller;
      const result = await controller.value.syncNow({
        ...(app.onProgress ? { onProgress: (p) => app.onProgress?.(p) } : {}),
        ...(app.onChange ? { onChange: (e) => app.onChange?.(e) } : {}),
      });
      // Paused by the merchant: not a failure, so no backoff; the poller tries again at its next turn.
      if (!result.ok && result.error.kind === 'sync' && result.error.code === 'paused')
        return { ok: false, error: { ...result.error, code: 'busy' } };
      return result;
    },
    onState: (state) => options.publisher.publish('sync:state', state),
    network: { isOnline: () => true, onChange: () => () => {} },
    power: { on: () => undefined, removeListener: () => undefined },
    // `ui --sandbox` has just synced, and a profile switched to from the page is synced by the merchant's click.
    firstPoll: 'after-interval',
    ...(options.clock ? { clock: options.clock } : {}),
  });
  poller.start();
  return poller;
}
