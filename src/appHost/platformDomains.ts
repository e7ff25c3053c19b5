import type { CoreHost } from '../core/host/coreHost';
import { activeSessionConfig } from '../core/host/operations/profileSessionConfig';
import type { OrderSessionConfig } from '../core/host/operations/sessionOperations';
import type { ProfileStore } from '../core/profiles/profileStore';
import type { Result } from '../core/result';
import type { AppError } from '../shared/errors/appError';
import type { IpcEventPublisher } from '../shared/ipc/events';
import { createProfileHost } from './coreHost/profileHost';
import type { ClipboardPort } from './handlers/buyers';
import { hostRoutedHandlers } from './handlers/hostRouted';
import type { ExportDestination } from './handlers/ordersExport';

export interface PlatformDomainPorts {
  /** The app's settings (electron-store): the active profile and the clipboard delay. */
  profiles: ProfileStore;
  dataDir: string;
  /** Starts the core host for one profile's session (the keychain answers its secret requests in main). */
  startHost(config: OrderSessionConfig): CoreHost;
  /** The windows. */
  events: IpcEventPublisher;
  clipboard: ClipboardPort;
  /** The guarded `shell.openExternal` (externalLinks.ts): a failed Result when the address is not allowed. */
  openExternal(url: string): Promise<void | Result<void, AppError>>;
  /** The system's save dialog for exports (saveDialogExportDestination). */
  exportDestination?: ExportDestination;
  now?(): number;
}

/**
 * Main's platform domains: the handlers route every call to the core host of the active profile; `reopen` is
 * called after a profile change; `dispose` stops the host when the app quits.
 */
export function wirePlatformDomains(ports: PlatformDomainPorts) {
  const profileHost = createProfileHost({
    sessionConfig: () => activeSessionConfig(ports.profiles, ports.dataDir),
    startHost: ports.startHost,
    events: ports.events,
  });
  const handlers = hostRoutedHandlers({
    host: () => profileHost.host(),
    clipboard: ports.clipboard,
    openExternal: ports.openExternal,
    clipboardClearMs: () => {
      const settings = ports.profiles.appSettings();
      const seconds = settings.ok ? settings.value.clipboardClearSeconds : null;
      return seconds === null || seconds === undefined ? null : seconds * 1000;
    },
    ...(ports.exportDestination?.kind === 'save-dialog'
      ? { chooseExportFile: ports.exportDestination.chooseFile }
      : {}),
    ...(ports.now ? { now: ports.now } : {}),
  });
  return { handlers, reopen: () => profileHost.reopen(), dispose: () => profileHost.dispose() };
}
