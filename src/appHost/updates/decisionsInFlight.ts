/**
 * Counts the after-sales decisions being sent (the `afterSales:decide` calls not yet answered), so an update never
 * restarts the app in the middle of one (updatePolicy.ts).
 */
export function decisionTracker() {
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  return {
    inFlight: () => inFlight,
    whenIdle: (): Promise<void> =>
      inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)),
    /** The implementations with `afterSales:decide` counted; everything else as it was. */
    track<T extends Record<string, unknown>>(implementations: T): T {
      const decide = implementations['afterSales:decide'];
      if (typeof decide !== 'function') return implementations;
      const counted = async (...args: unknown[]) => {
        inFlight++;
        try {
          return await (decide as (...a: unknown[]) => unknown)(...args);
        } finally {
          inFlight--;
          if (inFlight === 0) {
            const done = waiters;
            waiters = [];
            for (const w of done) w();
          }
        }
      };
      return { ...implementations, 'afterSales:decide': counted };
    },
  };
}
