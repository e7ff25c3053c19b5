import type { IpcEventName } from '../../shared/ipc/channels';
import type { IpcBridge, IpcChannel, IpcRequest, IpcResponse } from '../../shared/ipc/contract';
import type { IpcEventPayload } from '../../shared/ipc/events';

type Answer<C extends IpcChannel> = (request: IpcRequest<C>) => IpcResponse<C> | Promise<IpcResponse<C>>;
type Answers = { [C in IpcChannel]?: Answer<C> };

export interface FakeBridge extends IpcBridge {
  /** Every call, in order: [channel, request]. */
  calls: Array<[IpcChannel, unknown]>;
  /** Sets (or replaces) how a channel answers. */
  answer<C extends IpcChannel>(channel: C, answer: Answer<C>): void;
  /** Pushes an event to every subscriber, as the host would. */
  emit<E extends IpcEventName>(event: E, payload: IpcEventPayload<E>): void;
  subscribers(event: IpcEventName): number;
}

/**
 * A typed stand-in for `window.merchantDesk` in renderer unit tests (happy-dom): answers what the test says,
 * and answers `unavailable` for a channel the test did not set up, as the real bridge does for a missing host.
 */
export function installFakeBridge(answers: Answers = {}): FakeBridge {
  const table: Answers = { ...answers };
  const listeners = new Map<IpcEventName, Set<(payload: never) => void>>();
  const fake: FakeBridge = {
    calls: [],
    answer(channel, answer) {
      (table as Record<string, unknown>)[channel] = answer;
    },
    invoke(channel, ...args) {
      fake.calls.push([channel, args[0]]);
      const answer = table[channel] as Answer<typeof channel> | undefined;
      if (!answer)
        return Promise.resolve({ ok: false, error: { kind: 'unavailable', message: `no answer for ${channel}` } });
      return Promise.resolve(answer(args[0] as IpcRequest<typeof channel>));
    },
    on(event, handler) {
      const set = listeners.get(event) ?? new Set();
      set.add(handler as (payload: never) => void);
      listeners.set(event, set);
      return () => set.delete(handler as (payload: never) => void);
    },
    emit(event, payload) {
      for (const handler of listeners.get(event) ?? []) (handler as (p: typeof payload) => void)(payload);
    },
    subscribers: (event) => listeners.get(event)?.size ?? 0,
  };
  Object.defineProperty(window, 'merchantDesk', { value: fake, configurable: true });
  return fake;
}
