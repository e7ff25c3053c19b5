import type { Result } from '../../core/result';
import type { AppError } from '../../shared/errors/appError';
import { errorResult, okResult, type IpcError, type IpcResult } from '../../shared/ipc/result';

/** An AppError as it crosses the bridge: the same fields (the IPC error kinds include the use-case layer's). */
export function ipcErrorOf(error: AppError): IpcError {
  const { kind, message, ...rest } = error;
  return errorResult(kind, message, rest).error;
}

/** A use case's Result as the channel's answer, its value mapped to the channel's data. */
export function answer<T, D>(result: Result<T, AppError>, data: (value: T) => D): IpcResult<D> {
  return result.ok ? okResult(data(result.value)) : { ok: false, error: ipcErrorOf(result.error) };
}

/** Runs `body` with the open session, or answers why there is none. */
export async function withOpenSession<S, D>(
  open: () => Result<S, AppError>,
  body: (session: S) => Promise<IpcResult<D>> | IpcResult<D>,
): Promise<IpcResult<D>> {
  const session = open();
  return session.ok ? body(session.value) : { ok: false, error: ipcErrorOf(session.error) };
}
