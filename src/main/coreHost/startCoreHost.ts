import path from 'node:path';
import { app, MessageChannelMain, utilityProcess } from 'electron';
import type { CoreHost } from '../../core/host/coreHost';
import { createLoggedSupervisedHost } from '../../core/host/hostLog';
import type { SecretStore } from '../../core/secrets/secretStore';
import type { CoreHostElectron } from './electronApi';
import { utilityProcessLauncher } from './utilityProcessLauncher';
import hostEntry from './utilityEntry?modulePath';

export interface StartCoreHostOptions {
  /** The keychain; the host asks main for every secret. */
  secrets: SecretStore;
  /** The host's configuration (plain data, no secret): `{ session }`, or `{ sandbox }` (hostOperations.ts). */
  config?: unknown;
  /** The process's name in the system's task list; default "Merchant Desk Core". */
  serviceName?: string;
  /** Variables added to the host's environment at each (re)start: the system proxy for the platform. */
  env?: () => Record<string, string>;
}

/**
 * Starts the core host in an Electron utility process, supervised (restarts with backoff, fails after three
 * crashes in a minute). Its output and crash reports go to `<data dir>/logs/core-host.log`.
 */
export function startCoreHost(options: StartCoreHostOptions): CoreHost {
  // The real Electron APIs, checked against the shapes the launcher (and its fake) use.
  const electron: CoreHostElectron = { app, MessageChannelMain, utilityProcess };
  return createLoggedSupervisedHost({
    logFile: path.join(app.getPath('userData'), 'logs', 'core-host.log'),
    launcher: (log) =>
      utilityProcessLauncher(electron, {
        entry: hostEntry,
        serviceName: options.serviceName ?? 'Merchant Desk Core',
        log,
        ...(options.env ? { env: options.env } : {}),
      }),
    secrets: options.secrets,
    config: options.config,
  });
}
