import { openRotatingLog, type RotatingLogOptions } from '../logging/rotatingLog';
import type { SecretStore } from '../secrets/secretStore';
import type { CoreHost } from './coreHost';
import { createSupervisedCoreHost, type HostLauncher } from './supervisedHost';

export interface HostLog {
  readonly file: string;
  write(line: string): void;
  close(): Promise<void>;
}

/**
 * The core host's log: its stdout/stderr and the supervisor's crash reports. Owner-only, an existing file included:
 * a crash report may name an order. Rotated (core-host.log → .1 → .2 → .3, 1 MiB each) and redacted on the way in
 * (src/core/logging/rotatingLog.ts); nothing writes secrets here in the first place.
 */
export function openHostLog(file: string, options: RotatingLogOptions = {}): HostLog {
  const log = openRotatingLog(file, options);
  return {
    file,
    write: (line) => log.write(line),
    close: () => Promise.resolve(),
  };
}

/**
 * A supervised core host writing to its own log file: the launcher's output and the supervisor's crash reports go
 * there, the `host-failed` error names it, and disposing the host closes it. The Electron app and `merchant-desk
 * ui` start their hosts through this, each with its own launcher.
 */
export function createLoggedSupervisedHost(options: {
  logFile: string;
  launcher: (log: (line: string) => void) => HostLauncher;
  secrets?: SecretStore;
  config?: unknown;
}): CoreHost {
  const log = openHostLog(options.logFile);
  const write = (line: string) => log.write(line);
  const host = createSupervisedCoreHost({
    launcher: options.launcher(write),
    ...(options.secrets ? { secrets: options.secrets } : {}),
    config: options.config,
    logFile: log.file,
    log: write,
  });
  const dispose = host.dispose.bind(host);
  return Object.assign(host, {
    async dispose() {
      await dispose();
      await log.close();
    },
  });
}
