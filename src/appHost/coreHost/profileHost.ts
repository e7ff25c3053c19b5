import type { CoreHost, HostStatus } from '../../core/host/coreHost';
import type { HostEvent } from '../../core/host/operations';
import {
  ORDERS_CHANGED_EVENT,
  SYNC_PROGRESS_EVENT,
  type OrderSessionConfig,
} from '../../core/host/operations/sessionOperations';
import { err, ok, type Result } from '../../core/result';
import type { SyncProgress } from '../../core/sync/progress';
import type { AppError } from '../../shared/errors/appError';
import type { IpcEventPayloadInput, IpcEventPublisher } from '../../shared/ipc/events';

export interface ProfileHostOptions {
  /** The active profile's session (settings only: the host asks main for secrets); null when none is chosen. */
  sessionConfig(): Result<OrderSessionConfig | null, AppError>;
  /** Starts a core host serving that session (a supervised utility process in the app). */
  startHost(config: OrderSessionConfig): CoreHost;
  /** The windows: host events and host state are relayed here. */
  events: IpcEventPublisher;
}

/** The core host of the active profile, started when first needed and replaced when the active profile changes. */
export interface ProfileHost {
  host(): Result<CoreHost, AppError>;
  /** Re-reads the active profile; a different session stops the current host (the next call starts the new one). */
  reopen(): Promise<void>;
  dispose(): Promise<void>;
}

const NO_PROFILE: AppError = {
  kind: 'settings',
  code: 'no-profile',
  message: 'No profile selected.',
  action: 'Choose or add a profile.',
};

/** The host's status as the `host:state` event. */
export function hostStateEvent(status: HostStatus): IpcEventPayloadInput<'host:state'> {
  const error = status.error;
  return {
    state: status.state === 'ready' ? 'running' : status.state,
    message:
      error?.message ??
      (status.state === 'restarting' ? 'The background process stopped; it is being restarted.' : null),
    logFile: error?.kind === 'host-failed' ? (error.logFile ?? null) : null,
  };
}

/** A host event as the window's push event; null for events the window has no use for. */
export function relayedEvent(
  profileId: string,
  event: HostEvent,
):
  | { name: 'sync:progress'; payload: IpcEventPayloadInput<'sync:progress'> }
  | { name: 'orders:changed'; payload: IpcEventPayloadInput<'orders:changed'> }
  | null {
  if (event.name === SYNC_PROGRESS_EVENT) {
    const p = event.data as SyncProgress;
    return {
      name: 'sync:progress',
      payload: {
        profileId,
        ...p,
        ordersExpected: p.ordersExpected ?? null,
        etaMs: p.etaMs ?? null,
        clockSkew: p.clockSkew ?? null,
      },
    };
  }
  if (event.name === ORDERS_CHANGED_EVENT && Array.isArray(event.data) && event.data.length > 0) {
    // A sync's events carry the cache's sequence number; the window gets the change itself.
    const events = (event.data as Array<Record<string, unknown>>).map(({ seq: _seq, ...change }) => change);
    return { name: 'orders:changed', payload: { profileId, events } as IpcEventPayloadInput<'orders:changed'> };
  }
  return null;
}

export function createProfileHost(options: ProfileHostOptions): ProfileHost {
  let current: { key: string; config: OrderSessionConfig; host: CoreHost; off: () => void } | undefined;
  let resolved: Result<OrderSessionConfig | null, AppError> | undefined;

  function start(config: OrderSessionConfig) {
    const host = options.startHost(config);
    const offEvents = host.onEvent((event) => {
      const relayed = relayedEvent(config.profileId, event);
      if (relayed) options.events.publish(relayed.name, relayed.payload as never);
    });
    const offStatus = host.onStatus((status) => options.events.publish('host:state', hostStateEvent(status)));
    options.events.publish('host:state', hostStateEvent(host.status));
    current = {
      key: JSON.stringify(config),
      config,
      host,
      off: () => {
        offEvents();
        offStatus();
      },
    };
    return host;
  }

  async function stop() {
    const was = current;
    current = undefined;
    if (!was) return;
    was.off();
    await was.host.dispose();
  }

  return {
    host() {
      resolved ??= options.sessionConfig();
      if (!resolved.ok) return err(resolved.error);
      if (resolved.value === null) return err(NO_PROFILE);
      if (current) return ok(current.host);
      return ok(start(resolved.value));
    },
    async reopen() {
      resolved = options.sessionConfig();
      const next = resolved.ok ? resolved.value : null;
      if (current && (next === null || JSON.stringify(next) !== current.key)) await stop();
    },
    dispose: stop,
  };
}
