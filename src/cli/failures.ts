import type { ProfileStoreError } from '../shared/errors/profileErrors';
import type { SecretStoreError } from '../core/secrets/secretStore';
import { CliError } from './io';

/** The core's typed failures as CLI errors: each kind of problem gets the same error kind (and exit code) everywhere. */

/** A keychain failure (missing, locked, timed out) is a `keychain` error whichever command met it. */
export function secretStoreFailure(error: SecretStoreError, prefix?: string): CliError {
  return new CliError(
    prefix ? `${prefix} ${error.message}` : error.message,
    error.kind === 'too-large' ? 'invalid-input' : 'keychain',
    {
      action: error.action,
    },
  );
}

/** Settings problems (no such profile, a damaged or newer-version settings.json) are `settings` errors: exit 2. */
export function profileStoreFailure(error: ProfileStoreError): CliError {
  const kind =
    error.kind === 'invalid' || error.kind === 'duplicate' ? 'invalid-input' : error.kind === 'io' ? 'io' : 'settings';
  // The store's own reason (corrupt, newer-version, not-found, …) travels as the code, as the use cases' errors do.
  return new CliError(error.message, kind, { action: error.action, code: error.kind });
}
