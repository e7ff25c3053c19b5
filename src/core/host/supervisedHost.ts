import { err } from '../result';
import type { SecretStore } from '../secrets/secretStore';
import type { CallOptions, CoreHost, HostStatus } from './coreHost';
import type { CallResult } from './dispatcher';
import {
  aborted,
  hostFailed,
  hostInternal,
  hostRestarted,
  hostStopped,
  outcomeUnknown,
  type HostError,
} from './hostErrors';
import { Listeners } from './listeners';
import type { HostEvent, OperationCatalog } from './operations';
import type { HostPort } from './port';
import { asHostMessage, type HostMessage } from './protocol';
import { answerSecretRequest } from './remoteSecrets';
import { DEFAULT_RESTART_POLICY, planRestart, type RestartPolicy } from './restartPolicy';

/** Starts host processes: Electron's utilityProcess in the app, child_process.fork in tests and the bench. */
export interface HostLauncher {
  launch(): LaunchedHost;
}

export interface LaunchedHost {
  port: HostPort;
  /** Called once when the process is gone, however it went. */
  onExit(listener: (exit: HostExit) => void): void;
  kill(): void;
}

export interface HostExit {
  code: number | null;
  /** e.g. "killed by SIGKILL", "crashed", "oom", "clean exit". */
  reason: string;
}

