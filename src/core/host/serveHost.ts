import { err } from '../result';
import { OperationDispatcher, type CallResult } from './dispatcher';
import { hostInternal } from './hostErrors';
import { runCleanups } from './cleanups';
import { catalogOf, type OperationFactory } from './operations';
import type { HostPort } from './port';
import { asParentMessage, type HostMessage } from './protocol';
import { remoteSecretStore } from './remoteSecrets';

/** One call as the host ran it (epoch ms, the page's `performance.timeOrigin + now()` scale): see CallTrace. */
export interface CallTraceRecord {
  operation: string;
  /** The call's message taken from the port (a call behind a synchronous one waits in the channel till then). */
  received: number;
  /** Its operation started (after the table was built). */
  started: number;
  ended: number;
}

/** Receives every call's record (diagnostics: `MERCHANT_DESK_HOST_TRACE`, nodeHostMain.ts). */
export type CallTrace = (record: CallTraceRecord) => void;

const epochNow = () => performance.timeOrigin + performance.now();

/**
 * The host process's side of the port: waits for `init`, builds the operation table, answers `ready` with its
 * catalog, then runs calls (several at once), forwards their events and cancels them on request.
 */
export function serveCoreHost(
  port: HostPort,
  operations: OperationFactory,
  trace?: CallTrace,
): { dispose(): Promise<void> } {
  const secrets = remoteSecretStore(port);
  const running = new Map<number, AbortController>();
  let dispatcher: Promise<OperationDispatcher> | undefined;
  const send = (m: HostMessage) => port.postMessage(m);
  const cleanups: Array<() => void | Promise<void>> = [];

  function sendResult(id: number, operation: string, result: CallResult): void {
    try {
      send({ t: 'result', id, result });
    } catch (e) {
      // The answer could not be cloned: say so instead of leaving the caller waiting.
      send({ t: 'result', id, result: err(hostInternal(operation, e instanceof Error ? e.message : String(e))) });
    }
  }

  port.onMessage((raw) => {
    const m = asParentMessage(raw);
    if (!m) return;
    switch (m.t) {
      case 'init':
        dispatcher ??= (async () => {
          const table = await operations({
            config: m.config,
            secrets,
            onDispose: (cleanup) => void cleanups.push(cleanup),
          });
          const d = new OperationDispatcher(table, (event) => {
            try {
              send({ t: 'event', event });
            } catch (e) {
              console.error(`[core host] event ${event.name} could not be sent:`, e);
            }
          });
          send({ t: 'ready', catalog: catalogOf(table), pid: process.pid });
          return d;
        })();
        dispatcher.catch((e: unknown) =>
          send({ t: 'init-failed', message: e instanceof Error ? e.message : String(e) }),
        );
        return;
      case 'call': {
        const controller = new AbortController();
        running.set(m.id, controller);
        const received = trace ? epochNow() : 0;
        void (async () => {
          const d = await dispatcher?.catch(() => undefined);
          const started = trace ? epochNow() : 0;
          const result = d
            ? await d.run(m.operation, m.payload, controller.signal)
            : err(hostInternal(m.operation, 'the host did not start'));
          running.delete(m.id);
          sendResult(m.id, m.operation, result);
          trace?.({ operation: m.operation, received, started, ended: epochNow() });
        })();
        return;
      }
      case 'cancel':
        running.get(m.id)?.abort();
        return;
      case 'secret-reply':
        secrets.answer(m.id, m.result);
        return;
    }
  });
  return {
    async dispose() {
      for (const c of running.values()) c.abort();
      await runCleanups(cleanups);
    },
  };
}
