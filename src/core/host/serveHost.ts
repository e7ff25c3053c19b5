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
  /** Its answer had left the process (written whole to the channel). */
  sent?: number;
}

/**
 * The host's own start, traced as a record of operation `host:start`: `received` is the process's start, `started`
 * when serving began (its modules loaded), `ended` when it answered `ready` (its operation table built).
 */
export const HOST_START_TRACE = 'host:start';

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
  const serving = trace ? epochNow() : 0;
  const secrets = remoteSecretStore(port);
  const running = new Map<number, AbortController>();
  let dispatcher: Promise<OperationDispatcher> | undefined;
  const send = (m: HostMessage) => port.postMessage(m);
  const cleanups: Array<() => void | Promise<void>> = [];

  /**
   * Answers posted and not yet out of the process. A Node child's channel writes a large answer in parts as the loop
   * turns: a call's synchronous work started meanwhile (a count, Insights at a million orders) would hold the rest of
   * the answer behind it (a first page of 100 orders is ~170 KiB: docs/PERFORMANCE.md §8, "relaygap"). The next
   * call starts once they are out (startNext).
   */
  let unsent = 0;
  const whenAllSent: Array<() => void> = [];
  const answerSent = () => {
    unsent -= 1;
    if (unsent === 0) for (const resolve of whenAllSent.splice(0)) resolve();
  };
  const answersSent = (): Promise<void> | undefined =>
    unsent === 0 ? undefined : new Promise((resolve) => void whenAllSent.push(resolve));

  function postAnswer(m: HostMessage, sent: () => void): void {
    unsent += 1;
    try {
      port.postMessage(m, () => {
        answerSent();
        sent();
      });
    } catch (e) {
      answerSent();
      throw e;
    }
  }

  function sendResult(id: number, operation: string, result: CallResult, sent: () => void): void {
    try {
      postAnswer({ t: 'result', id, result }, sent);
    } catch (e) {
      // The answer could not be cloned: say so instead of leaving the caller waiting.
      const failed = err(hostInternal(operation, e instanceof Error ? e.message : String(e)));
      postAnswer({ t: 'result', id, result: failed }, sent);
    }
  }

  /**
   * Calls taken from the port and not started yet. The port hands over every message that waited while the thread
   * was busy (a synchronous read) in one go; they are started one a turn of the event loop after it, the urgent ones
   * first (Operation.urgent: a list's first page does not wait behind a count or Insights that reached the host with
   * it). One a turn: a call's answer is sent — whole, out of the process — before the next call's synchronous work
   * starts, and an urgent call that arrives meanwhile goes before the ones still waiting.
   */
  const arrived: Array<{
    id: number;
    operation: string;
    payload: unknown;
    controller: AbortController;
    received: number;
  }> = [];

  async function startNext(): Promise<void> {
    const d = await dispatcher?.catch(() => undefined);
    // The answers already given leave the process before this call's synchronous work holds the thread.
    await answersSent();
    const urgent = d ? arrived.findIndex((c) => d.isUrgent(c.operation)) : -1;
    const [call] = arrived.splice(urgent >= 0 ? urgent : 0, 1);
    if (call) void runCall(d, call);
    // The call's synchronous work is done and its answer sent (a microtask) before the next turn.
    if (arrived.length > 0) setImmediate(() => void startNext());
  }

  async function runCall(d: OperationDispatcher | undefined, call: (typeof arrived)[number]): Promise<void> {
    const started = trace ? epochNow() : 0;
    const result = d
      ? await d.run(call.operation, call.payload, call.controller.signal)
      : err(hostInternal(call.operation, 'the host did not start'));
    running.delete(call.id);
    // `ended` once the answer is posted (cloned), as before; `sent` once it has left the process.
    let ended = 0;
    sendResult(call.id, call.operation, result, () =>
      trace?.({ operation: call.operation, received: call.received, started, ended, sent: epochNow() }),
    );
    if (trace) ended = epochNow();
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
          trace?.({
            operation: HOST_START_TRACE,
            received: performance.timeOrigin,
            started: serving,
            ended: epochNow(),
          });
          return d;
        })();
        dispatcher.catch((e: unknown) =>
          send({ t: 'init-failed', message: e instanceof Error ? e.message : String(e) }),
        );
        return;
      case 'call': {
        const controller = new AbortController();
        running.set(m.id, controller);
        arrived.push({
          id: m.id,
          operation: m.operation,
          payload: m.payload,
          controller,
          received: trace ? epochNow() : 0,
        });
        if (arrived.length === 1) setImmediate(() => void startNext());
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
