import { canRebuild, describeCacheError, type CacheError } from '../../shared/errors/cacheErrors';
import { apiErrorParts, type ApiError, type OutcomeObservation } from '../../shared/errors/apiError';
import { describeSyncError, type SyncError } from '../../shared/errors/syncErrors';
import type { AppError, AppFound } from '../../shared/errors/appError';

/**
 * The core's typed failures as the use-case layer's AppError, worded by their existing describe* functions so the
 * CLI and the window say the same thing.
 */

function foundOf(observed: OutcomeObservation): AppFound {
  if (observed.kind === 'recheck-failed')
    return { kind: 'recheck-failed', message: apiErrorParts(observed.error).message };
  return observed;
}

export function appErrorFromApi(error: ApiError): AppError {
  const { message, code, action } = apiErrorParts(error);
  return {
    kind: error.kind,
    message,
    ...(code !== undefined ? { code } : {}),
    ...(action !== undefined ? { action } : {}),
    ...(error.kind === 'invalid-input' ? { issues: error.issues } : {}),
    ...(error.kind === 'outcome-unknown' ? { found: foundOf(error.observed) } : {}),
  };
}

/** A bad query is the caller's input; every other cache problem is a `cache` error (with how to rebuild, when that helps). */
export function appErrorFromCache(error: CacheError, rebuildHint?: string): AppError {
  if (error.kind === 'invalid-query') return { kind: 'invalid-input', message: describeCacheError(error) };
  return { kind: 'cache', message: describeCacheError(error, canRebuild(error) ? rebuildHint : undefined) };
}

/** A sync stopped by the platform keeps the platform's kind (and code); any other stop is a `sync` error. */
export function appErrorFromSync(error: SyncError, rebuildHint?: string): AppError {
  const message = describeSyncError(error, rebuildHint);
  if (error.kind === 'api') {
    const { code } = apiErrorParts(error.error);
    return { kind: error.error.kind, message, ...(code !== undefined ? { code } : {}) };
  }
  return { kind: 'sync', message };
}
