import { err, type Result } from '../result';
import { aborted, hostInternal, unknownOperation, type HostError } from './hostErrors';
import type { HostEvent, OperationError, OperationTable } from './operations';

export type CallResult = Result<unknown, OperationError | HostError>;

/** Runs calls against an operation table; the same code serves the in-process host and the host process. */
export class OperationDispatcher {
  constructor(
    private readonly table: OperationTable,
    private readonly emit: (event: HostEvent) => void,
  ) {}

  isMoneyMoving(operation: string): boolean {
    return this.lookup(operation)?.moneyMoving === true;
  }

  isUrgent(operation: string): boolean {
    return this.lookup(operation)?.urgent === true;
  }

  async run(operation: string, payload: unknown, signal: AbortSignal): Promise<CallResult> {
    const op = this.lookup(operation);
    if (!op) return err(unknownOperation(operation));
    try {
      return await op.run(payload, { signal, emit: (name, data) => this.emit({ name, data }) });
    } catch (e) {
      return err(hostInternal(operation, e instanceof Error ? e.message : String(e)));
    }
  }

  private lookup(operation: string) {
    // Own properties only: "constructor" or "__proto__" are not operations.
    return Object.hasOwn(this.table, operation) ? this.table[operation] : undefined;
  }
}

/**
 * The caller's side of a cancel: an ordinary call ends as `aborted` at once; a money-moving one waits for the
 * operation's own answer (a cancelled decision is "outcome unknown", which only the operation can tell).
 */
export function settleOnAbort(
  operation: string,
  moneyMoving: boolean,
  signal: AbortSignal | undefined,
  answer: Promise<CallResult>,
): Promise<CallResult> {
  if (!signal || moneyMoving) return answer;
  if (signal.aborted) return Promise.resolve(err(aborted(operation)));
  return new Promise((resolve) => {
    const onAbort = () => resolve(err(aborted(operation)));
    signal.addEventListener('abort', onAbort, { once: true });
    void answer.then((r) => {
      signal.removeEventListener('abort', onAbort);
      resolve(r);
    });
  });
}
