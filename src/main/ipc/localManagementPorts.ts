import { shell } from 'electron';
import { createAxiosTransport } from '../../core/http/axiosTransport';
import { createFileKeyStore } from '../../core/keys/keyStore';
import { err, ok } from '../../core/result';
import type { SecretStore } from '../../core/secrets/secretStore';
import { createElectronStoreProfiles } from '../profiles/electronStoreProfiles';
import { SANDBOX_STATUS_LABELS } from '../../sandbox/statuses';
import type { AppError } from '../../shared/errors/appError';
import type { Result } from '../../core/result';
import { guardedOpenExternal } from '../externalLinks';
import { openThroughRedirectFile } from '../../core/paths/redirectFile';
import type { LocalManagementPorts } from '../../appHost/handlers/localManagement';
import { mainLogPath } from '../diagnostics/mainLog';

/** The local-management ports, and the one guarded `shell.openExternal` every other opener in main uses too. */
export type ElectronLocalManagementPorts = LocalManagementPorts & {
  openAllowedExternal(url: string): Promise<Result<void, AppError>>;
};

/** The app's ports of the local-management domains: the shared data directory, the keychain, Electron's shell. */
export function electronLocalManagementPorts(dataDir: string, secrets: SecretStore): ElectronLocalManagementPorts {
  const profiles = createElectronStoreProfiles(dataDir);
  const openAllowedExternal = guardedOpenExternal({
    // Reached only through checkExternalUrl (guardedOpenExternal).
    // On Linux shell.openExternal runs xdg-open with the address as an argument, readable by every local user while
    // it runs; a login link's code goes through an owner-only redirect page instead (as `ui` opens its token).
    open: (url) =>
      process.platform === 'linux'
        ? openThroughRedirectFile(url, (fileUrl) => shell.openExternal(fileUrl)) // eng-disable OPEN_EXTERNAL_JS_CHECK
        : shell.openExternal(url), // eng-disable OPEN_EXTERNAL_JS_CHECK
    activeProfile: () => {
      const active = profiles.active();
      return active.ok ? active.value : null;
    },
  });
  return {
    dataDir,
    logFile: mainLogPath(dataDir),
    profiles,
    secrets,
    keys: createFileKeyStore({ dataDir, secrets }),
    sandboxStatusLabels: SANDBOX_STATUS_LABELS,
    transport: () => createAxiosTransport(),
    // shell.openPath answers "" on success, else the reason.
    openPath: async (target) => {
      const problem = await shell.openPath(target);
      return problem === '' ? ok(undefined) : err(problem);
    },
    openExternal: async (url) => {
      const opened = await openAllowedExternal(url);
      return opened.ok ? ok(undefined) : err(opened.error.message);
    },
    openAllowedExternal,
  };
}
