import type { AppError } from '../../shared/errors/appError';
import type { KeyImportError } from '../keys/keyMaterial';
import type { KeyStoreError } from '../keys/keyStore';
import type { SecretStoreError } from '../secrets/secretStore';

const withPrefix = (prefix: string | undefined, message: string) => (prefix ? `${prefix} ${message}` : message);

/** A keychain failure (missing, locked, timed out) is a `keychain` error whoever met it; an oversized value is input. */
export function secretStoreAppError(error: SecretStoreError, prefix?: string): AppError {
  return {
    kind: error.kind === 'too-large' ? 'invalid-input' : 'keychain',
    code: error.kind,
    message: withPrefix(prefix, error.message),
    action: error.action,
  };
}

/** A key-store failure: an unusable stored key is `credentials`, a file problem `io`, the rest the keychain's. */
export function keyStoreAppError(error: KeyStoreError, prefix?: string): AppError {
  switch (error.kind) {
    case 'passphrase-missing':
    case 'key-damaged':
      return {
        kind: 'credentials',
        code: error.kind,
        message: withPrefix(prefix, error.message),
        action: error.action,
      };
    case 'io':
      return { kind: 'io', code: error.kind, message: withPrefix(prefix, error.message), action: error.action };
    default:
      return secretStoreAppError(error, prefix);
  }
}

/** A PEM key that cannot be imported (wrong passphrase, not RSA, too weak…): bad input, nothing changed. */
export function keyImportAppError(error: KeyImportError): AppError {
  return {
    kind: 'invalid-input',
    code: error.kind,
    message: `${error.message} Action: ${error.action} Nothing was changed.`,
  };
}
