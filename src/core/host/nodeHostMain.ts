import { appendFileSync } from 'node:fs';
import type { OperationFactory } from './operations';
import { parentProcessPort } from './port';
import { serveCoreHost, type CallTrace } from './serveHost';

/**
 * Diagnostics: with MERCHANT_DESK_HOST_TRACE=FILE every call the host runs is appended to FILE as a JSON line
 * (operation name and times only — never a request or an answer). The UI bench's `--ui-trace` reads it to say
 * which calls ran before the first orders page, and how long each waited and took.
 */
function callTraceFromEnvironment(): CallTrace | undefined {
  const file = process.env.MERCHANT_DESK_HOST_TRACE;
  if (!file) return undefined;
  return (record) => appendFileSync(file, `${JSON.stringify({ pid: process.pid, ...record })}\n`, { mode: 0o600 });
}

/**
 * The body of a host child process started by nodeHostLauncher: serves the operations over the IPC channel and
 * exits when the parent goes (a host nobody can reach only holds the cache's locks).
 */
export function runNodeCoreHost(operations: OperationFactory): void {
  const served = serveCoreHost(parentProcessPort(), operations, callTraceFromEnvironment());
  const stop = () => void served.dispose().finally(() => process.exit(0));
  process.on('disconnect', stop);
  process.on('SIGTERM', stop);
}
