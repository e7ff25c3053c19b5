import path from 'node:path';
import { app, Menu, nativeImage, nativeTheme, net, Notification, powerMonitor, Tray, type NativeImage } from 'electron';
import trayAnchor from '../../resources/tray/idleTemplate.png?asset';
import type { ProfileStore } from '../core/profiles/profileStore';
import type { IpcEventPublisher } from '../shared/ipc/events';
import { formatIsoInstant, parseIsoInstant } from '../shared/time/isoInstant';
import { createDesktopShell, type AttentionAnswer, type DesktopShell } from '../appHost/shell/desktopShell';
import type { DueMemoryStore } from '../appHost/shell/dueMemoryStore';
import type { NavigateTarget } from './navigation';
import { onlineSignal } from '../appHost/shell/onlineSignal';
import type { PollerSyncResult } from '../appHost/shell/poller';
import { taskbarTheme, trayImageFile } from './trayImages';
import type { TrayIcon } from '../appHost/shell/trayModel';

export interface ElectronShellOptions {
  profiles: ProfileStore;
  events: IpcEventPublisher;
  syncNow(): Promise<PollerSyncResult>;
  cacheComplete(): Promise<boolean>;
  awaitingDecision(): Promise<number | null>;
  attention(): Promise<AttentionAnswer | null>;
  dueMemory: DueMemoryStore;
  showWindow(): void;
  navigate(target: NavigateTarget): void;
  /** The tray's "Restart to update" (src/main/updates). */
  restartToUpdate(): void;
}

/** The folder of the tray images (resources/tray, next to the app bundle; see trayImages.ts). */
const trayDir = path.dirname(trayAnchor);

/** The desktop shell on the real Electron APIs (the glue itself is tested in desktopShell.test.ts). */
export function electronDesktopShell(options: ElectronShellOptions): DesktopShell {
  const images = new Map<string, NativeImage>();
  const trayImage = (icon: TrayIcon): NativeImage => {
    const file = trayImageFile(icon, process.platform, taskbarTheme(nativeTheme));
    let image = images.get(file);
    if (!image) {
      // createFromPath also loads the @2x twin for high-DPI screens.
      image = nativeImage.createFromPath(path.join(trayDir, file));
      if (process.platform === 'darwin') image.setTemplateImage(true);
      images.set(file, image);
    }
    return image;
  };
  const appSettings = () => {
    const settings = options.profiles.appSettings();
    return settings.ok ? settings.value : null;
  };
  const shell = createDesktopShell({
    profile: () => {
      const active = options.profiles.active();
      return active.ok ? active.value : null;
    },
    syncNow: options.syncNow,
    cacheComplete: options.cacheComplete,
    awaitingDecision: options.awaitingDecision,
    attention: options.attention,
    dueMemory: options.dueMemory,
    doNotDisturbUntilMs: () => parseIsoInstant(appSettings()?.doNotDisturbUntil ?? null) ?? null,
    setDoNotDisturbUntil: (ms) => {
      const saved = options.profiles.updateAppSettings({
        doNotDisturbUntil: ms === null ? null : formatIsoInstant(ms),
      });
      if (!saved.ok) console.warn('[main] do-not-disturb was not saved:', saved.error.kind);
    },
    navigate: options.navigate,
    events: options.events,
    createTray: (img) => new Tray(img),
    buildMenu: (template) => Menu.buildFromTemplate(template),
    trayImage,
    notificationsSupported: () => Notification.isSupported(),
    createNotification: (o) => new Notification(o),
    network: onlineSignal({ isOnline: () => net.isOnline(), power: powerMonitor }),
    power: powerMonitor,
    focus: {
      on: (_event, listener) => app.on('browser-window-focus', listener),
      removeListener: (_event, listener) => app.removeListener('browser-window-focus', listener),
    },
    showWindow: options.showWindow,
    quit: () => app.quit(),
    restartToUpdate: options.restartToUpdate,
    ...(process.platform === 'win32' ? { setAppUserModelId: (id: string) => app.setAppUserModelId(id) } : {}),
  });
  // A light/dark switch of the taskbar: the tray redraws with the matching variant.
  nativeTheme.on('updated', () => shell.refreshTray());
  return shell;
}
