import { readFileSync } from 'node:fs';
import path from 'node:path';
import Conf from 'conf';
import { ensurePrivateDir } from '../paths/privateFiles';
import { withFileLock } from './fileLock';
import { createProfileStore, type DocumentBacking, type ProfileStore } from './profileStore';

/** The settings file's name in the data directory (`<dataDir>/settings.json`), shared by the app and the CLI. */
export const SETTINGS_CONFIG_NAME = 'settings';

export function settingsFilePath(dataDir: string): string {
  return path.join(dataDir, `${SETTINGS_CONFIG_NAME}.json`);
}

/** What conf and electron-store have in common: the app passes an electron-store instance with the same file. */
export interface ConfLike {
  readonly path: string;
  store: Record<string, unknown>;
}

/** A backing over a conf / electron-store instance, created on first use. */
export function confLikeBacking(location: string, open: () => ConfLike): DocumentBacking {
  let instance: ConfLike | undefined;
  const get = () => (instance ??= open());
  return {
    location,
    // Read here, not through conf: conf creates the folder when it reads a missing file (a read must create
    // nothing), and rewrites a file that holds an array, a string or null as an object while opening it (a read
    // must change nothing). The store refuses anything but an object as a damaged file.
    read: () => readSettingsFile(location),
    write: (doc) => {
      ensurePrivateDir(path.dirname(location));
      get().store = doc;
    },
    // The app and the CLI may change the file at the same moment: one read-modify-write at a time.
    exclusive: (fn) => withFileLock(`${location}.lock`, fn),
  };
}

/** The parsed settings file, or undefined when there is none. Throws on unreadable files and invalid JSON. */
function readSettingsFile(location: string): unknown {
  let text: string;
  try {
    text = readFileSync(location, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  return JSON.parse(text) as unknown;
}

/** Options conf needs to never look for Electron and to write exactly `<dir>/settings.json`. */
export function confOptions(dir: string) {
  return {
    projectName: 'merchant-desk',
    cwd: dir,
    configName: SETTINGS_CONFIG_NAME,
    accessPropertiesByDotNotation: false,
    clearInvalidConfig: false,
    watch: false,
    configFileMode: 0o600,
  } as const;
}

/** The profiles in `<dataDir>/settings.json` through conf (the CLI; the app uses electron-store on the same file). */
export function createConfProfileStore(dataDir: string): ProfileStore {
  const file = settingsFilePath(dataDir);
  return createProfileStore(
    confLikeBacking(file, () => new Conf<Record<string, unknown>>(confOptions(dataDir)) as unknown as ConfLike),
  );
}
