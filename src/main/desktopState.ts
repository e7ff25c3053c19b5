import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../core/paths/privateFiles';

/**
 * What the desktop app remembers that is not a setting a person changes: whether the one-time "still running in
 * the tray" notice was shown. A file of its own in the data directory (owner-only), so the settings file keeps
 * settings only; a missing or unreadable file reads as "nothing remembered".
 */
export const DESKTOP_STATE_FILE = 'desktop-state.json';

export interface DesktopState {
  closeToTrayNoticeShown: boolean;
}

export interface DesktopStateStore {
  read(): DesktopState;
  update(patch: Partial<DesktopState>): void;
}

export function desktopStateStore(dataDir: string): DesktopStateStore {
  const file = path.join(dataDir, DESKTOP_STATE_FILE);
  const read = (): DesktopState => {
    try {
      const raw = JSON.parse(readFileSync(file, 'utf8')) as Partial<DesktopState> | null;
      return { closeToTrayNoticeShown: raw?.closeToTrayNoticeShown === true };
    } catch {
      return { closeToTrayNoticeShown: false };
    }
  };
  return {
    read,
    update(patch) {
      ensurePrivateDir(dataDir);
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify({ ...read(), ...patch }), { mode: PRIVATE_FILE_MODE });
      renameSync(tmp, file);
    },
  };
}
