import { createWriteStream, fchmodSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import type { SecretStore } from '../secrets/secretStore';
import type { CoreHost } from './coreHost';
import { createSupervisedCoreHost, type HostLauncher } from './supervisedHost';

export interface HostLog {
  readonly file: string;
  write(line: string): void;
  close(): Promise<void>;
}

/**
 * The core host's log: its stdout/stderr and the supervisor's crash reports, appended without blocking the
 * caller's event loop. Owner-only, an existing file included: a crash report may name an order. (Nothing writes
 * secrets here.)
 */
export function openHostLog(file: string): HostLog {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const fd = openSync(file, 'a', 0o600);
  if (process.platform !== 'win32') fchmodSync(fd, 0o600);
  const stream = createWriteStream(file, { fd });
  stream.on('error', (e) => console.error(`[core host] cannot write ${file}:`, e.message));
  return {
    file,
    write(line) {
      stream.write(`${new Date().toISOString()} ${line.endsWith('\n') ? line : `${line}\n`}`);
    },
    close: () => new Promise<void>((resolve) => stream.end(resolve)),
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
