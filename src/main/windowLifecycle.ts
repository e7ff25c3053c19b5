import type { PreventableEvent } from './security';

/**
 * Closing the main window keeps the app (and its polling) running in the tray when the `closeToTray` setting is on
 * (the default): the window is hidden, not destroyed, and the first time this happens a notification says so.
 * Quitting (the tray's Quit, Cmd+Q, the system shutting down) closes for real. Also: starting at login.
 */

export interface ClosableWindow {
  on(event: 'close', listener: (event: PreventableEvent) => void): unknown;
  /** Windows: the session ends (log off, shut down); no `before-quit` comes then. */
  on(event: 'session-end', listener: () => void): unknown;
  hide(): void;
}

export interface CloseToTrayPorts {
  /** The `closeToTray` app setting, read at every close (the window may change it any time). */
  closeToTray(): boolean;
  /** The app is quitting (`before-quit` was seen): the close must go through. */
  quitting(): boolean;
  /** Whether the one-time notice was shown already (desktopState.ts). */
  noticeShown(): boolean;
  markNoticeShown(): void;
  /** Shows a desktop notification. */
  notify(title: string, body: string): void;
  platform: NodeJS.Platform;
}

/** Where the tray icon is, in each system's own words. */
function trayPlace(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'menu bar';
  if (platform === 'win32') return 'notification area';
  return 'system tray';
}

export function closeToTrayNotice(platform: NodeJS.Platform): { title: string; body: string } {
  return {
    title: 'Merchant Desk is still running',
    body: `It keeps checking for orders from the ${trayPlace(platform)}. Quit from its icon there, or turn off "Keep running in the tray" in Settings.`,
  };
}

export function keepInTrayOnClose(window: ClosableWindow, ports: CloseToTrayPorts): void {
  // A hidden window must not hold up logging off or shutting down.
  let sessionEnding = false;
  window.on('session-end', () => void (sessionEnding = true));
  window.on('close', (event) => {
    if (sessionEnding || ports.quitting() || !ports.closeToTray()) return;
    event.preventDefault();
    window.hide();
    if (!ports.noticeShown()) {
      const notice = closeToTrayNotice(ports.platform);
      ports.notify(notice.title, notice.body);
      ports.markNoticeShown();
    }
  });
}

/** `app.getLoginItemSettings` / `app.setLoginItemSettings`. */
export interface LoginItemPort {
  getLoginItemSettings(): { openAtLogin: boolean };
  setLoginItemSettings(settings: { openAtLogin: boolean }): void;
}

/**
 * Makes the system's login item match the `openAtLogin` setting; called at start and after every settings
 * change. Only a difference is written, so an unchanged setting never touches the system's list.
 */
export function applyOpenAtLogin(port: LoginItemPort, openAtLogin: boolean): void {
  if (port.getLoginItemSettings().openAtLogin !== openAtLogin) port.setLoginItemSettings({ openAtLogin });
}
