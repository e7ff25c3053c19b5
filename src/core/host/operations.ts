import type { SecretStore } from '../secrets/secretStore';
import type { Result } from '../result';

/**
 * A failure an operation reports: a typed value with a sentence for a person. `kind` names the failure (the
 * caller branches on it, never on the text); `action` says what to do when there is something to do.
 */
export interface OperationError {
  kind: string;
  message: string;
  code?: string;
  action?: string;
  [detail: string]: unknown;
}

export type OperationResult = Result<unknown, OperationError>;

/** One event an operation pushes while it runs (sync progress, orders changed, ...). */
export interface HostEvent {
  name: string;
  data: unknown;
}

/** What an operation gets besides its payload. */
export interface OperationContext {
  /** Aborted when the caller cancels (or the host is being disposed). */
  signal: AbortSignal;
  /** Pushes an event to every `onEvent` subscriber of the host. */
  emit(name: string, data: unknown): void;
}

export interface Operation {
  run(payload: unknown, ctx: OperationContext): Promise<OperationResult>;
  /**
   * Moves money (an after-sales decision): if the host dies while it runs, the call ends as `outcome-unknown`
   * (to be re-checked), never as a plain "try again", and a cancel waits for the operation's own answer.
   */
  moneyMoving?: boolean;
  /**
   * What a screen waits on to show anything (the list's first page, an order): the host runs it before the calls
   * that reached it at the same time (serveHost.ts). Reads run one at a time on the host's thread (SQLite answers
   * synchronously), so order is the one thing that decides how long a call waits behind the others.
   */
  urgent?: boolean;
}

/** Operation name → operation. The use-case layer supplies the real table; tests and the bench supply theirs. */
export type OperationTable = Readonly<Record<string, Operation>>;

/** What the parent needs to know of the table without importing it: names and flags. */
export type OperationCatalog = Readonly<Record<string, { moneyMoving: boolean }>>;

/** Where a host's operations get what lives outside the host. */
export interface HostEnvironment {
  /** Host configuration from the parent (structured-clonable data; never a secret). */
  config: unknown;
  /** The keychain. Out of process it is a proxy that asks the parent: the keychain stays in main. */
  secrets: SecretStore;
  /** Registers a cleanup (close the cache file) run when the host is disposed. */
  onDispose(cleanup: () => void | Promise<void>): void;
}

/**
 * Builds the operation table once per host start. Out of process it runs in the host process, so the module
 * that exports it is part of the host's entry bundle.
 */
export type OperationFactory = (env: HostEnvironment) => OperationTable | Promise<OperationTable>;

export function catalogOf(table: OperationTable): OperationCatalog {
  return Object.fromEntries(
    Object.entries(table).map(([name, op]) => [name, { moneyMoving: op.moneyMoving === true }]),
  );
}
