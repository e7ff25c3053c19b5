import { app, BrowserWindow, clipboard, dialog, protocol, session, shell } from 'electron';
import { handleAppScheme, registerAppSchemePrivileges } from './appProtocol';
import { createKeytarSecretStore } from '../core/secrets/keytarSecretStore';
import { secretClipboard } from './clipboard';
import { saveDialogExportDestination } from './ipc/exportDialog';
import { startCoreHost } from './coreHost/startCoreHost';
import { useSharedDataDir } from './dataDir';
import { createImplementations } from './ipc/implementations';
import { electronLocalManagementPorts } from './ipc/localManagementPorts';
import { createEventPublisher } from './ipc/publishEvents';
import { registerHandlers } from './ipc/registerHandlers';
import { reopenOnProfileChange } from './ipc/reopenOnProfileChange';
import { wirePlatformDomains } from './platformDomains';
import { electronDesktopShell } from './desktopShellElectron';
import { platformLinkOpener } from './externalLinks';
import { denyAllPermissions, installWebContentsGuards } from './security';
import { createMainWindow, rendererDirectory, rendererLocation } from './window';

// The CLI's data directory (settings, keys, caches, logs), before anything reads userData.
useSharedDataDir(app);
// Every renderer runs sandboxed, whatever its webPreferences say.
app.enableSandbox();
installWebContentsGuards();
// The renderer's app:// scheme: privileges are accepted only before ready, the handler once ready.
registerAppSchemePrivileges(protocol);

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
      handleAppScheme(protocol, rendererDirectory());
      // SQLite, sync and platform HTTP run in the core host's utility process; the keychain stays here.
      const secrets = createKeytarSecretStore();
      const dataDir = app.getPath('userData');
      const ports = electronLocalManagementPorts(dataDir, secrets);
      // The tray, poller and notifications; host events reach the windows through it.
      const desktop = electronDesktopShell({
        profiles: ports.profiles,
        events: createEventPublisher(() => BrowserWindow.getAllWindows().map((w) => w.webContents)),
        syncNow: async () => platform.handlers['sync:now']({}),
        cacheComplete: async () => {
          const status = await platform.handlers['sync:status'](undefined);
          return status.ok && status.data.complete;
        },
        showWindow: () => (BrowserWindow.getAllWindows()[0] ?? createMainWindow(renderer)).show(),
      });
      // The platform domains run in the core host of the active profile; its events go to the windows.
      const platform = wirePlatformDomains({
        profiles: ports.profiles,
        dataDir,
        startHost: (sessionConfig) => startCoreHost({ secrets, config: { session: sessionConfig } }),
        events: desktop.events,
        clipboard: secretClipboard(clipboard),
        openExternal: platformLinkOpener(shell, ports.profiles),
        exportDestination: saveDialogExportDestination((options) => {
          const [window] = BrowserWindow.getAllWindows();
          return window ? dialog.showSaveDialog(window, options) : dialog.showSaveDialog(options);
        }, app.getPath('documents')),
      });
      app.on('will-quit', () => (desktop.stop(), void platform.dispose()));
      registerHandlers({
        implementations: reopenOnProfileChange(createImplementations(ports, platform.handlers), async () => {
          await platform.reopen();
          desktop.restart();
        }),
        renderer,
      });
      createMainWindow(renderer);
      desktop.start();
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) createMainWindow(renderer);
      });
    })
    .catch((error: unknown) => {
      console.error('[main] startup failed:', error);
      app.exit(1);
    });
}
