import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CoreHost } from '../../core/host/coreHost';
import { createLoggedSupervisedHost } from '../../core/host/hostLog';
import { nodeHostLauncher } from '../../core/host/nodeLauncher';
import type { OrderSessionConfig } from '../../core/host/operations/sessionOperations';
import type { SecretStore } from '../../core/secrets/secretStore';

/** The core host's entry beside the CLI bundle (vite.cli.config.ts builds it). */
export const CORE_HOST_FILE = 'core-host.js';

/**
 * Where core-host.js is: beside this module in the CLI bundle (out/cli), else — running from source, as the tests
 * do after `npm run build` — the checkout's out/cli. Undefined when neither exists (not built).
 */
export function findCoreHostEntry(moduleUrl: string = import.meta.url): string | undefined {
  let dir = path.dirname(fileURLToPath(moduleUrl));
  if (existsSync(path.join(dir, CORE_HOST_FILE))) return path.join(dir, CORE_HOST_FILE);
  for (;;) {
    const candidate = path.join(dir, 'out', 'cli', CORE_HOST_FILE);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The core-host log of `merchant-desk ui`, beside the desktop app's (`<data dir>/logs/`). */
export const uiCoreHostLog = (dataDir: string) => path.join(dataDir, 'logs', 'ui-core-host.log');

/** Where `merchant-desk ui`'s core host keeps its compiled code between starts (nodeLauncher.ts), in the data dir. */
export const uiCoreHostCompileCache = (dataDir: string) => path.join(dataDir, 'code-cache', 'core-host');

/**
 * `merchant-desk ui`'s core host: a supervised Node child process (restarted with backoff, failed after three crashes
 * a minute), as Electron's utility process is to the app — SQLite, sync and platform HTTP never share the page
 * server's event loop, and a crash costs a restart, not the command. The keychain stays here: the child asks for
 * each secret over its IPC channel.
 */
export function startUiCoreHost(options: {
  entry: string;
  dataDir: string;
  secrets: SecretStore;
  config: { session: OrderSessionConfig } | { sandbox: unknown };
}): CoreHost {
  return createLoggedSupervisedHost({
    logFile: uiCoreHostLog(options.dataDir),
    launcher: (log) =>
      nodeHostLauncher({ entry: options.entry, log, compileCacheDir: uiCoreHostCompileCache(options.dataDir) }),
    secrets: options.secrets,
    config: options.config,
  });
}
