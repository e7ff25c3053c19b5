import type { CoreHost } from '../core/host/coreHost';
import type { OrderSessionConfig } from '../core/host/operations/sessionOperations';
import type { Result } from '../core/result';
import type { AppError } from '../shared/errors/appError';
import type { IpcImplementations } from '../shared/ipc/contract';
import type { IpcEventPublisher } from '../shared/ipc/events';
import { createProfileHost, type ProfileHost } from './coreHost/profileHost';
import { appHandlers, type AppUpdatesPort } from './handlers/app';
import { localManagementHandlers, type LocalManagementPorts } from './handlers/localManagement';
import type { LinkShell } from './handlers/loginLinks';
import type { ExportDestination } from './handlers/ordersExport';
import { platformRelay } from './handlers/platformRelay';
import { platformQueries } from './platformQueries';
import { reopenOnProfileChange } from './reopenOnProfileChange';

/**
 * What a host plugs into the app: Electron main (windows, keychain, utility process, save dialog, Electron's
 * clipboard) or the browser host of `merchant-desk ui` (pages, the CLI's keychain or environment, a Node child
 * process, downloads, the OS's clipboard tools). Everything else — every channel's handler, the profile's core
 * host and its event relay, the platform queries the poller and the tray use — is this one composition.
 */
export interface AppPorts extends LinkShell {
  version(): string;
  /** The stores and openers of the local-management domains (profiles, credentials, settings, shell). */
  local: LocalManagementPorts;
  /** The session the core host serves: the active profile's (or, in `ui`, the environment mode's); null: none. */
  sessionConfig(): Result<OrderSessionConfig | null, AppError>;
  /** Starts a supervised core host for a session (Electron: utility process; `ui`: a Node child process). */
  startHost(config: OrderSessionConfig): CoreHost;
  /** The windows or pages. */
  events: IpcEventPublisher;
  exportDestination?: ExportDestination;
  /** Runs after a profile change was applied and the session re-read (the first-run sandbox, login items). */
  afterProfileChange?(sessionChanged: boolean): Promise<void> | void;
  warn?(message: string): void;
  /** What the host can do beyond the pages (app:getInfo); omitted: the desktop app's tray and login item. */
  capabilities?: { tray: boolean; openAtLogin: boolean; updates: boolean };
  /** The app's own updater (the desktop app); omitted: the host does not update itself. */
  updates?: AppUpdatesPort;
  /** A profile-less session's platform (app:getInfo); omitted: profiles only. */
  environment?(): { sandbox: boolean } | null;
}

export interface ComposedApp {
  /** Every channel of the contract, for the host's gate. */
  implementations: IpcImplementations;
  /** The active profile's core host. */
  profileHost: ProfileHost;
  /** What the poller, the tray and the first run ask of the platform channels. */
  queries: ReturnType<typeof platformQueries>;
  /** Re-reads the active profile (after a change made elsewhere); true when the session changed. */
  reopen(): Promise<boolean>;
  /**
   * Starts the active profile's core host and opens its cache without waiting for a window to ask (ProfileHost's
   * startAhead): each host calls it once its session is settled, while its window or page loads.
   */
  startAhead(): void;
  dispose(): Promise<void>;
}

export function composeApp(ports: AppPorts): ComposedApp {
  const profileHost = createProfileHost({
    sessionConfig: ports.sessionConfig,
    startHost: ports.startHost,
    events: ports.events,
    ...(ports.warn ? { warn: ports.warn } : {}),
  });
  const platform = platformRelay({
    host: () => profileHost.host(),
    profileId: () => profileHost.profileId(),
    clipboard: ports.clipboard,
    openExternal: ports.openExternal,
    clipboardClearMs: ports.clipboardClearMs,
    ...(ports.exportDestination ? { exportDestination: ports.exportDestination } : {}),
    ...(ports.now ? { now: ports.now } : {}),
  });
  const implementations = reopenOnProfileChange(
    {
      ...appHandlers({
        version: ports.version,
        dataDir: ports.local.dataDir,
        logFile: ports.local.logFile,
        ...(ports.capabilities ? { capabilities: ports.capabilities } : {}),
        ...(ports.environment ? { environment: ports.environment } : {}),
        ...(ports.updates ? { updates: ports.updates } : {}),
      }),
      ...localManagementHandlers(ports.local),
      ...platform,
    },
    async () => {
      const changed = await profileHost.reopen();
      await ports.afterProfileChange?.(changed);
    },
  );
  return {
    implementations,
    profileHost,
    queries: platformQueries(platform),
    reopen: () => profileHost.reopen(),
    startAhead: () => profileHost.startAhead(),
    dispose: () => profileHost.dispose(),
  };
}
