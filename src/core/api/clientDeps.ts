import type { KeyObject } from 'node:crypto';
import type { z } from 'zod';
import type { PlatformConfig } from '../config/platformConfig';
import type { ApiError, FieldIssue } from '../errors';
import type { HttpTransport } from '../http/transport';
import { err, ok, type Result } from '../result';
import { DEFAULT_RETRY_POLICY, realSleeper, type RetryContext, type RetryPolicy, type Sleeper } from './retry';

/** Where the secrets come from: the keychain in the app, the environment in the CLI, fixtures in tests. */
export interface Credentials {
  /** The seller endpoints' Bearer token. Rejects (or returns '') when none is set. */
  bearerToken(): Promise<string>;
  /** The merchant's RSA private key for buyer-sync signatures. */
  signingKey(): Promise<KeyObject>;
}

/** What a request log line may hold: never headers, bodies, tokens, signatures or codes. */
export interface RequestLogEntry {
  endpoint: 'orders' | 'audit' | 'buyer-sync';
  attempt: number;
  url: string;
  status?: number;
  outcome: string;
  durationMs: number;
}

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

export async function loadSecret<T>(what: string, load: () => Promise<T>): Promise<Result<T, ApiError>> {
  try {
    const value = await load();
    if (value === '' || value == null) return err({ kind: 'credentials', message: `No ${what} is set.` });
    return ok(value);
  } catch (e) {
    return err({
      kind: 'credentials',
      message: `The ${what} could not be read: ${e instanceof Error ? e.message : String(e)}.`,
    });
  }
}
