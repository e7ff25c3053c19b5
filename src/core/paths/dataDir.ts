import os from 'node:os';
import path from 'node:path';

export const APP_NAME = 'Merchant Desk';

/**
 * The directory the desktop app keeps its data in — the same as Electron's app.getPath('userData') for an
 * app named "Merchant Desk" — so the CLI finds the app's settings and caches by default.
 * MERCHANT_DESK_DATA_DIR overrides it (the CLI's --data-dir flag sets that).
 */
export function defaultDataDir(
  env: Readonly<Record<string, string | undefined>> = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (env.MERCHANT_DESK_DATA_DIR) return path.resolve(env.MERCHANT_DESK_DATA_DIR);
  const home = env.HOME ?? env.USERPROFILE ?? os.homedir();
  switch (platform) {
    case 'win32':
      return path.win32.join(env.APPDATA ?? path.win32.join(home, 'AppData', 'Roaming'), APP_NAME);
    case 'darwin':
      return path.posix.join(home, 'Library', 'Application Support', APP_NAME);
    default:
      return path.posix.join(env.XDG_CONFIG_HOME ?? path.posix.join(home, '.config'), APP_NAME);
  }
}
