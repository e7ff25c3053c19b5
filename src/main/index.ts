import path from 'node:path';
import { app, BrowserWindow, clipboard, dialog, Notification, protocol, session, shell } from 'electron';
import { handleAppScheme, registerAppSchemePrivileges } from './appProtocol';
import { createKeytarSecretStore } from '../core/secrets/keytarSecretStore';
import { clearSecretOnQuit, secretClipboard } from './clipboard';
import { saveDialogExportDestination } from './ipc/exportDialog';
import { startCoreHost } from './coreHost/startCoreHost';
import { useSharedDataDir } from './dataDir';
import { desktopStateStore } from './desktopState';
import { fileDueMemoryStore } from '../appHost/shell/dueMemoryStore';
import { createDesktopSandbox } from '../appHost/firstRun/desktopSandbox';
import { freeLoopbackPort } from '../appHost/firstRun/freePort';
import { electronLocalManagementPorts } from './ipc/localManagementPorts';
import { createEventPublisher } from '../appHost/eventPublisher';
import { registerHandlers } from './ipc/registerHandlers';
import { createNavigator, deepLinkArgument, registerDeepLinkScheme } from './navigation';
import { composeApp } from '../appHost/composeApp';
import { activeSessionConfig } from '../core/host/operations/profileSessionConfig';
import { APP_USER_MODEL_ID } from '../appHost/shell/desktopShell';
import { electronDesktopShell } from './desktopShellElectron';
import { denyAllPermissions, installWebContentsGuards } from './security';
import { createMainWindow, rendererDirectory, rendererLocation } from './window';
import { systemProxy } from './network/systemProxy';
import { startDiagnostics } from './diagnostics/electronDiagnostics';
import { installDesktopConventions } from './desktop/electronDesktop';
import { startAutoUpdate } from './updates/startAutoUpdate';
import { applyOpenAtLogin, keepInTrayOnClose } from './windowLifecycle';

