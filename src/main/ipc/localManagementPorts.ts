import path from 'node:path';
import { shell } from 'electron';
import { createAxiosTransport } from '../../core/http/axiosTransport';
import { createFileKeyStore } from '../../core/keys/keyStore';
import { err, ok } from '../../core/result';
import type { SecretStore } from '../../core/secrets/secretStore';
import { platformLinkOpener } from '../externalLinks';
import { createElectronStoreProfiles } from '../profiles/electronStoreProfiles';
import { SANDBOX_STATUS_LABELS } from '../../sandbox/statuses';
import type { LocalManagementPorts } from './handlers/localManagement';

/** The app's ports of the local-management domains: the shared data directory, the keychain, Electron's shell. */
export function electronLocalManagementPorts(dataDir: string, secrets: SecretStore): LocalManagementPorts {
  const profiles = createElectronStoreProfiles(dataDir);
  const openPlatformLink = platformLinkOpener(shell, profiles);
  return {
    dataDir,
    logFile: path.join(dataDir, 'logs', 'core-host.log'),
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
      try {
        await openPlatformLink(url);
        return ok(undefined);
      } catch (e) {
        return err(e instanceof Error ? e.message : String(e));
      }
    },
  };
}
