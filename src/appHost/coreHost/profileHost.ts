import type { CoreHost, HostStatus } from '../../core/host/coreHost';
import type { HostEvent } from '../../core/host/operations';
import { isRelayedHostEvent } from '../../core/host/operations/hostEvents';
import type { OrderSessionConfig } from '../../core/host/operations/sessionOperations';
import type { SessionOperationMap } from '../../core/host/operations/sessionOperationMap';
import { typedHost, type TypedCoreHost } from '../../core/host/typedHost';
import { err, ok, type Result } from '../../core/result';
import type { AppError } from '../../shared/errors/appError';
import { checkEvent, type IpcEventPayloadInput, type IpcEventPublisher } from '../../shared/ipc/events';

export interface ProfileHostOptions {
  /** The active profile's session (settings only: the host asks its parent for secrets); null when none is chosen. */
  sessionConfig(): Result<OrderSessionConfig | null, AppError>;
  /** Starts a core host serving that session (a supervised utility process in the app, a Node child in `ui`). */
  startHost(config: OrderSessionConfig): CoreHost;
  /** The windows (or pages): host events and host state are relayed here. */
  events: IpcEventPublisher;
}

/** The core host of the active profile, started when first needed and replaced when the active profile changes. */
export interface ProfileHost {
  host(): Result<TypedCoreHost<SessionOperationMap>, AppError>;
  /**
   * Starts the host and opens its cache now, before a window asks: the app's start (the page or window loading)
   * and the host's (its process, the cache file opened) overlap instead of following one another — at a million
   * orders the window's first read otherwise waited ~0.85 s for both. Nothing without a profile or a cache; a
   * failure is left to the first read to report.
   */
  startAhead(): void;
  /** The profile the current session is for; null when none is chosen (or the settings cannot be read). */
  profileId(): string | null;
  /**
   * Which session the host serves: its whole configuration (profile, platform settings, cache, deadlines). The one
   * answer to "has the session changed?" — the poller and the tray restart when it does.
   */
  sessionKey(): string;
  /**
   * Re-reads the active profile; a different session stops the current host (the next call starts the new one).
   * True when the session changed.
   */
  reopen(): Promise<boolean>;
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

/**
 * Relays one host event to the windows. The host names and shapes its events as the contract's push events
 * (core/host/operations/hostEvents.ts): the relay forwards those it may, each checked against its schema.
 */
export function relayHostEvent(events: IpcEventPublisher, event: HostEvent, warn: (m: string) => void): void {
  if (!isRelayedHostEvent(event.name)) return;
  const checked = checkEvent(event.name, event.data);
  if (checked.ok) events.publish(event.name, checked.payload);
  else warn(`[host] not relayed: ${checked.problem}`);
}

const keyOf = (config: Result<OrderSessionConfig | null, AppError>): string =>
  config.ok ? JSON.stringify(config.value) : `unreadable: ${config.error.message}`;

export function createProfileHost(options: ProfileHostOptions & { warn?: (message: string) => void }): ProfileHost {
  const warn = options.warn ?? ((m: string) => console.warn(m));
  let current: { key: string; host: TypedCoreHost<SessionOperationMap>; off: () => void } | undefined;
  let resolved: Result<OrderSessionConfig | null, AppError> | undefined;
  const config = () => (resolved ??= options.sessionConfig());

  function start(sessionConfig: OrderSessionConfig) {
    const host = options.startHost(sessionConfig);
    const offEvents = host.onEvent((event) => relayHostEvent(options.events, event, warn));
    const offStatus = host.onStatus((status) => options.events.publish('host:state', hostStateEvent(status)));
    options.events.publish('host:state', hostStateEvent(host.status));
    const typed = typedHost<SessionOperationMap>(host);
    current = {
      key: JSON.stringify(sessionConfig),
      host: typed,
      off: () => {
        offEvents();
        offStatus();
      },
    };
    return typed;
  }

  async function stop() {
    const was = current;
    current = undefined;
    if (!was) return;
    was.off();
    await was.host.host.dispose();
  }

  function host(): Result<TypedCoreHost<SessionOperationMap>, AppError> {
    const c = config();
    if (!c.ok) return err(c.error);
    if (c.value === null) return err(NO_PROFILE);
    if (current) return ok(current.host);
    return ok(start(c.value));
  }

  return {
    host,
    startAhead() {
      const started = host();
      if (started.ok) void started.value.call('orders:openCache', null);
    },
    profileId() {
      const c = config();
      return c.ok && c.value ? c.value.profileId : null;
    },
    sessionKey: () => keyOf(config()),
    async reopen() {
      const before = keyOf(config());
      resolved = options.sessionConfig();
      const next = resolved.ok ? resolved.value : null;
      if (current && (next === null || JSON.stringify(next) !== current.key)) await stop();
      return keyOf(resolved) !== before;
    },
    dispose: stop,
  };
}