// The CLI's data directory (settings, keys, caches, logs), before anything reads userData.
const diagnostics = startDiagnostics(useSharedDataDir(app));
// ↑ main.log, local crash dumps, crashed windows reloaded, a failed start shown (src/main/diagnostics/).
// Every renderer runs sandboxed, whatever its webPreferences say.
app.enableSandbox();
// A link a page tries to open as a window goes to the browser through the allow-list (set once the profiles are read).
let openFromPage: (url: string) => void = () => {};
installWebContentsGuards(app, (url) => openFromPage(url));
// The renderer's app:// scheme: privileges are accepted only before ready, the handler once ready.
registerAppSchemePrivileges(protocol);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  const renderer = rendererLocation();
  const windows = createEventPublisher(() => BrowserWindow.getAllWindows().map((w) => w.webContents));
  let quitting = false;
  let mainWindow: () => BrowserWindow = () => {
    throw new Error('no window before the app is ready');
  };
  const showMainWindow = (): BrowserWindow => {
    const window = mainWindow();
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
    return window;
  };
  // Notifications and merchantdesk:// links take the merchant to a screen (app:navigate).
  const navigator = createNavigator({
    showWindow: () => showMainWindow().webContents,
    events: windows,
    warn: (message) => console.warn(message),
  });

  registerDeepLinkScheme(app, {
    defaultApp: process.defaultApp === true,
    execPath: process.execPath,
    appPath: process.argv[1] === undefined ? undefined : path.resolve(process.argv[1]),
  });
  // A second launch (Windows, Linux: its link is an argument) focuses this window and passes its link on.
  app.on('second-instance', (_event, argv) => navigator.secondInstance(argv));
  // macOS hands links over as open-url, possibly before ready (the navigator holds it until then).
  app.on('open-url', (event, url) => {
    event.preventDefault();
    navigator.openDeepLink(url);
  });
  app.on('before-quit', () => (quitting = true));

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app
    .whenReady()
    .then(async () => {
      // Notifications from the installed app are attributed to it on Windows (the first-run notice included).
      if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
      denyAllPermissions(session.defaultSession);
      handleAppScheme(protocol, rendererDirectory());
      // SQLite, sync and platform HTTP run in the core host's utility process; the keychain stays here.
      const secrets = createKeytarSecretStore();
      const dataDir = app.getPath('userData');
      const ports = electronLocalManagementPorts(dataDir, secrets);
      openFromPage = (url) =>
        void ports.openAllowedExternal(url).then((r) => {
          if (!r.ok) console.warn(`[main] a page tried to open a window: ${r.error.message}`);
        });
      const appSettings = () => {
        const settings = ports.profiles.appSettings();
        return settings.ok ? settings.value : null;
      };
      const desktopState = desktopStateStore(dataDir);
      // The system's proxy for the active profile's platform, handed to its core host (src/main/network/).
      const proxy = systemProxy(session.defaultSession, process.env, (m) => console.warn(m));
      const refreshProxy = () => {
        const active = ports.profiles.active();
        return proxy.refresh(active.ok ? active.value?.baseUrl : undefined);
      };
      const notify = (title: string, body: string) => {
        if (Notification.isSupported()) new Notification({ title, body }).show();
      };

      // Menus, the right-click menu, the window's place, the dock badge / taskbar overlay (src/main/desktop/).
      const conventions = installDesktopConventions({
        dataDir,
        development: !app.isPackaged,
        commands: {
          settings: () => navigator.navigate({ screen: 'settings', orderId: null }),
          about: () => navigator.navigate({ screen: 'settings', orderId: null }),
          'open-log-folder': () => void shell.openPath(diagnostics.logFolder),
          'open-data-folder': () => void shell.openPath(dataDir),
          'check-for-updates': () => updates.checkOrRestart(),
        },
      });
      // electron-updater from GitHub releases: at start and daily, never restarting during a decision (src/main/updates/).
      // The setting is read at each check; every state reaches the menu, the tray and the windows (About).
      const updates = startAutoUpdate({
        enabled: () => appSettings()?.automaticUpdates ?? true,
        onState: (state) => {
          const ready = state.kind === 'ready' ? state.version : null;
          conventions.setUpdateReady(ready !== null);
          desktop.setUpdateReady(ready);
          windows.publish('app:updates', state);
        },
      });
      const makeWindow = () => {
        const window = createMainWindow(renderer);
        diagnostics.watchWindow(window);
        conventions.attachWindow(window);
        keepInTrayOnClose(window, {
          closeToTray: () => appSettings()?.closeToTray ?? true,
          quitting: () => quitting,
          noticeShown: () => desktopState.read().closeToTrayNoticeShown,
          markNoticeShown: () => desktopState.update({ closeToTrayNoticeShown: true }),
          notify,
          platform: process.platform,
        });
        return window;
      };
      mainWindow = () => BrowserWindow.getAllWindows()[0] ?? makeWindow();

      // The platform domains run in the core host of the active profile; its events go to the windows.
      const desktop = electronDesktopShell({
        profiles: ports.profiles,
        events: windows,
        syncNow: () => composed.queries.syncNow(),
        cacheComplete: () => composed.queries.cacheComplete(),
        awaitingDecision: () => composed.queries.awaitingDecision().then((n) => (conventions.setAwaiting(n), n)),
        attention: () => composed.queries.attention(),
        dueMemory: fileDueMemoryStore(dataDir),
        showWindow: () => void showMainWindow(),
        navigate: (target) => navigator.navigate(target),
        restartToUpdate: () => void updates.port.restart(),
      });
      // A login link copied with a delay is cleared on quit too: its timer does not outlive the app.
      const linkClipboard = secretClipboard(clipboard);
      clearSecretOnQuit(app, linkClipboard);
      // First run: the sandbox platform in a core host of its own while a sandbox profile is active (or none exists).
      const sandbox = createDesktopSandbox({
        dataDir,
        profiles: ports.profiles,
        secrets,
        keys: ports.keys,
        startHost: (config) => startCoreHost({ secrets, config, serviceName: 'Merchant Desk Sandbox' }),
        freePort: freeLoopbackPort,
        syncActive: async () => {
          await composed.reopen();
          return composed.queries.firstSync();
        },
      });
      const ensureSandbox = async () => {
        const r = await sandbox.ensure();
        if (r.ok) return;
        console.error('[main] the sandbox could not start:', r.error);
        notify('The sandbox could not start', r.error);
      };
      // The one composition every host runs (src/appHost): handlers, the profile's core host and its relay.
      const composed = composeApp({
        version: () => app.getVersion(),
        local: ports,
        sessionConfig: () => activeSessionConfig(ports.profiles, dataDir),
        startHost: (sessionConfig) =>
          startCoreHost({ secrets, config: { session: sessionConfig }, env: () => ({ ...proxy.variables() }) }),
        events: desktop.events,
        clipboard: linkClipboard,
        openExternal: ports.openAllowedExternal,
        clipboardClearMs: () => {
          const seconds = appSettings()?.clipboardClearSeconds;
          return seconds === null || seconds === undefined ? null : seconds * 1000;
        },
        exportDestination: saveDialogExportDestination((options) => {
          const [window] = BrowserWindow.getAllWindows();
          return window ? dialog.showSaveDialog(window, options) : dialog.showSaveDialog(options);
        }, app.getPath('documents')),
        afterProfileChange: async (sessionChanged) => {
          // The sandbox may move the sandbox profile to the port it got: the session is read once more after it.
          await ensureSandbox();
          await refreshProxy();
          const moved = await composed.reopen();
          if (sessionChanged || moved) desktop.restart();
          applyOpenAtLogin(app, appSettings()?.openAtLogin ?? false);
          desktop.refreshTray();
        },
        warn: (message) => console.warn(message),
        updates: updates.port,
      });
      app.on('will-quit', () => (desktop.stop(), void composed.dispose(), void sandbox.stop()));
      registerHandlers({ implementations: updates.track(composed.implementations), renderer });
      makeWindow();
      applyOpenAtLogin(app, appSettings()?.openAtLogin ?? false);
      navigator.ready();
      // Windows and Linux start the first instance from a link with the link as an argument.
      const launchLink = deepLinkArgument(process.argv);
      if (launchLink !== undefined) navigator.openDeepLink(launchLink);
      // The sandbox listens (and holds a first sync) before the poller's first poll.
      await refreshProxy();
      await ensureSandbox();
      await composed.reopen();
      // The core host starts and opens the cache now, if the window has not asked already.
      composed.startAhead();
      desktop.start();
      app.on('activate', () => void showMainWindow());
    })
    .catch((error: unknown) => diagnostics.failStartup(error));
}
