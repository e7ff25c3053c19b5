import path from 'node:path';
import ElectronStore from 'electron-store';
import { confLikeBacking, confOptions, settingsFilePath, type ConfLike } from '../../core/profiles/confProfileStore';
import { createProfileStore, type ProfileStore } from '../../core/profiles/profileStore';

/**
 * The app's profiles: electron-store on the same `<dataDir>/settings.json` the CLI reads through conf, validated and
 * migrated by the same core code. `dataDir` is app.getPath('userData') (the CLI's default data directory).
 */
export function createElectronStoreProfiles(dataDir: string): ProfileStore {
  const { projectName: _projectName, configName, ...options } = confOptions(path.resolve(dataDir));
  return createProfileStore(
    confLikeBacking(
      settingsFilePath(dataDir),
      () => new ElectronStore<Record<string, unknown>>({ ...options, name: configName }) as unknown as ConfLike,
    ),
  );
}
