import type { IpcEventPublisher } from '../../shared/ipc/events';
import {
  createPoller,
  type FocusPort,
  type NetworkPort,
  type Poller,
  type PollerClock,
  type PollerState,
  type PollerSyncResult,
  type PowerPort,
} from './poller';

/** Nothing to watch: a host without the signal (the browser host has no power or online events of its own). */
export const NO_NETWORK_SIGNAL: NetworkPort = { isOnline: () => true, onChange: () => () => {} };
export const NO_POWER_SIGNAL: PowerPort = { on: () => undefined, removeListener: () => undefined };

export interface SyncLoopPorts {
  /** The active profile's id and poll interval; null: no profile chosen (nothing polls). */
  profile(): { id: string; pollIntervalSeconds: number } | null;
  /** One sync of the active profile (the `sync:now` channel, answered by the profile's core host). */
  syncNow(): Promise<PollerSyncResult>;
  /** Whether the active profile's cache holds a finished full sync (`sync:status`'s `complete`). */
  cacheComplete(): Promise<boolean>;
  /** The windows: the poller's state goes out as `sync:state`. */
  events: IpcEventPublisher;
  network: NetworkPort;
  power: PowerPort;
  focus?: FocusPort;
  /** When the first poll of a (re)started loop runs; see PollerPorts.firstPoll. */
  firstPoll?: 'now' | 'after-interval';
  clock?: PollerClock;
  /** Every state the poller reports (after it went out to the windows). */
  onState?(state: PollerState): void;
}

export interface SyncLoop {
  /** A poller for the active profile (none when no profile is chosen); a running one is replaced. */
  start(): void;
  /** Polls at once (the tray's "Sync now", or after the merchant fixed a refused token). */
  syncNow(): void;
  stop(): void;
  /** The running sync builds the first baseline: its change events are not news (the core emits none either). */
  readonly baselineSync: boolean;
  /** Takes (and clears) "a baseline sync just finished": the next look summarises rather than announces. */
  takeBaselineDone(): boolean;
}

/**
 * The app's background sync, the same for every host: a chained, jittered poller of the active profile with
 * backoff and a stop on a refused token, over the same `sync:now` as the window's "Sync now" (the core host runs
 * one sync at a time, so they never overlap). A sync the merchant paused is no failure: the poller tries again at
 * its next turn, without backoff.
 */
export function createSyncLoop(ports: SyncLoopPorts): SyncLoop {
  let poller: Poller | undefined;
  let baselineSync = false;
  let baselineDone = false;

  const loop: SyncLoop = {
    start() {
      loop.stop();
      const profile = ports.profile();
      if (!profile) return;
      poller = createPoller({
        profileId: profile.id,
        intervalMs: () => (ports.profile()?.pollIntervalSeconds ?? profile.pollIntervalSeconds) * 1000,
        syncNow: async () => {
          baselineSync = !(await ports.cacheComplete());
          try {
            const result = await ports.syncNow();
            if (baselineSync && result.ok) baselineDone = true;
            return !result.ok && result.error.kind === 'sync' && result.error.code === 'paused'
              ? { ok: false, error: { ...result.error, code: 'busy' } }
              : result;
          } finally {
            baselineSync = false;
          }
        },
        onState: (state) => {
          ports.events.publish('sync:state', state);
          ports.onState?.(state);
        },
        network: ports.network,
        power: ports.power,
        ...(ports.focus ? { focus: ports.focus } : {}),
        ...(ports.firstPoll ? { firstPoll: ports.firstPoll } : {}),
        ...(ports.clock ? { clock: ports.clock } : {}),
      });
      poller.start();
    },
    syncNow() {
      // resume() polls at once, and also lifts a stop after a refused token (the merchant asked for it).
      poller?.resume();
    },
    stop() {
      poller?.stop();
      poller = undefined;
      baselineDone = false;
    },
    get baselineSync() {
      return baselineSync;
    },
    takeBaselineDone() {
      const done = baselineDone;
      baselineDone = false;
      return done;
    },
  };
  return loop;
}
