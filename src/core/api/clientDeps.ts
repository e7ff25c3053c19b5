import type { z } from 'zod';
import type { PlatformConfig } from '../config/platformConfig';
import type { ApiError, FieldIssue } from '../../shared/errors/apiError';
import type { HttpTransport } from '../http/transport';
import type { RequestLogEntry } from '../logging/requestLog';
import { err, ok, type Result } from '../result';
import type { Credentials, CredentialsError } from '../credentials/credentials';
import { DEFAULT_RETRY_POLICY, realSleeper, type RetryContext, type RetryPolicy, type Sleeper } from './retry';

export interface ClientDeps {
  config: PlatformConfig;
  transport: HttpTransport;
  credentials: Credentials;
  retry?: RetryPolicy;
  sleeper?: Sleeper;
  random?: () => number;
  now?: () => number;
  onRequest?: (entry: RequestLogEntry) => void;
  /** Cancels requests in flight and retry waits (Ctrl+C in the CLI). A cancelled audit is "outcome unknown". */
  signal?: AbortSignal;
}

export interface ResolvedDeps extends Required<Omit<ClientDeps, 'onRequest' | 'signal'>> {
  onRequest: (entry: RequestLogEntry) => void;
  signal: AbortSignal | undefined;
}

export function resolveDeps(deps: ClientDeps): ResolvedDeps {
  return {
    retry: DEFAULT_RETRY_POLICY,
    sleeper: realSleeper,
    random: Math.random,
    now: Date.now,
    ...deps,
    onRequest: deps.onRequest ?? (() => {}),
    signal: deps.signal,
  };
}

/** The retry context of a client: its policy, clock, randomness and cancel signal. */
export function retryContextOf(deps: ResolvedDeps): RetryContext {
  const { retry, sleeper, random, now, signal } = deps;
  return { policy: retry, sleeper, random, now, ...(signal ? { signal } : {}) };
}

/** Validates input with a zod schema; failures become an `invalid-input` error naming each field. */
export function validateInput<S extends z.ZodType>(schema: S, input: unknown): Result<z.output<S>, ApiError> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  const issues: FieldIssue[] = parsed.error.issues.map((i) => ({
    path: i.path.map(String).join('.'),
    message: i.message,
  }));
  return err({ kind: 'invalid-input', message: issues.map((i) => i.message).join('; '), issues });
}

/** A secret for a request, or the `credentials` error that stops it before anything is sent. */
export async function loadSecret<T>(load: Promise<Result<T, CredentialsError>>): Promise<Result<T, ApiError>> {
  const secret = await load;
  return secret.ok ? secret : err({ kind: 'credentials', message: secret.error.message });
}
