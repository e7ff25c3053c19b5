import type { Result } from '../result';

/**
 * Where the merchant's secrets live: the OS keychain (keytar) in the app and the CLI, memory in tests.
 * Secrets never leave the main process / core: the renderer only learns "set / not set".
 */

/** The service name every keychain item is stored under. */
export const KEYCHAIN_SERVICE = 'Merchant Desk';

/**
 * Windows Credential Manager refuses a secret larger than 2,560 bytes (CRED_MAX_CREDENTIAL_BLOB_SIZE). keytar writes
 * the UTF-8 bytes on every system, so no value whose UTF-8 form is larger is ever written — on any system, so a
 * profile that works on Linux also works on Windows. (Large values, such as a 4096-bit private key, live encrypted
 * on disk; only their random passphrase is in the keychain.)
 */
export const MAX_SECRET_BYTES = 2560;

/** The secrets kept per profile. */
export const secretNames = ['token', 'key-passphrase'] as const;
export type SecretName = (typeof secretNames)[number];

export type SecretStoreErrorKind =
  /** No keychain service at all (Linux without a Secret Service, no D-Bus session, keytar not loadable). */
  | 'keychain-unavailable'
  /** The keychain exists but refused: locked, a prompt denied, no default collection. */
  | 'keychain-locked'
  /** The keychain did not answer in time (e.g. an unlock prompt nobody answers). */
  | 'timeout'
  /** The value is larger than a keychain item may hold on every system. */
  | 'too-large'
  /** Any other keychain failure. */
  | 'keychain-error';

export interface SecretStoreError {
  kind: SecretStoreErrorKind;
  /** What happened, for a person. Never holds a secret. */
  message: string;
  /** What the merchant can do about it. */
  action: string;
}

export interface SecretStore {
  /** A short name of the backend, e.g. "keytar" or "memory". */
  readonly backend: string;
  /** The secret, or null when none is stored. */
  get(profileId: string, name: SecretName): Promise<Result<string | null, SecretStoreError>>;
  /** Stores (replaces) the secret. Refuses values over MAX_SECRET_BYTES (UTF-8) with 'too-large'. */
  set(profileId: string, name: SecretName, value: string): Promise<Result<void, SecretStoreError>>;
  /** Removes the secret; true when one was there. */
  delete(profileId: string, name: SecretName): Promise<Result<boolean, SecretStoreError>>;
}

/** The keychain account of one secret: `<profileId>:<secretName>`. */
export function secretAccount(profileId: string, name: SecretName): string {
  return `${profileId}:${name}`;
}

export function secretByteLength(value: string): number {
  return Buffer.byteLength(value, 'utf8');
}

export function tooLargeError(name: SecretName, bytes: number): SecretStoreError {
  return {
    kind: 'too-large',
    message: `The ${describeSecret(name)} is ${bytes} bytes; a keychain item may hold at most ${MAX_SECRET_BYTES} bytes on every system (Windows' limit). Nothing was stored.`,
    action:
      'Check that you pasted only the secret (no extra text); ask the platform for a shorter token if it really is this long.',
  };
}

export function describeSecret(name: SecretName): string {
  return name === 'token' ? 'access token' : 'private key passphrase';
}

/** One line for a person: what happened and what to do. */
export function describeSecretStoreError(error: SecretStoreError): string {
  return `${error.message} Action: ${error.action}`;
}
