/** When a crashed host is started again, and when it is not. */
export interface RestartPolicy {
  /** This many crashes within `windowMs` stop the restarts. */
  maxCrashes: number;
  windowMs: number;
  /** Wait before the first restart; doubled for each further crash in the window, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  maxCrashes: 3,
  windowMs: 60_000,
  baseDelayMs: 500,
  maxDelayMs: 10_000,
};

export type RestartPlan = { restart: true; delayMs: number; crashes: number } | { restart: false; crashes: number };

/** `crashTimes`: every crash so far (ms, oldest first), the latest included. */
export function planRestart(crashTimes: readonly number[], now: number, policy: RestartPolicy): RestartPlan {
  const recent = crashTimes.filter((t) => now - t < policy.windowMs).length;
  if (recent >= policy.maxCrashes) return { restart: false, crashes: recent };
  const delayMs = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, recent - 1));
  return { restart: true, delayMs, crashes: recent };
}
