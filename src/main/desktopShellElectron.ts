import { app, Menu, nativeImage, net, Notification, powerMonitor, Tray } from 'electron';
import trayIconPath from '../../resources/trayTemplate.png?asset';
import type { ProfileStore } from '../core/profiles/profileStore';
import type { IpcEventPublisher } from '../shared/ipc/events';
import { createDesktopShell, type DesktopShell } from './desktopShell';
import type { PollerSyncResult } from './poller';

export interface ElectronShellOptions {
  profiles: ProfileStore;
  events: IpcEventPublisher;
  syncNow(): Promise<PollerSyncResult>;
  cacheComplete(): Promise<boolean>;
  showWindow(): void;
}

/** The desktop shell on the real Electron APIs (the glue itself is tested in desktopShell.test.ts). */
export function electronDesktopShell(options: ElectronShellOptions): DesktopShell {
  // One template image for every state (resources/ has no per-state icons yet); macOS tints it for the menu bar.
  const image = nativeImage.createFromPath(trayIconPath);
  image.setTemplateImage(true);
  return createDesktopShell({
    profile: () => {
      const active = options.profiles.active();
      return active.ok ? active.value : null;
    },
    syncNow: options.syncNow,
    cacheComplete: options.cacheComplete,
    events: options.events,
    createTray: (img) => new Tray(img),
    buildMenu: (template) => Menu.buildFromTemplate(template),
    trayImage: () => image,
    notificationsSupported: () => Notification.isSupported(),
    createNotification: (o) => new Notification(o),
    // Electron's `net` has no change event; powerMonitor's resume/unlock wake the poller, which re-reads it.
    network: { isOnline: () => net.isOnline(), onChange: () => () => {} },
    power: powerMonitor,
    focus: {
      on: (_event, listener) => app.on('browser-window-focus', listener),
      removeListener: (_event, listener) => app.removeListener('browser-window-focus', listener),
    },
    showWindow: options.showWindow,
    quit: () => app.quit(),
    ...(process.platform === 'win32' ? { setAppUserModelId: (id: string) => app.setAppUserModelId(id) } : {}),
  });
}
