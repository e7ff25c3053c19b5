import type { Result } from '../../core/result';
import type { AppError } from '../../shared/errors/appError';
import type { IpcResult } from '../../shared/ipc/result';

/** A use case's Result as the bridge's: the value mapped to the channel's data, the AppError as it is (same kinds). */
export function ipcResult<T, D>(result: Result<T, AppError>, data: (value: T) => D): IpcResult<D> {
  return result.ok ? { ok: true, data: data(result.value) } : { ok: false, error: result.error };
}

/** Optional fields cross the bridge as null. */
export const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);
