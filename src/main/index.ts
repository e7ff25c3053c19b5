import { app, BrowserWindow, session } from 'electron';
import { createKeytarSecretStore } from '../core/secrets/keytarSecretStore';
import { startCoreHost } from './coreHost/startCoreHost';
import { useSharedDataDir } from './dataDir';
import { createImplementations } from './ipc/implementations';
import { electronLocalManagementPorts } from './ipc/localManagementPorts';
import { registerHandlers } from './ipc/registerHandlers';
import { denyAllPermissions, installWebContentsGuards } from './security';
import { createMainWindow, rendererLocation } from './window';

// The CLI's data directory (settings, keys, caches, logs), before anything reads userData.
useSharedDataDir(app);
// Every renderer runs sandboxed, whatever its webPreferences say.
app.enableSandbox();
installWebContentsGuards();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  const renderer = rendererLocation();

  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app
    .whenReady()
    .then(() => {
      denyAllPermissions(session.defaultSession);
      // SQLite, sync and platform HTTP run in the core host's utility process; the keychain stays here.
      const secrets = createKeytarSecretStore();
      const coreHost = startCoreHost({ secrets });
      app.on('will-quit', () => void coreHost.dispose());
      const ports = electronLocalManagementPorts(app.getPath('userData'), secrets);
      registerHandlers({ implementations: createImplementations(ports), renderer });
      createMainWindow(renderer);
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) createMainWindow(renderer);
      });
    })
    .catch((error: unknown) => {
      console.error('[main] startup failed:', error);
      app.exit(1);
    });
}
