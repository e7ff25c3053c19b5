import type { ConnectionPorts } from '../../core/app/connection';
import type { ProfilePorts } from '../../core/app/profiles';
import type { ShellPorts } from '../../core/app/shell';
import { credentialsHandlers } from './credentials';
import { profilesHandlers } from './profiles';
import { settingsHandlers } from './settings';
import { shellHandlers } from './shell';

/** What the local-management domains (profiles, credentials, settings, shell) run on, in process. */
export type LocalManagementPorts = ProfilePorts & ConnectionPorts & ShellPorts;

/** The handlers of the local-management domains, for either host (Electron main, the browser host). */
export function localManagementHandlers(ports: LocalManagementPorts) {
  return {
    ...profilesHandlers(ports),
    ...credentialsHandlers(ports),
    ...settingsHandlers(ports),
    ...shellHandlers(ports),
  };
}
