import type { OperationFactory } from './operations';
import { parentProcessPort } from './port';
import { serveCoreHost } from './serveHost';

/**
 * The body of a host child process started by nodeHostLauncher: serves the operations over the IPC channel and
 * exits when the parent goes (a host nobody can reach only holds the cache's locks).
 */
export function runNodeCoreHost(operations: OperationFactory): void {
  const served = serveCoreHost(parentProcessPort(), operations);
  const stop = () => void served.dispose().finally(() => process.exit(0));
  process.on('disconnect', stop);
  process.on('SIGTERM', stop);
}
