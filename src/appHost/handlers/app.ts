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
}): Pick<IpcImplementations, 'app:getInfo'> {
  return {
    'app:getInfo': () =>
      okResult({ version: app.version(), platform: process.platform, dataDir: app.dataDir, logFile: app.logFile }),
  };
}
