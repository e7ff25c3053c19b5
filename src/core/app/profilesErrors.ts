import type { AppError } from '../../shared/errors/appError';
import type { ProfileStoreError } from '../../shared/errors/profileErrors';

/**
 * A profile-store failure as a use-case error: bad or duplicate input is `invalid-input`, an unreadable file `io`,
 * everything else (no such profile, damaged or newer-version settings) `settings`. The texts are the store's own.
 */
export function profileStoreAppError(error: ProfileStoreError): AppError {
  const kind =
    error.kind === 'invalid' || error.kind === 'duplicate' ? 'invalid-input' : error.kind === 'io' ? 'io' : 'settings';
  return {
    kind,
    code: error.kind,
    message: error.message,
    action: error.action,
    ...(error.kind === 'invalid' ? { issues: error.issues } : {}),
  };
}
