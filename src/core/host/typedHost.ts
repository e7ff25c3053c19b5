import type { Result } from '../result';
import type { CallOptions, CoreHost } from './coreHost';
import type { HostError } from './hostErrors';
import type { OperationError } from './operations';
import type { OperationMap } from './operations/sessionOperationMap';

/** A core host seen through the operation map it serves: `call` is checked by the compiler. */
export interface TypedCoreHost<M extends OperationMap> {
  readonly host: CoreHost;
  call<K extends keyof M & string>(
    operation: K,
    request: M[K]['request'],
    options?: CallOptions,
  ): Promise<Result<M[K]['data'], OperationError | HostError>>;
}

/**
 * The one place an answer's type is taken on trust: the host process serves a table typed by the same map
 * (TypedOperationTable), and the port carries structured clones of exactly those values. What reaches a window is
 * parsed again by the gate against the contract.
 */
export function typedHost<M extends OperationMap>(host: CoreHost): TypedCoreHost<M> {
  return {
    host,
    call: (operation, request, options) =>
      host.call(operation, request, options) as Promise<
        Result<M[typeof operation]['data'], OperationError | HostError>
      >,
  };
}
