import type { NetworkPort } from './poller';

/**
 * The poller's online/offline signal in main. Electron's `net.isOnline()` reads Chromium's network-change state
 * (no traffic) but main gets no event when it flips, so it is sampled: every few seconds, and at once when the
 * computer wakes or is unlocked (the network often comes back just then). Each flip is reported once.
 */

/** How often `net.isOnline()` is read (a labelled default: cheap, and an outage is noticed within seconds). */
export const ONLINE_SAMPLE_MS = 5_000;

export interface OnlineSignalPorts {
  /** `net.isOnline()`. */
  isOnline(): boolean;
  /** `powerMonitor`: a wake or unlock reads the state at once. */
  power?: {
    on(event: 'resume' | 'unlock-screen', listener: () => void): unknown;
    removeListener(event: 'resume' | 'unlock-screen', listener: () => void): unknown;
  };
  timers?: {
    setInterval(run: () => void, ms: number): unknown;
    clearInterval(handle: unknown): void;
  };
  sampleMs?: number;
}

const realTimers = {
  setInterval: (run: () => void, ms: number) => {
    const handle = setInterval(run, ms);
    // The sampling must not keep the app alive after quit.
    handle.unref();
    return handle;
  },
  clearInterval: (handle: unknown) => clearInterval(handle as NodeJS.Timeout),
};

/** A NetworkPort whose `onChange` fires on every flip of `net.isOnline()`; sampling runs only while subscribed. */
export function onlineSignal(ports: OnlineSignalPorts): NetworkPort {
  const timers = ports.timers ?? realTimers;
  return {
    isOnline: () => ports.isOnline(),
    onChange(listener) {
      let last = ports.isOnline();
      const sample = () => {
        const now = ports.isOnline();
        if (now === last) return;
        last = now;
        listener(now);
      };
      const handle = timers.setInterval(sample, ports.sampleMs ?? ONLINE_SAMPLE_MS);
      ports.power?.on('resume', sample);
      ports.power?.on('unlock-screen', sample);
      return () => {
        timers.clearInterval(handle);
        ports.power?.removeListener('resume', sample);
        ports.power?.removeListener('unlock-screen', sample);
      };
    },
  };
}