export interface SupervisedHostOptions {
  launcher: HostLauncher;
  /** Sent to each new host process with `init` (plain data, never a secret). */
  config?: unknown;
  /** The real keychain, answering the host's secret requests. */
  secrets?: SecretStore;
  restart?: Partial<RestartPolicy>;
  /** Where the host's output and the crash reports go; named in the `host-failed` error. */
  logFile?: string;
  log?: (line: string) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

interface PendingCall {
  operation: string;
  payload: unknown;
  resolve: (r: CallResult) => void;
  /** The host generation it was sent to; undefined while it waits for a ready host. */
  sentTo?: number;
}

const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The core host in its own process, supervised: calls wait while it starts, run there once it is ready; if the
 * process dies, the calls it was running end at once with a typed error (`outcome-unknown` for money-moving
 * ones), and it is started again after a backoff — until it crashes too often, then it stays `failed`.
 */
export function createSupervisedCoreHost(options: SupervisedHostOptions): CoreHost {
  const policy = { ...DEFAULT_RESTART_POLICY, ...options.restart };
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const log = options.log ?? (() => {});
  const events = new Listeners<HostEvent>();
  const statuses = new Listeners<HostStatus>();
  const pending = new Map<number, PendingCall>();
  const crashTimes: number[] = [];
  let status: HostStatus = { state: 'starting', crashes: 0 };
  let generation = 0;
  let current: LaunchedHost | undefined;
  let catalog: OperationCatalog = {};
  let nextId = 1;

  const setStatus = (next: HostStatus) => {
    status = next;
    statuses.fire(next);
  };
  const isMoneyMoving = (operation: string) => catalog[operation]?.moneyMoving === true;
  const settle = (id: number, result: CallResult) => {
    const call = pending.get(id);
    if (!call) return;
    pending.delete(id);
    call.resolve(result);
  };
  const send = (id: number, call: PendingCall) => {
    try {
      current!.port.postMessage({ t: 'call', id, operation: call.operation, payload: call.payload });
      call.sentTo = generation;
    } catch (e) {
      // Not clonable: the in-process host refuses the same payload.
      settle(id, err(hostInternal(call.operation, e instanceof Error ? e.message : String(e))));
    }
  };

  function start(): void {
    const gen = ++generation;
    let launched: LaunchedHost;
    try {
      launched = options.launcher.launch();
    } catch (e) {
      log(`core host: launch failed: ${e instanceof Error ? e.message : String(e)}`);
      void crashed(gen, { code: null, reason: 'launch failed' });
      return;
    }
    current = launched;
    launched.port.onMessage((raw) => {
      if (gen !== generation) return;
      const m = asHostMessage(raw);
      if (m) onMessage(m, launched);
    });
    launched.onExit((exit) => void crashed(gen, exit));
    launched.port.postMessage({ t: 'init', config: options.config });
  }

  function onMessage(m: HostMessage, launched: LaunchedHost): void {
    switch (m.t) {
      case 'ready':
        catalog = m.catalog;
        log(`core host: ready (pid ${m.pid})`);
        setStatus({ state: 'ready', crashes: status.crashes });
        for (const [id, call] of pending) if (call.sentTo === undefined) send(id, call);
        return;
      case 'init-failed':
        log(`core host: start-up failed: ${m.message}`);
        launched.kill();
        return;
      case 'result':
        settle(m.id, m.result);
        return;
      case 'event':
        events.fire(m.event);
        return;
      case 'secret': {
        const gen = generation;
        void answerSecretRequest(options.secrets, m).then((result) => {
          if (gen !== generation) return; // that host is gone; its successor asks again
          try {
            launched.port.postMessage({ t: 'secret-reply', id: m.id, result });
          } catch (e) {
            log(`core host: a keychain answer could not be sent: ${e instanceof Error ? e.message : String(e)}`);
          }
        });
        return;
      }
    }
  }

  async function crashed(gen: number, exit: HostExit): Promise<void> {
    if (gen !== generation || status.state === 'stopped') return;
    current = undefined;
    crashTimes.push(now());
    log(`core host: exited (code ${exit.code ?? 'none'}, ${exit.reason})`);
    const plan = planRestart(crashTimes, now(), policy);
    if (!plan.restart) {
      const error = hostFailed(options.logFile, plan.crashes, policy.windowMs);
      log(`core host: ${error.message}`);
      setStatus({ state: 'failed', error, crashes: plan.crashes });
      for (const [id, call] of pending)
        settle(id, err(call.sentTo === gen ? ended(call.operation, () => error) : error));
      return;
    }
    for (const [id, call] of pending) {
      if (call.sentTo === gen) settle(id, err(ended(call.operation, hostRestarted)));
    }
    log(
      `core host: restarting in ${plan.delayMs} ms (crash ${plan.crashes} of ${policy.maxCrashes} allowed per window)`,
    );
    setStatus({ state: 'restarting', crashes: plan.crashes });
    await sleep(plan.delayMs);
    if (status.state === 'restarting' && gen === generation) start();
  }

  /** How a call that was running in a host that went away ends. */
  function ended(operation: string, otherwise: (op: string) => HostError): HostError {
    return isMoneyMoving(operation) ? outcomeUnknown(operation) : otherwise(operation);
  }

  function call(operation: string, payload?: unknown, callOptions: CallOptions = {}): Promise<CallResult> {
    if (status.state === 'stopped') return Promise.resolve(err(hostStopped(operation)));
    if (status.state === 'failed') return Promise.resolve(err(status.error!));
    const { signal } = callOptions;
    if (signal?.aborted) return Promise.resolve(err(aborted(operation)));
    const id = nextId++;
    return new Promise<CallResult>((resolve) => {
      const onAbort = () => {
        const call = pending.get(id);
        if (!call) return;
        // Never sent: nothing happened, whatever the operation.
        if (call.sentTo === undefined) return settle(id, err(aborted(operation)));
        if (call.sentTo === generation) current?.port.postMessage({ t: 'cancel', id });
        // A money-moving call waits for the host's own answer ("outcome unknown" if it was under way).
        if (!isMoneyMoving(operation)) settle(id, err(aborted(operation)));
      };
      const entry: PendingCall = {
        operation,
        payload,
        resolve: (r) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(r);
        },
      };
      pending.set(id, entry);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (status.state === 'ready') send(id, entry);
    });
  }

  start();
  return {
    call,
    onEvent: (handler) => events.add(handler),
    get status() {
      return status;
    },
    onStatus: (handler) => statuses.add(handler),
    async dispose() {
      if (status.state === 'stopped') return;
      setStatus({ state: 'stopped', crashes: status.crashes });
      const host = current;
      current = undefined;
      for (const [id, call] of pending)
        settle(id, err(call.sentTo !== undefined ? ended(call.operation, hostStopped) : hostStopped(call.operation)));
      host?.kill();
    },
  };
}
