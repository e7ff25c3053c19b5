import type { z } from 'zod';
import type { ApiError } from '../../shared/errors/apiError';
import { err, type Result } from '../result';
import type { ResolvedDeps } from './clientDeps';
import type { RequestLogEntry } from '../logging/requestLog';
import { decodeEnvelope, transportError, type Decoded } from './envelope';

const BYTES_PER_MB = 1024 * 1024;

export interface Attempt<S extends z.ZodType> {
  endpoint: RequestLogEntry['endpoint'];
  /** 1 for the first attempt. */
  attempt: number;
  url: string;
  /** Every header, exactly as sent (buyer sync's are part of what the platform verifies). */
  headers: Record<string, string>;
  body: string;
  /** What the envelope's `data` must be. */
  schema: S;
}

/**
 * Sends one POST attempt of any endpoint and decodes its envelope: the one place where a client meets the
 * transport, so every endpoint has the same deadline, size cap, error mapping and request log line.
 */
export async function sendAttempt<S extends z.ZodType>(
  deps: ResolvedDeps,
  request: Attempt<S>,
): Promise<Result<Decoded<z.output<S>>, ApiError>> {
  const { transport, config, now, onRequest, signal } = deps;
  const started = now();
  const res = await transport.send({
    method: 'POST',
    url: request.url,
    headers: request.headers,
    body: request.body,
    timeoutMs: config.timeoutMs,
    maxResponseBytes: config.maxResponseMB * BYTES_PER_MB,
    ...(signal ? { signal } : {}),
  });
  const result: Result<Decoded<z.output<S>>, ApiError> = res.ok
    ? decodeEnvelope(res.value, request.schema, now())
    : res.error.kind === 'too-large'
      ? err(tooLargeError(config.maxResponseMB, res.error.head))
      : err(transportError(res.error, config.timeoutMs));
  onRequest({
    endpoint: request.endpoint,
    attempt: request.attempt,
    url: request.url,
    ...(res.ok ? { status: res.value.status } : {}),
    outcome: result.ok ? 'ok' : result.error.kind === 'platform' ? `code ${result.error.code}` : result.error.kind,
    durationMs: now() - started,
  });
  return result;
}

function tooLargeError(limitMB: number, head: string | undefined): ApiError {
  const firstListedId = head === undefined ? undefined : firstListedIdOf(head);
  return {
    kind: 'protocol',
    message: `the answer is larger than ${limitMB} MB once decompressed, the limit of the maxResponseMB setting; reading stopped there`,
    tooLarge: { limitMB, ...(firstListedId ? { firstListedId } : {}) },
  };
}

/**
 * The ID of the first order an order list's answer began to list: the first `"id"` after `"list":[{`, as an
 * integer literal or a string of digits. Undefined when the first characters hold none (the list's first order
 * put its ID after a field too large to fit in them).
 */
export function firstListedIdOf(head: string): string | undefined {
  const list = /"list"\s*:\s*\[\s*\{/.exec(head);
  if (!list) return undefined;
  // Only the first order's own top-level fields: stop at its first nested object or array.
  const rest = head.slice(list.index + list[0].length);
  const own = rest.slice(0, rest.search(/[{[]/) === -1 ? undefined : rest.search(/[{[]/));
  return /"id"\s*:\s*"?(\d{1,20})"?/.exec(own)?.[1];
}
