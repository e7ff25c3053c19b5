import type { IpcError, IpcResult } from '../../shared/ipc/result';

/**
 * What a store holds for one request: the last good data stays while a reload runs or after a reload fails, so a
 * screen never blanks out on a refresh; `error` says what went wrong with the last attempt.
 */
export interface RequestState<T> {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  data: T | null;
  error: IpcError | null;
}

export const idleState = <T>(): RequestState<T> => ({ status: 'idle', data: null, error: null });

export function loadingState<T>(previous: RequestState<T>): RequestState<T> {
  return { status: 'loading', data: previous.data, error: null };
}

/** The state after an answer: its data, or the error beside the data we had. */
export function settledState<T>(previous: RequestState<T>, answer: IpcResult<T>): RequestState<T> {
  return answer.ok
    ? { status: 'ready', data: answer.data, error: null }
    : { status: 'failed', data: previous.data, error: answer.error };
}
