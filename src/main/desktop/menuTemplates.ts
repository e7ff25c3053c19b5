/**
 * The application menu and the right-click menu as pure data (issue 23): Electron's MenuItemConstructorOptions
 * shapes without importing Electron, so they are unit-tested per platform; src/main/desktop/electronMenus.ts turns
 * them into menus. macOS: the app menu (About, Settings… ⌘,, Services, Hide, Hide Others, Show All, Quit), Edit,
 * View, Window, Help. Windows/Linux: File (Settings… Ctrl+,, Quit), Edit, View, Window, Help. View has Reload and
 * Developer Tools only in a development build: a merchant's app has neither (a reload drops unsaved input).
 */
export type MenuRole =
  | 'about'
  | 'services'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit'
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'pasteAndMatchStyle'
  | 'delete'
  | 'selectAll'
  | 'reload'
  | 'forceReload'
  | 'toggleDevTools'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'minimize'
  | 'zoom'
  | 'close'
  | 'front'
  | 'window'
  | 'help'
  | 'appMenu';

export type MenuCommand = 'settings' | 'open-log-folder' | 'open-data-folder' | 'about' | 'check-for-updates';

export interface MenuItem {
  label?: string;
  role?: MenuRole;
  type?: 'separator';
  accelerator?: string;
  /** A command main runs on click (resolved by electronMenus.ts). */
  command?: MenuCommand;
  submenu?: MenuItem[];
  enabled?: boolean;
}

export interface MenuContext {
  platform: NodeJS.Platform;
  /** A development build (not packaged): Reload and Developer Tools are offered. */
  development: boolean;
  appName: string;
  /** "Restart to update" when an update is downloaded (src/main/updates/), else "Check for updates…". */
  updateReady?: boolean;
}

const sep: MenuItem = { type: 'separator' };

export function applicationMenuTemplate(ctx: MenuContext): MenuItem[] {
  const mac = ctx.platform === 'darwin';
  const updateItem: MenuItem = ctx.updateReady
    ? { label: 'Restart to Update', command: 'check-for-updates' }
    : { label: 'Check for Updates…', command: 'check-for-updates' };
  const settings: MenuItem = { label: 'Settings…', accelerator: 'CmdOrCtrl+,', command: 'settings' };

  const appMenu: MenuItem = {
    label: ctx.appName,
    submenu: [
      { label: `About ${ctx.appName}`, command: 'about' },
      updateItem,
      sep,
      settings,
      sep,
      { role: 'services' },
      sep,
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      sep,
      { role: 'quit' },
    ],
  };
  const fileMenu: MenuItem = { label: '&File', submenu: [settings, sep, { role: 'quit', label: 'E&xit' }] };
  const editMenu: MenuItem = {
    label: mac ? 'Edit' : '&Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      sep,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(mac ? [{ role: 'pasteAndMatchStyle' } as MenuItem] : []),
      { role: 'delete' },
      { role: 'selectAll' },
    ],
  };
  const viewMenu: MenuItem = {
    label: mac ? 'View' : '&View',
    submenu: [
      ...(ctx.development ? [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, sep] : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      sep,
      { role: 'togglefullscreen' },
    ] as MenuItem[],
  };
  const windowMenu: MenuItem = {
    role: 'window',
    label: mac ? 'Window' : '&Window',
    submenu: mac
      ? [{ role: 'minimize' }, { role: 'zoom' }, sep, { role: 'front' }]
      : [{ role: 'minimize' }, { role: 'close' }],
  };
  const helpMenu: MenuItem = {
    role: 'help',
    label: mac ? 'Help' : '&Help',
    submenu: [
      { label: 'Open Log Folder', command: 'open-log-folder' },
      { label: 'Open Data Folder', command: 'open-data-folder' },
      ...(mac ? [] : [sep, updateItem, { label: `About ${ctx.appName}`, command: 'about' } as MenuItem]),
    ],
  };
  return mac
    ? [appMenu, editMenu, viewMenu, windowMenu, helpMenu]
    : [fileMenu, editMenu, viewMenu, windowMenu, helpMenu];
}

/** What Electron's `context-menu` event says about the place clicked (the fields this menu reads). */
export interface ContextParams {
  isEditable: boolean;
  selectionText: string;
  misspelledWord: string;
  dictionarySuggestions: string[];
  editFlags: { canCut: boolean; canCopy: boolean; canPaste: boolean; canSelectAll: boolean };
  linkURL?: string;
}

export type ContextItem =
  | { kind: 'suggestion'; word: string }
  | { kind: 'add-to-dictionary'; word: string }
  | { kind: 'role'; role: 'cut' | 'copy' | 'paste' | 'selectAll'; label: string; enabled: boolean }
  | { kind: 'separator' };

/**
 * The right-click menu: spelling suggestions (and "Add to Dictionary") over a misspelled word in a field, then
 * Cut / Copy / Paste / Select All as the place allows. Nothing over a plain, unselected page. Hand-written (not
 * electron-context-menu): a dozen lines over Electron's own event, no dependency that reaches into every window.
 */
export function contextMenuItems(p: ContextParams): ContextItem[] {
  const items: ContextItem[] = [];
  if (p.isEditable && p.misspelledWord) {
    for (const word of p.dictionarySuggestions.slice(0, 5)) items.push({ kind: 'suggestion', word });
    items.push({ kind: 'add-to-dictionary', word: p.misspelledWord }, { kind: 'separator' });
  }
  const hasSelection = p.selectionText.trim() !== '';
  if (p.isEditable) {
    items.push(
      { kind: 'role', role: 'cut', label: 'Cut', enabled: p.editFlags.canCut && hasSelection },
      { kind: 'role', role: 'copy', label: 'Copy', enabled: p.editFlags.canCopy && hasSelection },
      { kind: 'role', role: 'paste', label: 'Paste', enabled: p.editFlags.canPaste },
      { kind: 'separator' },
      { kind: 'role', role: 'selectAll', label: 'Select All', enabled: p.editFlags.canSelectAll },
    );
  } else if (hasSelection) {
    items.push({ kind: 'role', role: 'copy', label: 'Copy', enabled: p.editFlags.canCopy });
  }
  return items;
}
