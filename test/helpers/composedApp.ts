import path from 'node:path';
import { composeApp, type AppPorts, type ComposedApp } from '../../src/appHost/composeApp';
import type { ClipboardPort } from '../../src/appHost/handlers/loginLinks';
import type { CoreHost } from '../../src/core/host/coreHost';
import { createFileKeyStore } from '../../src/core/keys/keyStore';
import { activeSessionConfig } from '../../src/core/host/operations/profileSessionConfig';
import type { OrderSessionConfig } from '../../src/core/host/operations/sessionOperations';
import type { ProfileStore } from '../../src/core/profiles/profileStore';
import { err, ok, type Result } from '../../src/core/result';
import { createMemorySecretStore } from '../../src/core/secrets/memorySecretStore';
import type { SecretStore } from '../../src/core/secrets/secretStore';
import type { AppError } from '../../src/shared/errors/appError';
import type { IpcEventPublisher } from '../../src/shared/ipc/events';
import { SANDBOX_STATUS_LABELS } from '../../src/sandbox/statuses';
import type { LocalManagementPorts } from '../../src/appHost/handlers/localManagement';

/**
 * The app's one composition (src/appHost/composeApp.ts) as Electron main wires it — the active profile's session from
 * the settings file, a core host per session — with the host and the shell's ports a test chooses. `handlers` is
 * every channel, as the window's gate gets them.
 */
export function composedApp(ports: {
  profiles: ProfileStore;
  dataDir: string;
  startHost(config: OrderSessionConfig): CoreHost;
  events: IpcEventPublisher;
  clipboard?: ClipboardPort;
  openExternal?(url: string): Promise<void | Result<void, AppError>>;
  secrets?: SecretStore;
  /** The session the host serves; default: the active profile's, from the settings file (as main reads it). */
  sessionConfig?(): Result<OrderSessionConfig | null, AppError>;
}): ComposedApp & { handlers: ComposedApp['implementations'] } {
  const secrets = ports.secrets ?? createMemorySecretStore();
  const composed = composeApp({
    version: () => '0.0.0-test',
    local: {
      dataDir: ports.dataDir,
      logFile: path.join(ports.dataDir, 'logs', 'core-host.log'),
      profiles: ports.profiles,
      secrets,
      keys: createFileKeyStore({ dataDir: ports.dataDir, secrets }),
      sandboxStatusLabels: SANDBOX_STATUS_LABELS,
      transport: () => ({ send: () => Promise.reject(new Error('no platform in this test')) }),
      openPath: async () => err('not in this test'),
      openExternal: async () => ok(undefined),
    },
    sessionConfig: ports.sessionConfig ?? (() => activeSessionConfig(ports.profiles, ports.dataDir)),
    startHost: ports.startHost,
    events: ports.events,
    clipboard: ports.clipboard ?? { writeSecret: () => {} },
    openExternal: ports.openExternal ?? (async () => {}),
    clipboardClearMs: () => {
      const settings = ports.profiles.appSettings();
      const seconds = settings.ok ? settings.value.clipboardClearSeconds : null;
      return seconds === null || seconds === undefined ? null : seconds * 1000;
    },
  });
  return { ...composed, handlers: composed.implementations };
}

/** Every channel of a host with no profile yet (the platform channels answer that none is chosen). */
export function noProfileImplementations(
  local: LocalManagementPorts,
  more: Pick<AppPorts, 'updates'> = {},
): ComposedApp['implementations'] {
  return composeApp({
    ...more,
    version: () => '0.1.0',
    local,
    sessionConfig: () => ok(null),
    startHost: () => {
      throw new Error('no session: no core host starts');
    },
    events: { publish: () => false },
    clipboard: { writeSecret: () => {} },
    openExternal: async () => {},
    clipboardClearMs: () => null,
  }).implementations;
}
