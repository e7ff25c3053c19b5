import type { IpcEventPayloadInput } from '../../shared/ipc/events';
import type { IpcErrorKind } from '../../shared/ipc/result';
import { formatIsoInstant } from '../../shared/time/isoInstant';

/**
 * The desktop's background poller for the open profile: one sync at a time on a chained timer, quiet while the
 * computer cannot or should not sync, and never hammering the platform with a token it already refused.
 *
 * Plain TypeScript: every Electron API and the clock come in as ports, so the timing is tested with fake timers.
 */

/** A sync failure as the use cases (AppError) and the bridge (IpcError) both describe it. */
export interface PollerError {
  kind: IpcErrorKind;
  /** For `http`: "HTTP 401" (or the platform's envelope code); for `sync`: "busy", "paused". */
  code?: string;
  message: string;
  action?: string;
}

/** The core's Result (`value`) and the bridge's IpcResult (`data`) both fit. */
export type PollerSyncResult = { ok: true } | { ok: false; error: PollerError };

export type PollerState = IpcEventPayloadInput<'sync:state'>;

/** Electron's `net.isOnline()` plus whatever reports the change (the window's `online`/`offline` events). */
export interface NetworkPort {
  isOnline(): boolean;
  /** Returns the unsubscribe function. */
  onChange(listener: (online: boolean) => void): () => void;
}

export type PowerEvent = 'suspend' | 'resume' | 'lock-screen' | 'unlock-screen';

/** The part of Electron's `powerMonitor` the poller listens to. */
export interface PowerPort {
  on(event: PowerEvent, listener: () => void): unknown;
  removeListener(event: PowerEvent, listener: () => void): unknown;
}

/** The main window's `focus` event (a BrowserWindow's `on('focus')` / `removeListener('focus')` fits). */
export interface FocusPort {
  on(event: 'focus', listener: () => void): unknown;
  removeListener(event: 'focus', listener: () => void): unknown;
}

export interface PollerClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface PollerPorts {
  profileId: string;
  /** The profile's poll interval; read before each wait so a changed setting applies at the next poll. */
  intervalMs(): number;
  syncNow(): Promise<PollerSyncResult>;
  onState(state: PollerState): void;
  network: NetworkPort;
  power: PowerPort;
  focus?: FocusPort;
  clock?: PollerClock;
  /** A number in [0, 1), like Math.random. */
  random?: () => number;
  /**
   * 'now' (default): the first poll runs at start. 'after-interval': the caller has just synced (first run, a
   * switched profile the merchant syncs by hand), so the first poll waits one interval.
   */
  firstPoll?: 'now' | 'after-interval';
}

export interface Poller {
  /** Subscribes to the ports and polls at once when it may. */
  start(): void;
  /** After the merchant acted on a credentials/keychain stop (unlocked, fixed the token): polls again at once. */
  resume(): void;
  /** Unsubscribes and clears the timer; a sync in flight finishes but schedules nothing and reports nothing. */
  stop(): void;
}

/** ±10 % around every wait, so many desks started together do not poll the platform in step. */
export const POLL_JITTER = 0.1;
/** The longest wait between failed polls. */
export const MAX_BACKOFF_MS = 15 * 60_000;

