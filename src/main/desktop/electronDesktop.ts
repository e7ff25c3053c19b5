import path from 'node:path';
import {
  app,
  BrowserWindow,
  Menu,
  nativeImage,
  screen,
  type MenuItemConstructorOptions,
  type NativeImage,
} from 'electron';
import trayAnchor from '../../../resources/tray/idleTemplate.png?asset';
import { badgeFor } from './attentionBadge';
import { applicationMenuTemplate, contextMenuItems, type MenuCommand, type MenuItem } from './menuTemplates';
import { restoredWindow, windowStateStore } from './windowState';

/**
 * The desktop conventions on the real Electron APIs (issue 23); the decisions are the pure modules beside this
 * (menuTemplates, windowState, attentionBadge), unit-tested there.
 */
export interface DesktopConventionsOptions {
  dataDir: string;
  /** A development build: the View menu keeps Reload and Developer Tools. */
  development: boolean;
  commands: Record<MenuCommand, () => void>;
}

function toElectron(items: MenuItem[], commands: Record<MenuCommand, () => void>): MenuItemConstructorOptions[] {
  return items.map((item) => ({
    ...(item.label !== undefined ? { label: item.label } : {}),
    ...(item.role !== undefined ? { role: item.role } : {}),
    ...(item.type !== undefined ? { type: item.type } : {}),
    ...(item.accelerator !== undefined ? { accelerator: item.accelerator } : {}),
    ...(item.enabled !== undefined ? { enabled: item.enabled } : {}),
    ...(item.command ? { click: () => commands[item.command!]() } : {}),
    ...(item.submenu ? { submenu: toElectron(item.submenu, commands) } : {}),
  }));
}

export function installDesktopConventions(options: DesktopConventionsOptions) {
  const states = windowStateStore(options.dataDir);
  let updateReady = false;
  const setMenu = () =>
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        toElectron(
          applicationMenuTemplate({
            platform: process.platform,
            development: options.development,
            appName: app.getName(),
            updateReady,
          }),
          options.commands,
        ),
      ),
    );
  setMenu();
  let overlay: NativeImage | undefined;

  return {
    /** The right-click menu, and the window's place restored now and saved when it closes or moves display. */
    attachWindow(window: BrowserWindow): void {
      const contents = window.webContents;
      contents.on('context-menu', (_event, params) => {
        const items = contextMenuItems(params);
        if (items.length === 0) return;
        const template: MenuItemConstructorOptions[] = items.map((item) => {
          switch (item.kind) {
            case 'suggestion':
              return { label: item.word, click: () => contents.replaceMisspelling(item.word) };
            case 'add-to-dictionary':
              return {
                label: 'Add to Dictionary',
                click: () => contents.session.addWordToSpellCheckerDictionary(item.word),
              };
            case 'separator':
              return { type: 'separator' };
            case 'role':
              return { role: item.role, label: item.label, enabled: item.enabled };
          }
        });
        Menu.buildFromTemplate(template).popup({ window });
      });

      const displays = () => screen.getAllDisplays();
      const place = restoredWindow(states.read(), displays(), screen.getPrimaryDisplay());
      window.setBounds(place.bounds);
      if (place.maximized) window.maximize();
      const save = () => {
        if (window.isDestroyed() || window.isMinimized()) return;
        states.save(displays(), {
          bounds: window.isMaximized() ? window.getNormalBounds() : window.getBounds(),
          maximized: window.isMaximized(),
        });
      };
      window.on('close', save);
      window.on('moved', save);
      window.on('maximize', save);
      window.on('unmaximize', save);
    },
    /** The awaiting-decision count as the dock badge (macOS, Linux) or the taskbar overlay (Windows). */
    setAwaiting(count: number | null): void {
      const action = badgeFor(count, process.platform);
      if (action.kind === 'count') {
        app.setBadgeCount(action.count);
        return;
      }
      overlay ??= nativeImage.createFromPath(path.join(path.dirname(trayAnchor), 'attention-light.png'));
      for (const window of BrowserWindow.getAllWindows())
        window.setOverlayIcon(action.show ? overlay : null, action.description);
    },
    /** "Restart to Update" in the menu once an update is downloaded (src/main/updates/). */
    setUpdateReady(ready: boolean): void {
      updateReady = ready;
      setMenu();
    },
  };
}
