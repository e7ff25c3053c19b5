import { z } from 'zod';
import { platformError, type ApiError } from '../../shared/errors/apiError';
import type { HttpResponse, TransportFailure } from '../http/transport';
import { parseJsonKeepingIds } from '../json/losslessJson';
import { duplicateTopLevelKey } from '../json/topLevelKeys';
import { redactSecrets } from '../logging/redact';
import { err, ok, type Result } from '../result';
import { parseRetryAfterMs } from './retry';

const envelopeSchema = z.looseObject({
  code: z.union([z.string(), z.number()]).transform(String),
  msg: z
    .string()
    .nullish()
    .transform((m) => m ?? ''),
  time: z.string().nullish(),
  // Absent is fine: an error envelope may leave `data` out instead of sending null.
  data: z.unknown().optional(),
});

const ENVELOPE_KEYS = ['code', 'msg', 'time', 'data'] as const;

/** Characters of a body that is not JSON quoted in the protocol error (after redaction). */
const QUOTED_BODY_CHARS = 40;

/**
 * The start of a body for an error message. Redacted like crash text: a proxy's or server's error page may echo
 * the request's Authorization header. Redacted over a longer prefix first, so a secret cut by the quote's end is
 * still recognised.
 */
export function quoteBodyStart(body: string): string {
  return JSON.stringify(redactSecrets(body.slice(0, 4 * QUOTED_BODY_CHARS)).slice(0, QUOTED_BODY_CHARS));
}

export interface Decoded<T> {
  data: T;
  /** The envelope's server time, as sent. */
  time: string | undefined;
  /** The response body's length in characters: roughly what holding the decoded data costs in memory. */
  bodyChars?: number;
}

/** "data.list[3].id" from a zod issue path. */
export function formatPath(prefix: string, path: ReadonlyArray<PropertyKey>): string {
  let out = prefix;
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : `${out ? '.' : ''}${String(p)}`;
  return out;
}

export function transportError(failure: TransportFailure, timeoutMs: number): ApiError {
  switch (failure.kind) {
    case 'refused':
      return { kind: 'network', message: failure.message, sent: false };
    case 'timeout':
      return { kind: 'timeout', message: failure.message, timeoutMs };
    case 'aborted':
      return { kind: 'network', message: 'cancelled', sent: true };
    case 'dropped':
      return { kind: 'network', message: `connection closed without an answer (${failure.message})`, sent: true };
    case 'too-large':
      // The platform did answer: an answer nobody can use is a protocol fault, not a network one.
      return { kind: 'protocol', message: failure.message };
  }
}

/** Reads the common envelope from a response and validates `data` against the endpoint's schema. */
export function decodeEnvelope<S extends z.ZodType>(
  response: HttpResponse,
  dataSchema: S,
  nowMs: number,
): Result<Decoded<z.output<S>>, ApiError> {
  const isSuccessStatus = response.status >= 200 && response.status < 300;
  let json: unknown;
  try {
    json = parseJsonKeepingIds(response.body);
  } catch {
    if (!isSuccessStatus) return err(httpError(response, undefined, nowMs));
    return err({
      kind: 'protocol',
      message: `the body is not JSON (starts with ${quoteBodyStart(response.body)})`,
    });
  }
  // JSON.parse keeps the last of two equal keys: `"code":"10003",…,"code":"0000"` must not read as success.
  const duplicate = duplicateTopLevelKey(response.body, ENVELOPE_KEYS);
  if (duplicate !== undefined) {
    return err({
      kind: 'protocol',
      message: `the envelope holds "${duplicate}" more than once: which one the platform meant is unknown`,
      path: duplicate,
    });
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) {
    if (!isSuccessStatus) return err(httpError(response, undefined, nowMs));
    const issue = envelope.error.issues[0];
    return err({
      kind: 'protocol',
      message: `the body is not the platform envelope {code, msg, time, data}${issue ? `: ${issue.message}` : ''}`,
      path: issue ? formatPath('', issue.path) || undefined : undefined,
    } as ApiError);
  }
  const { code, msg, time, data } = envelope.data;
  if (!isSuccessStatus) return err(httpError(response, { code, msg }, nowMs));
  if (code !== '0000') return err(platformError(code, msg, response.status));
  const parsed = dataSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = formatPath('data', issue.path);
    return err({ kind: 'protocol', message: `${path}: ${issue.message}`, path });
  }
  return ok({ data: parsed.data, time: time ?? undefined, bodyChars: response.body.length });
}

function httpError(
  response: HttpResponse,
  envelope: { code: string; msg: string } | undefined,
  nowMs: number,
): ApiError {
  const retryAfterMs = parseRetryAfterMs(response.headers['retry-after'], nowMs);
  return {
    kind: 'http',
    status: response.status,
    ...(envelope ? { envelope } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  };
}
