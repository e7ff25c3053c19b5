import type { TrayIcon } from '../appHost/shell/trayModel';

/**
 * Which file in resources/tray/ shows a tray state (drawn by scripts/make-icons.mjs, each with an @2x twin that
 * Electron picks on high-DPI screens). macOS: template images (black + alpha, the system tints them for the menu
 * bar). Windows and Linux: a dark glyph on a light taskbar, a light glyph on a dark one, with coloured badges.
 */
export type TaskbarTheme = 'light' | 'dark';

export const TRAY_ICON_STATES: readonly TrayIcon[] = ['idle', 'syncing', 'attention', 'offline', 'error'];

export function trayImageFile(icon: TrayIcon, platform: NodeJS.Platform, taskbar: TaskbarTheme): string {
  return platform === 'darwin' ? `${icon}Template.png` : `${icon}-${taskbar}.png`;
}

/** `nativeTheme`: on Windows the taskbar follows the system theme, not the apps' theme. */
export function taskbarTheme(theme: {
  shouldUseDarkColors: boolean;
  shouldUseDarkColorsForSystemIntegratedUI?: boolean;
}): TaskbarTheme {
  return (theme.shouldUseDarkColorsForSystemIntegratedUI ?? theme.shouldUseDarkColors) ? 'dark' : 'light';
}
