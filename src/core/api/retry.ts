import type { ApiError } from '../../shared/errors/apiError';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the error is returned instead. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

/** Injected so tests and benchmarks do not wait on real time. */
export interface Sleeper {
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realSleeper: Sleeper = {
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal!.reason);
      };
      // One signal serves a whole run (the CLI's Ctrl+C): each wait takes its listener off again.
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/** Capped exponential backoff with "equal jitter": half fixed, half random, so clients spread out. */
export function backoffDelayMs(attempt: number, policy: RetryPolicy, random: () => number): number {
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}

/** Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfterMs(header: string | undefined, nowMs: number): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/** Idempotent reads (order list) and buyer sync retry transient failures. */
export function isTransient(error: ApiError): boolean {
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return true;
    case 'http':
      return error.status >= 500 || error.status === 429 || error.envelope?.code === '10004';
    case 'platform':
      return error.code === '10004';
    default:
      return false;
  }
}

/**
 * A money-moving call is retried only when the request surely was not processed: the connection was refused
 * (nothing sent), or the platform answered 10004, for which the spec says retry.
 */
export function isSafeToRetryUnprocessed(error: ApiError): boolean {
  if (error.kind === 'network') return !error.sent;
  if (error.kind === 'platform') return error.code === '10004';
  // Not 429: nothing promises a rate limiter answers before the request is processed. It is a refusal to report.
  if (error.kind === 'http') return error.envelope?.code === '10004';
  return false;
}

export interface RetryContext {
  policy: RetryPolicy;
  sleeper: Sleeper;
  random: () => number;
  now: () => number;
  signal?: AbortSignal;
  /** Called before each wait; for progress and logs. */
  onRetry?: (info: { attempt: number; delayMs: number; error: ApiError }) => void;
}

/**
 * Runs `attempt` until it succeeds, fails with an error `shouldRetry` rejects, or attempts run out.
 * `attempt` is called afresh each time (buyer sync builds a new nonce, timestamp and signature in it).
 */
export async function withRetry<T>(
  ctx: RetryContext,
  shouldRetry: (error: ApiError) => boolean,
  attempt: (attemptNumber: number) => Promise<{ ok: true; value: T } | { ok: false; error: ApiError }>,
): Promise<{ ok: true; value: T } | { ok: false; error: ApiError }> {
  for (let n = 1; ; n++) {
    const result = await attempt(n);
    if (result.ok || n >= ctx.policy.maxAttempts || !shouldRetry(result.error)) return result;
    // Cancelled (Ctrl+C, window closed): no further attempt.
    if (ctx.signal?.aborted) return result;
    const retryAfter = result.error.kind === 'http' ? result.error.retryAfterMs : undefined;
    if (retryAfter !== undefined && retryAfter > ctx.policy.maxRetryAfterMs) return result;
    const delayMs = Math.max(retryAfter ?? 0, backoffDelayMs(n, ctx.policy, ctx.random));
    ctx.onRetry?.({ attempt: n, delayMs, error: result.error });
    try {
      await ctx.sleeper.sleep(delayMs, ctx.signal);
    } catch {
      return result; // cancelled while waiting: the last answer stands
    }
  }
}
