import type { SandboxSync } from '../core/app/firstRun';
import { err, ok, type Result } from '../core/result';
import type { platformRelay } from './handlers/platformRelay';
import type { AttentionAnswer } from './shell/desktopShell';
import type { PollerSyncResult } from './shell/poller';

type PlatformHandlers = ReturnType<typeof platformRelay>;

/** The channel's maximum rows per kind (orders:attention's `limitPerKind`). */
export const ATTENTION_ROWS_PER_KIND = 500;

/**
 * What the desktop shell and the first run ask of the platform domains (routed to the active profile's core
 * host): the same handlers the window calls, so the tray counts what the after-sales screen lists.
 */
export function platformQueries(
  handlers: Pick<PlatformHandlers, 'sync:now' | 'sync:status' | 'orders:count' | 'orders:attention'>,
) {
  return {
    /** One sync of the active profile (the poller's and the tray's "Sync now"). */
    syncNow: async (): Promise<PollerSyncResult> => handlers['sync:now']({}),
    /** The active profile's cache holds a finished full sync (its change events are news). */
    cacheComplete: async (): Promise<boolean> => {
      const status = await handlers['sync:status'](undefined);
      return status.ok && status.data.complete;
    },
    /** Cached orders with an after-sales request awaiting the seller's review; null when the cache cannot say. */
    awaitingDecision: async (): Promise<number | null> => {
      // The profile's own "awaiting review" values, filled in by the host: the count the After-sales screen shows.
      const r = await handlers['orders:count']({ awaitingReview: true });
      return r.ok ? r.data.count : null;
    },
    /**
     * The attention queue for the tray and the due notifications; null when the cache cannot say. As many rows as
     * the channel gives (its maximum per kind), so a due notification is rarely missed behind the screen's page.
     */
    attention: async (): Promise<AttentionAnswer | null> => {
      const r = await handlers['orders:attention']({ limitPerKind: ATTENTION_ROWS_PER_KIND });
      return r.ok ? r.data : null;
    },
    /** The first run's sync, worded for the person when it fails. */
    firstSync: async (): Promise<Result<SandboxSync, string>> => {
      const r = await handlers['sync:now']({});
      if (r.ok) return ok({ mode: r.data.mode, cached: r.data.cached });
      return err(r.error.action ? `${r.error.message} ${r.error.action}` : r.error.message);
    },
  };
}
