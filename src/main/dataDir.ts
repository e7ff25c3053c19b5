import type { App } from 'electron';
import { APP_NAME, defaultDataDir } from '../core/paths/dataDir';

/**
 * One data directory for the app and the CLI. Electron would derive userData from package.json ("merchant-desk"),
 * so the name and the path are set explicitly to what core (and so the CLI) uses: "Merchant Desk" under the
 * platform's app-data folder, or MERCHANT_DESK_DATA_DIR. Must run before `ready` (the single-instance lock lives
 * in userData).
 */
export function useSharedDataDir(
  app: Pick<App, 'setName' | 'setPath'>,
  env: Readonly<Record<string, string | undefined>> = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  app.setName(APP_NAME);
  const dir = defaultDataDir(env, platform);
  app.setPath('userData', dir);
  return dir;
}
