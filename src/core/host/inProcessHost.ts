import { err } from '../result';
import type { SecretStore } from '../secrets/secretStore';
import type { CallOptions, CoreHost, HostStatus } from './coreHost';
import { OperationDispatcher, settleOnAbort, type CallResult } from './dispatcher';
import { hostInternal, hostStopped, startFailed } from './hostErrors';
import { runCleanups } from './cleanups';
import { Listeners } from './listeners';
import type { HostEvent, OperationFactory } from './operations';

export interface InProcessHostOptions {
  operations: OperationFactory;
  config?: unknown;
  secrets: SecretStore;
}

/**
 * The core host in the caller's process (CLI, tests, the browser host). Payloads, results and events are copied
 * with the structured-clone algorithm, as the port would copy them, so what works here works out of process.
 */
export function createInProcessCoreHost(options: InProcessHostOptions): CoreHost {
  const events = new Listeners<HostEvent>();
  const statuses = new Listeners<HostStatus>();
  let status: HostStatus = { state: 'starting', crashes: 0 };
  const setStatus = (next: HostStatus) => {
    status = next;
    statuses.fire(next);
  };
  const running = new Set<AbortController>();
  const cleanups: Array<() => void | Promise<void>> = [];
  // A factory that throws (bad configuration) fails the host, like one that rejects.
  const dispatcher = Promise.resolve()
    .then(() =>
      options.operations({
        config: structuredClone(options.config),
        secrets: options.secrets,
        onDispose: (cleanup) => void cleanups.push(cleanup),
      }),
    )
    .then(
      (table) => {
        if (status.state === 'starting') setStatus({ state: 'ready', crashes: 0 });
        return new OperationDispatcher(table, (e) => events.fire(structuredClone(e)));
      },
      (e: unknown) => {
        const error = startFailed(e instanceof Error ? e.message : String(e));
        if (status.state === 'starting') setStatus({ state: 'failed', error, crashes: 0 });
        return undefined;
      },
    );

  async function call(operation: string, payload?: unknown, callOptions: CallOptions = {}): Promise<CallResult> {
    if (status.state === 'stopped') return err(hostStopped(operation));
    const d = await dispatcher;
    if (!d) return err(status.error ?? startFailed('unknown error'));
    const controller = new AbortController();
    running.add(controller);
    const signal = callOptions.signal ? AbortSignal.any([callOptions.signal, controller.signal]) : controller.signal;
    const answer = (async (): Promise<CallResult> => {
      try {
        const result = await d.run(operation, structuredClone(payload), signal);
        return structuredClone(result);
      } catch (e) {
        // Not clonable: the port would refuse it too.
        return err(hostInternal(operation, e instanceof Error ? e.message : String(e)));
      } finally {
        running.delete(controller);
      }
    })();
    return settleOnAbort(operation, d.isMoneyMoving(operation), callOptions.signal, answer);
  }

  return {
    call,
    onEvent: (handler) => events.add(handler),
    get status() {
      return status;
    },
    onStatus: (handler) => statuses.add(handler),
    async dispose() {
      if (status.state === 'stopped') return;
      setStatus({ state: 'stopped', crashes: 0 });
      for (const c of running) c.abort();
      await runCleanups(cleanups);
    },
  };
}
