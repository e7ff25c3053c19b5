import electronUpdater, { type AppUpdater } from 'electron-updater';
import type { UpdaterPort } from '../../appHost/updates/updaterPort';

/**
 * electron-updater's autoUpdater behind the UpdaterPort: the feed is the repository's GitHub releases
 * (electron-builder.yml `publish`, written into the package as app-update.yml), downloads start by themselves in the
 * background and are differential (the blockmaps of the release), the installer runs on quit or on "Restart to
 * update". Windows checks that the update is signed by the same publisher as the running app.
 */
export function electronUpdaterPort(
  log: (line: string) => void,
  // The platform's updater (NsisUpdater, MacUpdater); a test passes one built on a loopback feed.
  autoUpdater: AppUpdater = electronUpdater.autoUpdater,
): UpdaterPort {
  autoUpdater.autoDownload = true;
  autoUpdater.autoInstallOnAppQuit = true;
  autoUpdater.disableDifferentialDownload = false;
  autoUpdater.allowPrerelease = false;
  autoUpdater.logger = { info: log, warn: log, error: log, debug: () => {} };
  return {
    checkForUpdates: async () => {
      const result = await autoUpdater.checkForUpdates();
      // The background download's failure (a checksum mismatch, a dropped connection) arrives as the 'error'
      // event; its promise is settled here so it never becomes an unhandled rejection in main.
      result?.downloadPromise?.catch(() => {});
    },
    quitAndInstall: () => autoUpdater.quitAndInstall(),
    on: (event, listener) => {
      switch (event) {
        case 'download-progress':
          autoUpdater.on('download-progress', (p) => listener({ percent: p.percent } as never));
          return;
        case 'error':
          autoUpdater.on('error', (e) => listener({ message: e.message } as never));
          return;
        case 'update-available':
          autoUpdater.on('update-available', (info) => listener({ version: info.version } as never));
          return;
        case 'update-not-available':
          autoUpdater.on('update-not-available', (info) => listener({ version: info.version } as never));
          return;
        case 'update-downloaded':
          autoUpdater.on('update-downloaded', (info) => listener({ version: info.version } as never));
      }
    },
  };
}
