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
      ? err(tooLargeError(config.maxResponseMB))
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

function tooLargeError(limitMB: number): ApiError {
  return {
    kind: 'protocol',
    message: `the answer is larger than ${limitMB} MB once decompressed, the limit of the maxResponseMB setting; reading stopped there (raise the setting only if the platform's answers really are that large)`,
  };
}
