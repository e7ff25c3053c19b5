import { describe, expect, it } from 'vitest';
import {
  backoffDelayMs,
  DEFAULT_RETRY_POLICY,
  isSafeToRetryUnprocessed,
  isTransient,
  parseRetryAfterMs,
} from './retry';

describe('backoff', () => {
  it('grows exponentially, is capped and jittered within [exp/2, exp]', () => {
    const p = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelayMs(1, p, () => 0)).toBe(50);
    expect(backoffDelayMs(1, p, () => 1)).toBe(100);
    expect(backoffDelayMs(3, p, () => 1)).toBe(400);
    expect(backoffDelayMs(10, p, () => 1)).toBe(1000);
    expect(backoffDelayMs(10, p, () => 0)).toBe(500);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfterMs('2', 0)).toBe(2000);
    expect(parseRetryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfterMs('soon', 0)).toBeUndefined();
    expect(parseRetryAfterMs(undefined, 0)).toBeUndefined();
  });
});

describe('what is retried', () => {
  it('reads retry transient failures only', () => {
    expect(isTransient({ kind: 'network', message: '', sent: true })).toBe(true);
    expect(isTransient({ kind: 'timeout', message: '', timeoutMs: 1 })).toBe(true);
    expect(isTransient({ kind: 'http', status: 503 })).toBe(true);
    expect(isTransient({ kind: 'http', status: 429 })).toBe(true);
    expect(isTransient({ kind: 'http', status: 401 })).toBe(false);
    expect(isTransient({ kind: 'platform', code: '10004', msg: '', httpStatus: 200 })).toBe(true);
    expect(isTransient({ kind: 'platform', code: '10003', msg: '', httpStatus: 200 })).toBe(false);
    expect(isTransient({ kind: 'protocol', message: '' })).toBe(false);
  });

  it('money-moving calls retry only what surely was not processed', () => {
    expect(isSafeToRetryUnprocessed({ kind: 'network', message: '', sent: false })).toBe(true);
    expect(isSafeToRetryUnprocessed({ kind: 'network', message: '', sent: true })).toBe(false);
    expect(isSafeToRetryUnprocessed({ kind: 'timeout', message: '', timeoutMs: 1 })).toBe(false);
    expect(isSafeToRetryUnprocessed({ kind: 'http', status: 503 })).toBe(false);
    expect(isSafeToRetryUnprocessed({ kind: 'platform', code: '10004', msg: '', httpStatus: 200 })).toBe(true);
  });
});
