import type { KeyObject } from 'node:crypto';
import { err, ok, type Result } from '../result';

/** Why a secret is not available: one or two sentences naming what is missing and what to do, never a secret. */
export interface CredentialsError {
  message: string;
}

/**
 * Where the secrets come from: the keychain in the app, the environment in the CLI, fixtures in tests. A missing or
 * unreadable secret is an error value; an implementation never throws.
 */
export interface Credentials {
  /** The seller endpoints' Bearer token (never empty). */
  bearerToken(): Promise<Result<string, CredentialsError>>;
  /** The merchant's RSA private key for buyer-sync signatures. */
  signingKey(): Promise<Result<KeyObject, CredentialsError>>;
}

/** Fixed credentials (tests, the sandbox's own clients, tools that sign with a key they already hold). */
export function fixedCredentials(secrets: { token?: string; key?: KeyObject }): Credentials {
  return {
    bearerToken: async () => (secrets.token ? ok(secrets.token) : err({ message: 'No access token is set.' })),
    signingKey: async () => (secrets.key ? ok(secrets.key) : err({ message: 'No RSA private key is set.' })),
  };
}
