import { createAxiosTransport } from '../core/http/axiosTransport';
import type { KeyStore } from '../core/keys/keyStore';
import { requestLogPath } from '../core/logging/requestLog';
import type { ProfileStore } from '../core/profiles/profileStore';
import { ok } from '../core/result';
import type { SecretStore } from '../core/secrets/secretStore';
import { SANDBOX_STATUS_LABELS } from '../sandbox/statuses';
import type { LocalManagementPorts } from '../appHost/handlers/localManagement';
import { openInBrowser } from './openBrowser';

/**
 * The browser host's ports of the local-management domains: the CLI's stores, and the desktop's opener for the
 * data folder, the log file (the request log: there is no core-host log in process) and platform pages.
 */
export function browserHostLocalManagementPorts(services: {
  dataDir: string;
  profiles: ProfileStore;
  secrets: SecretStore;
  keys: KeyStore;
  log: (line: string) => void;
}): LocalManagementPorts {
  // The opener runs detached: a failure is known only later, so it is logged rather than answered.
  const open = (target: string) => {
    openInBrowser(target, () => services.log(`Could not open ${target}: no desktop opener answered.`));
    return Promise.resolve(ok(undefined));
  };
  return {
    dataDir: services.dataDir,
    logFile: requestLogPath(services.dataDir),
    profiles: services.profiles,
    secrets: services.secrets,
    keys: services.keys,
    sandboxStatusLabels: SANDBOX_STATUS_LABELS,
    transport: () => createAxiosTransport(),
    openPath: open,
    openExternal: open,
  };
}
