import type { AppError } from '../errors/appError';
import { errorResult, okResult, type IpcError, type IpcResult } from './result';

/** An AppError as it crosses the bridge: the same fields (the IPC error kinds include the use-case layer's). */
export function ipcErrorOf(error: AppError): IpcError {
  const { kind, message, ...rest } = error;
  return errorResult(kind, message, rest).error;
}

/** A use case's Result (core's Result, written out: shared imports nothing of core) as the channel's answer, its value mapped to the channel's data. */
export function answer<T, D>(
  result: { ok: true; value: T } | { ok: false; error: AppError },
  data: (value: T) => D,
): IpcResult<D> {
  return result.ok ? okResult(data(result.value)) : { ok: false, error: ipcErrorOf(result.error) };
}
