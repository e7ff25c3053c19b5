import type { UpdateState } from '../../shared/ipc/app';
import type { IpcImplementations } from '../../shared/ipc/contract';
import { okResult } from '../../shared/ipc/result';

/** The app's own updates, as the desktop app runs them (src/main/updates over appHost/updates/updateController). */
export interface AppUpdatesPort {
  state(): UpdateState;
  /** A check now, unless one ran within the day (or updates are off: the state then says why). */
  check(): Promise<UpdateState>;
  /** Installs a downloaded update now, or once the after-sales decision being sent is answered. */
  restart(): Promise<'restarting' | 'waiting' | 'nothing-ready'>;
}

/** What a host that cannot update itself answers: `merchant-desk ui` updates with the CLI's own package. */
export const BROWSER_HOST_UPDATES: UpdateState = {
  kind: 'off',
  reason: 'the browser host updates with the merchant-desk command (npm), not by itself',
};

/**
 * Facts about the running app for Settings → About, the same in either host: the version, the system, and the
 * data directory and log file the host's "Open data folder" / "Open log file" open (paths, never a secret); and
 * the app's own update.
 */
export function appHandlers(app: {
  version(): string;
  dataDir: string;
  logFile: string;
  /** What the host can do (tray, open at login, updates); omitted: the desktop app's. */
  capabilities?: { tray: boolean; openAtLogin: boolean; updates: boolean };
  /** The environment mode's platform, when the host serves one (null: profiles only). */
  environment?: () => { sandbox: boolean } | null;
  /** The app's updater; omitted: a host that does not update itself. */
  updates?: AppUpdatesPort;
}): Pick<IpcImplementations, 'app:getInfo' | 'app:updates' | 'app:updateAction'> {
  const updates = app.updates;
  return {
    'app:getInfo': () =>
      okResult({
        version: app.version(),
        platform: process.platform,
        dataDir: app.dataDir,
        logFile: app.logFile,
        capabilities: app.capabilities ?? { tray: true, openAtLogin: true, updates: true },
        environment: app.environment?.() ?? null,
      }),
    'app:updates': () => okResult(updates?.state() ?? BROWSER_HOST_UPDATES),
    'app:updateAction': async ({ action }) => {
      if (!updates) return okResult({ state: BROWSER_HOST_UPDATES, restart: null });
      if (action === 'check') return okResult({ state: await updates.check(), restart: null });
      const restart = await updates.restart();
      return okResult({ state: updates.state(), restart });
    },
  };
}
