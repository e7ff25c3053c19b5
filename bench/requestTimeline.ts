import type { HttpTransport } from '../src/core/http/transport';

/**
 * When a sync's requests were in flight (the sync bench: where its wall time goes beyond the fetch-only floor's).
 * Times are performance.now() milliseconds.
 */
export interface RequestTimeline {
  /** The first request sent, the last answer received (undefined before any). */
  readonly firstSentMs: number | undefined;
  readonly lastAnsweredMs: number | undefined;
  /** Between the two: the time fewer than `parallelism` requests were in flight, summed (ms). */
  readonly underParallelMs: number;
  /** Between the two: the time no request was in flight (ms). */
  readonly idleMs: number;
  /** Every change of the requests in flight: [time, in flight after it]. */
  readonly changes: ReadonlyArray<readonly [number, number]>;
}

/** Wraps a transport to keep its RequestTimeline. */
export function timedTransport(inner: HttpTransport, parallelism: number): HttpTransport & RequestTimeline {
  let firstSentMs: number | undefined;
  let lastAnsweredMs: number | undefined;
  let inFlight = 0;
  let changedMs = 0;
  let underParallelMs = 0;
  let idleMs = 0;
  const changes: Array<[number, number]> = [];
  const change = (delta: number) => {
    const now = performance.now();
    if (firstSentMs === undefined) firstSentMs = now;
    else {
      if (inFlight < parallelism) underParallelMs += now - changedMs;
      if (inFlight === 0) idleMs += now - changedMs;
    }
    changedMs = now;
    inFlight += delta;
    changes.push([now, inFlight]);
  };
  return {
    get firstSentMs() {
      return firstSentMs;
    },
    get lastAnsweredMs() {
      return lastAnsweredMs;
    },
    get underParallelMs() {
      return underParallelMs;
    },
    get idleMs() {
      return idleMs;
    },
    changes,
    async send(request) {
      change(1);
      try {
        return await inner.send(request);
      } finally {
        change(-1);
        lastAnsweredMs = performance.now();
      }
    },
  };
}
