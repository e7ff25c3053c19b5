import type { Result } from '../result';
import type { HostError } from './hostErrors';
import type { HostEvent, OperationError } from './operations';

/**
 * Where the use-case layer runs: in this process (CLI, tests, the browser host) or in a separate process (the
 * Electron app's utility process, so SQLite, sync and HTTP never block main's event loop). Both behave the same.
 */
export interface CoreHost {
  /** Runs one operation. Never rejects and never hangs past the host's death: failures are values. */
  call(
    operation: string,
    payload?: unknown,
    options?: CallOptions,
  ): Promise<Result<unknown, OperationError | HostError>>;
  /** Every event operations emit; returns the unsubscribe. */
  onEvent(handler: (event: HostEvent) => void): () => void;
  readonly status: HostStatus;
  /** Every state change; returns the unsubscribe. */
  onStatus(handler: (status: HostStatus) => void): () => void;
  /** Stops the host; calls still running end as `host-stopped`. */
  dispose(): Promise<void>;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export type HostState =
  /** Launching (calls wait). */
  | 'starting'
  | 'ready'
  /** Crashed; relaunching after a backoff (calls wait). */
  | 'restarting'
  /** Crashed too often; calls fail at once with `host-failed`. */
  | 'failed'
  /** Disposed. */
  | 'stopped';

export interface HostStatus {
  state: HostState;
  /** Why it is `failed`. */
  error?: HostError;
  /** Crashes within the current crash window. */
  crashes: number;
}