const realClock: PollerClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => {
    const handle = setTimeout(run, ms);
    // A pending poll must not keep the app alive after quit.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** `ms` moved by up to ±10 %; `random` in [0, 1). */
export function jittered(ms: number, random: () => number): number {
  return Math.round(ms * (1 + POLL_JITTER * (2 * random() - 1)));
}

/**
 * The wait before the next poll after `failures` consecutive failed ones: the interval, doubled per failure,
 * jittered, and never above 15 minutes (or the interval, when the merchant set a longer one).
 */
export function nextWaitMs(intervalMs: number, failures: number, random: () => number): number {
  const cap = Math.max(MAX_BACKOFF_MS, intervalMs * (1 + POLL_JITTER));
  return Math.min(cap, jittered(intervalMs * 2 ** failures, random));
}

/** The spec's "signature rejected" code: the key or the signature settings are wrong. */
const SIGNATURE_REJECTED = '10003';

/**
 * A refused or unreadable token or key: retrying cannot help until the merchant acts, and each retry against the
 * platform is one more rejected request on their account. (An HTTP error carries its status as the code only when
 * no envelope came back; with one, the envelope's code stands in.)
 */
export function needsMerchant(error: PollerError): boolean {
  if (error.kind === 'keychain' || error.kind === 'credentials') return true;
  if (error.kind === 'http' && (error.code === 'HTTP 401' || error.code === 'HTTP 403')) return true;
  return (error.kind === 'http' || error.kind === 'platform') && error.code === SIGNATURE_REJECTED;
}

/** Another sync of the profile (the merchant's "Sync now") is running: not a failure, just try at the next turn. */
function isBusy(error: PollerError): boolean {
  return error.kind === 'sync' && error.code === 'busy';
}

export function createPoller(ports: PollerPorts): Poller {
  const clock = ports.clock ?? realClock;
  const random = ports.random ?? Math.random;

  let started = false;
  let online = true;
  let suspended = false;
  let locked = false;
  let running = false;
  let halted = false;
  let failures = 0;
  let lastError: PollerError | undefined;
  let lastSyncedAt: number | undefined;
  let lastAttemptAt: number | undefined;
  let timer: unknown;
  let nextPollAt: number | undefined;
  let unsubscribe: (() => void)[] = [];

  const mayPoll = () => started && online && !suspended && !locked && !halted && !running;

  function report(): void {
    if (!started) return;
    const state: PollerState['state'] = running
      ? 'syncing'
      : !online
        ? 'offline'
        : halted
          ? 'error'
          : suspended || locked
            ? 'paused'
            : lastError
              ? 'error'
              : 'idle';
    const error =
      state === 'offline'
        ? { kind: 'network' as const, message: 'This computer is offline; syncing resumes when it is back.' }
        : state === 'error' && lastError
          ? publicError(lastError)
          : null;
    ports.onState({
      profileId: ports.profileId,
      state,
      lastSyncedAt: lastSyncedAt === undefined ? null : formatIsoInstant(lastSyncedAt),
      nextPollAt: nextPollAt === undefined ? null : formatIsoInstant(nextPollAt),
      error,
    });
  }

  function clearTimer(): void {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
    nextPollAt = undefined;
  }

  function schedule(): void {
    clearTimer();
    if (!mayPoll()) return;
    const wait = nextWaitMs(ports.intervalMs(), failures, random);
    nextPollAt = clock.now() + wait;
    timer = clock.setTimeout(() => {
      timer = undefined;
      nextPollAt = undefined;
      void poll();
    }, wait);
  }

  async function poll(): Promise<void> {
    if (!mayPoll()) return;
    clearTimer();
    running = true;
    lastAttemptAt = clock.now();
    report();
    let result: PollerSyncResult;
    try {
      result = await ports.syncNow();
    } catch (e) {
      // The port should answer with a Result; a throw is a bug, kept out of the loop's way.
      result = { ok: false, error: { kind: 'unexpected', message: e instanceof Error ? e.message : String(e) } };
    }
    running = false;
    if (result.ok) {
      failures = 0;
      lastError = undefined;
      lastSyncedAt = clock.now();
    } else if (needsMerchant(result.error)) {
      halted = true;
      lastError = result.error;
    } else if (!isBusy(result.error)) {
      failures += 1;
      lastError = result.error;
    }
    schedule();
    report();
  }

  /** Polls at once when it may, else (re)arms the timer or stays quiet; reports the state either way. */
  function wake(): void {
    if (mayPoll()) void poll();
    else {
      if (!online || suspended || locked || halted) clearTimer();
      report();
    }
  }

  function pauseChange(): void {
    if (!online || suspended || locked) clearTimer();
    report();
  }

  const handlers = {
    network: (isOnline: boolean) => {
      online = isOnline;
      if (isOnline) wake();
      else pauseChange();
    },
    suspend: () => {
      suspended = true;
      pauseChange();
    },
    resume: () => {
      suspended = false;
      wake();
    },
    lock: () => {
      locked = true;
      pauseChange();
    },
    unlock: () => {
      locked = false;
      wake();
    },
    focus: () => {
      const since = lastAttemptAt === undefined ? Infinity : clock.now() - lastAttemptAt;
      if (since > ports.intervalMs() && mayPoll()) void poll();
    },
  };

  return {
    start() {
      if (started) return;
      started = true;
      online = ports.network.isOnline();
      unsubscribe.push(ports.network.onChange(handlers.network));
      const power: [PowerEvent, () => void][] = [
        ['suspend', handlers.suspend],
        ['resume', handlers.resume],
        ['lock-screen', handlers.lock],
        ['unlock-screen', handlers.unlock],
      ];
      for (const [event, listener] of power) {
        ports.power.on(event, listener);
        unsubscribe.push(() => ports.power.removeListener(event, listener));
      }
      const focus = ports.focus;
      if (focus) {
        focus.on('focus', handlers.focus);
        unsubscribe.push(() => focus.removeListener('focus', handlers.focus));
      }
      if (ports.firstPoll === 'after-interval') {
        lastAttemptAt = clock.now();
        schedule();
        report();
      } else wake();
    },
    resume() {
      if (!started) return;
      halted = false;
      failures = 0;
      lastError = undefined;
      wake();
    },
    stop() {
      if (!started) return;
      started = false;
      clearTimer();
      for (const off of unsubscribe) off();
      unsubscribe = [];
    },
  };
}

/** Only the fields the `sync:state` schema allows. */
function publicError(error: PollerError): NonNullable<PollerState['error']> {
  return {
    kind: error.kind,
    message: error.message,
    ...(error.code ? { code: error.code } : {}),
    ...(error.action ? { action: error.action } : {}),
  };
}
