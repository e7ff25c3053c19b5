import type { IpcImplementations } from '../../shared/ipc/contract';
import { okResult } from '../../shared/ipc/result';

/**
 * Facts about the running app for Settings → About, the same in either host: the version, the system, and the
 * data directory and log file the host's "Open data folder" / "Open log file" open (paths, never a secret).
 */
export function appHandlers(app: {
  version(): string;
  dataDir: string;
  logFile: string;
  /** What the host can do (tray, open at login); omitted: the desktop app's. */
  capabilities?: { tray: boolean; openAtLogin: boolean };
  /** The environment mode's platform, when the host serves one (null: profiles only). */
  environment?: () => { sandbox: boolean } | null;
}): Pick<IpcImplementations, 'app:getInfo'> {
  return {
    'app:getInfo': () =>
      okResult({
        version: app.version(),
        platform: process.platform,
        dataDir: app.dataDir,
        logFile: app.logFile,
        capabilities: app.capabilities ?? { tray: true, openAtLogin: true },
        environment: app.environment?.() ?? null,
      }),
  };
}
